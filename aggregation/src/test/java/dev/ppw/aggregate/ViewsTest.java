package dev.ppw.aggregate;

import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.aggregate.TestTrees.Metrics;
import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.SortKey;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.TestTrees.byKey;
import static dev.ppw.aggregate.TestTrees.byPath;
import static dev.ppw.aggregate.TestTrees.calls;
import static dev.ppw.aggregate.TestTrees.newTree;
import static dev.ppw.aggregate.TestTrees.node;
import static dev.ppw.model.CallTree.UNSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hand-computed views of small trees. Metrics read (calls, subcalls, inclusive, exclusive, min, max). */
class ViewsTest {

    /** a(100) => b(80) => a(50) => b(20), one call each. */
    private static CallTree recursion() {
        CallTree tree = newTree();
        int a1 = node(tree, CallTree.ROOT, "a");
        int b1 = node(tree, a1, "b");
        int a2 = node(tree, b1, "a");
        int b2 = node(tree, a2, "b");
        calls(tree, b2, 20);
        calls(tree, a2, 50);
        calls(tree, b1, 80);
        calls(tree, a1, 100);
        return tree;
    }

    /** main(100) calls foo (10, 20) and bar(50); bar calls foo(30). */
    private static CallTree sharedCallee() {
        CallTree tree = newTree();
        int main = node(tree, CallTree.ROOT, "main");
        int foo = node(tree, main, "foo");
        int bar = node(tree, main, "bar");
        int barFoo = node(tree, bar, "foo");
        calls(tree, foo, 10, 20);
        calls(tree, barFoo, 30);
        calls(tree, bar, 50);
        calls(tree, main, 100);
        return tree;
    }

    @Test
    void flatCountsRecursionOnceInInclusiveButSumsEverythingElse() {
        Map<String, Metrics> flat = byKey(Views.flat(recursion()));
        assertEquals(Map.of(
                "a", new Metrics(2, 2, 100, 50, 50, 100),
                "b", new Metrics(2, 1, 80, 50, 20, 80)), flat);
    }

    @Test
    void aWeightCountsRecursionOnceInInclusiveAsTimeDoesAndValuesCountEverywhere() {
        // Allocation samples on a => b => a => b: 1, 2, 4 and 8 bytes with their leaf at each level; cpu
        // samples on both a's.
        CallTree tree = newTree();
        int a1 = node(tree, CallTree.ROOT, "a");
        int b1 = node(tree, a1, "b");
        int a2 = node(tree, b1, "a");
        int b2 = node(tree, a2, "b");
        tree.enable(MergeInputs.ALLOCATIONS);
        tree.enable(RegionCounters.GROUP);
        long bytes = 1;
        for (int leaf : new int[] {a1, b1, a2, b2}) {
            tree.addSample(leaf, MergeInputs.ALLOCATED, bytes);
            bytes *= 2;
        }
        tree.add(a1, RegionCounters.CPU_SAMPLES, 1);
        tree.add(a2, RegionCounters.CPU_SAMPLES, 1);
        CallTree flat = Views.flat(tree);
        assertEquals(List.of("a", "b"), List.of(flat.regionName(1), flat.regionName(2)));
        assertEquals(List.of(15L, 5L, 14L, 10L), weights(flat, 1, 2));
        assertEquals(2, flat.longValue(1, RegionCounters.CPU_SAMPLES));
        // tau 2: a, a => b (b1 and b2, the inner one nested in the outer), b => a.
        CallTree tau = Views.tau(tree, 2);
        assertEquals(List.of("a", "a => b", "b => a"), List.of(tau.regionName(1), tau.regionName(2), tau.regionName(3)));
        assertEquals(List.of(15L, 1L, 14L, 10L, 12L, 4L), weights(tau, 1, 2, 3));
        assertEquals(List.of(15L, 1L, 14L, 2L, 12L, 4L, 8L, 8L), weights(Views.callpath(tree), 1, 2, 3, 4));
        assertEquals(List.of(MergeInputs.ALLOCATIONS, RegionCounters.GROUP), flat.metricGroups());
    }

    /** Inclusive and exclusive allocated bytes of each node, in turn. */
    private static List<Long> weights(CallTree view, int... nodes) {
        List<Long> out = new java.util.ArrayList<>();
        for (int n : nodes) {
            out.add(view.inclusive(n, MergeInputs.ALLOCATED));
            out.add(view.exclusive(n, MergeInputs.ALLOCATED));
        }
        return out;
    }

    @Test
    void flatRowsAppearInPreorderFirstSeenOrder() {
        CallTree flat = Views.flat(sharedCallee());
        assertEquals(List.of("main", "foo", "bar"), byKey(flat).keySet().stream().toList());
        assertEquals(new Metrics(3, 0, 60, 60, 10, 30), byKey(flat).get("foo"));
        assertEquals(new Metrics(1, 3, 100, 20, 100, 100), byKey(flat).get("main"));
        assertEquals(new Metrics(1, 1, 50, 20, 50, 50), byKey(flat).get("bar"));
    }

