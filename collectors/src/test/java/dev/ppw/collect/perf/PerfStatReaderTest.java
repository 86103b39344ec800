package dev.ppw.collect.perf;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** perf stat -I output in, counter samples out: every layout perf 6.1 wrote here (resources/perf/README.md). */
class PerfStatReaderTest {
    private static RecordingSink read(String name, byte[] bytes) {
        RecordingSink sink = new RecordingSink();
        try {
            new PerfStatFormat().read(InputSource.of(name, bytes), sink, ReadOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    private static RecordingSink read(String text) {
        return read("s.csv", text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> counters(RecordingSink sink) {
        return sink.calls().stream().filter(c -> c.startsWith("counter ")).toList();
    }

    @Test
    void csvIntervalsAreSamplesOfTheCountAndOfThePrintedMetricWithRatesInEventsPerSecond() {
        RecordingSink sink = read("""
                # started on Tue Nov 24 04:24:36 2026

                     0.108762048,37.63,msec,task-clock,37629610,100.00,0.376,CPUs utilized
                     0.108762048,11,,context-switches,37629610,100.00,292.323,/sec
                     0.108762048,346,,page-faults,37629610,100.00,9.195,K/sec
                     0.200507237,<not counted>,msec,task-clock,0,100.00,,
                     0.200507237,<not supported>,,cycles,0,100.00,,
                """);
        assertEquals(List.of(
                "counter  task-clock id  msec 108762048 37.63",
                "counter  task-clock id  CPUs utilized 108762048 0.376",
                "counter  context-switches id  count 108762048 11.0",
                "counter  context-switches id  /sec 108762048 292.323",
                "counter  page-faults id  count 108762048 346.0",
                "counter  page-faults id  /sec 108762048 9195.0"), counters(sink));
        assertEquals(Map.of(PerfStatReader.NOT_COUNTED.name(), 2L), sink.notes());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void perCpuPerCoreAndPerThreadColumnsBecomeTheSeriesId() {
        assertEquals(List.of("counter  task-clock id CPU1 msec 200286116 215.15",
                        "counter  task-clock id CPU1 CPUs utilized 200286116 1.076"),
                counters(read("     0.200286116,CPU1,215.15,msec,task-clock,215146197,100.00,1.076,CPUs utilized\n")));
        assertEquals(List.of("counter  context-switches id S0-D0-C0 count 211715996 164.0",
                        "counter  context-switches id S0-D0-C0 /sec 211715996 774.052"),
                counters(read("     0.211715996,S0-D0-C0,1,164,,context-switches,211871044,100.00,774.052,/sec\n")));
        assertEquals(List.of("counter  context-switches id work-1754 count 238267302 7.0",
                        "counter  context-switches id work-1754 /sec 238267302 402.848"),
                counters(read("     0.238267302,work-1754,7,,context-switches,17358534,100.00,402.848,/sec\n")));
    }

    @Test
    void theHumanTableGivesWhatItsCsvGives() {
        RecordingSink table = read("s.txt", testResource("perf/perf-stat-interval.txt"));
        RecordingSink csv = read("s.csv", testResource("perf/perf-stat-interval.csv"));
        assertEquals(8, counters(table).size());
        assertEquals(Map.of(PerfStatReader.NOT_COUNTED.name(), 4L), table.notes());
        assertEquals(List.of("counter  task-clock id  msec 101567434 1.44",
                "counter  task-clock id  CPUs utilized 101567434 0.014",
                "counter  context-switches id  count 101567434 1.0",
                "counter  context-switches id  /sec 101567434 692.678"), counters(table).subList(0, 4));
        assertEquals(counters(csv).size(), counters(table).size());
        assertEquals(List.of("counter  cycles id  count 1000000000 1234567.0"),
                counters(read("#           time             counts unit events\n"
                        + "     1.000000000          1,234,567      cycles   (50.00%)\n")));
    }

    @Test
    void badLinesAreWarningsAndAFileOfNoneIsRefused() {
        RecordingSink sink = read("     0.1,5,,cs,1,100.00,,\n     0.2,five,,cs,1,100.00,,\n     0.3,7,,cs,1,100.00,,\n");
        assertEquals(2, counters(sink).size());
        assertEquals("s.csv:2:1: an interval line is 'time,[cpu or thread,]count,unit,event,...': \"     0.2,five,,cs,"
                + "1,100.00,,\"", sink.firstExample(Diagnostics.BAD_EVENT));
        assertEquals("s.csv:1:1: no interval time (seconds, as perf stat -I prints them) at the start of the line;"
                        + " this is not perf stat -I output: \"garbage\"",
                assertThrows(BadInputException.class, () -> read("garbage\n")).getMessage());
        assertEquals("s.csv:3:1: a perf stat summary without intervals: record with perf stat -I 100 -x, (interval"
                        + " counts as CSV) to read counter series: \" Performance counter stats for 'sleep 1':\"",
                assertThrows(BadInputException.class,
                        () -> read("# started on x\n\n Performance counter stats for 'sleep 1':\n")).getMessage());
        RecordingSink cut = read("     0.1,5,,cs,1,100.00,,\n     0.2,6,,c");
        assertEquals(1, counters(cut).size());
        assertEquals(Map.of(Diagnostics.TRUNCATED, 1L), cut.warnings());
    }

    /** Every perf stat file made here reads without a warning, each event with its series per id. */
    @Test
    void everyLayoutMadeHereReadsWithoutWarnings() {
        Map<String, Integer> idsPerFile = Map.of("stat-x.csv", 1, "stat-plain.txt", 1, "stat-A.csv", 2,
                "stat-core.csv", 2, "stat-thread.csv", 2);
        for (Map.Entry<String, Integer> e : idsPerFile.entrySet()) {
            RecordingSink sink = read(e.getKey(), testResource("perf/made/" + e.getKey()));
            assertEquals(Map.of(), sink.warnings(), e.getKey());
            long ids = counters(sink).stream().map(c -> c.split(" ")[4]).distinct().count();
            assertEquals((long) e.getValue(), ids, e.getKey());
        }
    }
}
