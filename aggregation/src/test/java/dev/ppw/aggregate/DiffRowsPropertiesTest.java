package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.ProfileDiff.Presence;
import dev.ppw.model.ProfileDiff.Quantity;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The diff's contract over generated profiles ({@link MergeInputs#tree}: absent keys, callsites, region
 * counters, a bytes weight; some with an async part), in the tree, callpath and flat views: a profile
 * against itself is all zero, and A's values plus the deltas give B's, row by row and quantity by quantity,
 * rows of one side only included.
 */
class DiffRowsPropertiesTest {
    private static final int EXAMPLES = 200;
    private static final List<ViewKind> VIEWS = List.of(ViewKind.TREE, ViewKind.CALLPATH, ViewKind.FLAT);

    @Test
    void aProfileAgainstItselfIsAllZero() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(0, VIEWS.size() - 1))
                .checkAssert((seed, viewIndex) -> {
                    Profile a = profile(new Random(seed), VIEWS.get(viewIndex));
                    for (boolean normalize : new boolean[] {false, true}) {
                        ProfileDiff diff = DiffRows.compare(a, a, normalize);
                        assertEquals(a.tree().size(), diff.rows().size(), "seed " + seed);
                        for (int row = 1; row < diff.rows().size(); row++) {
                            assertEquals(Presence.BOTH, diff.presence(row));
                            for (int q = 0; q < diff.quantities().size(); q++) {
                                assertEquals(0, diff.delta(row, q), "seed " + seed + " row " + row + " q " + q);
                                assertEquals(0, diff.shareDeltaPercent(row, q, 12).signum());
                                Optional<BigDecimal> ratio = diff.ratio(row, q, 6);
                                if (diff.valueA(row, q) == 0) {
                                    assertTrue(ratio.isEmpty());
                                } else if (!(normalize && diff.quantities().get(q).shareable()
                                        && diff.totalA(q, diff.rows().part(row)) == 0)) {
                                    assertEquals(new BigDecimal("1.000000"), ratio.orElseThrow(), "seed " + seed);
                                }
                            }
                        }
                    }
                });
    }

    @Test
    void aPlusTheDeltasIsB() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(0, VIEWS.size() - 1))
                .checkAssert((seed, viewIndex) -> {
                    Random random = new Random(seed);
                    Profile a = profile(random, VIEWS.get(viewIndex));
                    Profile b = profile(random, VIEWS.get(viewIndex));
                    ProfileDiff diff = DiffRows.compare(a, b, random.nextBoolean());
                    Map<String, Integer> rowByKey = new HashMap<>();
                    for (int row = 1; row < diff.rows().size(); row++) {
                        rowByKey.put(key(diff.rows(), row), row);
                    }
                    Map<String, Integer> inA = nodesByKey(a.tree());
                    Map<String, Integer> inB = nodesByKey(b.tree());
                    Map<String, Integer> union = new HashMap<>(inA);
                    union.putAll(inB);
                    assertEquals(union.keySet(), rowByKey.keySet(), "seed " + seed + ": the rows are the union");
                    for (var e : rowByKey.entrySet()) {
                        int row = e.getValue();
                        Integer nodeA = inA.get(e.getKey());
                        Integer nodeB = inB.get(e.getKey());
                        Presence expected = nodeA == null ? Presence.ONLY_B : nodeB == null ? Presence.ONLY_A
                                : Presence.BOTH;
                        assertEquals(expected, diff.presence(row), "seed " + seed + " " + e.getKey());
                        for (int q = 0; q < diff.quantities().size(); q++) {
                            Quantity quantity = diff.quantities().get(q);
                            long a0 = nodeA == null ? 0 : value(a.tree(), nodeA, quantity);
                            long b0 = nodeB == null ? 0 : value(b.tree(), nodeB, quantity);
                            String where = "seed " + seed + " " + e.getKey() + " " + quantity.name();
                            assertEquals(a0, diff.valueA(row, q), where);
                            assertEquals(b0, diff.valueA(row, q) + diff.delta(row, q), where);
                        }
                    }
                });
    }

    @Test
    void rowsComeByDecreasingSizeOfChangeWithinEachPart() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Random random = new Random(seed);
            ProfileDiff diff = DiffRows.compare(profile(random, ViewKind.TREE), profile(random, ViewKind.TREE), false);
            int[] order = DiffRows.byChange(diff);
            assertEquals(diff.rows().size() - 1, order.length);
            int q = diff.sortQuantity();
            for (int i = 1; i < order.length; i++) {
                Part before = diff.rows().part(order[i - 1]);
                Part now = diff.rows().part(order[i]);
                assertTrue(before.ordinal() <= now.ordinal(), "seed " + seed + ": thread rows come first");
                if (before == now) {
                    long previous = Math.abs(diff.delta(order[i - 1], q));
                    long current = Math.abs(diff.delta(order[i], q));
                    assertTrue(previous > current || previous == current && order[i - 1] < order[i],
                            "seed " + seed + " at " + i);
                }
            }
        });
    }

    @Test
    void aChangeBeyondTheRangeOfALongStillSortsFirst() {
        Profile a = roots(Long.MAX_VALUE, 0);
        Profile b = roots(-2, 10);
        ProfileDiff diff = DiffRows.compare(a, b, false);
        int inclusive = diff.sortQuantity();
        // -2 - (2^63 - 1) is below the range of a long: the delta stops at its limit, counted (SEMANTICS.md "Limits").
        assertEquals(Long.MIN_VALUE, diff.delta(1, inclusive));
        assertTrue(diff.deltasAtLimit() > 0);
        assertArrayEquals(new int[] {1, 2}, DiffRows.byChange(diff));
        assertArrayEquals(new int[] {2, 1}, DiffRows.byChange(DiffRows.compare(roots(0, 0), b, false)));
    }

    /** A flat profile of two roots, {@code x} and {@code y}, of these inclusive times. */
    private static Profile roots(long x, long y) {
        CallTree tree = new CallTree(new FrameTable(new NameTable()));
        tree.setMetrics(tree.child(CallTree.ROOT, tree.frames().intern("x")), 1, 0, x, 0, CallTree.UNSET,
                CallTree.UNSET);
        tree.setMetrics(tree.child(CallTree.ROOT, tree.frames().intern("y")), 1, 0, y, 0, CallTree.UNSET,
                CallTree.UNSET);
        return new Profile(tree, ViewKind.FLAT, 0, MergeOp.SUM, MissingRule.ZERO, 1, List.of("in.json"), Map.of(),
                Map.of());
    }

    /** A generated tree profile, sometimes with an async root or two, in {@code view}. */
    private static Profile profile(Random random, ViewKind view) {
        CallTree tree = MergeInputs.tree(random);
        if (random.nextInt(4) == 0) {
            int root = tree.child(CallTree.ROOT, tree.frames().intern("span"), Part.ASYNC);
            int child = tree.child(root, tree.frames().intern(random.nextBoolean() ? "a" : "b"), Part.ASYNC);
            long inclusive = 10L * random.nextInt(5);
            tree.setMetrics(root, 1, 1, inclusive + 5, 5, CallTree.UNSET, CallTree.UNSET);
            tree.setMetrics(child, 1, 0, inclusive, inclusive, CallTree.UNSET, CallTree.UNSET);
        }
        Profile p = new Profile(tree, ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1, List.of("in.json"), Map.of(),
                Map.of());
        return Views.derive(p, view, 0);
    }

    private static long value(CallTree tree, int node, Quantity quantity) {
        if (!quantity.metric().name().equals("time") && tree.metricGroups().stream()
                .noneMatch(g -> g.metrics().contains(quantity.metric()))) {
            return 0;
        }
        return switch (quantity.kind()) {
            case CALLS -> tree.calls(node);
            case INCLUSIVE -> tree.inclusiveOf(node, quantity.metric());
            case EXCLUSIVE -> tree.exclusiveOf(node, quantity.metric());
            case VALUE -> tree.longValue(node, quantity.metric());
        };
    }

    /** Every node of {@code tree} by its key written out: part, then region and callsite from the root down. */
    private static Map<String, Integer> nodesByKey(CallTree tree) {
        Map<String, Integer> byKey = new HashMap<>();
        for (int n = 1; n < tree.size(); n++) {
            byKey.put(key(tree, n), n);
        }
        return byKey;
    }

    private static String key(CallTree tree, int node) {
        StringBuilder sb = new StringBuilder(tree.part(node).label());
        List<Integer> chain = new ArrayList<>();
        for (int n = node; n != CallTree.ROOT; n = tree.parent(n)) {
            chain.add(0, n);
        }
        for (int n : chain) {
            sb.append('/').append(tree.regionName(n)).append('@').append(tree.callsiteName(n));
        }
        return sb.toString();
    }
}
