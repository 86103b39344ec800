package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import dev.ppw.model.SortKey;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.ppw.aggregate.TestTrees.generate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * RowOrder over generated trees and their views: every eligible row exactly once, in depth-first preorder
 * (hierarchical views), siblings or rows in key order. Percentages are whole numbers so the test can decide
 * eligibility with exact long arithmetic, independently of the code under test.
 */
class RowOrderPropertiesTest {
    private static final Gen<List<Integer>> OPS = lists().of(integers().between(0, 999)).ofSizeBetween(0, 150);
    // view (0 tree with callsites, 1 callpath, 2 flat, 3 tau 2) * key * maxDepth 0..4 * minPercent 0..30
    private static final Gen<Integer> CASE = integers().between(0, 4 * 7 * 5 * 31 - 1);

    @Test
    void everyEligibleRowOnceInPreorderWithSiblingsInKeyOrder() {
        qt().withExamples(600).forAll(OPS, booleans().all(), CASE).checkAssert((ops, sampled, c) -> {
            Profile tree = Profile.single(generate(ops, sampled, true), List.of(), Map.of(), Map.of());
            int viewCase = c % 4;
            SortKey key = SortKey.values()[(c / 4) % 7];
            int maxDepth = (c / 28) % 5;
            int minPercent = (c / 140) % 31;
            Profile p = switch (viewCase) {
                case 0 -> tree;
                case 1 -> Views.derive(tree, ViewKind.CALLPATH, 0);
                case 2 -> Views.derive(tree, ViewKind.FLAT, 0);
                default -> Views.derive(tree, ViewKind.TAU, 2);
            };
            check(p, key, maxDepth, minPercent);
        });
    }

    @Test
    void topKeepsTheNBestRowsWithTheirAncestorsInTheOrderGiven() {
        qt().withExamples(400).forAll(OPS, booleans().all(), CASE, integers().between(1, 30))
                .checkAssert((ops, sampled, c, n) -> {
                    Profile tree = Profile.single(generate(ops, sampled, true), List.of(), Map.of(), Map.of());
                    Profile p = c % 2 == 0 ? tree : Views.derive(tree, ViewKind.FLAT, 0);
                    SortKey key = SortKey.values()[(c / 4) % 7];
                    CallTree t = p.tree();
                    int[] order = RowOrder.order(p, key, 0, 0);
                    int[] top = RowOrder.top(p, order, key, key.defaultDirection(), n);

                    List<Integer> best = new ArrayList<>();
                    for (int row : order) {
                        best.add(row);
                    }
                    best.sort(comparator(t, key));
                    Set<Integer> expected = new HashSet<>();
                    for (int row : best.subList(0, Math.min(n, best.size()))) {
                        for (int a = row; a != CallTree.ROOT; a = t.parent(a)) {
                            expected.add(a);
                        }
                    }
                    List<Integer> inOrder = new ArrayList<>();
                    for (int row : order) {
                        if (expected.contains(row)) {
                            inOrder.add(row);
                        }
                    }
                    List<Integer> actual = new ArrayList<>();
                    for (int row : top) {
                        actual.add(row);
                    }
                    assertEquals(inOrder, actual, "top " + n + " by " + key);
                });
    }

    private static void check(Profile p, SortKey key, int maxDepth, int minPercent) {
        CallTree t = p.tree();
        int[] order = RowOrder.order(p, key, maxDepth, minPercent);
        long total = RowOrder.totalNanos(p);
        boolean hierarchical = p.view().isHierarchical();

        Set<Integer> expected = new HashSet<>();
        for (int n = 1; n < t.size(); n++) {
            boolean eligible = !hierarchical || maxDepth <= 0 || t.depth(n) < maxDepth;
            for (int a = n; a != CallTree.ROOT && eligible; a = t.parent(a)) {
                eligible = minPercent == 0 || t.inclusiveNanos(a) * 100 >= (long) minPercent * total;
            }
            if (eligible) {
                expected.add(n);
            }
        }
        List<Integer> printed = new ArrayList<>();
        for (int n : order) {
            printed.add(n);
        }
        assertEquals(expected.size(), order.length, "no row twice, none missing");
        assertEquals(expected, new HashSet<>(printed));

        Comparator<Integer> byKey = comparator(t, key);
        if (!hierarchical) {
            List<Integer> sorted = new ArrayList<>(expected);
            sorted.sort(byKey);
            assertEquals(sorted, printed, "flat/tau rows sorted by " + key);
            return;
        }
        Map<Integer, Integer> lastChildSeen = new HashMap<>();
        for (int i = 0; i < order.length; i++) {
            int n = order[i];
            int parent = t.parent(n);
            if (i > 0) {
                // preorder: the parent is the previous row or one of its ancestors (or the virtual root)
                boolean onPreviousPath = parent == CallTree.ROOT;
                for (int a = order[i - 1]; a != CallTree.ROOT && !onPreviousPath; a = t.parent(a)) {
                    onPreviousPath = a == parent;
                }
                assertTrue(onPreviousPath, "row " + n + " does not follow its parent's subtree");
            } else {
                assertEquals(CallTree.ROOT, parent, "the first row is a root");
            }
            Integer previousSibling = lastChildSeen.put(parent, n);
            if (previousSibling != null) {
                assertTrue(byKey.compare(previousSibling, n) < 0, "siblings " + previousSibling + ", " + n
                        + " out of " + key + " order");
            }
        }
    }

    /** The documented order, written independently: key (numbers descending), name, callsite, index. */
    private static Comparator<Integer> comparator(CallTree t, SortKey key) {
        Comparator<Integer> byMetric = switch (key) {
            case INCLUSIVE -> Comparator.comparingLong(t::inclusiveNanos);
            case EXCLUSIVE -> Comparator.comparingLong(t::exclusiveNanos);
            case CALLS -> Comparator.comparingLong(t::calls);
            case SUBCALLS -> Comparator.comparingLong(t::subcalls);
            case MIN -> Comparator.comparingLong(t::minInclusiveNanos);
            case MAX -> Comparator.comparingLong(t::maxInclusiveNanos);
            case NAME -> (a, b) -> 0;
        };
        return byMetric.reversed()
                .thenComparing(t::regionName)
                .thenComparing(t::callsiteName)
                .thenComparing(Comparator.naturalOrder());
    }
}
