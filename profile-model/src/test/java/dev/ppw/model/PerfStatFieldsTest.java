package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The rules both readers of perf stat's interval lines follow (the perf-stat format and the workload runner): where the
 * count is, what a count is, and a derived metric in one unit. Lines as perf 6.1 writes them.
 */
class PerfStatFieldsTest {
    private static int column(String line, char sep) {
        return PerfStatFields.valueColumn(PerfStatFields.split(line, sep));
    }

    @Test
    void theCountFollowsTheTimeOrACpuThreadOrCoreColumn() {
        assertEquals(1, column("     0.106091615;29.83;msec;task-clock;29826803;100.00;0.298;CPUs utilized", ';'));
        assertEquals(1, column("     0.207938702;<not counted>;;page-faults;0;0.00;;", ';'));
        assertEquals(2, column("     0.200286116,CPU1,215.15,msec,task-clock,215146197,100.00,1.076,CPUs utilized", ','));
        assertEquals(2, column("     0.238267302,work-1754,7,,context-switches,17358534,100.00,402.848,/sec", ','));
        assertEquals(3, column("     0.211715996,S0-D0-C0,1,164,,context-switches,211871044,100.00,774.052,/sec", ','));
        assertEquals(-1, column("     0.1", ';'));
        assertEquals(-1, column("     0.1;msec;task-clock", ';'));
    }

    @Test
    void splittingKeepsBlankFields() {
        assertEquals(List.of("1", "", "x", ""), PerfStatFields.split("1;;x;", ';'));
        assertEquals(List.of(""), PerfStatFields.split("", ';'));
    }

    @Test
    void aCountIsDigitsWithAnOptionalFractionOrWhatPerfCouldNotCount() {
        for (String yes : List.of("164", "29.83", ".5", "5.", " 12 ", "<not counted>", "<not supported>")) {
            assertTrue(PerfStatFields.isCount(yes), yes);
        }
        for (String no : List.of("", ".", "1.2.3", "-1", "1e3", "1,234", "CPU1", "msec", "S0-D0-C0")) {
            assertFalse(PerfStatFields.isCount(no), no);
            assertEquals(OptionalDouble.empty(), PerfStatFields.number(no.strip()), no);
        }
    }

    @Test
    void aNumberReadsAsTheDoubleOfItsDecimalText() {
        qt().forAll(longs().between(0, Long.MAX_VALUE), integers().between(0, 999_999_999))
                .checkAssert((whole, fraction) -> {
                    String text = whole + "." + fraction;
                    assertEquals(OptionalDouble.of(Double.parseDouble(text)), PerfStatFields.number(text));
                });
    }

    @Test
    void aRateIsEventsPerSecondExactlyAndOtherMetricsKeepTheirUnit() {
        assertEquals(Optional.of(new PerfStatFields.Metric(new BigDecimal("2146"), "/sec")),
                PerfStatFields.metric("2.146", "K/sec"));
        assertEquals(Optional.of(new PerfStatFields.Metric(new BigDecimal("1500000"), "/sec")),
                PerfStatFields.metric("1.5", "M/sec"));
        assertEquals(Optional.of(new PerfStatFields.Metric(new BigDecimal("3000000000"), "/sec")),
                PerfStatFields.metric("3", "G/sec"));
        assertEquals(Optional.of(new PerfStatFields.Metric(new BigDecimal("301.742"), "/sec")),
                PerfStatFields.metric("301.742", "/sec"));
        assertEquals(Optional.of(new PerfStatFields.Metric(new BigDecimal("0.298"), "CPUs utilized")),
                PerfStatFields.metric("0.298", "CPUs utilized"));
        assertEquals(Optional.of(new PerfStatFields.Metric(new BigDecimal("2.1"), "Ki/secs")),
                PerfStatFields.metric("2.1", "Ki/secs"), "only K, M and G before /sec are sizes");
        assertEquals(Optional.of(new PerfStatFields.Metric(new BigDecimal("7"), PerfStatFields.METRIC)),
                PerfStatFields.metric("7", ""));
        assertEquals(Optional.empty(), PerfStatFields.metric("", ""));
        assertEquals(Optional.empty(), PerfStatFields.metric("n/a", "/sec"));
    }
}
