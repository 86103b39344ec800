package dev.ppw.server;

import dev.ppw.store.ContextName;
import dev.ppw.store.CounterPoint;
import dev.ppw.store.HistoryMetric;
import dev.ppw.store.HistoryPoint;
import dev.ppw.store.RawFile;
import dev.ppw.store.RunFilter;
import dev.ppw.store.RunInfo;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The server's pages (docs/server.md): the sessions and runs, a run (its report framed under what is said of it), a
 * diff, and a region's history. Written on the server, whole, so each works without script; their scripts add the
 * choice of two runs to compare and the history's chart. The report and diff pages are the HTML writer's.
 */
final class Pages {
    /** How many runs the list shows when the query does not say. */
    static final int LISTED = 500;

    private final StorePool stores;
    private final StoreLocation location;
    private final Reports reports;
    private final boolean allowRun;

    Pages(StorePool stores, StoreLocation location, Reports reports, boolean allowRun) {
        this.stores = stores;
        this.location = location;
        this.reports = reports;
        this.allowRun = allowRun;
    }

    private record Listing(List<RunInfo> all, List<RunInfo> shown, long count) {
    }

    /** {@code /}: the sessions, the filter, and the runs it takes, newest first, to pick two to compare. */
    Response runs(Request request) {
        RunFilter asked = RunQuery.filter(request, Instant.now());
        RunFilter filter = asked.last() > 0 ? asked : asked.withLast(LISTED);
        Listing listing = stores.with(store -> new Listing(store.list(RunFilter.all()), store.list(filter),
                store.count()));
        Map<String, String> values = RunQuery.shown(request);
        StringBuilder page = Html.start("ppw-java runs", allowRun);
        page.append("<h1>Runs</h1>\n<p class=\"note\">Store <code>").append(Html.text(location.toString()))
                .append("</code>: ").append(listing.count()).append(listing.count() == 1 ? " run" : " runs")
                .append(".</p>\n");
        List<Sessions> sessions = Sessions.of(listing.all());
        if (!sessions.isEmpty()) {
            page.append("<h2>Sessions</h2>\n<table id=\"sessions\" class=\"list\"><thead><tr><th>session</th>"
                    + "<th>runs</th><th>first (UTC)</th><th>latest (UTC)</th></tr></thead><tbody>\n");
            for (Sessions s : sessions) {
                page.append("<tr><td><a href=\"/?session=").append(Html.text(Query.encode(s.name()))).append("\">")
                        .append(Html.text(s.name())).append("</a></td><td class=\"num\">").append(s.runs())
                        .append("</td><td>").append(Shown.when(s.first())).append("</td><td>")
                        .append(Shown.when(s.latest())).append("</td></tr>\n");
            }
            page.append("</tbody></table>\n");
        }
        page.append("<h2>Runs</h2>\n<form method=\"get\" action=\"/\" class=\"filters\" id=\"filters\">")
                .append(field("tag", "tag", values.get("tag"), "key=value"))
                .append("<label>session <select name=\"session\"><option value=\"\">any</option>");
        for (Sessions s : sessions) {
            page.append("<option value=\"").append(Html.text(s.name())).append('"')
                    .append(s.name().equals(values.get("session")) ? " selected" : "").append('>')
                    .append(Html.text(s.name())).append("</option>");
        }
        page.append("</select></label> ")
                .append(field("since", "since", values.get("since"), "7d, 2024-05-01"))
                .append(field("last", "newest", values.get("last"), Integer.toString(LISTED)))
                .append("<button type=\"submit\">Filter</button> <a href=\"/\">all runs</a></form>\n");
        List<RunInfo> shown = new ArrayList<>(listing.shown());
        java.util.Collections.reverse(shown);
        if (asked.last() == 0 && shown.size() == LISTED) {
            page.append("<p class=\"note\">The newest ").append(LISTED).append(" runs of those the filter takes; ")
                    .append("give a number of newest runs to see more.</p>\n");
        }
        page.append("<form method=\"get\" action=\"/diff\" id=\"compare\">\n<p class=\"compare-bar\">")
                .append("<button type=\"submit\" id=\"compare-button\">Compare</button> <span id=\"compare-note\">")
                .append("Check two runs and compare: the older is the baseline A.</span></p>\n")
                .append("<table id=\"runs\" class=\"list\"><thead><tr><th></th><th>run</th><th>created (UTC)</th>")
                .append("<th>label</th><th>session</th><th>tags</th><th>view</th><th>nodes</th>")
                .append("<th>total</th><th>rows</th><th>outcome</th><th>commit</th></tr></thead><tbody>\n");
        for (RunInfo r : shown) {
            page.append("<tr data-run=\"").append(r.id()).append("\"><td><input type=\"checkbox\" name=\"run\" value=\"")
                    .append(r.id()).append("\" aria-label=\"compare run ").append(r.id()).append("\"></td>")
                    .append("<td><a href=\"/runs/").append(r.id()).append("\">").append(r.id()).append("</a></td><td>")
                    .append(Shown.when(r.created())).append("</td><td class=\"name\">").append(Html.text(r.label()))
                    .append("</td><td class=\"name\">").append(Html.text(r.session())).append("</td><td class=\"name\">")
                    .append(Html.text(Shown.tags(r.tags()))).append("</td><td>").append(Html.text(viewLabel(r)))
                    .append("</td><td class=\"num\">").append(r.nodes()).append("</td><td class=\"num\">")
                    .append(Html.text(Shown.value(r.totalInclusive(), r.measureUnit()))).append("</td><td class=\"num\">")
                    .append(r.rows()).append("</td><td>").append(r.outcome().failed() ? "<span class=\"failed\">failed"
                            + (r.outcome().exitStatus() == null ? "" : " (" + r.outcome().exitStatus() + ")") + "</span>"
                            : "ok").append("</td><td><code>")
                    .append(Html.text(r.gitCommit().length() > 12 ? r.gitCommit().substring(0, 12) : r.gitCommit()))
                    .append("</code></td></tr>\n");
        }
        page.append("</tbody></table>\n</form>\n");
        if (shown.isEmpty()) {
            page.append("<p id=\"no-runs\" class=\"note\">No run").append(listing.count() == 0 ? " is stored yet"
                    : " matches the filter").append(".</p>\n");
        }
        return Response.html(Html.end(page, "runs.js"));
    }

