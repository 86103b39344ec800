package dev.ppw.model;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.math.BigInteger;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The model's own sums never stop at the limit unsaid (SEMANTICS.md section 5, "Limits"): a tree's totals and
 * {@link Combine#apply(long, long)} are exact, or refuse a sum past the range of a long, on many values at its edge.
 */
class ExactTotalsPropertiesTest {
    private static final Gen<Long> EDGE = longs().between(Long.MAX_VALUE - 1000, Long.MAX_VALUE)
            .mix(longs().between(Long.MIN_VALUE, Long.MIN_VALUE + 1000), 30)
            .mix(longs().between(-1000, 1000), 30);

    @Test
    void aTreesTotalIsExactOrRefused() {
        qt().withExamples(500).forAll(lists().of(EDGE).ofSizeBetween(0, 30)).checkAssert(values -> {
            CallTree t = new CallTree(new FrameTable(new NameTable()));
            BigInteger exact = BigInteger.ZERO;
            boolean passed = false;
            for (int i = 0; i < values.size(); i++) {
                int root = t.child(CallTree.ROOT, t.frames().intern("r" + i));
                t.setMetrics(root, 1, 0, values.get(i), values.get(i), CallTree.UNSET, CallTree.UNSET);
                exact = exact.add(BigInteger.valueOf(values.get(i)));
                passed |= exact.bitLength() > 63;
            }
            if (passed) {
                // Past the limit on the way, even if back within it at the end: a long would have wrapped there.
                assertThrows(ArithmeticException.class, t::totalInclusiveNanos);
                assertThrows(ArithmeticException.class, () -> t.totalInclusiveNanos(Part.THREAD));
            } else {
                assertEquals(exact.longValueExact(), t.totalInclusiveNanos());
                assertEquals(exact.longValueExact(), t.totalInclusiveNanos(Part.THREAD));
                assertEquals(0, t.totalInclusiveNanos(Part.ASYNC));
            }
        });
    }

    @Test
    void combiningLongsIsExactOrRefused() {
        qt().withExamples(500).forAll(EDGE, EDGE).checkAssert((a, b) -> {
            BigInteger sum = BigInteger.valueOf(a).add(BigInteger.valueOf(b));
            if (sum.bitLength() > 63) {
                assertThrows(ArithmeticException.class, () -> Combine.SUM.apply(a, b));
            } else {
                assertEquals(sum.longValueExact(), Combine.SUM.apply(a, b));
            }
            assertEquals(Math.min(a, b), Combine.MIN.apply(a, b));
            assertEquals(Math.max(a, b), Combine.MAX.apply(a, b));
        });
    }

    @Test
    void aTreesCountedSumStopsAtTheLimitAndCountsEachStop() {
        qt().withExamples(300).forAll(lists().of(longs().between(Long.MAX_VALUE / 4, Long.MAX_VALUE))
                .ofSizeBetween(1, 30)).checkAssert(values -> {
            CallTree t = new CallTree(new FrameTable(new NameTable()));
            int f = t.child(CallTree.ROOT, t.frames().intern("f"));
            long sum = 0;
            BigInteger exact = BigInteger.ZERO;
            long stops = 0;
            for (long v : values) {
                sum = t.sum(f, "inclusive", sum, v);
                exact = exact.add(BigInteger.valueOf(v));
                if (exact.bitLength() > 63) {
                    stops++;
                }
            }
            assertEquals(exact.bitLength() > 63 ? Long.MAX_VALUE : exact.longValueExact(), sum);
            assertEquals(stops, t.overflows(), "every sum that stopped is counted");
            assertEquals(stops > 0 ? List.of("row 'f' (inclusive)") : List.of(), t.firstOverflow().stream().toList());
        });
    }
}
