package dev.ppw.server;

import dev.ppw.store.RunInfo;
import dev.ppw.workload.PerfEvent;
import dev.ppw.workload.PerfEvents;
import dev.ppw.workload.WorkloadException;
import dev.ppw.workload.WorkloadSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The new-run form ({@code --allow-run} only): {@code GET /runs/new[?from=ID]} (the form, filled from run ID's
 * settings for "run again"), {@code POST /api/runs/new} (a JSON body: the workload, started at once, 202 with its live
 * stream's URL), and {@code GET /api/events?search=} (perf's events with their descriptions, for the form's search).
 *
 * <p>The body of {@code POST /api/runs/new}: {@code tool} ({@code stat}, {@code record} or {@code none}),
 * {@code events} (names), {@code interval_ms}, {@code frequency_hz}, {@code call_graph}, {@code command} (the
 * argument vector, not empty), {@code environment} (name to value), {@code label}, {@code session}, {@code tags}
 * (key to value); all but {@code command} may be left out.
 */
final class RunForm {
    /** Events answered at most by one search: the form shows a list to choose from, not perf's whole catalogue. */
    static final int MAX_EVENTS = 200;

    private final StorePool stores;
    private final LiveRuns live;
    private final String perf;
    private volatile List<PerfEvent> events;

    RunForm(StorePool stores, LiveRuns live, String perf) {
        this.stores = stores;
        this.live = live;
        this.perf = perf;
    }

    /** {@code GET /runs/new?from=ID}: the form, empty or filled from run ID. */
    Response page(Request request) {
        Optional<String> from = request.param("from");
        WorkloadSpec spec = WorkloadSpec.of(List.of("sleep", "1")).withTool(WorkloadSpec.Tool.STAT)
                .withEvents(List.of("task-clock")).withIntervalMillis(100);
        String label = "";
        String session = "";
        Map<String, String> tags = Map.of();
        String note = "";
        if (from.isPresent()) {
            long id = Ids.parse("from", from.get());
            RunInfo run = stores.with(store -> RunQuery.run(store, id));
            Optional<WorkloadSpec> again;
            try {
                again = WorkloadSpec.fromSettings(run.settings());
            } catch (IllegalArgumentException e) {
                throw HttpError.badRequest("run " + id + "'s settings cannot be run again: "
                        + LiveRuns.firstLine(e.getMessage()));
            }
            if (again.isPresent()) {
                spec = again.get();
                note = "Filled from run " + id + ".";
            } else {
                note = "Run " + id + " was not run by a workload (its settings have no workload): only its names"
                        + " are filled in.";
            }
            label = run.label();
            session = run.session();
            tags = run.tags();
        }
        StringBuilder page = Html.start("ppw-java new run", true, "uPlot.min.css");
        page.append("<h1>New run</h1>\n");
        if (!note.isEmpty()) {
            page.append("<p class=\"note\" id=\"from\">").append(Html.text(note)).append("</p>\n");
        }
        page.append("<form id=\"run-form\" action=\"/api/runs/new\" method=\"post\">\n<fieldset><legend>Tool</legend>");
        for (WorkloadSpec.Tool t : WorkloadSpec.Tool.values()) {
            String words = switch (t) {
                case STAT -> "perf stat (counters every interval)";
                case RECORD -> "perf record (samples)";
                case NONE -> "none (the workload alone)";
            };
            page.append("<label><input type=\"radio\" name=\"tool\" value=\"").append(t.label()).append('"')
                    .append(t == spec.tool() ? " checked" : "").append("> ").append(Html.text(words))
                    .append("</label> ");
        }
        page.append("</fieldset>\n<fieldset><legend>Events</legend>")
                .append("<label>events <input name=\"events\" id=\"events\" size=\"60\" value=\"")
                .append(Html.text(String.join(",", spec.events()))).append("\"></label> ")
                .append("<label>search <input id=\"event-search\" type=\"search\" placeholder=\"cache, cycles\">")
                .append("</label>\n<ul id=\"event-list\"></ul></fieldset>\n")
                .append("<fieldset><legend>perf</legend>")
                .append("<label>interval (ms) <input name=\"interval_ms\" type=\"number\" min=\"10\" value=\"")
                .append(spec.intervalMillis()).append("\"></label> ")
                .append("<label>frequency (Hz) <input name=\"frequency_hz\" type=\"number\" min=\"1\" value=\"")
                .append(spec.frequencyHz()).append("\"></label> ")
                .append("<label><input name=\"call_graph\" type=\"checkbox\"").append(spec.callGraph() ? " checked" : "")
                .append("> call graph (-g)</label></fieldset>\n")
                .append("<fieldset><legend>Workload</legend>")
                .append("<label>command, one argument a line (no shell: sh, -c, … for one)<br><textarea name=\"command\"")
                .append(" rows=\"4\" cols=\"60\">").append(Html.text(String.join("\n", spec.command())))
                .append("</textarea></label><br>")
                .append("<label>environment, NAME=value a line<br><textarea name=\"environment\" rows=\"3\" cols=\"60\">")
                .append(Html.text(lines(spec.environment()))).append("</textarea></label></fieldset>\n")
                .append("<fieldset><legend>Stored as</legend>")
                .append("<label>label <input name=\"label\" value=\"").append(Html.text(label)).append("\"></label> ")
                .append("<label>session <input name=\"session\" value=\"").append(Html.text(session))
                .append("\"></label><br><label>tags, key=value a line<br><textarea name=\"tags\" rows=\"3\" cols=\"60\">")
                .append(Html.text(lines(tags))).append("</textarea></label></fieldset>\n")
                .append("<p><button type=\"submit\">Run</button> <span id=\"run-status\"></span></p>\n</form>\n")
                .append("<noscript><p>The form needs script: it posts JSON and follows the run as it goes.</p></noscript>\n")
                .append("<section id=\"live\" hidden><h2>Live</h2><p id=\"live-state\"></p>")
                .append("<p><button type=\"button\" id=\"live-cancel\" hidden>Cancel</button></p>")
                .append("<div id=\"live-chart\"></div>")
                .append("<pre id=\"live-output\"></pre></section>\n");
        return Response.html(Html.end(page, "uPlot.iife.min.js", "live.js"));
    }

    private static String lines(Map<String, String> values) {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }

    /** {@code POST /api/runs/new}: starts the workload; 202 with its live stream's URL. */
    Response start(Request request) throws java.io.IOException {
        if (!(Json.parse(request.bodyText()) instanceof Map<?, ?> body)) {
            throw HttpError.badRequest("the body must be a JSON object");
        }
        WorkloadSpec spec;
        LiveRuns.Naming naming;
        try {
            List<String> command = strings(body, "command");
            if (command.isEmpty()) {
                throw HttpError.badRequest("'command' must name the program to run");
            }
            spec = WorkloadSpec.of(command)
                    .withTool(WorkloadSpec.Tool.of(string(body, "tool", "stat")))
                    .withEvents(strings(body, "events"))
                    .withIntervalMillis(number(body, "interval_ms", WorkloadSpec.DEFAULT_INTERVAL_MILLIS))
                    .withFrequencyHz((int) Math.min(Integer.MAX_VALUE,
                            number(body, "frequency_hz", WorkloadSpec.DEFAULT_FREQUENCY_HZ)))
                    .withCallGraph(Boolean.TRUE.equals(body.get("call_graph")))
                    .withEnvironment(map(body, "environment"));
            naming = new LiveRuns.Naming(string(body, "label", ""), string(body, "session", ""), map(body, "tags"));
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest(LiveRuns.firstLine(e.getMessage()));
        }
        String key = live.start(spec, naming);
        String url = "/api/live/" + key;
        return Response.bytes(202, Response.JSON, Json.bytes(g -> {
            g.writeStartObject();
            g.writeStringField("live", url);
            g.writeStringField("key", key);
            g.writeEndObject();
        })).withHeader("Location", url);
    }

    /** {@code GET /api/events?search=}: perf's events that match, with their descriptions (503 without perf). */
    Response events(Request request) {
        List<PerfEvent> all = events;
        if (all == null) {
            try {
                all = PerfEvents.list(perf);
            } catch (WorkloadException e) {
                throw new HttpError(503, LiveRuns.firstLine(e.getMessage()));
            }
            events = all;
        }
        List<PerfEvent> found = PerfEvents.search(all, request.param("search").orElse(""));
        return Response.json(Json.bytes(g -> {
            g.writeStartObject();
            g.writeNumberField("matched", found.size());
            g.writeArrayFieldStart("events");
            for (PerfEvent e : found.subList(0, Math.min(MAX_EVENTS, found.size()))) {
                g.writeStartObject();
                g.writeStringField("name", e.name());
                g.writeStringField("type", e.type());
                g.writeStringField("topic", e.topic());
                g.writeStringField("description", e.description());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }));
    }

    private static String string(Map<?, ?> body, String name, String otherwise) {
        Object v = body.get(name);
        if (v == null) {
            return otherwise;
        }
        if (!(v instanceof String s)) {
            throw HttpError.badRequest("'" + name + "' must be a string");
        }
        return s;
    }

    private static long number(Map<?, ?> body, String name, long otherwise) {
        Object v = body.get(name);
        if (v == null) {
            return otherwise;
        }
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof String s && s.strip().matches("[0-9]{1,12}")) {
            return Long.parseLong(s.strip());
        }
        throw HttpError.badRequest("'" + name + "' must be a whole number");
    }

    private static List<String> strings(Map<?, ?> body, String name) {
        Object v = body.get(name);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> list)) {
            throw HttpError.badRequest("'" + name + "' must be a list of strings");
        }
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String s)) {
                throw HttpError.badRequest("'" + name + "' must be a list of strings");
            }
            out.add(s);
        }
        return out;
    }

    private static Map<String, String> map(Map<?, ?> body, String name) {
        Object v = body.get(name);
        if (v == null) {
            return Map.of();
        }
        if (!(v instanceof Map<?, ?> m)) {
            throw HttpError.badRequest("'" + name + "' must be an object of strings");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (!(e.getValue() instanceof String s)) {
                throw HttpError.badRequest("'" + name + "' must be an object of strings");
            }
            out.put((String) e.getKey(), s);
        }
        return out;
    }
}