    private static String field(String name, String label, String value, String placeholder) {
        return "<label>" + label + " <input name=\"" + name + "\" value=\"" + Html.text(value == null ? "" : value)
                + "\" placeholder=\"" + Html.text(placeholder) + "\"></label> ";
    }

    static String viewLabel(RunInfo r) {
        return r.view() + (r.tauDepth() > 0 ? " " + r.tauDepth() : "")
                + (r.nodes() > 1 ? " (" + r.operator() + ")" : "");
    }

    private record RunAndFiles(RunInfo run, List<RawFile> raw, List<CounterPoint> points) {
    }

    /**
     * {@code /runs/ID}: what is said of the run, its counters over time when it kept them, its downloads, and its
     * report framed below.
     */
    Response run(Request request) {
        long id = request.id("id");
        RunAndFiles found = stores.with(store -> new RunAndFiles(RunQuery.run(store, id), store.rawFiles(id),
                store.counterPoints(id)));
        RunInfo r = found.run();
        boolean counters = !found.points().isEmpty();
        String title = "ppw-java run " + r.id() + (r.label().isEmpty() ? "" : " " + r.label());
        StringBuilder page = counters ? Html.start(title, allowRun, "uPlot.min.css") : Html.start(title, allowRun);
        page.append("<h1>Run ").append(r.id()).append(r.label().isEmpty() ? "" : " <span class=\"name\">"
                + Html.text(r.label()) + "</span>").append("</h1>\n<dl class=\"facts\" id=\"facts\">");
        fact(page, "created (UTC)", Shown.when(r.created()));
        fact(page, "session", r.session());
        fact(page, "tags", Shown.tags(r.tags()));
        fact(page, "view", viewLabel(r));
        fact(page, "nodes", Integer.toString(r.nodes()));
        fact(page, "total", Shown.value(r.totalInclusive(), r.measureUnit()) + (r.measure().equals("time") ? ""
                : " (" + r.measure() + ")"));
        r.asyncTotalInclusive().ifPresent(t -> fact(page, "async total", Shown.value(t, r.measureUnit())));
        fact(page, "rows", Long.toString(r.rows()));
        fact(page, "outcome", r.outcome().failed() ? "failed" + (r.outcome().exitStatus() == null ? ""
                : ", exit status " + r.outcome().exitStatus()) : "ok");
        fact(page, "command line", String.join(" ", r.commandLine()));
        fact(page, "git", r.gitCommit() + (r.gitBranch().isEmpty() ? "" : " (" + r.gitBranch() + ")"));
        fact(page, "stored by", r.tool());
        page.append("</dl>\n");
        if (!r.outcome().stderrTail().isEmpty()) {
            page.append("<h2>Standard error's tail</h2>\n<pre id=\"stderr\">").append(Html.text(r.outcome().stderrTail()))
                    .append("</pre>\n");
        }
        if (counters) {
            long series = found.points().stream().map(p -> List.of(p.pid(), p.counter(), p.id(), p.series()))
                    .distinct().count();
            page.append("<h2>Counters over time</h2>\n<p class=\"note\" id=\"counters-note\">")
                    .append(found.points().size()).append(" points in ").append(series)
                    .append(" series (<a href=\"/api/runs/").append(r.id())
                    .append("/counters\">JSON</a>).</p>\n<div id=\"counters-chart\" class=\"chart\"></div>\n");
            Html.data(page, "counters-data", Json.text(g -> RunJson.counters(g, r.id(), found.points())));
        }
        settings(page, "Environment", "environment", r.environment());
        settings(page, "Settings", "settings", r.settings());
        page.append("<p class=\"actions\" id=\"downloads\"><a href=\"/api/runs/").append(r.id())
                .append("/profile\" download>saved profile (.ppw.json.gz)</a>");
        for (RawFile f : found.raw()) {
            page.append(" · <a href=\"").append(Html.text(RunJson.rawLink(r.id(), f.name()))).append("\" download>")
                    .append(Html.text(f.name())).append("</a> (").append(f.bytes()).append(" bytes)");
        }
        page.append(" · <a href=\"/runs/").append(r.id()).append("/report\">report on its own page</a>");
        if (r.id() > 1) {
            page.append(" · <a href=\"/diff?a=").append(r.id() - 1).append("&amp;b=").append(r.id())
                    .append("\">diff against run ").append(r.id() - 1).append("</a>");
        }
        if (allowRun) {
            page.append(" · <a href=\"/runs/new?from=").append(r.id()).append("\" id=\"run-again\">run again</a>");
        }
        page.append("</p>\n<iframe id=\"report\" class=\"report\" title=\"the run's report\" src=\"/runs/")
                .append(r.id()).append("/report\"></iframe>\n");
        return Response.html(counters ? Html.end(page, "uPlot.iife.min.js", "counters.js") : Html.end(page));
    }

