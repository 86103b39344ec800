package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.StackFilters;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * SEMANTICS.md section 5, "Limits": every sum of the fold, the views and the merge stops at the limit of a long
 * instead of wrapping, and the tree that holds it counts it ({@link CallTree#overflows()}), at the limits: values
 * near 2^63, many of them, and small ones beside them. The exact sum is a {@link BigInteger}.
 */
class OverflowPropertiesTest {
    private static final long MAX = Long.MAX_VALUE;
    private static final BigInteger LIMIT = BigInteger.valueOf(MAX);

    /** Values at the edge (within 2^40 of 2^63), small ones, and 0. */
    private static Gen<Long> edgy() {
        return longs().between(MAX - (1L << 40), MAX).mix(longs().between(0, 1000), 30)
                .mix(longs().between(0, 0), 5);
    }

    private static long saturated(List<Long> values) {
        BigInteger sum = values.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add);
        return sum.min(LIMIT).longValueExact();
    }

    private static boolean overflows(List<Long> values) {
        return values.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add).compareTo(LIMIT) > 0;
    }

    @Test
    void samplesOfOneStackSumToTheExactSumOrStopAtTheLimitAndSaySo() {
        qt().forAll(lists().of(edgy()).ofSizeBetween(1, 40), edgy()).checkAssert((weights, samples) -> {
            FrameTable frames = new FrameTable(new NameTable());
            CallTree tree = new CallTree(frames);
            int main = tree.child(CallTree.ROOT, frames.intern("main", ""));
            int leaf = tree.child(main, frames.intern("work", ""));
            List<Long> counts = weights.stream().map(w -> samples).toList();
            for (long w : weights) {
                tree.addSamples(leaf, w, samples);
            }
            assertEquals(saturated(weights), tree.inclusiveNanos(main));
            assertEquals(saturated(weights), tree.exclusiveNanos(leaf));
            assertEquals(saturated(counts), tree.calls(main));
            assertEquals(saturated(counts), tree.subcalls(main));
            boolean over = overflows(weights) || overflows(counts);
            assertEquals(over, tree.overflows() > 0, weights + " x " + samples);
            if (over) {
                assertTrue(tree.firstOverflow().orElseThrow().startsWith("row 'main"), tree.firstOverflow()::get);
            }
        });
    }

    @Test
    void aFlatRowOfManyThreadsStopsAtTheLimitAndTheViewSaysSo() {
        // Each thread's call of "f" fits; the flat row sums them (issue 26: two 9.2e15 us events on two threads).
        qt().forAll(lists().of(edgy()).ofSizeBetween(1, 12)).checkAssert(durations -> {
            FrameTable frames = new FrameTable(new NameTable());
            CallTree tree = new CallTree(frames);
            int f = frames.intern("f", "");
            for (int t = 0; t < durations.size(); t++) {
                int thread = tree.child(CallTree.ROOT, frames.intern("thread " + t, ""));
                tree.addCall(tree.child(thread, f), durations.get(t));
                tree.addCall(thread, durations.get(t));
            }
            assertEquals(0, tree.overflows(), "each thread fits");
            CallTree flat = Views.flat(tree);
            int row = rowNamed(flat, "f");
            assertEquals(saturated(durations), flat.inclusiveNanos(row));
            assertEquals(saturated(durations), flat.exclusiveNanos(row));
            assertEquals(overflows(durations), flat.overflows() > 0, durations::toString);
            CallTree callpath = Views.callpath(tree);
            assertEquals(0, callpath.overflows(), "no callpath row sums two threads");
        });
    }

    @Test
    void theLensViewsAndFiltersStopAtTheLimitAndSaySo() {
        // "f" called on each of several threads, each call fitting: the views that add f's contexts together (callers,
        // callees and inverted: one root "f"; --hide of the threads: one stack "f") sum them, and stop past the limit.
        qt().forAll(lists().of(edgy()).ofSizeBetween(1, 12)).checkAssert(durations -> {
            FrameTable frames = new FrameTable(new NameTable());
            CallTree tree = new CallTree(frames);
            int f = frames.intern("f", "");
            for (int t = 0; t < durations.size(); t++) {
                int thread = tree.child(CallTree.ROOT, frames.intern("thread " + t, ""));
                tree.addCall(tree.child(thread, f), durations.get(t));
                tree.addCall(thread, durations.get(t));
            }
            assertEquals(0, tree.overflows(), "each thread fits");
            boolean over = overflows(durations);
            for (Map.Entry<String, CallTree> view : Map.of(
                    "callers", ContextViews.callers(tree, "f"),
                    "callees", ContextViews.callees(tree, "f"),
                    "inverted", ContextViews.inverted(tree),
                    "hide", StackFiltering.apply(tree, StackFilters.NONE.withHide("^thread ")),
                    "show", StackFiltering.apply(tree, StackFilters.NONE.withShow("^f$"))).entrySet()) {
                CallTree lens = view.getValue();
                int row = rowNamed(lens, "f");
                String what = view.getKey() + " of " + durations;
                // callers and inverted give a chain's time as exclusive to its outermost row, below the root f
                if (!view.getKey().equals("callers") && !view.getKey().equals("inverted")) {
                    assertEquals(saturated(durations), lens.exclusiveNanos(row), what);
                }
                assertEquals(saturated(durations), lens.inclusiveNanos(row), what);
                assertEquals(over, lens.overflows() > 0, what);
                if (over) {
                    assertTrue(lens.firstOverflow().orElseThrow().startsWith("row 'f'"), lens.firstOverflow()::get);
                }
            }
        });
    }

    @Test
    void aFilterKeepsTheFoldsOverflowsSaid() {
        FrameTable frames = new FrameTable(new NameTable());
        CallTree tree = new CallTree(frames);
        int main = tree.child(CallTree.ROOT, frames.intern("main", ""));
        tree.addSample(tree.child(main, frames.intern("work", "")), MAX);
        tree.addSample(tree.child(main, frames.intern("idle", "")), 1);
        assertEquals(1, tree.overflows(), "main's inclusive time");
        CallTree focused = StackFiltering.apply(tree, StackFilters.NONE.withFocus("idle"));
        assertEquals(1, focused.overflows(), "the fold's overflow stays said under a filter");
        assertEquals(Optional.of("row 'main' (inclusive)"), focused.firstOverflow());
        assertEquals(1, ContextViews.inverted(tree).overflows(), "and under the inverted view");
    }

    @Test
    void aLiveCallLongerThanTheLimitLastsTheLimitAndSaysSoOneThatLastsItExactlyIsExact() {
        // begin and end times of both signs: the end minus the begin passes 2^63 - 1 only when they are that far apart
        qt().forAll(longs().between(Long.MIN_VALUE, -1), longs().between(0, MAX)).checkAssert((begin, end) -> {
            FrameTable frames = new FrameTable(new NameTable());
            LiveTrack track = new LiveTrack(frames, "live", "thread 1", Part.THREAD, 3, false);
            track.begin(frames.intern("f", ""), begin);
            track.end(frames.names().find("f"), end);
            CallTree tree = track.finish().finish();
            BigInteger exact = BigInteger.valueOf(end).subtract(BigInteger.valueOf(begin));
            boolean past = exact.compareTo(LIMIT) > 0;
            int f = tree.firstChild(CallTree.ROOT);
            assertEquals(past ? MAX : exact.longValueExact(), tree.inclusiveNanos(f), begin + " to " + end);
            assertEquals(past ? MAX : exact.longValueExact(), tree.maxInclusiveNanos(f), begin + " to " + end);
            assertEquals(past, tree.overflows() > 0, begin + " to " + end);
            if (past) {
                assertEquals(Optional.of("row 'f' (inclusive)"), tree.firstOverflow());
            }
        });
        FrameTable frames = new FrameTable(new NameTable());
        LiveTrack exactly = new LiveTrack(frames, "live", "thread 1", Part.THREAD, 3, false);
        exactly.begin(frames.intern("f", ""), -1);
        exactly.end(frames.names().find("f"), MAX - 1);
        CallTree tree = exactly.finish().finish();
        assertEquals(MAX, tree.inclusiveNanos(1));
        assertEquals(0, tree.overflows(), "a call of exactly 2^63 - 1 ns is exact");
    }

    @Test
    void mergeSumStopsOnlyPastTheLimitAndAverageIsExact() {
        qt().forAll(lists().of(edgy()).ofSizeBetween(1, 12), integers().between(0, 1)).checkAssert((values, o) -> {
            MergeOp op = o == 0 ? MergeOp.SUM : MergeOp.AVG;
            MergeAccumulator merge = new MergeAccumulator(op, MissingRule.ZERO, true, ViewKind.TREE, 0);
            for (int i = 0; i < values.size(); i++) {
                merge.add(i, "n" + i + ".json", info(i), node("main", values.get(i)), new Diagnostics());
            }
            CallTree merged = merge.result(false).profile().tree();
            int main = merged.firstChild(CallTree.ROOT);
            boolean over = overflows(values);
            if (op == MergeOp.SUM) {
                assertEquals(saturated(values), merged.inclusiveNanos(main));
                assertEquals(over, merged.overflows() > 0, op + " of " + values);
            } else {
                assertEquals(roundedAverage(values, values.size()), merged.inclusiveNanos(main), "avg of " + values);
                assertEquals(0, merged.overflows(), "an average divides the exact sum: " + values);
            }
            assertTrue(merged.inclusiveNanos(main) >= 0, "never wraps below zero");
        });
    }

    /** Values within 2^40 of either limit, the limits themselves, and small ones of both signs. */
    private static Gen<Long> nearBothLimits() {
        return longs().between(MAX - (1L << 40), MAX).mix(longs().between(Long.MIN_VALUE, Long.MIN_VALUE + (1L << 40)), 50)
                .mix(longs().between(-1000, 1000), 20).mix(longs().between(MAX, MAX), 5)
                .mix(longs().between(Long.MIN_VALUE, Long.MIN_VALUE), 5);
    }

    @Test
    void anAverageOfValuesNearEitherLimitIsTheExactQuotientRoundedHalfAwayFromZeroInAnyShares() {
        // SEMANTICS.md section 4: avg is the exact quotient sum / nodes rounded to the nearest nanosecond, halves away
        // from zero, the divisor being every node (missing rule zero) or those having the row (present); a node
        // without "main" (a null value) has only "other". Nodes are added in two shares, one of them shipped as bytes.
        qt().forAll(lists().of(nearBothLimits().mix(longs().between(0, 0).map(v -> (Long) null), 15))
                .ofSizeBetween(1, 16), integers().between(0, 16), integers().between(0, 1)).checkAssert((values, cut, r) -> {
            MissingRule rule = r == 0 ? MissingRule.ZERO : MissingRule.PRESENT;
            List<Long> present = values.stream().filter(v -> v != null).toList();
            if (present.isEmpty()) {
                return;
            }
            int split = Math.min(cut, values.size());
            MergeAccumulator left = new MergeAccumulator(MergeOp.AVG, rule, true, ViewKind.TREE, 0);
            MergeAccumulator right = new MergeAccumulator(MergeOp.AVG, rule, true, ViewKind.TREE, 0);
            for (int i = 0; i < values.size(); i++) {
                Long v = values.get(i);
                (i < split ? left : right).add(i, "n" + i + ".json", info(i),
                        v == null ? node("other", 1) : node("main", v), new Diagnostics());
            }
            left.combine(MergeAccumulator.fromBytes(right.toBytes()));
            MergeAccumulator.Merged result = left.result(false);
            CallTree merged = result.profile().tree();
            int main = rowNamed(merged, "main");
            long divisor = rule == MissingRule.ZERO ? values.size() : present.size();
            assertEquals(roundedAverage(present, divisor), merged.inclusiveNanos(main), rule + " avg of " + values);
            assertEquals(roundedAverage(present, divisor), merged.exclusiveNanos(main), rule + " avg of " + values);
            assertEquals(0, merged.overflows(), "an average never stops at the limit: " + values);
            double mean = new java.math.BigDecimal(exactSum(present)).divide(java.math.BigDecimal.valueOf(divisor),
                    new java.math.MathContext(300)).doubleValue();
            assertEquals(mean, result.breakdown().orElseThrow().meanNanos(main), "breakdown mean of " + values);
        });
    }

    @Test
    void aSumThatReachesTheLimitExactlyIsExactAndOnlyOnePastItStops() {
        // Both sides of both limits, in the fold, a flat view of two threads and a merge (sum and calls).
        for (long[] pair : new long[][] {{MAX - 5, 5}, {MAX - 5, 6}, {Long.MIN_VALUE + 5, -5}, {Long.MIN_VALUE + 5, -6}}) {
            BigInteger exact = BigInteger.valueOf(pair[0]).add(BigInteger.valueOf(pair[1]));
            boolean past = exact.bitLength() > 63;
            long shown = past ? (exact.signum() < 0 ? Long.MIN_VALUE : MAX) : exact.longValueExact();
            String what = pair[0] + " + " + pair[1];

            FrameTable frames = new FrameTable(new NameTable());
            CallTree fold = new CallTree(frames);
            int main = fold.child(CallTree.ROOT, frames.intern("main", ""));
            fold.addSample(main, pair[0]);
            fold.addSample(main, pair[1]);
            assertEquals(shown, fold.exclusiveNanos(main), what);
            assertEquals(past, fold.overflows() > 0, "fold: " + what);

            CallTree threads = new CallTree(frames);
            int f = frames.intern("f", "");
            for (int t = 0; t < 2; t++) {
                int thread = threads.child(CallTree.ROOT, frames.intern("thread " + t, ""));
                threads.addSample(threads.child(thread, f), pair[t]);
            }
            CallTree flat = Views.flat(threads);
            assertEquals(shown, flat.exclusiveNanos(rowNamed(flat, "f")), what);
            assertEquals(past, flat.overflows() > 0, "flat: " + what);

            MergeAccumulator merge = new MergeAccumulator(MergeOp.SUM, MissingRule.ZERO, false, ViewKind.TREE, 0);
            for (int i = 0; i < 2; i++) {
                merge.add(i, "n" + i + ".json", info(i), node("main", pair[i]), new Diagnostics());
            }
            CallTree merged = merge.result(false).profile().tree();
            assertEquals(shown, merged.inclusiveNanos(1), what);
            assertEquals(past ? 2 : 0, merged.overflows(), "merge (inclusive, exclusive): " + what);
        }
        // calls: a merge of two nodes whose calls add to exactly 2^63 - 1, then one more
        for (long second : new long[] {1, 2}) {
            MergeAccumulator merge = new MergeAccumulator(MergeOp.SUM, MissingRule.ZERO, false, ViewKind.TREE, 0);
            for (int i = 0; i < 2; i++) {
                FrameTable frames = new FrameTable(new NameTable());
                CallTree tree = new CallTree(frames);
                int main = tree.child(CallTree.ROOT, frames.intern("main", ""));
                tree.setMetrics(main, i == 0 ? MAX - 1 : second, 0, 1, 1, 1, 1);
                merge.add(i, "n" + i + ".json", info(i), Profile.single(tree, List.of("n" + i + ".json"), Map.of(),
                        Map.of()), new Diagnostics());
            }
            CallTree merged = merge.result(false).profile().tree();
            assertEquals(MAX, merged.calls(1));
            assertEquals(second == 1 ? 0 : 1, merged.overflows(), "calls (2^63 - 2) + " + second);
        }
    }

    private static NodeInfo info(int i) {
        String name = "n" + i + ".json";
        return new NodeInfo(name, name, "", "", Map.of(), Map.of());
    }

    /** A profile of one root {@code region} called once for {@code nanos}. */
    private static Profile node(String region, long nanos) {
        FrameTable frames = new FrameTable(new NameTable());
        CallTree tree = new CallTree(frames);
        tree.setMetrics(tree.child(CallTree.ROOT, frames.intern(region, "")), 1, 0, nanos, nanos, nanos, nanos);
        return Profile.single(tree, List.of(region + ".json"), Map.of(), Map.of());
    }

    private static BigInteger exactSum(List<Long> values) {
        return values.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add);
    }

    /** The exact sum of {@code values} divided by {@code divisor}, rounded to the nearest integer, halves away from 0. */
    private static long roundedAverage(List<Long> values, long divisor) {
        BigInteger[] qr = exactSum(values).divideAndRemainder(BigInteger.valueOf(divisor));
        BigInteger q = qr[0];
        if (qr[1].abs().shiftLeft(1).compareTo(BigInteger.valueOf(divisor)) >= 0) {
            q = q.add(BigInteger.valueOf(qr[1].signum()));
        }
        return q.longValueExact();
    }

    @Test
    void aNodeThatStoppedAtTheLimitIsAWarningOfTheMergeNamingItsInput() {
        FrameTable frames = new FrameTable(new NameTable());
        CallTree tree = new CallTree(frames);
        int main = tree.child(CallTree.ROOT, frames.intern("main", ""));
        tree.addSample(main, MAX);
        tree.addSample(main, MAX);
        MergeAccumulator merge = new MergeAccumulator(MergeOp.MIN, MissingRule.ZERO, false, ViewKind.TREE, 0);
        merge.add(0, "big.folded", new NodeInfo("big", "big.folded", "", "", Map.of(), Map.of()),
                Profile.single(tree, List.of("big.folded"), Map.of(), Map.of()), new Diagnostics());
        Diagnostics d = merge.result(false).diagnostics();
        assertEquals(2, d.warningCount(Diagnostics.ARITHMETIC_OVERFLOW), "inclusive and exclusive of main");
        assertEquals(List.of("big.folded: row 'main' (exclusive)"),
                d.warnings().get(Diagnostics.ARITHMETIC_OVERFLOW).examples());
    }

    private static int rowNamed(CallTree view, String name) {
        for (int r = view.firstChild(CallTree.ROOT); r != CallTree.NONE; r = view.nextSibling(r)) {
            if (view.regionName(r).equals(name)) {
                return r;
            }
        }
        throw new AssertionError("no row " + name);
    }
}
