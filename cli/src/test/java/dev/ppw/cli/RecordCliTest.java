package dev.ppw.cli;

import dev.ppw.model.CounterSeries;
import dev.ppw.store.RawFile;
import dev.ppw.store.RunInfo;
import dev.ppw.store.RunStore;
import dev.ppw.workload.CounterInterval;
import dev.ppw.workload.PerfStatCsv;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ppw-java record} of real workloads under real perf (only software events, which count in a virtual machine
 * too), and {@code events}. The perf tests are skipped, with the reason, where perf cannot count, unless under CI.
 */
class RecordCliTest {
    /** About half a second of busy shell on the test machine. */
    private static final String BUSY = "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done";

    @TempDir
    Path dir;

    private String store() {
        return dir.resolve("runs.db").toString();
    }

    private static void assumePerf() {
        Cli probe = Cli.run("events", "task-clock");
        boolean ci = "true".equals(System.getenv("CI"));
        if (!ci) {
            Assumptions.assumeTrue(probe.exit() == 0, () -> "perf cannot list its events here: " + probe.err());
        }
        assertEquals(0, probe.exit(), probe.toString());
    }

    private RunStore open() {
        return RunStore.open(store());
    }

    @Test
    void perfStatIntervalsAreKeptAsCounterSeriesWithTheRawCounts() throws Exception {
        assumePerf();
        Cli recorded = Cli.run("record", "--perf", "stat", "-e", "task-clock,page-faults,context-switches", "-I",
                "100", "--store", store(), "--label", "busy", "--env", "LC_ALL=C", "--", "sh", "-c", BUSY);
        assertEquals(0, recorded.exit(), recorded.toString());
        assertEquals("run:1\n", recorded.out());
        assertTrue(recorded.err().contains("task-clock "), "intervals are echoed: " + recorded.err());
        try (RunStore store = open()) {
            RunInfo run = store.resolve("run:busy");
            assertFalse(run.outcome().failed());
            assertEquals(0, run.outcome().exitStatus());
            assertEquals("stat", run.settings().get("workload.tool"));
            assertEquals("C", run.settings().get("workload.env.LC_ALL"));
            List<RawFile> raw = store.rawFiles(1);
            assertEquals(List.of("perf-stat.csv"), raw.stream().map(RawFile::name).toList());
            assertEquals(sha256(raw.get(0).file()), raw.get(0).sha256());
            List<CounterInterval> intervals;
            try (Reader in = Files.newBufferedReader(raw.get(0).file())) {
                intervals = PerfStatCsv.parse(in);
            }
            assertTrue(intervals.size() >= 2, "intervals: " + intervals.size());
            Map<String, CounterSeries> series = store.counters(1).stream()
                    .filter(s -> s.series().equals("msec") || s.series().equals("count"))
                    .collect(Collectors.toMap(CounterSeries::counter, s -> s));
            CounterSeries taskClock = series.get("task-clock");
            // one sample per interval in which perf counted the event (on a loaded machine the shell may not run in one)
            long counted = intervals.stream().flatMap(i -> i.values().stream())
                    .filter(v -> v.event().equals("task-clock") && v.counted()).count();
            assertTrue(counted >= 2, "counted intervals: " + counted);
            assertEquals(counted, taskClock.samples(), series.toString());
            double sum = intervals.stream().flatMap(i -> i.values().stream())
                    .filter(v -> v.event().equals("task-clock")).mapToDouble(v -> v.value().orElse(0)).sum();
            assertEquals(sum, taskClock.sum(), 1e-9);
            // the busy shell runs whenever the shared machine lets it, never more than an interval's 100 ms
            assertTrue(taskClock.max() > 0 && taskClock.max() <= 105, taskClock.toString());
            long lastCounted = intervals.stream().filter(i -> i.values().stream()
                    .anyMatch(v -> v.event().equals("task-clock") && v.counted()))
                    .mapToLong(CounterInterval::endNanos).max().orElseThrow();
            assertEquals(lastCounted, taskClock.lastNanos());
        }
        Cli counters = Cli.run("profile", "run:1", "--view", "counters", "--store", store());
        assertEquals(0, counters.exit(), counters.toString());
        assertTrue(counters.out().contains("task-clock"), counters.out());
    }

    @Test
    void perfRecordSamplesAreFoldedIntoTheRunsProfile() throws Exception {
        assumePerf();
        Cli recorded = Cli.run("record", "--perf", "record", "-F", "999", "-g", "-q", "--store", store(), "--",
                "sh", "-c", BUSY);
        assertEquals(0, recorded.exit(), recorded.toString());
        assertEquals("run:1\n", recorded.out());
        try (RunStore store = open()) {
            RunInfo run = store.resolve("run:1");
            assertFalse(run.outcome().failed(), run.outcome().toString());
            assertTrue(run.rows() > 0 && run.totalInclusive() > 0, run.toString());
            RawFile data = store.rawFiles(1).get(0);
            assertEquals("perf.data", data.name());
            assertEquals(sha256(data.file()), data.sha256());
        }
        Cli flat = Cli.run("profile", "run:1", "--view", "flat", "--format", "csv", "--store", store());
        assertEquals(0, flat.exit(), flat.toString());
        List<String> rows = flat.out().lines().toList();
        int calls = List.of(rows.get(0).split(",")).indexOf("samples");
        long samples = rows.stream().skip(1).mapToLong(r -> Long.parseLong(r.split(",")[calls])).max().orElse(0);
        // 999 Hz for about half a second: tens of samples at least
        assertTrue(samples >= 20, flat.out());
    }

