package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

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
    void mergeSumAndAverageNeverWrapAndTheMergedTreeSaysWhereTheyStopped() {
        qt().forAll(lists().of(edgy()).ofSizeBetween(1, 12), integers().between(0, 1)).checkAssert((values, o) -> {
            MergeOp op = o == 0 ? MergeOp.SUM : MergeOp.AVG;
            MergeAccumulator merge = new MergeAccumulator(op, MissingRule.ZERO, true, ViewKind.TREE, 0);
            for (int i = 0; i < values.size(); i++) {
                FrameTable frames = new FrameTable(new NameTable());
                CallTree tree = new CallTree(frames);
                tree.addCall(tree.child(CallTree.ROOT, frames.intern("main", "")), values.get(i));
                String name = "n" + i + ".json";
                merge.add(i, name, new NodeInfo(name, name, "", "", Map.of(), Map.of()),
                        Profile.single(tree, List.of(name), Map.of(), Map.of()), new Diagnostics());
            }
            CallTree merged = merge.result(false).profile().tree();
            int main = merged.firstChild(CallTree.ROOT);
            BigInteger exact = values.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add);
            boolean over = overflows(values);
            if (op == MergeOp.SUM) {
                assertEquals(saturated(values), merged.inclusiveNanos(main));
            } else if (!over) {
                BigInteger[] qr = exact.divideAndRemainder(BigInteger.valueOf(values.size()));
                long rounded = qr[0].longValueExact()
                        + (qr[1].shiftLeft(1).compareTo(BigInteger.valueOf(values.size())) >= 0 ? 1 : 0);
                assertEquals(rounded, merged.inclusiveNanos(main), "avg of " + values);
            }
            assertEquals(over, merged.overflows() > 0, op + " of " + values);
            assertTrue(merged.inclusiveNanos(main) >= 0, "never wraps below zero");
        });
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
