package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.ppw.aggregate.TestTrees.generate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * The callers, callees and inverted views of SEMANTICS.md "Callers, callees and the inverted tree" over generated
 * trees: each keeps the tree invariants, the one region's root holds the flat view's row of it (recursion counted
 * once), and the inverted tree equals a slow reference built from every node's reversed path.
 */
class ContextViewsPropertiesTest {
    private static final Gen<List<Integer>> OPS = lists().of(integers().between(0, 999)).ofSizeBetween(0, 150);
    private static final int EXAMPLES = 300;

    @Test
    void callersAndCalleesRootIsTheFlatRowOfTheRegion() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), integers().between(0, 3))
                .checkAssert((ops, sampled, callsites, r) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    String region = "r" + r;
                    Map<String, TestTrees.Metrics> flat = TestTrees.byKey(Views.flat(tree));
                    CallTree callers = ContextViews.callers(tree, region);
                    CallTree callees = ContextViews.callees(tree, region);
                    TestTrees.assertTreeInvariants(callers);
                    TestTrees.assertTreeInvariants(callees);
                    if (!flat.containsKey(region)) {
                        assertEquals(1, callers.size(), "no row without the region");
                        assertEquals(1, callees.size());
                        return;
                    }
                    long inclusive = flat.get(region).inclusive();
                    assertEquals(inclusive, callers.totalInclusiveNanos(), "callers: the region's inclusive time");
                    assertEquals(inclusive, callees.totalInclusiveNanos(), "callees: the region's inclusive time");
                    int root = callees.firstChild(CallTree.ROOT);
                    assertEquals(region, callees.regionName(root));
                    assertEquals(CallTree.NONE, callees.nextSibling(root), "one root");
                });
    }

    @Test
    void invertedTreeIsEveryNodesReversedPathCarryingItsSelfTime() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all())
                .checkAssert((ops, sampled, callsites) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    CallTree inverted = ContextViews.inverted(tree);
                    TestTrees.assertTreeInvariants(inverted);
                    assertEquals(tree.totalInclusiveNanos(), inverted.totalInclusiveNanos());
                    assertEquals(reference(tree), byPath(inverted));
                });
    }

    /** Per reversed path prefix: {inclusive, exclusive, calls}, the slow way. */
    private static Map<String, String> reference(CallTree tree) {
        Map<String, long[]> rows = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            boolean sampled = tree.minInclusiveNanos(n) == CallTree.UNSET;
            long own = sampled ? tree.calls(n) - tree.subcalls(n) : tree.calls(n);
            if (own == 0 && tree.exclusiveNanos(n) == 0) {
                continue;
            }
            List<String> up = new ArrayList<>();
            for (int a = n; a != CallTree.ROOT; a = tree.parent(a)) {
                up.add(tree.regionName(a));
            }
            for (int k = 1; k <= up.size(); k++) {
                long[] v = rows.computeIfAbsent(String.join(Views.SEPARATOR, up.subList(0, k)), x -> new long[3]);
                v[0] += tree.exclusiveNanos(n);
                v[2] += own;
                if (k == up.size()) {
                    v[1] += tree.exclusiveNanos(n);
                }
            }
        }
        Map<String, String> text = new TreeMap<>();
        rows.forEach((k, v) -> text.put(k, v[0] + "/" + v[1] + "/" + v[2]));
        return text;
    }

    private static Map<String, String> byPath(CallTree view) {
        Map<String, String> text = new TreeMap<>();
        for (int n = 1; n < view.size(); n++) {
            String path = view.path(n, Views.SEPARATOR);
            if (text.put(path, view.inclusiveNanos(n) + "/" + view.exclusiveNanos(n) + "/" + view.calls(n)) != null) {
                throw new AssertionError("two rows of path " + path);
            }
        }
        return Collections.unmodifiableMap(text);
    }
}