    private static void fact(StringBuilder page, String name, String value) {
        if (!value.isEmpty()) {
            page.append("<dt>").append(Html.text(name)).append("</dt><dd>").append(Html.text(value)).append("</dd>");
        }
    }

    private static void settings(StringBuilder page, String heading, String id, Map<String, String> values) {
        if (values.isEmpty()) {
            return;
        }
        page.append("<details><summary>").append(heading).append("</summary><dl class=\"facts\" id=\"").append(id)
                .append("\">");
        values.forEach((k, v) -> fact(page, k, v));
        page.append("</dl></details>\n");
    }

    private record Profiles(RunInfo a, byte[] profileA, RunInfo b, byte[] profileB) {
    }

    private record Profiled(RunInfo run, byte[] profile) {
    }

    /** {@code /runs/ID/report}: the run's report, the HTML writer's page. */
    Response report(Request request) throws java.io.IOException {
        long id = request.id("id");
        Profiled found = stores.with(store -> new Profiled(RunQuery.run(store, id), store.savedProfile(id)));
        return Response.bytes(200, Response.HTML, reports.run(found.run(), found.profile(), "html"))
                .withHeader("Content-Security-Policy", Html.REPORT_POLICY);
    }

    /**
     * {@code /diff?a=ID&b=ID} (or two {@code run} values, the older the baseline): the diff page of B against A, the
     * HTML writer's.
     */
    Response diff(Request request) throws java.io.IOException {
        long[] ids = diffIds(request);
        Profiles p = stores.with(store -> {
            RunInfo a = RunQuery.run(store, ids[0]);
            RunInfo b = RunQuery.run(store, ids[1]);
            return new Profiles(a, store.savedProfile(a.id()), b, store.savedProfile(b.id()));
        });
        return Response.bytes(200, Response.HTML, reports.diff(p.a(), p.profileA(), p.b(), p.profileB(), "html"))
                .withHeader("Content-Security-Policy", Html.REPORT_POLICY);
    }

