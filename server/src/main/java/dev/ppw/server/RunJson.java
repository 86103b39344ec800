package dev.ppw.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ppw.store.CounterPoint;
import dev.ppw.store.RawFile;
import dev.ppw.store.RunInfo;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** A stored run as the API gives it (docs/server.md): everything {@code runs show} says, and where its pages are. */
final class RunJson {
    private RunJson() {
    }

    /**
     * Run {@code run}'s counter series over time: {@code {"run", "series": [{"pid", "counter", "id", "series",
     * "points": [[at_ns, value], ...]}]}}, a series' points in time ({@code points} come series by series).
     */
    static void counters(JsonGenerator g, long run, List<CounterPoint> points) throws IOException {
        g.writeStartObject();
        g.writeNumberField("run", run);
        g.writeArrayFieldStart("series");
        CounterPoint open = null;
        for (CounterPoint p : points) {
            if (open == null || !sameSeries(open, p)) {
                if (open != null) {
                    g.writeEndArray();
                    g.writeEndObject();
                }
                open = p;
                g.writeStartObject();
                g.writeStringField("pid", p.pid());
                g.writeStringField("counter", p.counter());
                g.writeStringField("id", p.id());
                g.writeStringField("series", p.series());
                g.writeArrayFieldStart("points");
            }
            g.writeStartArray();
            g.writeNumber(p.atNanos());
            g.writeNumber(p.value());
            g.writeEndArray();
        }
        if (open != null) {
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static boolean sameSeries(CounterPoint a, CounterPoint b) {
        return a.pid().equals(b.pid()) && a.counter().equals(b.counter()) && a.id().equals(b.id())
                && a.series().equals(b.series());
    }

    static void write(JsonGenerator g, RunInfo run) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", run.id());
        g.writeStringField("uuid", run.uuid());
        g.writeStringField("created", run.created().toString());
        g.writeStringField("label", run.label());
        g.writeStringField("session", run.session());
        map(g, "tags", run.tags());
        g.writeStringField("view", run.view());
        if (run.tauDepth() > 0) {
            g.writeNumberField("tau_depth", run.tauDepth());
        }
        g.writeStringField("operator", run.operator());
        g.writeStringField("missing", run.missing());
        g.writeNumberField("nodes", run.nodes());
        g.writeStringField("measure", run.measure());
        g.writeStringField("unit", run.measureUnit());
        g.writeNumberField("total_inclusive", run.totalInclusive());
        if (run.asyncTotalInclusive().isPresent()) {
            g.writeNumberField("async_total_inclusive", run.asyncTotalInclusive().get());
        }
        g.writeNumberField("rows", run.rows());
        g.writeStringField("tool", run.tool());
        g.writeStringField("git_commit", run.gitCommit());
        g.writeStringField("git_branch", run.gitBranch());
        g.writeObjectFieldStart("outcome");
        g.writeStringField("status", run.outcome().failed() ? "failed" : "ok");
        if (run.outcome().exitStatus() != null) {
            g.writeNumberField("exit_status", run.outcome().exitStatus());
        }
        g.writeStringField("stderr_tail", run.outcome().stderrTail());
        g.writeEndObject();
        g.writeArrayFieldStart("command_line");
        for (String a : run.commandLine()) {
            g.writeString(a);
        }
        g.writeEndArray();
        map(g, "environment", run.environment());
        map(g, "settings", run.settings());
        g.writeObjectFieldStart("links");
        g.writeStringField("page", "/runs/" + run.id());
        g.writeStringField("report", "/runs/" + run.id() + "/report");
        g.writeStringField("profile", "/api/runs/" + run.id() + "/profile");
        g.writeEndObject();
        g.writeEndObject();
    }

    /** The run with its raw files listed (name, bytes, SHA-256, where to download it). */
    static void write(JsonGenerator g, RunInfo run, List<RawFile> raw) throws IOException {
        g.writeStartObject();
        g.writeFieldName("run");
        write(g, run);
        g.writeArrayFieldStart("raw_files");
        for (RawFile f : raw) {
            g.writeStartObject();
            g.writeStringField("name", f.name());
            g.writeNumberField("bytes", f.bytes());
            g.writeStringField("sha256", f.sha256());
            g.writeStringField("download", rawLink(run.id(), f.name()));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    static String rawLink(long run, String name) {
        return "/api/runs/" + run + "/raw/" + Query.encode(name);
    }

    static void map(JsonGenerator g, String field, Map<String, String> values) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, String> e : values.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