    @Test
    void aFailedWorkloadIsKeptMarkedFailedWithItsExitStatusAndStderr() throws Exception {
        Cli recorded = Cli.run("record", "--store", store(), "--", "sh", "-c", "echo working; echo 'bad input"
                + " at line 3' >&2; exit 3");
        assertEquals(1, recorded.exit(), recorded.toString());
        assertEquals("run:1\n", recorded.out());
        assertTrue(recorded.err().endsWith("ppw-java: error: the workload failed (exit 3); kept as run:1, marked"
                + " failed\n"), recorded.err());
        try (RunStore store = open()) {
            RunInfo run = store.resolve("run:last");
            assertTrue(run.outcome().failed());
            assertEquals(3, run.outcome().exitStatus());
            assertEquals("bad input at line 3\n", run.outcome().stderrTail());
            // the machine it ran on, as HostDescription reads it here (no entry of it empty)
            Map<String, String> host = HostDescription.here();
            assertTrue(host.keySet().containsAll(List.of("os", "cores", "java", "jvm")), host.toString());
            host.forEach((k, v) -> assertEquals(v, run.environment().get(k), k));
            assertEquals(Path.of("").toAbsolutePath().toString(), run.environment().get("working_folder"));
            assertEquals("[\"sh\",\"-c\",\"echo working; echo 'bad input at line 3' >&2; exit 3\"]",
                    run.settings().get("workload.command"));
        }
        Cli list = Cli.run("runs", "list", "--store", store());
        assertTrue(list.out().contains("failed"), list.out());
    }

    @Test
    void tracesTheWorkloadWritesAreMergedAsNodesAndOldOnesLeftOut() throws Exception {
        Path examples = dev.ppw.testing.Examples.folder().resolve("perfflowaspect/nodes4");
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.copy(examples.resolve("node0.pfw"), in.resolve("node0.pfw"));
        Files.copy(examples.resolve("node1.pfw"), in.resolve("node1.pfw"));
        Path traces = Files.createDirectories(dir.resolve("traces"));
        Files.copy(examples.resolve("node2.pfw"), traces.resolve("old.pfw"));
        Cli recorded = Cli.run("record", "--trace-dir", traces.toString(), "--store", store(), "--", "sh", "-c",
                "cp \"$0\"/node0.pfw \"$0\"/node1.pfw \"${PERFFLOW_OPTIONS#log-dir=}\"/", in.toString());
        assertEquals(0, recorded.exit(), recorded.toString());
        try (RunStore store = open()) {
            RunInfo run = store.resolve("run:1");
            assertEquals(2, run.nodes());
            assertEquals(List.of("node0.pfw", "node1.pfw"), store.rawFiles(1).stream().map(RawFile::name).toList());
        }
        Cli merged = Cli.run("merge", in.resolve("node0.pfw").toString(), in.resolve("node1.pfw").toString(),
                "--format", "csv", "-q");
        Cli stored = Cli.run("profile", "run:1", "--format", "csv", "--store", store());
        assertEquals(0, stored.exit(), stored.toString());
        assertEquals(merged.out(), stored.out());
    }

    @Test
    void aCommandThatDoesNotExistIsOneLineAndNothingIsKept() {
        Cli missing = Cli.run("record", "--store", store(), "--", dir.resolve("no-such-program").toString());
        assertEquals(1, missing.exit(), missing.toString());
        assertEquals(1, missing.err().lines().count(), missing.err());
        assertTrue(missing.err().startsWith("ppw-java: error: cannot run " + dir.resolve("no-such-program")),
                missing.err());
        assertFalse(Files.exists(dir.resolve("runs.db")));
    }

    @Test
    void optionsOfAnotherToolAreUsageErrors() {
        for (List<String> args : List.of(List.of("-I", "100"), List.of("-F", "99"), List.of("-g"),
                List.of("-e", "task-clock"), List.of("--perf", "none"), List.of("--perf", "trace"))) {
            List<String> all = new java.util.ArrayList<>(List.of("record", "--store", store()));
            all.addAll(args);
            all.addAll(List.of("--", "true"));
            Cli bad = Cli.run(all.toArray(String[]::new));
            assertEquals(2, bad.exit(), bad.toString());
            assertFalse(Files.exists(dir.resolve("runs.db")));
        }
    }

    @Test
    void eventsListsTheSoftwareEventsWithWhatTheyCount() {
        assumePerf();
        Cli events = Cli.run("events", "software");
        assertEquals(0, events.exit(), events.toString());
        List<String> lines = events.out().lines().toList();
        for (String name : List.of("task-clock", "cpu-clock", "page-faults", "context-switches (cs)")) {
            String line = lines.stream().filter(l -> l.startsWith(name + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError(name + " in " + events.out()));
            assertTrue(line.matches(".*\\[Software event\\]  \\S.*"), "described: " + line);
        }
        assertTrue(events.err().matches("ppw-java: \\d+ of \\d+ events match 'software'\\n"), events.err());
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
