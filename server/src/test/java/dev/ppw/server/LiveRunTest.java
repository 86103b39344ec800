package dev.ppw.server;

import dev.ppw.model.CounterSeries;
import dev.ppw.store.CounterPoint;
import dev.ppw.store.GitInfo;
import dev.ppw.store.RunInfo;
import dev.ppw.store.RunStore;
import dev.ppw.testing.browser.HostileNames;
import dev.ppw.workload.WorkloadException;
import dev.ppw.workload.WorkloadSpec;
import dev.ppw.workload.Workloads;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The new-run form (docs/server.md, "Running a workload"): only with allowRun, one run at a time, streamed, stored. */
class LiveRunTest {
    /** About half a second of a shell writing a line every 0.1 s, under perf stat's 100 ms intervals. */
    private static final String RUN = "{\"tool\": \"stat\", \"events\": [\"task-clock\"], \"interval_ms\": 100,"
            + " \"command\": [\"sh\", \"-c\", \"for i in 1 2 3 4 5; do echo tick $i; sleep 0.1; done\"],"
            + " \"environment\": {\"PPW_LIVE\": \"1\"}, \"label\": \"live <b>\", \"session\": \"form\","
            + " \"tags\": {\"from\": \"test\"}}";

    @TempDir
    Path dir;

    private static String[] auth(Served s, String... more) {
        List<String> h = new ArrayList<>(List.of("Host: 127.0.0.1:" + s.port(), "Authorization: token " + Served.TOKEN));
        h.addAll(List.of(more));
        return h.toArray(String[]::new);
    }

    @Test
    void withoutAllowRunTheFormsRoutesAreNotFound() throws Exception {
        try (Served s = Served.start(dir)) {
            assertEquals(404, s.get("/runs/new").status());
            assertEquals(404, s.get("/runs/new?from=2").status());
            assertEquals(404, s.get("/api/live/abc").status());
            assertEquals(404, s.get("/api/events?search=cycles").status());
            assertEquals(404, s.sendBody("POST", "/api/live/abc/cancel", "", auth(s)).status());
            Served.Answer post = s.sendBody("POST", "/api/runs/new", RUN, auth(s, "Content-Type: application/json"));
            assertEquals(404, post.status(), post.text());
            assertFalse(s.get("/runs/2").text().contains("run again"));
            assertFalse(s.get("/").text().contains("/runs/new"));
        }
    }

    @Test
    void theFormIsServedAndFilledFromARunWithItsNamesEscaped() throws Exception {
        try (Served s = Served.start(dir, true)) {
            Served.Answer form = s.get("/runs/new");
            assertEquals(200, form.status(), form.text());
            assertTrue(form.text().contains("id=\"run-form\""), form.text());
            assertTrue(form.text().contains("/assets/live.js"));
            assertEquals(200, s.get("/assets/live.js").status());
            assertTrue(s.get("/runs/2").text().contains("/runs/new?from=2"));
            // run 1 has a hostile name everywhere and no workload in its settings: its names fill the form, as text
            Served.Answer again = s.get("/runs/new?from=1");
            assertEquals(200, again.status(), again.text());
            assertTrue(again.text().contains("was not run by a workload"), again.text());
            assertTrue(again.text().contains(Html.text(HostileNames.ALL.get(0))));
            for (String h : HostileNames.ALL) {
                if (h.contains("<")) {
                    assertFalse(again.text().contains(h), h);
                }
            }
            assertEquals(404, s.get("/runs/new?from=999").status());
            assertEquals(400, s.get("/runs/new?from=x").status());
        }
    }

    @Test
    void aForeignOriginCannotStartARun() throws Exception {
        try (Served s = Served.start(dir, true)) {
            Served.Answer post = s.sendBody("POST", "/api/runs/new", RUN,
                    auth(s, "Content-Type: application/json", "Origin: http://evil.example"));
            assertEquals(403, post.status(), post.text());
            assertTrue(post.text().contains("is not this server's"), post.text());
        }
    }

    @Test
    void aBadBodyIsOneLine400() throws Exception {
        try (Served s = Served.start(dir, true)) {
            for (String body : List.of("[]", "{\"command\": []}", "{\"command\": [\"x\"], \"tool\": \"perf\"}",
                    "{\"command\": [\"x\"], \"interval_ms\": \"soon\"}", "not json")) {
                Served.Answer post = s.sendBody("POST", "/api/runs/new", body, auth(s));
                assertEquals(400, post.status(), body + ": " + post.text());
                assertEquals(1, post.text().strip().lines().count(), post.text());
            }
        }
    }

