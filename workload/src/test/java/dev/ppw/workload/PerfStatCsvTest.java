package dev.ppw.workload;

import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** perf stat -I -x ';' lines as perf 6.1 writes them, and the interval's time read exactly. */
class PerfStatCsvTest {
    /** Written by perf 6.1 for {@code perf stat -I 100 -x ';' -e task-clock,page-faults,context-switches}. */
    private static final String OUTPUT = """
            # started on Sun Nov 29 08:56:31 2026

                 0.106091615;29.83;msec;task-clock;29826803;100.00;0.298;CPUs utilized
                 0.106091615;64;;page-faults;29826803;100.00;2.146;K/sec
                 0.106091615;9;;context-switches;29826803;100.00;301.742;/sec
                 0.207938702;23.35;msec;task-clock;23352740;100.00;0.234;CPUs utilized
                 0.207938702;<not counted>;;page-faults;0;0.00;;
                 0.207938702;9;;context-switches;23352740;100.00;385.394;/sec
            """;

    @Test
    void linesOfOneTimeAreOneInterval() throws Exception {
        List<CounterInterval> intervals = PerfStatCsv.parse(new StringReader(OUTPUT));
        assertEquals(2, intervals.size());
        assertEquals(106_091_615L, intervals.get(0).endNanos());
        assertEquals(207_938_702L, intervals.get(1).endNanos());
        CounterValue clock = intervals.get(0).values().get(0);
        assertEquals(new CounterValue("task-clock", "", "msec", java.util.OptionalDouble.of(29.83),
                java.util.OptionalDouble.of(100.0), java.util.OptionalDouble.of(0.298), "CPUs utilized"), clock);
        CounterValue faults = intervals.get(0).values().get(1);
        assertEquals("count", faults.unit());
        assertEquals(2146.0, faults.metricValue().getAsDouble(), 0, "K/sec is scaled to /sec exactly");
        assertEquals("/sec", faults.metricUnit());
        CounterValue notCounted = intervals.get(1).values().get(1);
        assertFalse(notCounted.counted(), "<not counted> is a missing value, never 0");
        assertEquals("page-faults", notCounted.event());
    }

    @Test
    void aPerCpuColumnIsTheValuesId() {
        Optional<PerfStatCsv.Line> line = PerfStatCsv.parseLine(
                "     0.101678307;CPU1;111.53;msec;task-clock;111531466;100.00;1.115;CPUs utilized");
        assertTrue(line.isPresent());
        assertEquals("CPU1", line.get().value().id());
        assertEquals(111.53, line.get().value().value().getAsDouble(), 0);
    }

    @Test
    void linesThatAreNoIntervalAreSkipped() {
        for (String text : List.of("", "# started on Sun Nov 29", "     0.1", "abc;1;msec;task-clock",
                "     0.106091615;29.83;msec;;1;100.00")) {
            assertEquals(Optional.empty(), PerfStatCsv.parseLine(text), text);
        }
    }

    @Test
    void anIntervalsEndIsExactToTheNanosecond() {
        qt().forAll(longs().between(0, 999_999_999L), integers().between(0, 999_999_999), integers().between(1, 9))
                .checkAssert((seconds, nanos, digits) -> {
                    long scale = (long) Math.pow(10, 9 - digits);
                    long kept = nanos / scale;
                    String fraction = String.format("%0" + digits + "d", kept);
                    assertEquals(seconds * 1_000_000_000L + kept * scale, PerfStatCsv.nanos(seconds + "." + fraction));
                });
        assertEquals(-1, PerfStatCsv.nanos("1.0000000001"), "more than nanoseconds is no perf time");
        assertEquals(-1, PerfStatCsv.nanos("1."));
    }
}
