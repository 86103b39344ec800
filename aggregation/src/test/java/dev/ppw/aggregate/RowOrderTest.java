package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import dev.ppw.model.SortDirection;
import dev.ppw.model.SortKey;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.TestTrees.calls;
import static dev.ppw.aggregate.TestTrees.newTree;
import static dev.ppw.aggregate.TestTrees.node;
import static dev.ppw.model.CallTree.UNSET;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RowOrderTest {

    /**
     * main(200) calls, in this insertion order: foo@L2 (15, 15), bar(50) calling qux(10) then baz(10),
     * foo@L1 (30), alpha(1). Total 200 ns.
     */
    private static Profile tree() {
        CallTree tree = newTree();
        int main = node(tree, CallTree.ROOT, "main");
        int fooL2 = node(tree, main, "foo", "L2");
        int bar = node(tree, main, "bar");
        int qux = node(tree, bar, "qux");
        int baz = node(tree, bar, "baz");
        int fooL1 = node(tree, main, "foo", "L1");
        int alpha = node(tree, main, "alpha");
        calls(tree, fooL2, 15, 15);
        calls(tree, qux, 10);
        calls(tree, baz, 10);
        calls(tree, bar, 50);
        calls(tree, fooL1, 30);
        calls(tree, alpha, 1);
        calls(tree, main, 200);
        return Profile.single(tree, List.of(), Map.of(), Map.of());
    }

    /** Rows as "name" or "name@callsite", in the given order. */
    private static List<String> labels(Profile p, int[] order) {
        CallTree t = p.tree();
        return Arrays.stream(order)
                .mapToObj(n -> t.callsiteName(n).isEmpty() ? t.regionName(n) : t.regionName(n) + "@" + t.callsiteName(n))
                .toList();
    }

    private static List<String> order(Profile p, SortKey key, int maxDepth, double minPercent) {
        return labels(p, RowOrder.order(p, key, maxDepth, minPercent));
    }

    @Test
    void siblingsSortDescendingByTheKeyThenByNameCallsiteAndIndex() {
        Profile p = tree();
        assertEquals(List.of("main", "bar", "baz", "qux", "foo@L1", "foo@L2", "alpha"),
                order(p, SortKey.INCLUSIVE, 0, 0));
        // bar, foo@L1 and foo@L2 all have 30 ns of self time: name, then callsite, decide
        assertEquals(List.of("main", "bar", "baz", "qux", "foo@L1", "foo@L2", "alpha"),
                order(p, SortKey.EXCLUSIVE, 0, 0));
        assertEquals(List.of("main", "foo@L2", "alpha", "bar", "baz", "qux", "foo@L1"),
                order(p, SortKey.CALLS, 0, 0));
        assertEquals(List.of("main", "bar", "baz", "qux", "alpha", "foo@L1", "foo@L2"),
                order(p, SortKey.SUBCALLS, 0, 0));
        assertEquals(List.of("main", "bar", "baz", "qux", "foo@L1", "foo@L2", "alpha"),
                order(p, SortKey.MAX, 0, 0));
        assertEquals(List.of("main", "alpha", "bar", "baz", "qux", "foo@L1", "foo@L2"),
                order(p, SortKey.NAME, 0, 0));
    }

    @Test
    void ascendingReversesTheKeyOnlyAndDescendingNamesGoFromZ() {
        Profile p = tree();
        // foo@L1 and foo@L2 tie at 30 ns, qux and baz at 10 ns: by name and callsite, whichever way the key goes
        assertEquals(List.of("main", "alpha", "foo@L1", "foo@L2", "bar", "baz", "qux"),
                labels(p, RowOrder.order(p, SortKey.INCLUSIVE, SortDirection.ASCENDING, 0, 0)));
        assertEquals(List.of("main", "foo@L1", "foo@L2", "bar", "qux", "baz", "alpha"),
                labels(p, RowOrder.order(p, SortKey.NAME, SortDirection.DESCENDING, 0, 0)));
        assertEquals(SortDirection.ASCENDING, SortKey.NAME.defaultDirection());
        assertEquals(SortDirection.DESCENDING, SortKey.CALLS.defaultDirection());
    }

    @Test
    void topKeepsTheFirstRowsByTheKeyOverTheWholeTreeWithTheirCallers() {
        Profile p = tree();
        int[] byExclusive = RowOrder.order(p, SortKey.EXCLUSIVE, 0, 0);
        // exclusive: main 89, then bar, foo@L1 and foo@L2 at 30 (by name and callsite), ...
        assertEquals(List.of("main", "bar"), labels(p, top(p, byExclusive, SortKey.EXCLUSIVE, 2)));
        assertEquals(List.of("main", "bar", "foo@L1"), labels(p, top(p, byExclusive, SortKey.EXCLUSIVE, 3)));
        // foo@L2 alone has two calls: its caller main comes with it
        int[] byCalls = RowOrder.order(p, SortKey.CALLS, 0, 0);
        assertEquals(List.of("main", "foo@L2"), labels(p, top(p, byCalls, SortKey.CALLS, 1)));
        // the two smallest by inclusive time are the leaves alpha (1 ns) and baz (10 ns, before qux by name)
        int[] ascending = RowOrder.order(p, SortKey.INCLUSIVE, SortDirection.ASCENDING, 0, 0);
        assertEquals(List.of("main", "alpha", "bar", "baz"), labels(p, RowOrder.top(p, ascending, SortKey.INCLUSIVE,
                SortDirection.ASCENDING, 2)));
        assertArrayEquals(byCalls, top(p, byCalls, SortKey.CALLS, 7));
        assertThrows(IllegalArgumentException.class, () -> top(p, byCalls, SortKey.CALLS, 0));

        Profile flat = Views.derive(tree(), ViewKind.FLAT, 0);
        int[] all = RowOrder.order(flat, SortKey.INCLUSIVE, 0, 0);
        assertArrayEquals(Arrays.copyOf(all, 2), top(flat, all, SortKey.INCLUSIVE, 2));
    }

    private static int[] top(Profile p, int[] ordered, SortKey key, int n) {
        return RowOrder.top(p, ordered, key, key.defaultDirection(), n);
    }

    @Test
    void maxDepthCountsLevelsWithRootsAsLevelOne() {
        Profile p = tree();
        assertEquals(List.of("main"), order(p, SortKey.INCLUSIVE, 1, 0));
        assertEquals(List.of("main", "bar", "foo@L1", "foo@L2", "alpha"), order(p, SortKey.INCLUSIVE, 2, 0));
        assertEquals(order(p, SortKey.INCLUSIVE, 0, 0), order(p, SortKey.INCLUSIVE, 3, 0));
        assertEquals(order(p, SortKey.INCLUSIVE, 0, 0), order(p, SortKey.INCLUSIVE, -1, 0));
    }

    @Test
    void minPercentDropsARowWithItsSubtreeAndKeepsTheExactThreshold() {
        Profile p = tree();
        assertEquals(List.of("main", "bar", "baz", "qux", "foo@L1", "foo@L2"), order(p, SortKey.INCLUSIVE, 0, 1));
        assertEquals(List.of("main", "bar", "baz", "qux", "foo@L1", "foo@L2"), order(p, SortKey.INCLUSIVE, 0, 5));
        assertEquals(List.of("main", "bar", "foo@L1", "foo@L2"), order(p, SortKey.INCLUSIVE, 0, 5.5));
        assertEquals(List.of("main", "bar"), order(p, SortKey.INCLUSIVE, 0, 25));
        assertEquals(List.of("main", "bar", "foo@L1", "foo@L2"), order(p, SortKey.INCLUSIVE, 0, 5.000000001));
        assertEquals(List.of(), order(p, SortKey.INCLUSIVE, 0, 100.5));
        assertEquals(List.of("main"), order(p, SortKey.INCLUSIVE, 0, 100));
    }

    @Test
    void flatRowsAreAllSortedAndIgnoreMaxDepth() {
        Profile flat = Views.derive(tree(), ViewKind.FLAT, 0);
        assertEquals(List.of("main", "foo", "bar", "baz", "qux", "alpha"), order(flat, SortKey.INCLUSIVE, 1, 0));
        assertEquals(List.of("alpha", "bar", "baz", "foo", "main", "qux"), order(flat, SortKey.NAME, 1, 0));
        // the flat total is the tree's 200 ns (sum of exclusive), not the 331 ns of overlapping inclusive rows
        assertEquals(200, RowOrder.totalNanos(flat));
        assertEquals(List.of("main", "foo", "bar"), order(flat, SortKey.INCLUSIVE, 0, 25));
    }

    @Test
    void unsetMinSortsLast() {
        CallTree tree = newTree();
        int x = node(tree, CallTree.ROOT, "x");
        int y = node(tree, CallTree.ROOT, "y");
        int z = node(tree, CallTree.ROOT, "z");
        tree.setMetrics(x, 1, 0, 9, 9, UNSET, UNSET);
        tree.setMetrics(y, 1, 0, 5, 5, 5, 5);
        tree.setMetrics(z, 1, 0, 3, 3, 3, 3);
        Profile flat = Profile.single(tree, List.of(), Map.of(), Map.of()).withView(tree, ViewKind.FLAT, 0);
        assertArrayEquals(new int[] {y, z, x}, RowOrder.order(flat, SortKey.MIN, 0, 0));
        assertArrayEquals(new int[] {y, z, x}, RowOrder.order(flat, SortKey.MAX, 0, 0));
        assertArrayEquals(new int[] {x, y, z}, RowOrder.order(flat, SortKey.INCLUSIVE, 0, 0));
        // a missing value is not the smallest either
        assertArrayEquals(new int[] {z, y, x}, RowOrder.order(flat, SortKey.MIN, SortDirection.ASCENDING, 0, 0));
    }

    @Test
    void equalRowsFallBackToNodeIndex() {
        CallTree tree = newTree();
        int first = node(tree, CallTree.ROOT, "same");
        int parent = node(tree, CallTree.ROOT, "other");
        int second = node(tree, parent, "x");
        tree.setMetrics(first, 1, 0, 4, 4, 4, 4);
        tree.setMetrics(parent, 1, 1, 4, 0, 4, 4);
        tree.setMetrics(second, 1, 0, 4, 4, 4, 4);
        Profile p = Profile.single(tree, List.of(), Map.of(), Map.of());
        assertArrayEquals(new int[] {parent, second, first}, RowOrder.order(p, SortKey.INCLUSIVE, 0, 0));
        assertArrayEquals(new int[] {first, parent, second}, RowOrder.order(p, SortKey.EXCLUSIVE, 0, 0));
    }

    @Test
    void emptyProfileHasNoRows() {
        Profile p = Profile.single(newTree(), List.of(), Map.of(), Map.of());
        assertEquals(0, RowOrder.order(p, SortKey.INCLUSIVE, 0, 50).length);
        assertEquals(0, RowOrder.totalNanos(p));
    }

    @Test
    void sortKeysParseByTheirLowerCaseName() {
        for (SortKey key : SortKey.values()) {
            assertEquals(key, SortKey.parse(key.label()));
        }
        assertEquals(SortKey.SUBCALLS, SortKey.parse(" SubCalls "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SortKey.parse("time"));
        assertTrue(e.getMessage().contains("'time'") && e.getMessage().contains("inclusive, exclusive"),
                e.getMessage());
    }

    @Test
    void negativeOrNonFiniteMinPercentIsRejected() {
        Profile p = tree();
        for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> RowOrder.order(p, SortKey.INCLUSIVE, 0, bad));
        }
    }
}