    @Test
    void tauDepthTwoKeysByCallerAndCountsARepeatedKeyOnce() {
        Map<String, Metrics> tau = byKey(Views.tau(recursion(), 2));
        assertEquals(Map.of(
                "a", new Metrics(1, 1, 100, 20, 100, 100),
                "a => b", new Metrics(2, 1, 80, 50, 20, 80),
                "b => a", new Metrics(1, 1, 50, 30, 50, 50)), tau);
    }

    @Test
    void tauDepthThreeOfTheRecursionHasOneRowPerNode() {
        Map<String, Metrics> tau = byKey(Views.tau(recursion(), 3));
        assertEquals(Map.of(
                "a", new Metrics(1, 1, 100, 20, 100, 100),
                "a => b", new Metrics(1, 1, 80, 30, 80, 80),
                "a => b => a", new Metrics(1, 1, 50, 30, 50, 50),
                "b => a => b", new Metrics(1, 0, 20, 20, 20, 20)), tau);
    }

    @Test
    void tauDepthOneIsFlat() {
        assertEquals(byKey(Views.flat(recursion())), byKey(Views.tau(recursion(), 1)));
        assertEquals(byKey(Views.flat(sharedCallee())), byKey(Views.tau(sharedCallee(), 1)));
    }

    @Test
    void tauOfSharedCalleeSeparatesCallers() {
        Map<String, Metrics> tau = byKey(Views.tau(sharedCallee(), 2));
        assertEquals(Map.of(
                "main", new Metrics(1, 3, 100, 20, 100, 100),
                "main => foo", new Metrics(2, 0, 30, 30, 10, 20),
                "main => bar", new Metrics(1, 1, 50, 20, 50, 50),
                "bar => foo", new Metrics(1, 0, 30, 30, 30, 30)), tau);
    }

    @Test
    void tauDeeperThanTheTreeIsTheCallpath() {
        CallTree tree = recursion();
        Map<String, Metrics> callpath = byPath(Views.callpath(tree));
        assertEquals(callpath, byKey(Views.tau(tree, 4)));
        assertEquals(callpath, byKey(Views.tau(tree, Integer.MAX_VALUE)));
        assertEquals(new Metrics(1, 0, 20, 20, 20, 20), callpath.get("a => b => a => b"));
    }

    @Test
    void callpathMergesCallsitesAndTheirSubtrees() {
        CallTree tree = newTree();
        int main = node(tree, CallTree.ROOT, "main");
        int fooL1 = node(tree, main, "foo", "main.c:10");
        int fooL2 = node(tree, main, "foo", "main.c:20");
        int bazL1 = node(tree, fooL1, "baz", "foo.c:3");
        int bazL2 = node(tree, fooL2, "baz", "foo.c:3");
        calls(tree, bazL1, 4);
        calls(tree, bazL2, 3);
        calls(tree, fooL1, 10);
        calls(tree, fooL2, 5, 7);
        calls(tree, main, 30);

        CallTree callpath = Views.callpath(tree);
        assertEquals(4, callpath.size(), "virtual root + main, foo, baz");
        assertEquals(Map.of(
                "main", new Metrics(1, 3, 30, 8, 30, 30),
                "main => foo", new Metrics(3, 2, 22, 15, 5, 10),
                "main => foo => baz", new Metrics(2, 0, 7, 7, 3, 4)), byPath(callpath));
        for (int n = 1; n < callpath.size(); n++) {
            assertEquals("", callpath.callsiteName(n));
        }
        TestTrees.assertTreeInvariants(callpath);
    }

    @Test
    void callpathWithoutCallsitesIsTheTreeNodeForNode() {
        CallTree tree = sharedCallee();
        CallTree callpath = Views.callpath(tree);
        assertEquals(tree.size(), callpath.size());
        for (int n = 1; n < tree.size(); n++) {
            assertEquals(tree.parent(n), callpath.parent(n));
            assertEquals(tree.frame(n), callpath.frame(n));
            assertEquals(TestTrees.metrics(tree, n), TestTrees.metrics(callpath, n));
        }
    }

    @Test
    void unsetMinAndMaxAreAbsentNotMinusOne() {
        CallTree tree = newTree();
        int sampled = node(tree, CallTree.ROOT, "f", "x");
        int timed = node(tree, CallTree.ROOT, "f", "y");
        int onlySampled = node(tree, CallTree.ROOT, "g");
        tree.setMetrics(sampled, 3, 0, 30, 30, UNSET, UNSET);
        tree.setMetrics(timed, 2, 0, 10, 10, 4, 6);
        tree.setMetrics(onlySampled, 1, 0, 5, 5, UNSET, UNSET);

        Map<String, Metrics> callpath = byPath(Views.callpath(tree));
        assertEquals(new Metrics(5, 0, 40, 40, 4, 6), callpath.get("f"));
        assertEquals(new Metrics(1, 0, 5, 5, UNSET, UNSET), callpath.get("g"));
        Map<String, Metrics> flat = byKey(Views.flat(tree));
        assertEquals(new Metrics(5, 0, 40, 40, 4, 6), flat.get("f"));
        assertEquals(new Metrics(1, 0, 5, 5, UNSET, UNSET), flat.get("g"));
    }