    /** The runs a diff compares: {@code a} and {@code b}, or two {@code run} values (the smaller id is A). */
    static long[] diffIds(Request request) {
        List<String> runs = request.params("run");
        if (request.param("a").isPresent() || request.param("b").isPresent() || runs.isEmpty()) {
            String a = request.param("a").orElseThrow(() -> HttpError.badRequest(
                    "a diff needs two runs: a=ID&b=ID (B against the baseline A)"));
            String b = request.param("b").orElseThrow(() -> HttpError.badRequest(
                    "a diff needs two runs: a=ID&b=ID (B against the baseline A)"));
            return new long[] {Ids.parse("run a", a.strip()), Ids.parse("run b", b.strip())};
        }
        if (runs.size() != 2) {
            throw HttpError.badRequest("check two runs to compare, not " + runs.size());
        }
        long x = Ids.parse("run", runs.get(0).strip());
        long y = Ids.parse("run", runs.get(1).strip());
        return new long[] {Math.min(x, y), Math.max(x, y)};
    }

    /** {@code /history}: the form, and with a context its chart, the check and the points. */
    Response history(Request request) {
        Map<String, String> values = RunQuery.shown(request);
        List<String> regions = request.query().getOrDefault("region", List.of());
        String contextText = request.param("context").orElse(String.join(ContextName.SEPARATOR, regions));
        String metricText = request.param("metric").orElse("inclusive");
        History history = null;
        if (!contextText.isBlank() || !regions.isEmpty()) {
            var context = History.context(request);
            HistoryMetric metric = History.metric(request);
            RunFilter filter = History.filter(request);
            int previous = RunQuery.count(request, "previous", History.DEFAULT_PREVIOUS);
            List<HistoryPoint> points = stores.with(store -> store.history(context, metric, filter));
            history = History.of(context, metric, points, previous);
        }
        StringBuilder page = Html.start("ppw-java history" + (history == null ? "" : ": " + history.context()),
                allowRun, "uPlot.min.css");
        page.append("<h1>History</h1>\n<form method=\"get\" action=\"/history\" id=\"history-form\" class=\"filters\">")
                .append("<label>context <input name=\"context\" size=\"40\" required value=\"")
                .append(Html.text(contextText)).append("\" placeholder=\"main =&gt; solve, or a region name\"></label> ")
                .append("<label>metric <select name=\"metric\">");
        for (HistoryMetric m : HistoryMetric.values()) {
            page.append("<option").append(m.label().equals(metricText) ? " selected" : "").append('>')
                    .append(m.label()).append("</option>");
        }
        page.append("</select></label> ")
                .append(check("path", "a name is a root's context", History.flag(request, "path")))
                .append(check("async", "async part", History.flag(request, "async")))
                .append(field("tag", "tag", values.get("tag"), "key=value"))
                .append(field("session", "session", values.get("session"), ""))
                .append(field("since", "since", values.get("since"), "7d"))
                .append(field("last", "newest", values.get("last"), "all"))
                .append(field("previous", "check against", request.param("previous").orElse(""),
                        Integer.toString(History.DEFAULT_PREVIOUS)))
                .append("<button type=\"submit\">Show</button></form>\n")
                .append("<p class=\"note\" id=\"rule\">The check: ").append(Html.text(History.RULE)).append(".</p>\n");
        if (history != null) {
            String verdictClass = history.verdict().map(v -> "verdict-" + History.direction(v)).orElse("verdict-none");
            page.append("<h2 class=\"name\">").append(Html.text(history.context().toString())).append(": ")
                    .append(history.metric().label()).append(history.unit().isEmpty() || history.unit().equals("calls")
                            ? "" : " (" + Html.text(history.unit()) + ")").append("</h2>\n")
                    .append("<p id=\"verdict\" class=\"").append(verdictClass).append("\">")
                    .append(Html.text(history.verdictText())).append("</p>\n")
                    .append("<div id=\"chart\"></div>\n<p class=\"note\" id=\"chart-note\"></p>\n");
            Html.data(page, "history-data", Json.text(history::write));
            page.append("<table id=\"points\" class=\"list\"><thead><tr><th>run</th><th>created (UTC)</th><th>")
                    .append(history.metric().label()).append("</th><th>label</th></tr></thead><tbody>\n");
            for (HistoryPoint p : history.points()) {
                page.append("<tr><td><a href=\"/runs/").append(p.run()).append("\">").append(p.run())
                        .append("</a></td><td>").append(Shown.when(p.created())).append("</td><td class=\"num\">")
                        .append(Html.text(Shown.value(p.value(), p.unit()))).append("</td><td class=\"name\">")
                        .append(Html.text(p.label())).append("</td></tr>\n");
            }
            page.append("</tbody></table>\n");
        }
        return Response.html(Html.end(page, "uPlot.iife.min.js", "history.js"));
    }

    private static String check(String name, String label, boolean on) {
        return "<label><input type=\"checkbox\" name=\"" + name + "\" value=\"1\"" + (on ? " checked" : "") + "> "
                + label + "</label> ";
    }
}
