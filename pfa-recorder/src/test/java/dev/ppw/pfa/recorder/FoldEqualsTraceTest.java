package dev.ppw.pfa.recorder;

import dev.ppw.pfa.Pointcut;
import dev.ppw.pfa.Region;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fold mode's profile equals the profile {@code ppw-java profile} reads from the trace of the same run: one run
 * feeds both modes with the same times ({@link TeeMode}), and every row (part, path, calls, subcalls, inclusive,
 * exclusive, min, max) must agree, for nested regions on a pool of threads, loose B/E events, a region closed
 * out of order, regions closed on another thread, async spans, around_async methods and async events.
 */
class FoldEqualsTraceTest {
    @TempDir
    Path dir;

    @Test
    void foldModeProfileEqualsTheTraceProfile() throws Exception {
        for (String event : new String[] {"Verbose", "Compact"}) {
            Path trace = dir.resolve(event + ".pfw");
            Path saved = dir.resolve(event + ".ppw.json");
            List<String> errors = new ArrayList<>();
            PerfFlowRecorder r = new PerfFlowRecorder("log-event=" + event, errors::add,
                    rec -> new TeeMode(rec, trace, saved, errors::add));
            workload(r);
            r.finish();
            assertEquals(List.of("perfflow: 3 regions were closed on another thread than the one that opened it:"
                    + " written as async spans (b/e) there"), errors);

            Map<String, String> fromTrace = Traces.rows(Traces.profile(trace));
            Map<String, String> fromFold = Traces.rows(Traces.profile(saved));
            assertEquals(fromTrace, fromFold, event);
            assertTrue(fromTrace.containsKey("THREAD main => stage => solve"), fromTrace.keySet().toString());
            assertTrue(fromTrace.containsKey("THREAD stage => solve"), fromTrace.keySet().toString());
            assertTrue(fromTrace.get("ASYNC crossed").startsWith("calls=3 "), fromTrace.toString());
            assertTrue(fromTrace.containsKey("THREAD main => crossed"), fromTrace.toString());
            assertTrue(fromTrace.containsKey("ASYNC handoff"), fromTrace.keySet().toString());
            assertTrue(fromTrace.containsKey("ASYNC crossed"), fromTrace.keySet().toString());
            assertTrue(fromTrace.get("ASYNC fetch => decode").startsWith("calls=12 "), fromTrace.toString());
            assertTrue(fromTrace.get("ASYNC fetch => send").startsWith("calls=12 "), fromTrace.toString());
            assertTrue(fromTrace.get("ASYNC event").startsWith("calls=1 "), fromTrace.toString());
            assertTrue(fromTrace.get("ASYNC left open").startsWith("calls=1 "), fromTrace.toString());
        }
    }

    /**
     * With {@code ppw-store}, fold mode keeps the run in the store (SQLite here) instead of writing the file: the
     * stored run's profile equals the trace's of the same run, labelled with the component's name; a snapshot
     * still writes the file, and a second run is a second run.
     */
    @Test
    void withAStoreFoldModeStoresTheRun() throws Exception {
        Path store = dir.resolve("runs.db");
        Path trace = dir.resolve("stored.pfw");
        Path saved = dir.resolve("stored.ppw.json");
        List<String> errors = new ArrayList<>();
        PerfFlowRecorder r = new PerfFlowRecorder("name=solver:ppw-store=" + store, errors::add,
                rec -> new TeeMode(rec, trace, saved, errors::add));
        workload(r);
        r.snapshot();
        assertTrue(java.nio.file.Files.exists(saved), "a snapshot writes the file");
        java.nio.file.Files.delete(saved);
        r.finish();
        assertEquals(1, errors.size(), errors.toString()); // the regions closed on another thread, as above
        assertEquals(false, java.nio.file.Files.exists(saved), "at exit the run goes to the store, not the file");

        try (dev.ppw.store.RunStore opened = dev.ppw.store.RunStore.open(store.toString())) {
            List<dev.ppw.store.RunInfo> runs = opened.list(dev.ppw.store.RunFilter.all());
            assertEquals(1, runs.size());
            assertEquals("solver", runs.get(0).label());
            Path back = dir.resolve("back.ppw.json");
            java.nio.file.Files.write(back, opened.savedProfile(runs.get(0).id()));
            Map<String, String> fromTrace = Traces.rows(Traces.profile(trace));
            assertEquals(fromTrace, Traces.rows(Traces.profile(back)));
            assertTrue(fromTrace.containsKey("ASYNC handoff"), fromTrace.keySet().toString());
        }
    }

