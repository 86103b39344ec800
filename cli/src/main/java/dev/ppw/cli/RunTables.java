package dev.ppw.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.TimeUnits;
import dev.ppw.store.RawFile;
import dev.ppw.store.RunInfo;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs as {@code runs list} and {@code runs show} print them: a text table for people, CSV and JSON for programs.
 * Times of runs are UTC; totals are exact integers in the run's unit in CSV and JSON, readable in text.
 */
final class RunTables {
    /** The formats of the run commands. */
    enum Format { TEXT, CSV, JSON }

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final JsonFactory JSON = new JsonFactory();

    private RunTables() {
    }

    static Format format(picocli.CommandLine.Model.CommandSpec spec, String name, boolean sparkline) {
        for (Format f : Format.values()) {
            if (f.name().toLowerCase(Locale.ROOT).equals(name.strip().toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw ReportOptions.usage(spec, "unknown format '" + name + "': expected text, csv" + (sparkline
                ? ", json or sparkline" : " or json"));
    }

    static String when(Instant created) {
        return WHEN.format(created);
    }

    /** {@code value} of {@code unit} for people: time in a readable unit, anything else as the integer it is. */
    static String readable(long value, String unit) {
        if (!"ns".equals(unit)) {
            return value + ("calls".equals(unit) || unit.isEmpty() ? "" : " " + unit);
        }
        DisplayUnit shown = TimeUnits.readable(value);
        return TimeUnits.fixed(value, shown, Math.min(3, shown.scale())) + " " + shown.label();
    }

    static String tagText(Map<String, String> tags) {
        List<String> pairs = new ArrayList<>();
        tags.forEach((k, v) -> pairs.add(k + "=" + v));
        return String.join(",", pairs);
    }

    private static String shortCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    static void list(List<RunInfo> runs, Format format, PrintStream out) throws IOException {
        switch (format) {
            case TEXT -> listText(runs, out);
            case CSV -> listCsv(runs, out);
            case JSON -> {
                try (JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
                    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                    g.writeStartArray();
                    for (RunInfo run : runs) {
                        runJson(g, run, List.of());
                    }
                    g.writeEndArray();
                }
                out.println();
            }
        }
        out.flush();
    }

    private static void listText(List<RunInfo> runs, PrintStream out) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"id", "created (UTC)", "label", "session", "view", "op", "nodes", "total", "rows",
                "status", "git", "tags"});
        for (RunInfo r : runs) {
            rows.add(new String[] {Long.toString(r.id()), when(r.created()), r.label(), r.session(),
                    r.view() + (r.tauDepth() > 0 ? " " + r.tauDepth() : ""), r.operator(), Integer.toString(r.nodes()),
                    readable(r.totalInclusive(), r.measureUnit()), Long.toString(r.rows()),
                    r.outcome().failed() ? "failed" : "ok", shortCommit(r.gitCommit()), tagText(r.tags())});
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        boolean[] right = {true, false, false, false, false, false, true, true, true, false, false, false};
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                String pad = " ".repeat(widths[c] - row[c].length());
                line.append(c == 0 ? "" : "  ")
                        .append(right[c] ? pad + row[c] : row[c] + (c == row.length - 1 ? "" : pad));
            }
            out.println(line.toString().stripTrailing());
        }
        out.println(runs.size() + (runs.size() == 1 ? " run" : " runs"));
    }

    private static void listCsv(List<RunInfo> runs, PrintStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        CSVPrinter csv = new CSVPrinter(w, CSVFormat.RFC4180);
        csv.printRecord("id", "uuid", "created", "label", "session", "view", "tau_depth", "operator", "missing",
                "nodes", "measure", "unit", "total_inclusive", "async_total_inclusive", "rows", "tool", "git_commit",
                "git_branch", "status", "exit_status", "tags");
        for (RunInfo r : runs) {
            csv.printRecord(r.id(), r.uuid(), r.created().toString(), r.label(), r.session(), r.view(), r.tauDepth(),
                    r.operator(), r.missing(), r.nodes(), r.measure(), r.measureUnit(), r.totalInclusive(),
                    r.asyncTotalInclusive().map(String::valueOf).orElse(""), r.rows(), r.tool(), r.gitCommit(),
                    r.gitBranch(), r.outcome().failed() ? "failed" : "ok",
                    r.outcome().exitStatus() == null ? "" : r.outcome().exitStatus(), tagText(r.tags()));
        }
        csv.flush();
    }

    /** One run with everything said about it, and its raw files. */
    static void show(RunInfo r, List<RawFile> raw, int counters, Format format, PrintStream out) throws IOException {
        if (format == Format.JSON) {
            try (JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
                g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                runJson(g, r, raw);
            }
            out.println();
            out.flush();
            return;
        }
        if (format == Format.CSV) {
            list(List.of(r), Format.CSV, out);
            return;
        }
        out.println("run " + r.id() + (r.label().isEmpty() ? "" : " (" + r.label() + ")"));
        line(out, "uuid", r.uuid());
        line(out, "created", r.created().toString());
        line(out, "session", r.session());
        line(out, "tags", tagText(r.tags()));
        line(out, "profile", r.view() + (r.tauDepth() > 0 ? " depth " + r.tauDepth() : "") + ", " + r.operator()
                + " of " + r.nodes() + (r.nodes() == 1 ? " node" : " nodes") + " (missing: " + r.missing() + "), "
                + r.rows() + " rows");
        line(out, "total", readable(r.totalInclusive(), r.measureUnit()) + (r.measure().equals("time") ? ""
                : " (" + r.measure() + ")") + r.asyncTotalInclusive().map(a -> ", async " + readable(a,
                r.measureUnit())).orElse(""));
        line(out, "counters", counters == 0 ? "" : counters + " series");
        line(out, "status", r.outcome().failed() ? "failed" + (r.outcome().exitStatus() == null ? ""
                : " (exit " + r.outcome().exitStatus() + ")") : "ok");
        line(out, "stderr", r.outcome().stderrTail().strip().replace("\n", "\n          "));
        line(out, "command", String.join(" ", r.commandLine()));
        line(out, "git", r.gitCommit() + (r.gitBranch().isEmpty() ? "" : " (" + r.gitBranch() + ")"));
        line(out, "tool", r.tool());
        r.settings().forEach((k, v) -> line(out, "setting", k + (v.isEmpty() ? "" : " " + v)));
        r.environment().forEach((k, v) -> line(out, "env", k + "=" + v));
        for (RawFile f : raw) {
            line(out, "raw file", f.name() + ": " + f.file() + " (" + f.bytes() + " bytes, sha256 " + f.sha256() + ")");
        }
        out.println("input: run:" + r.id());
        out.flush();
    }

    private static void line(PrintStream out, String key, String value) {
        if (!value.isEmpty()) {
            out.println(String.format("%-9s %s", key + ":", value));
        }
    }

    private static void runJson(JsonGenerator g, RunInfo r, List<RawFile> raw) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", r.id());
        g.writeStringField("uuid", r.uuid());
        g.writeStringField("created", r.created().toString());
        g.writeStringField("label", r.label());
        g.writeStringField("session", r.session());
        g.writeObjectFieldStart("tags");
        for (Map.Entry<String, String> t : r.tags().entrySet()) {
            g.writeStringField(t.getKey(), t.getValue());
        }
        g.writeEndObject();
        g.writeStringField("view", r.view());
        g.writeNumberField("tau_depth", r.tauDepth());
        g.writeStringField("operator", r.operator());
        g.writeStringField("missing", r.missing());
        g.writeNumberField("nodes", r.nodes());
        g.writeStringField("measure", r.measure());
        g.writeStringField("unit", r.measureUnit());
        g.writeNumberField("total_inclusive", r.totalInclusive());
        if (r.asyncTotalInclusive().isPresent()) {
            g.writeNumberField("async_total_inclusive", r.asyncTotalInclusive().get());
        }
        g.writeNumberField("rows", r.rows());
        g.writeStringField("tool", r.tool());
        g.writeStringField("git_commit", r.gitCommit());
        g.writeStringField("git_branch", r.gitBranch());
        g.writeStringField("status", r.outcome().failed() ? "failed" : "ok");
        if (r.outcome().exitStatus() != null) {
            g.writeNumberField("exit_status", r.outcome().exitStatus());
        }
        g.writeStringField("stderr_tail", r.outcome().stderrTail());
        g.writeArrayFieldStart("command_line");
        for (String a : r.commandLine()) {
            g.writeString(a);
        }
        g.writeEndArray();
        writeMap(g, "settings", r.settings());
        writeMap(g, "environment", r.environment());
        g.writeArrayFieldStart("raw_files");
        for (RawFile f : raw) {
            g.writeStartObject();
            g.writeStringField("name", f.name());
            g.writeStringField("path", f.file().toString());
            g.writeStringField("sha256", f.sha256());
            g.writeNumberField("bytes", f.bytes());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeMap(JsonGenerator g, String name, Map<String, String> map) throws IOException {
        g.writeObjectFieldStart(name);
        for (Map.Entry<String, String> e : map.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
