package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

class PerCallTest {
    @Test
    void theQuotientRoundsToTheNearestNanosecondHalvesAwayFromZero() {
        assertEquals(117_500, PerCall.nearestQuotient(235_000, 2));
        assertEquals(2, PerCall.nearestQuotient(5, 3));
        assertEquals(3, PerCall.nearestQuotient(5, 2));
        assertEquals(-3, PerCall.nearestQuotient(-5, 2));
        assertEquals(1, PerCall.nearestQuotient(4, 3));
        assertEquals(Long.MAX_VALUE, PerCall.nearestQuotient(Long.MAX_VALUE, 1));
        assertEquals(1, PerCall.nearestQuotient(Long.MAX_VALUE, Long.MAX_VALUE - 1));
        assertThrows(IllegalArgumentException.class, () -> PerCall.nearestQuotient(1, 0));
    }

    @Test
    void theQuotientIsTheExactOneRounded() {
        qt().withExamples(2000).forAll(longs().all(), longs().between(1, Long.MAX_VALUE)).checkAssert((a, b) ->
                assertEquals(new BigDecimal(a).divide(new BigDecimal(b), 0, RoundingMode.HALF_UP).longValueExact(),
                        PerCall.nearestQuotient(a, b), a + " / " + b));
    }

    @Test
    void onlyTimedCallsOfASumHaveATimePerCall() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int timed = t.child(CallTree.ROOT, t.frames().intern("timed"));
        int sampled = t.child(CallTree.ROOT, t.frames().intern("sampled"));
        int never = t.child(CallTree.ROOT, t.frames().intern("never"));
        t.addCall(timed, 10);
        t.addCall(timed, 5);
        t.addSample(sampled, 7);
        Profile sum = Profile.single(t, List.of("t"), Map.of(), Map.of());
        assertTrue(PerCall.defined(sum, timed));
        assertEquals(8, PerCall.inclusiveNanos(sum, timed));
        assertEquals(8, PerCall.exclusiveNanos(sum, timed));
        assertFalse(PerCall.defined(sum, sampled), "samples are no calls");
        assertFalse(PerCall.defined(sum, never), "no calls");
        Profile max = new Profile(t, ViewKind.TREE, 0, MergeOp.MAX, MissingRule.ZERO, 2, List.of("a", "b"), Map.of(),
                Map.of());
        assertFalse(PerCall.defined(max, timed), "a max of times over summed calls");
    }

    @Test
    void callsTimedWholeWithoutExtremesHaveATimePerCallOutsideTheSamplesPart() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int timer = t.child(CallTree.ROOT, t.frames().intern("timer"));
        int sampled = t.child(CallTree.ROOT, t.frames().intern("sampled"), Part.SAMPLES);
        // TAU's timer: 3 calls, 10 ns in all, no minimum or maximum.
        t.setMetrics(timer, 3, 0, 10, 10, CallTree.UNSET, CallTree.UNSET);
        t.addSamples(sampled, 9, 3);
        Profile sum = Profile.single(t, List.of("t"), Map.of(), Map.of());
        assertFalse(PerCall.defined(sum, timer), "calls of unknown timing");
        t.markCallsTimedWhole();
        assertTrue(PerCall.defined(sum, timer));
        assertEquals(3, PerCall.inclusiveNanos(sum, timer));
        assertFalse(PerCall.defined(sum, sampled), "samples are no calls, whatever the tree says of its calls");
    }
}
