package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrees.Metrics;
import dev.ppw.model.CallTree;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.TestTrees.byKey;
import static dev.ppw.aggregate.TestTrees.byPath;
import static dev.ppw.aggregate.TestTrees.generate;
import static dev.ppw.aggregate.TestTrees.height;
import static dev.ppw.aggregate.TestTrees.sumCalls;
import static dev.ppw.aggregate.TestTrees.sumExclusive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * The view invariants of SEMANTICS.md section 3 over generated trees (see {@link TestTrees#generate}): the
 * generated value is the op list, so a failure shrinks to a short call sequence.
 */
class ViewsPropertiesTest {
    private static final Gen<List<Integer>> OPS = lists().of(integers().between(0, 999)).ofSizeBetween(0, 150);
    private static final int EXAMPLES = 400;

    @Test
    void callpathKeepsEveryTreeInvariantAndEqualsGroupingByPath() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all())
                .checkAssert((ops, sampled, callsites) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    TestTrees.assertTreeInvariants(tree);
                    CallTree callpath = Views.callpath(tree);
                    TestTrees.assertTreeInvariants(callpath);
                    assertEquals(TestTrees.referenceCallpath(tree), byPath(callpath));
                    assertEquals(sumExclusive(tree), sumExclusive(callpath));
                    assertEquals(sumCalls(tree), sumCalls(callpath));
                    assertEquals(tree.totalInclusiveNanos(), callpath.totalInclusiveNanos());
                });
    }

    @Test
    void flatAndTauKeepTotalsAndExclusiveBelowInclusive() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), integers().between(1, 6))
                .checkAssert((ops, sampled, callsites, depth) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    for (CallTree view : List.of(Views.flat(tree), Views.tau(tree, depth))) {
                        assertEquals(sumExclusive(tree), sumExclusive(view), "sum of exclusive");
                        assertEquals(sumCalls(tree), sumCalls(view), "sum of calls");
                        byKey(view).forEach((key, m) -> {
                            assertTrue(m.exclusive() <= m.inclusive(), key + ": exclusive <= inclusive");
                            assertTrue(m.min() <= m.max(), key + ": min <= max");
                        });
                    }
                });
    }

    @Test
    void tauEqualsTheSlowReference() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), integers().between(1, 6))
                .checkAssert((ops, sampled, callsites, depth) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    // compared as entry lists: same rows, same numbers, and rows in first-seen preorder
                    assertEquals(List.copyOf(TestTrees.referenceTau(tree, depth).entrySet()),
                            List.copyOf(byKey(Views.tau(tree, depth)).entrySet()));
                });
    }

    @Test
    void tauOfDepthOneIsFlat() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all())
                .checkAssert((ops, sampled, callsites) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    assertEquals(List.copyOf(byKey(Views.flat(tree)).entrySet()),
                            List.copyOf(byKey(Views.tau(tree, 1)).entrySet()), "same rows in the same order");
                });
    }

    @Test
    void tauAtLeastAsDeepAsTheTreeIsCallpath() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), integers().between(0, 3))
                .checkAssert((ops, sampled, callsites, extra) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    Map<String, Metrics> callpath = byPath(Views.callpath(tree));
                    assertEquals(callpath, byKey(Views.tau(tree, Math.max(1, height(tree)) + extra)));
                });
    }
}
