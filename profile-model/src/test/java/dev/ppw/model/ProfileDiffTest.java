package dev.ppw.model;

import dev.ppw.model.ProfileDiff.Presence;
import dev.ppw.model.ProfileDiff.Quantity;
import dev.ppw.model.output.Content;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The arithmetic a diff promises: exact deltas, ratios and shares rounded half to even only at the end. */
class ProfileDiffTest {
    private static final Quantity INCLUSIVE = new Quantity("inclusive_ns", MetricUnit.NANOSECONDS,
            Quantity.Kind.INCLUSIVE, SampleWeights.TIME);
    private static final Quantity CALLS = new Quantity("calls", MetricUnit.COUNT, Quantity.Kind.CALLS,
            SampleWeights.TIME);

    /** Rows 1 (both), 2 (only A), 3 (only B); A's thread total 3, B's 7. */
    private static ProfileDiff diff(boolean normalized) {
        CallTree rows = new CallTree(new FrameTable(new NameTable()));
        rows.child(CallTree.ROOT, rows.frames().intern("both"));
        rows.child(CallTree.ROOT, rows.frames().intern("onlyA"));
        rows.child(CallTree.ROOT, rows.frames().intern("onlyB"));
        Profile empty = Profile.single(new CallTree(new FrameTable(new NameTable())), List.of(), Map.of(), Map.of());
        return new ProfileDiff(empty, empty, rows,
                new Presence[] {null, Presence.BOTH, Presence.ONLY_A, Presence.ONLY_B}, List.of(INCLUSIVE, CALLS),
                new long[][] {{0, 1, 2, 0}, {0, 1, 1, 0}}, new long[][] {{0, 2, 0, 5}, {0, 3, 0, 1}},
                new long[][] {{3, 0, 0}, {2, 0, 0}}, new long[][] {{7, 0, 0}, {4, 0, 0}}, normalized);
    }

    @Test
    void deltasAreExactAndRatiosAbsentWhereAIsZero() {
        ProfileDiff d = diff(false);
        assertEquals(1, d.delta(1, 0));
        assertEquals(-2, d.delta(2, 0));
        assertEquals(5, d.delta(3, 0));
        assertEquals(Optional.of(new BigDecimal("2.00")), d.ratio(1, 0, 2));
        assertEquals(Optional.of(new BigDecimal("0.00")), d.ratio(2, 0, 2));
        assertEquals(Optional.empty(), d.ratio(3, 0, 2));
        // 3 / 1 calls.
        assertEquals(Optional.of(new BigDecimal("3.000")), d.ratio(1, 1, 3));
    }

    @Test
    void sharesAreOfEachSidesTotalAndTheirDeltaIsRoundedOnce() {
        ProfileDiff d = diff(true);
        // 1/3 = 33.33...% of A, 2/7 = 28.571...% of B: the delta -1/21 = -4.76...% is -4.8 at one decimal,
        // where the difference of the rounded shares, 28.6 - 33.3, would be -4.7.
        assertEquals(new BigDecimal("33.33"), d.sharePercentA(1, 0, 2));
        assertEquals(new BigDecimal("28.57"), d.sharePercentB(1, 0, 2));
        assertEquals(new BigDecimal("-4.8"), d.shareDeltaPercent(1, 0, 1));
        // Share ratio (2/7) / (1/3) = 6/7.
        assertEquals(Optional.of(new BigDecimal("0.857143")), d.ratio(1, 0, 6));
        // Calls are not shares: their ratio stays absolute.
        assertEquals(Optional.of(new BigDecimal("3")), d.ratio(1, 1, 0));
    }

    @Test
    void roundingIsHalfToEven() {
        // 1/8 of a total: 12.5% at 0 decimals is 12, at 1 decimal 12.5.
        CallTree rows = new CallTree(new FrameTable(new NameTable()));
        rows.child(CallTree.ROOT, rows.frames().intern("r"));
        Profile empty = Profile.single(new CallTree(new FrameTable(new NameTable())), List.of(), Map.of(), Map.of());
        ProfileDiff d = new ProfileDiff(empty, empty, rows, new Presence[] {null, Presence.BOTH}, List.of(INCLUSIVE),
                new long[][] {{0, 1}}, new long[][] {{0, 1}}, new long[][] {{8, 0, 0}}, new long[][] {{8, 0, 0}}, true);
        assertEquals(new BigDecimal("12"), d.sharePercentA(1, 0, 0));
        assertEquals(new BigDecimal("12.5"), d.sharePercentA(1, 0, 1));
    }

    @Test
    void aReportOfADiffIsDiffContentOverTheDiffsRows() {
        ProfileDiff d = diff(false);
        Report report = Report.ofDiff(d, new int[] {3, 2, 1}, Optional.empty(), new Diagnostics());
        assertEquals(Content.DIFF, report.content());
        assertEquals(d.rows(), report.profile().tree());
        assertEquals(7, report.totalInclusiveNanos(), "B's thread total of the inclusive measure");
        Report plain = new Report(report.profile(), new int[] {1}, 0, Optional.empty());
        assertEquals(Content.PROFILE, plain.content());
        assertThrows(IllegalArgumentException.class, () -> new Report(plain.profile().withView(
                new CallTree(new FrameTable(new NameTable())), ViewKind.TREE, 0), new int[0], 0, Optional.empty(),
                Optional.empty(), Optional.empty(), new Diagnostics(), Optional.empty(), List.of(),
                Presentation.defaults(), Optional.of(d)));
    }

    @Test
    void rowsOutsideTheDiffAreRefused() {
        ProfileDiff d = diff(false);
        assertThrows(IndexOutOfBoundsException.class, () -> d.valueA(0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> d.valueB(4, 0));
    }
}
