package dev.ppw.model;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class CallTimeSketchTest {
    private static final double[] QUANTILES = {0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 1};

    /** Call times of a known distribution: its kind, a seed, how many. */
    private record Trace(int kind, long seed, int calls) {
        long[] times() {
            Random r = new Random(seed);
            long[] t = new long[calls];
            for (int i = 0; i < calls; i++) {
                t[i] = switch (kind) {
                    // uniform over 0..10 us: small values where the half-ns rounding matters
                    case 0 -> r.nextLong(10_001);
                    // exponential, mean 1 ms
                    case 1 -> (long) (-Math.log(1 - r.nextDouble()) * 1_000_000);
                    // log-normal around 50 us, a long tail
                    case 2 -> (long) Math.exp(Math.log(50_000) + 2 * r.nextGaussian());
                    // bimodal: fast path 200 ns, slow path 30 ms, some calls of 0 ns
                    case 3 -> r.nextInt(10) == 0 ? 0 : r.nextInt(5) == 0 ? 30_000_000 + r.nextInt(1000) : 200 + r.nextInt(3);
                    // one value
                    case 4 -> 123_456_789;
                    // anywhere from 1 ns to about a day
                    default -> (long) Math.exp(r.nextDouble() * Math.log(86_400e9));
                };
            }
            return t;
        }
    }

    private static Gen<Trace> traces() {
        return integers().between(0, 5).zip(longs().all(), integers().between(1, 3000), Trace::new);
    }

    /** The exact quantile as SEMANTICS.md defines it: the call at 0-based rank floor(q * (n - 1)) in time order. */
    static long exactQuantile(long[] sorted, double q) {
        return sorted[(int) Math.floor(q * (sorted.length - 1))];
    }

    static CallTimeSketch sketchOf(long[] times, int from, int to) {
        CallTimeSketch s = new CallTimeSketch();
        for (int i = from; i < to; i++) {
            s.add(times[i]);
        }
        return s;
    }

    @Test
    void quantilesAreWithinOnePercentOfTheExactOnesPlusTheRounding() {
        qt().forAll(traces()).checkAssert(trace -> {
            long[] times = trace.times();
            CallTimeSketch sketch = sketchOf(times, 0, times.length);
            long[] sorted = times.clone();
            Arrays.sort(sorted);
            assertEquals(times.length, sketch.count());
            for (double q : QUANTILES) {
                long exact = exactQuantile(sorted, q);
                long printed = sketch.quantileNanos(q);
                assertTrue(Math.abs(printed - exact) <= CallTimeSketch.RELATIVE_ACCURACY * exact + 0.5,
                        () -> trace + " q=" + q + ": sketch " + printed + ", exact " + exact);
            }
        });
    }

    @Test
    void mergingPartsEqualsSketchingAllCallsTogether() {
        qt().forAll(traces(), integers().between(1, 20)).checkAssert((trace, parts) -> {
            long[] times = trace.times();
            CallTimeSketch whole = sketchOf(times, 0, times.length);
            CallTimeSketch merged = new CallTimeSketch();
            List<CallTimeSketch> pieces = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                pieces.add(sketchOf(times, times.length * p / parts, times.length * (p + 1) / parts));
            }
            // merged in reverse order: the union does not depend on the order
            for (int p = parts - 1; p >= 0; p--) {
                merged.addAll(pieces.get(p));
            }
            assertEquals(whole.encode(), merged.encode());
            for (double q : QUANTILES) {
                assertEquals(whole.quantileNanos(q), merged.quantileNanos(q), () -> trace + " q=" + q);
            }
        });
    }

    @Test
    void encodingReadsBackToTheSameSketch() {
        qt().forAll(traces()).checkAssert(trace -> {
            long[] times = trace.times();
            CallTimeSketch sketch = sketchOf(times, 0, times.length);
            CallTimeSketch read = CallTimeSketch.decode(sketch.encode());
            assertEquals(sketch, read);
            assertEquals(sketch.count(), read.count());
            for (double q : QUANTILES) {
                assertEquals(sketch.quantileNanos(q), read.quantileNanos(q));
            }
        });
    }

    @Test
    void memoryIsBoundedWhateverTheCalls() {
        CallTimeSketch sketch = new CallTimeSketch();
        Random r = new Random(7);
        long max = 0;
        for (int i = 0; i < 1_000_000; i++) {
            long slow = r.nextLong(Long.MAX_VALUE);
            max = Math.max(max, slow);
            sketch.add(slow);
            sketch.add(1 + r.nextInt(1000));
        }
        assertTrue(sketch.bins() <= CallTimeSketch.MAX_BINS, () -> sketch.bins() + " bins");
        assertEquals(2_000_000, sketch.count());
        // past the bound the lowest bins collapse: the tail keeps its accuracy
        long exactMax = max;
        long top = sketch.quantileNanos(1);
        assertTrue(Math.abs(top - (double) exactMax) <= CallTimeSketch.RELATIVE_ACCURACY * exactMax,
                () -> "max " + top + ", exact " + exactMax);
    }

    @Test
    void zeroNanosecondCallsAreExact() {
        CallTimeSketch sketch = sketchOf(new long[] {0, 0, 0, 5_000}, 0, 4);
        assertEquals(0, sketch.quantileNanos(0.5));
        assertEquals(0, sketch.quantileNanos(0));
        assertEquals(4, sketch.count());
    }

    @Test
    void badEncodingsAreRejectedWithAReason() {
        CallTimeSketch good = sketchOf(new long[] {10, 20, 30}, 0, 3);
        String text = good.encode();
        assertEquals("a call-time sketch is base64url text",
                assertThrows(IllegalArgumentException.class, () -> CallTimeSketch.decode("a+b/")).getMessage());
        assertEquals("a call-time sketch starts with encoding 1",
                assertThrows(IllegalArgumentException.class, () -> CallTimeSketch.decode("")).getMessage());
        assertEquals("a call-time sketch ends inside a number", assertThrows(IllegalArgumentException.class,
                () -> CallTimeSketch.decode(text.substring(0, text.length() - 2))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CallTimeSketch.decode(text + "AA"));
        // version 1, no zeros, one bin at a huge index
        byte[] far = {1, 0, 1, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f, 1};
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CallTimeSketch.decode(
                java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(far))).getMessage()
                .startsWith("bin "));
    }

    @Test
    void quantileOfAnEmptySketchIsAnError() {
        assertThrows(IllegalStateException.class, () -> new CallTimeSketch().quantileNanos(0.5));
        assertThrows(IllegalArgumentException.class, () -> new CallTimeSketch().add(-1));
    }

    @Test
    void callTreeKeepsSketchesOnlyWhenAskedAndViewsJoinThem() {
        CallTree plain = new CallTree(new FrameTable(new NameTable()));
        int a = plain.child(CallTree.ROOT, plain.frames().intern("a"));
        plain.addCall(a, 10);
        assertNull(plain.callTimes(a));

        CallTree kept = new CallTree(new FrameTable(new NameTable()));
        kept.keepCallTimes();
        int k = kept.child(CallTree.ROOT, kept.frames().intern("a"));
        int inner = kept.child(k, kept.frames().intern("a"));
        kept.addCall(inner, 10);
        kept.addCall(k, 30);
        kept.addCall(k, 50);
        assertEquals(2, kept.callTimes(k).count());
        assertEquals(50, kept.callTimes(k).quantileNanos(1));
        assertNull(kept.callTimes(CallTree.ROOT));

        CallTree sum = new CallTree(new FrameTable(new NameTable()));
        int row = sum.child(CallTree.ROOT, sum.frames().intern("a"));
        sum.addMetricsOf(kept, k, row, false);
        sum.addMetricsOf(kept, inner, row, true);
        assertTrue(sum.keepsCallTimes());
        assertEquals(sketchOf(new long[] {10, 30, 50}, 0, 3), sum.callTimes(row));
        // the tree's sketch is its own: the source did not change
        assertEquals(2, kept.callTimes(k).count());
    }

    @Test
    void percentilesParseAsWritten() {
        assertEquals(new Percentile("50", 0.5), Percentile.parse("50"));
        assertEquals("p99_9", Percentile.parse("99.90").columnName());
        assertEquals(List.of(Percentile.parse("50"), Percentile.parse("99")), Percentile.parseList("50,99,50.0"));
        assertEquals("percentile '0' is not a plain number above 0 and at most 100",
                assertThrows(IllegalArgumentException.class, () -> Percentile.parse("0")).getMessage());
        assertEquals("percentile 'x' is not a number",
                assertThrows(IllegalArgumentException.class, () -> Percentile.parseList("50,x")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Percentile.parse("100.5"));
        assertThrows(IllegalArgumentException.class, () -> Percentile.parse("1e1"));
        assertEquals(1.0, Percentile.parse("100").quantile());
    }
}
