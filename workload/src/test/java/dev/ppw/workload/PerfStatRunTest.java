package dev.ppw.workload;

import dev.ppw.model.CounterSeries;
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
    }
}