    @Test
    void regionNamesContainingTheSeparatorMergeWithTheSameKeyText() {
        CallTree tree = newTree();
        int weird = node(tree, CallTree.ROOT, "a => b");
        int a = node(tree, CallTree.ROOT, "a");
        int b = node(tree, a, "b");
        calls(tree, weird, 7);
        calls(tree, b, 2);
        calls(tree, a, 5);
        Map<String, Metrics> tau = byKey(Views.tau(tree, 2));
        assertEquals(new Metrics(2, 0, 9, 9, 2, 7), tau.get("a => b"));
        assertEquals(2, tau.size());
    }

    @Test
    void deepTreesDoNotOverflowTheStack() {
        int levels = 100_000;
        CallTree tree = newTree();
        int[] chain = new int[levels];
        int parent = CallTree.ROOT;
        for (int i = 0; i < levels; i++) {
            chain[i] = node(tree, parent, i % 2 == 0 ? "a" : "b");
            parent = chain[i];
        }
        for (int i = levels - 1; i >= 0; i--) {
            calls(tree, chain[i], 2L * (levels - i));
        }

        Map<String, Metrics> flat = byKey(Views.flat(tree));
        assertEquals(2L * levels, flat.get("a").inclusive());
        assertEquals(2L * (levels - 1), flat.get("b").inclusive());
        assertEquals(levels, flat.get("a").exclusive(), "every node's self time is 2 ns, half of them a's");
        assertEquals(levels, flat.get("b").exclusive());

        CallTree callpath = Views.callpath(tree);
        assertEquals(tree.size(), callpath.size());
        assertEquals(levels - 1, callpath.depth(callpath.size() - 1));

        // Paths of 1..199 names are their own keys; longer ones fall on two keys (starting with a or b).
        CallTree tau = Views.tau(tree, 200);
        assertEquals(201, tau.size() - 1);
        assertEquals(TestTrees.sumExclusive(tree), TestTrees.sumExclusive(tau));
        assertEquals(levels, RowOrder.order(Profile.single(tree, List.of(), Map.of(), Map.of()).withView(
                callpath, ViewKind.CALLPATH, 0), SortKey.INCLUSIVE, 0, 0).length);
    }

    @Test
    void deriveReturnsTheTreeItselfAndKeepsMetadata() {
        Profile tree = Profile.single(recursion(), List.of("t.json"), Map.of(), Map.of());
        assertSame(tree, Views.derive(tree, ViewKind.TREE, 0));
        Profile tau = Views.derive(tree, ViewKind.TAU, 2);
        assertEquals(ViewKind.TAU, tau.view());
        assertEquals(2, tau.tauDepth());
        assertEquals(List.of("t.json"), tau.inputs());
        assertEquals(byKey(Views.tau(recursion(), 2)), byKey(tau.tree()));
        Profile flat = Views.derive(tree, ViewKind.FLAT, 0);
        assertEquals(ViewKind.FLAT, flat.view());
        assertEquals(byKey(Views.flat(recursion())), byKey(flat.tree()));
        Profile callpath = Views.derive(tree, ViewKind.CALLPATH, 7);
        assertEquals(ViewKind.CALLPATH, callpath.view());
        assertEquals(0, callpath.tauDepth());
    }

    @Test
    void deriveRejectsWhatHasNoMeaning() {
        Profile tree = Profile.single(recursion(), List.of(), Map.of(), Map.of());
        IllegalArgumentException depth = assertThrows(IllegalArgumentException.class,
                () -> Views.derive(tree, ViewKind.TAU, 0));
        assertTrue(depth.getMessage().contains("0"), depth.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Views.tau(recursion(), -3));
        Profile flat = Views.derive(tree, ViewKind.FLAT, 0);
        assertThrows(IllegalArgumentException.class, () -> Views.derive(flat, ViewKind.FLAT, 0));
        Profile maxOfTwo = new Profile(recursion(), ViewKind.TREE, 0, MergeOp.MAX, MissingRule.ZERO, 2, List.of(), Map.of(),
                Map.of());
        IllegalArgumentException mixed = assertThrows(IllegalArgumentException.class,
                () -> Views.derive(maxOfTwo, ViewKind.FLAT, 0));
        assertTrue(mixed.getMessage().contains("per node"), mixed.getMessage());
        assertSame(maxOfTwo, Views.derive(maxOfTwo, ViewKind.TREE, 0));
    }

    @Test
    void theInputTreeIsNotModified() {
        CallTree tree = recursion();
        int size = tree.size();
        List<Metrics> before = java.util.stream.IntStream.range(1, size).mapToObj(n -> TestTrees.metrics(tree, n)).toList();
        Views.callpath(tree);
        Views.flat(tree);
        Views.tau(tree, 2);
        assertEquals(size, tree.size());
        assertEquals(before, java.util.stream.IntStream.range(1, size).mapToObj(n -> TestTrees.metrics(tree, n)).toList());
    }
}