    @Test
    void aRunningWorkloadIsCancelledByItsTokenCheckedRouteAndStoredAsCancelled() throws Exception {
        try (Served s = Served.start(dir, true)) {
            assertFalse(s.get("/runs/2").text().contains("counters.js"), "a run without counter points has no chart");
            assertEquals("{\"run\":2,\"series\":[]}", s.get("/api/runs/2/counters").text());
            assertTrue(s.get("/runs/new").text().contains("id=\"live-cancel\""));
            Served.Answer started = s.sendBody("POST", "/api/runs/new",
                    "{\"tool\": \"none\", \"command\": [\"sleep\", \"30\"], \"label\": \"cancelled\"}",
                    auth(s, "Content-Type: application/json"));
            assertEquals(202, started.status(), started.text());
            Matcher m = Pattern.compile("\"live\":\"(/api/live/[0-9a-f]+)\"").matcher(started.text());
            assertTrue(m.find(), started.text());
            String live = m.group(1);
            assertEquals(404, s.sendBody("POST", "/api/live/0123456789abcdef/cancel", "", auth(s)).status());
            Served.Answer foreign = s.sendBody("POST", live + "/cancel", "", auth(s, "Origin: http://evil.example"));
            assertEquals(403, foreign.status(), foreign.text());
            Served.Answer noToken = s.sendBody("POST", live + "/cancel", "", "Host: 127.0.0.1:" + s.port());
            assertEquals(403, noToken.status(), noToken.text());

            long before = System.nanoTime();
            Served.Answer cancel = s.sendBody("POST", live + "/cancel", "", auth(s));
            assertEquals(202, cancel.status(), cancel.text());
            assertTrue(cancel.text().contains("\"live\":\"" + live + "\""), cancel.text());
            String events = s.get(live).text();
            assertTrue((System.nanoTime() - before) / 1_000_000_000L < 20, "the 30 s sleep was stopped");
            assertTrue(events.contains("\"cancelled\":true"), events);
            Matcher stored = Pattern.compile("event: stored\ndata: \\{\"run\":(\\d+),").matcher(events);
            assertTrue(stored.find(), events);
            try (RunStore store = RunStore.open(s.location, RunStore.Options.defaults())) {
                RunInfo run = store.run(Long.parseLong(stored.group(1))).orElseThrow();
                assertEquals("cancelled", run.label());
                assertTrue(run.outcome().failed(), "a cancelled workload's run is failed");
            }
            assertTrue(s.problems.isEmpty(), s.problems.toString());
        }
    }

    @Test
    void aRunOfTheFormIsStoredWithTheHostsDescriptionUnderTheFormsOwnVariables() throws Exception {
        Map<String, String> host = new LinkedHashMap<>();
        host.put("host", "node7");
        host.put("os", "Linux amd64");
        host.put("kernel", "6.1.0-18-amd64");
        host.put("cpu", "AMD EPYC 7B13");
        host.put("cores", "2");
        host.put("jvm", "OpenJDK 64-Bit Server VM 25.0.3+9-LTS Eclipse Adoptium");
        try (Served s = Served.start(dir, true, host)) {
            Served.Answer started = s.sendBody("POST", "/api/runs/new", "{\"tool\": \"none\", \"command\": [\"true\"],"
                    + " \"environment\": {\"host\": \"mine\", \"PPW_LIVE\": \"1\"}, \"label\": \"described\"}",
                    auth(s, "Content-Type: application/json"));
            assertEquals(202, started.status(), started.text());
            Matcher m = Pattern.compile("\"live\":\"(/api/live/[0-9a-f]+)\"").matcher(started.text());
            assertTrue(m.find(), started.text());
            String events = s.get(m.group(1)).text();
            Matcher stored = Pattern.compile("event: stored\ndata: \\{\"run\":(\\d+),").matcher(events);
            assertTrue(stored.find(), events);
            try (RunStore store = RunStore.open(s.location, RunStore.Options.defaults())) {
                Map<String, String> environment = store.run(Long.parseLong(stored.group(1))).orElseThrow().environment();
                Map<String, String> expected = new LinkedHashMap<>(host);
                expected.put("host", "mine");
                expected.put("PPW_LIVE", "1");
                assertEquals(expected, Map.copyOf(environment));
            }
            assertTrue(s.problems.isEmpty(), s.problems.toString());
        }
    }

