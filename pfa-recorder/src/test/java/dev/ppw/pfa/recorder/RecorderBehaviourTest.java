package dev.ppw.pfa.recorder;

import dev.ppw.pfa.Region;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Threads, faults and bad input: what the recorder writes, says and never does. */
class RecorderBehaviourTest {
    @TempDir
    Path dir;

    private PerfFlowRecorder recorder(String options, List<String> err) {
        return new PerfFlowRecorder("log-dir=" + dir + ":log-filename-include=name:" + options, Map.of(), err::add,
                false);
    }

    private List<Traces.Event> events(PerfFlowRecorder r) throws Exception {
        return Traces.events(Files.readString(r.traceFile(), StandardCharsets.UTF_8));
    }

    @Test
    void regionClosedOnAnotherThreadIsWrittenAsAsyncAndCounted() throws Exception {
        List<String> err = new ArrayList<>();
        PerfFlowRecorder r = recorder("", err);
        Region handedOver = r.region("handed", "C");
        Thread other = new Thread(handedOver::close);
        other.start();
        other.join();
        try (Region next = r.region("next", "C")) {
            assertEquals(1, r.closedElsewhereCount());
        }
        r.finish();
        List<String> seq = new ArrayList<>();
        for (Traces.Event e : events(r)) {
            seq.add(e.name() + ":" + e.ph() + (e.ph().equals("b") || e.ph().equals("e")
                    ? ":" + (e.values().get("tid").equals(Long.toString(other.threadId())) ? "other" : "main") : ""));
        }
        assertTrue(seq.containsAll(List.of("handed:B", "handed:E", "next:B", "next:E", "handed:b:other",
                "handed:e:other")), seq.toString());
        assertEquals(6, seq.size(), seq.toString());
        assertEquals(List.of("perfflow: 1 region was closed on another thread than the one that opened it: written as"
                + " async spans (b/e) there"), err);
        // ppw-java reads it: the thread part has it, and the async part its span
        assertEquals(Map.of("THREAD handed", 1L, "THREAD next", 1L, "ASYNC handed", 1L),
                Traces.calls(Traces.profile(r.traceFile())));
    }

