package dev.ppw.workload;

import dev.ppw.model.CounterSeries;
import dev.ppw.store.CounterPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real workload under perf stat -I: its intervals told while it runs, and the same counts stored as series. */
class PerfStatRunTest {
    /** About a second of busy shell, so that several 100 ms intervals pass while it runs. */
    static final List<String> BUSY = List.of("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done;"
            + " echo done");

    @Test
    void intervalsComeWhileTheWorkloadRunsAndBecomeTheRunsSeries(@TempDir Path scratch) throws Exception {
        PerfAvailable.assume();
        WorkloadSpec spec = WorkloadSpec.of(BUSY).withTool(WorkloadSpec.Tool.STAT)
                .withEvents(List.of("task-clock", "page-faults", "context-switches")).withIntervalMillis(100);
        Recorder told = new Recorder();
        WorkloadResult result;
        try (RunningWorkload running = Workloads.start(spec, told,
                Workloads.Options.defaults().withScratchParent(scratch))) {
            told.running = running;
            result = running.await();
            assertTrue(result.rawFiles().containsKey("perf-stat.csv"), result.rawFiles().toString());
        }
        assertFalse(result.failed(), result.notes() + result.stderrTail());
        assertEquals(0, result.exitStatus().getAsInt());
        assertEquals("done\n", result.stdoutTail());
        assertTrue(told.intervals.size() >= 3, "intervals: " + told.intervals.size());
        assertTrue(told.toldWhileRunning.stream().filter(b -> b).count() >= 2,
                "intervals told while running: " + told.toldWhileRunning);
        assertEquals(told.intervals.size(), result.intervals());
        assertEquals("started", told.calls.get(0));
        assertEquals("finished", told.calls.get(told.calls.size() - 1));
        // each series of the stored run has one sample per interval where perf counted the event
        for (String event : List.of("task-clock", "page-faults", "context-switches")) {
            long counted = told.intervals.stream().flatMap(i -> i.values().stream())
                    .filter(v -> v.event().equals(event) && v.counted()).count();
            CounterSeries series = result.profile().counters().stream()
                    .filter(s -> s.counter().equals(event) && !s.series().contains("/") && !s.series().contains("CPU"))
                    .findFirst().orElseThrow(() -> new AssertionError(event + " in " + result.profile().counters()));
            assertEquals(counted, series.samples(), event);
        }
        // every series is kept over time too: its points are its samples, at the intervals' ends, summing to its sum
        List<Long> ends = told.intervals.stream().map(CounterInterval::endNanos).toList();
        for (CounterSeries series : result.profile().counters()) {
            List<CounterPoint> points = result.counterPoints().stream().filter(p -> p.pid().equals(series.pid())
                    && p.counter().equals(series.counter()) && p.id().equals(series.id())
                    && p.series().equals(series.series())).toList();
            assertEquals(series.samples(), points.size(), series.toString());
            assertEquals(series.sum(), points.stream().mapToDouble(CounterPoint::value).sum(),
                    Math.abs(series.sum()) * 1e-12, series.toString());
            assertTrue(points.stream().allMatch(p -> ends.contains(p.atNanos())), points.toString());
        }
        assertEquals(result.counterPoints().stream().sorted(CounterPoint.ORDER).toList(),
                result.toNewRun().counterPoints());
    }

    @Test
    void aCancelledRunKeepsTheIntervalsCountedSoFar(@TempDir Path scratch) throws Exception {
        PerfAvailable.assume();
        WorkloadSpec spec = WorkloadSpec.of(List.of("sh", "-c", "while :; do :; done")).withTool(WorkloadSpec.Tool.STAT)
                .withEvents(List.of("task-clock")).withIntervalMillis(100);
        java.util.concurrent.CountDownLatch three = new java.util.concurrent.CountDownLatch(3);
        java.util.concurrent.atomic.AtomicInteger counted = new java.util.concurrent.atomic.AtomicInteger();
        WorkloadListener counting = new WorkloadListener() {
            @Override
            public void interval(CounterInterval interval) {
                interval.values().stream().filter(CounterValue::counted).forEach(v -> counted.incrementAndGet());
                three.countDown();
            }
        };
        try (RunningWorkload running = Workloads.start(spec, counting,
                Workloads.Options.defaults().withScratchParent(scratch))) {
            assertTrue(three.await(20, java.util.concurrent.TimeUnit.SECONDS), "three intervals told");
            running.cancel();
            WorkloadResult result = running.await(java.time.Duration.ofSeconds(10))
                    .orElseThrow(() -> new AssertionError("not ended 10 s after the cancel"));
            assertTrue(result.cancelled());
            assertTrue(result.failed());
            assertTrue(result.intervals() >= 3, "intervals: " + result.intervals());
            assertTrue(result.rawFiles().containsKey("perf-stat.csv"));
            CounterSeries clock = result.profile().counters().stream().filter(c -> c.counter().equals("task-clock")
                    && c.series().equals("msec")).findFirst().orElseThrow();
            assertEquals(counted.get(), clock.samples(), "one sample per interval perf counted, as told");
            // a busy loop runs whenever the shared machine lets it, and never more than the interval's 100 ms
            assertTrue(clock.max() > 0 && clock.max() <= 105, clock.toString());
        }
    }
}