    @Test
    void aRunUnderPerfStatIsStreamedThenStoredWithItsIntervals() throws Exception {
        try {
            Workloads.checkPerf(WorkloadSpec.Tool.STAT, Workloads.Options.defaults());
        } catch (WorkloadException e) {
            if ("true".equals(System.getenv("CI"))) {
                throw e;
            }
            Assumptions.abort("perf cannot count here: " + e.getMessage());
        }
        try (Served s = Served.start(dir, true)) {
            Served.Answer found = s.get("/api/events?search=task-clock");
            assertEquals(200, found.status(), found.text());
            assertTrue(found.text().contains("\"name\":\"task-clock\""), found.text());
            assertFalse(found.text().contains("\"name\":\"page-faults\""), found.text());

            Served.Answer started = s.sendBody("POST", "/api/runs/new", RUN, auth(s, "Content-Type: application/json"));
            assertEquals(202, started.status(), started.text());
            Matcher m = Pattern.compile("\"live\":\"(/api/live/[0-9a-f]+)\"").matcher(started.text());
            assertTrue(m.find(), started.text());
            String live = m.group(1);
            assertEquals(live, started.header("Location").orElseThrow());

            Served.Answer second = s.sendBody("POST", "/api/runs/new", RUN, auth(s));
            assertEquals(409, second.status(), second.text());

            Served.Answer stream = s.get(live);
            assertEquals(200, stream.status(), stream.text());
            assertTrue(stream.header("content-type").orElseThrow().startsWith("text/event-stream"));
            String events = stream.text();
            List<String> names = new ArrayList<>();
            Matcher e = Pattern.compile("(?m)^event: (\\w+)$").matcher(events);
            while (e.find()) {
                names.add(e.group(1));
            }
            assertEquals("started", names.get(0), events);
            assertEquals("stored", names.get(names.size() - 1), events);
            assertEquals("finished", names.get(names.size() - 2), events);
            assertTrue(names.contains("interval"), events);
            assertTrue(events.contains("\"line\":\"tick 5\""), events);
            assertTrue(events.contains("\"event\":\"task-clock\""), events);
            Matcher stored = Pattern.compile("event: stored\ndata: \\{\"run\":(\\d+),").matcher(events);
            assertTrue(stored.find(), events);
            long id = Long.parseLong(stored.group(1));
            assertEquals(9, id);

            // a watcher who comes late is told every event from the first
            assertEquals(events, s.get(live).text());

            // an interval perf printed as <not counted> (the workload not scheduled in it, as under a heavy load)
            // is streamed with a null value and stored as no point: only counted ones are points of the series
            long intervals = Pattern.compile("\\{\"event\":\"task-clock\",\"id\":\"[^\"]*\",\"unit\":\"[^\"]*\","
                    + "\"value\":[0-9]").matcher(events).results().count();
            assertTrue(intervals > 0, events);
            try (RunStore store = RunStore.open(s.location, RunStore.Options.defaults())) {
                RunInfo run = store.run(id).orElseThrow();
                assertEquals("live <b>", run.label());
                assertEquals("form", run.session());
                assertEquals(Map.of("from", "test"), run.tags());
                assertEquals("stat", run.settings().get("workload.tool"));
                assertEquals("1", run.environment().get("PPW_LIVE"));
                List<CounterSeries> counters = store.counters(id);
                CounterSeries taskClock = counters.stream().filter(c -> c.counter().equals("task-clock"))
                        .findFirst().orElseThrow(() -> new AssertionError(counters.toString()));
                assertEquals(intervals, taskClock.samples(), counters.toString());
                // each interval kept as a point of its series, not only the summary
                List<CounterPoint> points = store.counterPoints(id).stream()
                        .filter(p -> p.counter().equals("task-clock") && p.series().equals(taskClock.series()))
                        .toList();
                assertEquals(intervals, points.size(), points.toString());
                // the git work tree the workload ran in (the server's folder), as a run stored by the command line
                assertEquals(GitInfo.of(Path.of("")).map(GitInfo::commit).orElse(""), run.gitCommit());
                assertEquals(GitInfo.of(Path.of("")).map(GitInfo::branch).orElse(""), run.gitBranch());
            }
            String page = s.get("/runs/" + id).text();
            assertTrue(page.contains("id=\"counters-data\""), page);
            assertTrue(page.contains("/assets/counters.js"), page);
            assertEquals(200, s.get("/assets/counters.js").status());
            Served.Answer api = s.get("/api/runs/" + id + "/counters");
            assertEquals(200, api.status(), api.text());
            assertTrue(api.text().startsWith("{\"run\":" + id + ",\"series\":[{\"pid\":\"\",\"counter\":"),
                    api.text());
            assertTrue(api.text().contains("\"counter\":\"task-clock\""), api.text());

            // run again: the form filled from the stored run's settings
            String again = s.get("/runs/new?from=" + id).text();
            assertTrue(again.contains("Filled from run " + id), again);
            assertTrue(again.contains("value=\"task-clock\""), again);
            assertTrue(again.contains("value=\"100\""), again);
            assertTrue(again.contains("PPW_LIVE=1"), again);
            assertTrue(again.contains("value=\"live &lt;b&gt;\""), again);
            assertTrue(s.problems.isEmpty(), s.problems.toString());

            Served.Answer cancelEnded = s.sendBody("POST", live + "/cancel", "", auth(s));
            assertEquals(409, cancelEnded.status(), cancelEnded.text());

            // the one run has ended: another may start
            Served.Answer third = s.sendBody("POST", "/api/runs/new",
                    "{\"tool\": \"none\", \"command\": [\"true\"]}", auth(s));
            assertEquals(202, third.status(), third.text());
        }
    }
}