    @Test
    void aMillionIsTooManyForATestButTwentyThousandVirtualThreadsEachWriteTheirRegion() throws Exception {
        PerfFlowRecorder r = recorder("log-event=Compact", new ArrayList<>());
        int threads = 20_000;
        try (ExecutorService vts = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < threads; i++) {
                vts.submit(() -> {
                    try (Region x = r.region("task", "V")) {
                        Thread.onSpinWait();
                    }
                });
            }
        }
        r.finish();
        assertEquals(threads, events(r).size());
        // lanes go back to the pool when a thread's region closes: as many as were in flight, not one per thread
        assertTrue(r.lanes().length < threads / 10, "lanes: " + r.lanes().length);
    }

    @Test
    void aFullRingWaitsForTheWriterAndLosesNothing() throws Exception {
        PerfFlowRecorder r = recorder("", new ArrayList<>());
        int threads = 4;
        int regions = 30_000;
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            ts[t] = new Thread(() -> {
                for (int i = 0; i < regions; i++) {
                    try (Region x = r.region("r", "C")) {
                        Thread.onSpinWait();
                    }
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        r.finish();
        assertEquals(2L * threads * regions, Files.readAllLines(r.traceFile()).stream()
                .filter(l -> l.contains("\"ph\"")).count());
    }

    @Test
    void aRingThatGrowsWhileTheWriterLagsKeepsEveryEventInOrder() throws Exception {
        PerfFlowRecorder r = recorder("", new ArrayList<>());
        // three names: a region is four slots, so a name comes back to another slot each time round the ring
        // (4,096 is no multiple of 12) and the ring's store-only-what-changed is exercised with changes
        String[] names = {"a", "b", "c"};
        int regions = 200_000;
        Thread t = new Thread(() -> {
            for (int i = 0; i < regions; i++) {
                try (Region x = r.region(names[i % 3], "C")) {
                    Thread.onSpinWait();
                }
            }
        });
        t.start();
        t.join();
        r.finish();
        List<Traces.Event> events = events(r);
        assertEquals(2 * regions, events.size());
        for (int i = 0; i < events.size(); i++) {
            Traces.Event e = events.get(i);
            assertEquals(names[(i / 2) % 3] + (i % 2 == 0 ? ":B" : ":E"), e.name() + ":" + e.ph(), "event " + i);
        }
        for (Lane lane : r.lanes()) {
            int slots = lane.traceLane().longs.length;
            assertTrue(slots >= TraceMode.PLATFORM_SLOTS && slots <= TraceMode.PLATFORM_MAX_SLOTS
                    && Integer.bitCount(slots) == 1, "ring of " + slots + " slots");
        }
    }

    /**
     * A region's E carries no name in the ring: the writer takes it from the B it pairs with. Loose Bs and Es, a
     * clipped region and an E with nothing open must still come out named as they were recorded.
     */
    @Test
    void endsAreNamedAsRecordedThroughLooseEventsAndClips() throws Exception {
        assertEquals(List.of("a:B", "x:B", "b:B", "b:E", "y:E", "d:B", "d:E", "a:E", "z:E", "e:B", "e:E"),
                phases(mixedRun(recorder("name=verbose", new ArrayList<>()))));
        assertEquals(List.of("x:B", "b:X", "y:E", "d:X", "a:X", "z:E", "e:X"),
                phases(mixedRun(recorder("name=compact:log-event=Compact", new ArrayList<>()))));
    }

    private PerfFlowRecorder mixedRun(PerfFlowRecorder r) {
        Region a = r.region("a", "C");
        r.syncEvent(dev.ppw.pfa.Pointcut.BEFORE, "x", "C");
        try (Region b = r.region("b", "C")) {
            Thread.onSpinWait();
        }
        r.syncEvent(dev.ppw.pfa.Pointcut.AFTER, "y", "C"); // ends x, under its own name
        r.region("d", "C"); // left open: a's close clips it
        a.close();
        r.syncEvent(dev.ppw.pfa.Pointcut.AFTER, "z", "C"); // nothing open
        try (Region e = r.region("e", "C")) {
            Thread.onSpinWait();
        }
        r.finish();
        return r;
    }

    private List<String> phases(PerfFlowRecorder r) throws Exception {
        List<String> seq = new ArrayList<>();
        for (Traces.Event e : events(r)) {
            seq.add(e.name() + ":" + e.ph());
        }
        return seq;
    }

    @Test
    void ringsGrowWithinTheWritersBudgetOnly() {
        TraceWriter w = new TraceWriter(null, dir.resolve("unused.pfw"), true, 1, s -> { });
        long chunk = TraceWriter.RING_BUDGET_BYTES / 3;
        assertTrue(w.takeRingBytes(chunk));
        assertTrue(w.takeRingBytes(chunk));
        assertTrue(w.takeRingBytes(chunk));
        assertFalse(w.takeRingBytes(chunk), "a fourth third of the budget");
        assertTrue(w.takeRingBytes(TraceWriter.RING_BUDGET_BYTES - 3 * chunk), "what is left, exactly");
        assertFalse(w.takeRingBytes(1));
    }

    @Test
    void endedThreadsGiveTheirLanesToNewOnes() throws Exception {
        PerfFlowRecorder r = recorder("", new ArrayList<>());
        for (int i = 0; i < 50; i++) {
            Thread t = new Thread(() -> {
                try (Region x = r.region("short", "C")) {
                    Thread.onSpinWait();
                }
            });
            t.start();
            t.join();
        }
        r.finish();
        assertEquals(1, r.lanes().length);
        assertEquals(100, events(r).size());
        assertEquals(Map.of("THREAD short", 50L), Traces.calls(Traces.profile(r.traceFile())));
    }

    @Test
    void anUnwritableLogDirTurnsTracingOffInOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        List<String> err = new ArrayList<>();
        PerfFlowRecorder r = new PerfFlowRecorder("log-dir=" + file.resolve("sub"), Map.of(), err::add, false);
        assertFalse(r.enabled());
        assertEquals(1, err.size(), err.toString());
        assertTrue(err.get(0).startsWith("perfflow: cannot create log-dir ") && err.get(0).endsWith("; tracing is off"),
                err.get(0));
        assertNull(r.traceFile());
    }

    @Test
    void logEnableFalseRecordsNothingAndSaysNothing() {
        List<String> err = new ArrayList<>();
        PerfFlowRecorder r = recorder("log-enable=False", err);
        assertFalse(r.enabled());
        assertEquals(List.of(), err);
    }

    @Test
    void noRegionNoFileAsPerfFlowAspect() throws Exception {
        PerfFlowRecorder r = recorder("", new ArrayList<>());
        r.finish();
        assertFalse(Files.exists(r.traceFile()));
    }

    @Test
    void closingTwiceWritesOneEnd() throws Exception {
        PerfFlowRecorder r = recorder("", new ArrayList<>());
        Region x = r.region("once", "C");
        x.close();
        x.close();
        r.finish();
        assertEquals(List.of("once:B", "once:E"), events(r).stream().map(e -> e.name() + ":" + e.ph()).toList());
    }

    @Test
    void aSecondRunAppendsAsPerfFlowAspectsLoggerDoes() throws Exception {
        for (int run = 0; run < 2; run++) {
            PerfFlowRecorder r = recorder("", new ArrayList<>());
            try (Region x = r.region("run", "C")) {
                Thread.onSpinWait();
            }
            r.finish();
        }
        Path file = dir.resolve("perfflow.array.generic.pfw");
        assertEquals(2, Files.readAllLines(file).stream().filter(l -> l.equals("[")).count());
        assertEquals(Map.of("THREAD run", 2L), Traces.calls(Traces.profile(file)));
    }

    @Test
    void categoryIsTheClassThatOpenedTheFirstRegionOfThatName() throws Exception {
        PerfFlowRecorder r = recorder("", new ArrayList<>());
        AtomicLong sink = new AtomicLong();
        try (Region x = r.region("named", null)) {
            sink.incrementAndGet();
        }
        r.finish();
        assertEquals(RecorderBehaviourTest.class.getName(), events(r).get(0).values().get("cat"));
    }
}