    /** A store that cannot take the run is one line, and the profile goes to the file. */
    @Test
    void aStoreThatCannotTakeTheRunLeavesTheFile() throws Exception {
        Path notAStore = dir.resolve("not-a-store.db");
        java.nio.file.Files.writeString(notAStore, "this is not SQLite\n");
        Path trace = dir.resolve("bad.pfw");
        Path saved = dir.resolve("bad.ppw.json");
        List<String> errors = new ArrayList<>();
        PerfFlowRecorder r = new PerfFlowRecorder("ppw-store=" + notAStore, errors::add,
                rec -> new TeeMode(rec, trace, saved, errors::add));
        try (Region one = r.region("one", "Workflow")) {
            spin(1_000);
        }
        r.finish();
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("perfflow: cannot store the run in " + notAStore + ": "), errors.get(0));
        assertTrue(errors.get(0).endsWith("; the profile is written to " + saved), errors.get(0));
        assertEquals(Traces.rows(Traces.profile(trace)), Traces.rows(Traces.profile(saved)));
    }

    /** With cpu-mem-usage each mode samples for itself: the same samples land on the same rows, and memory is there. */
    @Test
    void cpuAndMemorySamplesLandOnTheSameRows() throws Exception {
        Path trace = dir.resolve("cpumem.pfw");
        Path saved = dir.resolve("cpumem.ppw.json");
        List<String> errors = new ArrayList<>();
        PerfFlowRecorder r = new PerfFlowRecorder("cpu-mem-usage=True", errors::add,
                rec -> new TeeMode(rec, trace, saved, errors::add));
        workload(r);
        r.finish();
        Map<String, String> fromTrace = counters(Traces.profile(trace));
        assertEquals(fromTrace, counters(Traces.profile(saved)));
        assertEquals("samples=36 memory=true", fromTrace.get("THREAD stage => solve"));
        assertEquals("samples=0 memory=false", fromTrace.get("THREAD stage => io"), "a loose B/E has no counters");
    }

    private static Map<String, String> counters(dev.ppw.model.Profile p) {
        dev.ppw.model.CallTree t = p.tree();
        Map<String, String> out = new java.util.TreeMap<>();
        for (int n = 1; n < t.size(); n++) {
            long samples = t.has(dev.ppw.model.RegionCounters.GROUP)
                    ? t.longValue(n, dev.ppw.model.RegionCounters.CPU_SAMPLES) : 0;
            boolean memory = t.has(dev.ppw.model.RegionCounters.GROUP)
                    && !Double.isNaN(t.doubleValue(n, dev.ppw.model.RegionCounters.MEMORY_PEAK));
            out.put(t.part(n) + " " + t.path(n, " => "), "samples=" + samples + " memory=" + memory);
        }
        return out;
    }

    static void workload(PerfFlowRecorder r) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (Region main = r.region("main", "Workflow")) {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                int task = i;
                Region handoff = r.asyncRegion("handoff", "Workflow", "pool");
                Region crossed = task % 4 == 0 ? r.region("crossed", "Workflow") : null;
                done.add(pool.submit(() -> {
                    handoff.close();
                    if (crossed != null) {
                        crossed.close();
                    }
                    try (Region stage = r.region("stage", "Workflow")) {
                        for (int k = 0; k < 3; k++) {
                            try (Region solve = r.region("solve", "Workflow")) {
                                spin(20_000);
                            }
                        }
                        r.syncEvent(Pointcut.BEFORE, "io", "Workflow");
                        spin(5_000);
                        r.syncEvent(Pointcut.AFTER, "io", "Workflow");
                        try (Region aa = r.aroundAsync("fetch", "Workflow")) {
                            spin(3_000);
                            try (Region inner = r.aroundAsync("decode", "Workflow")) {
                                spin(1_000);
                            }
                            r.asyncPointcut(Pointcut.BEFORE_ASYNC, "send", "Workflow", "net");
                            spin(1_000);
                        }
                        r.asyncPointcut(Pointcut.AFTER_ASYNC, "sent", "Workflow", "net");
                        r.asyncPointcut(Pointcut.AFTER_ASYNC, "stray", "Other", "net"); // no b on its track
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            try (Region stage = r.region("stage", "Workflow")) {
                Region outer = r.region("outer", "Workflow");
                r.region("inner", "Workflow");
                outer.close(); // closes inner too, at the same time
                r.asyncEvent(Pointcut.BEFORE, "event", "Workflow", null, 42);
                spin(2_000);
                r.asyncEvent(Pointcut.AFTER, "event", "Workflow", null, 42);
                r.asyncEvent(Pointcut.BEFORE, "left open", "Workflow", null, 7);
                try (Region solve = r.region("solve", "Workflow")) {
                    spin(10_000);
                }
            }
        } finally {
            pool.shutdown();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
