package dev.ppw.aggregate;

import dev.ppw.model.Breakdown;
import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/** The accumulator's merge rules (SEMANTICS.md section 4), ported from the one-node-at-a-time merger's tests. */
class MergeAccumulatorTest {

    /** The two-node example of the PPW terminology (main calls A and B once; times in seconds there). */
    private static CallTree ppwNode(long aNanos, long bNanos) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        t.addCall(t.child(main, t.frames().intern("A")), aNanos);
        t.addCall(t.child(main, t.frames().intern("B")), bNanos);
        t.addCall(main, aNanos + bNanos);
        return t;
    }

    @Test
    void ppwExampleUnderEachOperator() {
        CallTree n1 = ppwNode(7_500, 2_500);
        CallTree n2 = ppwNode(2_500, 7_500);
        assertEquals(Map.of("main", List.of(2L, 4L, 20_000L, 0L, 10_000L, 10_000L),
                        "main => A", List.of(2L, 0L, 10_000L, 10_000L, 2_500L, 7_500L),
                        "main => B", List.of(2L, 0L, 10_000L, 10_000L, 2_500L, 7_500L)),
                rows(merge(MergeOp.SUM, MissingRule.ZERO, false, n1, n2)));
        assertEquals(List.of(2L, 0L, 7_500L, 7_500L, 2_500L, 7_500L),
                rows(merge(MergeOp.MAX, MissingRule.ZERO, false, n1, n2)).get("main => A"));
        assertEquals(List.of(2L, 0L, 2_500L, 2_500L, 2_500L, 7_500L),
                rows(merge(MergeOp.MIN, MissingRule.ZERO, false, n1, n2)).get("main => B"));
        assertEquals(List.of(2L, 4L, 10_000L, 0L, 10_000L, 10_000L),
                rows(merge(MergeOp.AVG, MissingRule.ZERO, false, n1, n2)).get("main"));
        // Max makes A + B exceed main (the seed's "stranger" data set); recomputing restores the sum.
        assertEquals(15_000L, rows(merge(MergeOp.MAX, MissingRule.ZERO, true, n1, n2)).get("main").get(2));
    }

    @Test
    void missingKeyCountsAsZeroUnlessPresentOnly() {
        CallTree with = ppwNode(3, 1);
        CallTree without = new CallTree(new FrameTable(new NameTable()));
        int main = without.child(CallTree.ROOT, without.frames().intern("main"));
        without.addCall(main, 10);
        assertEquals(0L, rows(merge(MergeOp.MIN, MissingRule.ZERO, false, with, without)).get("main => A").get(2));
        assertEquals(3L, rows(merge(MergeOp.MIN, MissingRule.PRESENT, false, with, without)).get("main => A").get(2));
        // avg of 3 and a missing 0 over 2 nodes is 1.5, rounded half away from zero.
        assertEquals(2L, rows(merge(MergeOp.AVG, MissingRule.ZERO, false, with, without)).get("main => A").get(2));
        assertEquals(3L, rows(merge(MergeOp.AVG, MissingRule.PRESENT, false, with, without)).get("main => A").get(2));
    }

    @Test
    void roundedDivisionHalvesAwayFromZero() {
        assertEquals(2, MergeRows.divideRounded(3, 2));
        assertEquals(-2, MergeRows.divideRounded(-3, 2));
        assertEquals(1, MergeRows.divideRounded(4, 3));
        assertEquals(2, MergeRows.divideRounded(5, 3));
        assertEquals(-2, MergeRows.divideRounded(-5, 3));
        assertEquals(0, MergeRows.divideRounded(0, 7));
    }

    @Test
    void breakdownOfInclusiveTimes() {
        MergeAccumulator m = new MergeAccumulator(MergeOp.SUM, MissingRule.ZERO, true, ViewKind.TREE, 0);
        m.add(0, "n1.json", info("n1"), node(ppwNode(7_500, 2_500)), new Diagnostics());
        m.add(1, "n2.json", info("n2"), node(ppwNode(2_500, 7_500)), new Diagnostics());
        MergeAccumulator.Merged merged = m.result(false);
        CallTree result = merged.profile().tree();
        Breakdown b = merged.breakdown().orElseThrow();
        int a = result.findChild(result.findChild(CallTree.ROOT, result.frames().intern("main")),
                result.frames().intern("A"));
        assertEquals(2_500, b.minNanos(a));
        assertEquals(7_500, b.maxNanos(a));
        assertEquals(5_000.0, b.meanNanos(a), 1e-9);
        assertEquals(Math.sqrt(2 * 2_500.0 * 2_500.0), b.stddevNanos(a), 1e-6);
        assertEquals("n1", b.maxNode(a));
        assertEquals(1.5, b.imbalance(a), 1e-12);
    }

    // ---- properties of SEMANTICS.md section 4 over generated trees ----

    private static Gen<CallTree> trees() {
        return lists().of(integers().between(0, 999_999)).ofSizeBetween(0, 40).map(MergeAccumulatorTest::treeOf);
    }

    /** Builds a tree from a list of ints: each int is one call (its parent call, region and self time). */
    static CallTree treeOf(List<Integer> seeds) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int n = seeds.size();
        int[] parentCall = new int[n];
        long[] inclusive = new long[n];
        String[] names = {"a", "b", "c", "d"};
        int[] frameOf = new int[n];
        for (int i = 0; i < n; i++) {
            int s = seeds.get(i);
            parentCall[i] = (s % (i + 1)) - 1; // -1: a root call
            frameOf[i] = t.frames().intern(names[(s / 7) % names.length]);
            inclusive[i] = 1 + (s / 31) % 1000; // self time first
        }
        for (int i = n - 1; i >= 0; i--) { // children have larger indices than their parents
            if (parentCall[i] >= 0) {
                inclusive[parentCall[i]] += inclusive[i];
            }
        }
        int[] nodeOf = new int[n];
        for (int i = 0; i < n; i++) {
            int parentNode = parentCall[i] < 0 ? CallTree.ROOT : nodeOf[parentCall[i]];
            nodeOf[i] = t.child(parentNode, frameOf[i]);
        }
        for (int i = n - 1; i >= 0; i--) {
            t.addCall(nodeOf[i], inclusive[i]);
        }
        return t;
    }

    static CallTree merge(MergeOp op, MissingRule rule, boolean recompute, CallTree... nodes) {
        return merge(op, rule, recompute, ViewKind.TREE, 0, nodes);
    }

    /** The nodes, each an input of its own, merged as rows of {@code view} ({@code depth}: tau's N). */
    static CallTree merge(MergeOp op, MissingRule rule, boolean recompute, ViewKind view, int depth,
                          CallTree... nodes) {
        MergeAccumulator m = new MergeAccumulator(op, rule, false, view, depth);
        for (int i = 0; i < nodes.length; i++) {
            m.add(i, "node" + i + ".json", info("node" + i), node(nodes[i]).withView(nodes[i], view, depth),
                    new Diagnostics());
        }
        return m.result(recompute).profile().tree();
    }

    /** One node's tree profile of {@code tree}. */
    static Profile node(CallTree tree) {
        return Profile.single(tree, List.of(), Map.of(), Map.of());
    }

    static NodeInfo info(String label) {
        return new NodeInfo(label, label + ".json", "", "", Map.of(), Map.of());
    }

    /** Path (and callsite) to [calls, subcalls, inclusive, exclusive, min, max]. */
    static Map<String, List<Long>> rows(CallTree t) {
        Map<String, List<Long>> rows = new TreeMap<>();
        for (int n = 1; n < t.size(); n++) {
            String key = (t.part(n) == Part.ASYNC ? "[async] " : "") + t.path(n, " => ")
                    + (t.callsiteName(n).isEmpty() ? "" : " @" + t.callsiteName(n));
            rows.put(key, List.of(t.calls(n), t.subcalls(n), t.inclusiveNanos(n), t.exclusiveNanos(n),
                    t.minInclusiveNanos(n), t.maxInclusiveNanos(n)));
        }
        return rows;
    }

    @Test
    void sumIsCommutativeAndAssociativeWithEmptyIdentity() {
        qt().forAll(trees(), trees(), trees()).checkAssert((p, q, r) -> {
            assertEquals(rows(merge(MergeOp.SUM, MissingRule.ZERO, false, p, q)),
                    rows(merge(MergeOp.SUM, MissingRule.ZERO, false, q, p)));
            CallTree left = merge(MergeOp.SUM, MissingRule.ZERO, false,
                    merge(MergeOp.SUM, MissingRule.ZERO, false, p, q), r);
            CallTree right = merge(MergeOp.SUM, MissingRule.ZERO, false,
                    p, merge(MergeOp.SUM, MissingRule.ZERO, false, q, r));
            assertEquals(rows(left), rows(right));
            CallTree empty = new CallTree(new FrameTable(new NameTable()));
            assertEquals(rows(p), rows(merge(MergeOp.SUM, MissingRule.ZERO, false, p, empty)));
        });
    }

    @Test
    void copiesOfOneProfile() {
        qt().forAll(trees(), integers().between(1, 5)).checkAssert((p, k) -> {
            CallTree[] copies = new CallTree[k];
            java.util.Arrays.fill(copies, p);
            Map<String, List<Long>> base = rows(p);
            for (MergeOp op : MergeOp.values()) {
                for (MissingRule rule : MissingRule.values()) {
                    Map<String, List<Long>> merged = rows(merge(op, rule, false, copies));
                    assertEquals(base.keySet(), merged.keySet());
                    long factor = op == MergeOp.SUM ? k : 1;
                    base.forEach((key, v) -> {
                        List<Long> m = merged.get(key);
                        assertEquals(List.of(k * v.get(0), k * v.get(1), factor * v.get(2), factor * v.get(3),
                                v.get(4), v.get(5)), m, op + "/" + rule + " " + key);
                    });
                }
            }
        });
    }

    @Test
    void minAvgMaxOrderedAndSumIsAvgTimesNodes() {
        qt().forAll(lists().of(trees()).ofSizeBetween(1, 5)).checkAssert(list -> {
            CallTree[] nodes = list.toArray(new CallTree[0]);
            Map<String, List<Long>> min = rows(merge(MergeOp.MIN, MissingRule.ZERO, false, nodes));
            Map<String, List<Long>> avg = rows(merge(MergeOp.AVG, MissingRule.ZERO, false, nodes));
            Map<String, List<Long>> max = rows(merge(MergeOp.MAX, MissingRule.ZERO, false, nodes));
            Map<String, List<Long>> sum = rows(merge(MergeOp.SUM, MissingRule.ZERO, false, nodes));
            for (String key : sum.keySet()) {
                for (int metric = 2; metric <= 3; metric++) {
                    long lo = min.get(key).get(metric);
                    long mid = avg.get(key).get(metric);
                    long hi = max.get(key).get(metric);
                    assertTrue(lo <= mid && mid <= hi, key + " " + lo + " " + mid + " " + hi);
                    long total = sum.get(key).get(metric);
                    assertTrue(Math.abs(total - mid * nodes.length) <= nodes.length / 2,
                            key + " sum " + total + " avg " + mid + " x " + nodes.length);
                }
            }
        });
    }

    @Test
    void recomputedInclusiveIsExclusivePlusChildren() {
        qt().forAll(lists().of(trees()).ofSizeBetween(1, 4), integers().between(0, 3)).checkAssert((list, opIndex) -> {
            CallTree t = merge(MergeOp.values()[opIndex], MissingRule.ZERO, true, list.toArray(new CallTree[0]));
            long[] childInclusive = new long[t.size()];
            for (int n = 1; n < t.size(); n++) {
                if (t.parent(n) != CallTree.ROOT) {
                    childInclusive[t.parent(n)] += t.inclusiveNanos(n);
                }
            }
            for (int n = 1; n < t.size(); n++) {
                assertEquals(t.exclusiveNanos(n) + childInclusive[n], t.inclusiveNanos(n), t.path(n, " => "));
            }
        });
    }

    @Test
    void mergingKeepsEveryKeyOnce() {
        qt().forAll(trees(), trees()).checkAssert((p, q) -> {
            List<String> keys = new ArrayList<>(rows(p).keySet());
            keys.addAll(rows(q).keySet());
            Map<String, List<Long>> merged = rows(merge(MergeOp.MAX, MissingRule.PRESENT, false, p, q));
            assertEquals(new java.util.TreeSet<>(keys), merged.keySet());
        });
    }

    @Test
    void viewsCommuteWithSum() {
        qt().forAll(trees(), trees(), integers().between(1, 4)).checkAssert((p, q, depth) -> {
            CallTree summed = merge(MergeOp.SUM, MissingRule.ZERO, false, p, q);
            assertEquals(rows(Views.flat(summed)), rows(merge(MergeOp.SUM, MissingRule.ZERO, false, ViewKind.FLAT, 0,
                    Views.flat(p), Views.flat(q))), "flat");
            assertEquals(rows(Views.tau(summed, depth)), rows(merge(MergeOp.SUM, MissingRule.ZERO, false, ViewKind.TAU,
                    depth, Views.tau(p, depth), Views.tau(q, depth))), "tau " + depth);
            assertEquals(rows(Views.callpath(summed)), rows(merge(MergeOp.SUM, MissingRule.ZERO, false,
                    ViewKind.CALLPATH, 0, Views.callpath(p), Views.callpath(q))), "callpath");
        });
    }

    @Test
    void foldingThreadsApartThenSummingEqualsFoldingThemTogether() {
        qt().forAll(lists().of(integers().between(0, TraceGenerator.SOUP_OP_MAX)).ofSizeBetween(0, 40))
                .checkAssert(ops -> {
                    TestTrace.Trace trace = TraceGenerator.soup(ops, TraceGenerator.EPOCH_NANOS);
                    TestTrace.Track firstThread = TraceGenerator.TRACKS.get(0);
                    CallTree apart = merge(MergeOp.SUM, MissingRule.ZERO, false,
                            TestTrace.fold(trace.filter(firstThread::equals)).tree(),
                            TestTrace.fold(trace.filter(t -> !t.equals(firstThread))).tree());
                    assertEquals(rows(TestTrace.fold(trace).tree()), rows(apart), trace.toString());
                });
    }
}
