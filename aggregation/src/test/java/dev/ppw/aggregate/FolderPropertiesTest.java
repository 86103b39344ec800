package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Folded;
import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.aggregate.TraceGenerator.Forest;
import dev.ppw.aggregate.TraceGenerator.Order;
import dev.ppw.aggregate.TraceGenerator.Style;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * The {@link Folder} over generated traces: well-formed forests come back exactly whatever the event
 * style and order, every tree keeps the invariants of SEMANTICS.md section 2, arbitrary event soups
 * fold as {@link ReferenceReplay} reads section 1, and tracks fold independently.
 */
class FolderPropertiesTest {
    private static final Gen<List<Integer>> FOREST_OPS =
            lists().of(integers().between(0, TraceGenerator.FOREST_OP_MAX)).ofSizeBetween(0, 80);
    private static final Gen<List<Integer>> SOUP_OPS =
            lists().of(integers().between(0, TraceGenerator.SOUP_OP_MAX)).ofSizeBetween(0, 40);
    // style (3) x order (3) x base (0 or the epoch)
    private static final Gen<Integer> FOREST_CASE = integers().between(0, 17);

    @Test
    void aWellFormedForestComesBackExactlyWithNoWarnings() {
        qt().withExamples(examples(400)).forAll(FOREST_OPS, FOREST_CASE, integers().all()).checkAssert((ops, c, seed) -> {
            Forest forest = forest(ops, c, seed);
            Folder folder = TestTrace.fold(forest.trace());
            Folded expected = new Folded(forest.expectedNodes(), Map.of());
            assertEquals(expected.nodes(), TestTrace.snapshot(folder).nodes(), "tree of" + forest);
            // An empty forest is an input with nothing to profile, and says so (SEMANTICS.md section 5).
            assertEquals(forest.expectedNodes().isEmpty() ? Set.of(Diagnostics.NO_EVENTS) : Set.of(),
                    folder.diagnostics().warnings().keySet(), "warnings of" + forest);
            assertEquals(expected.render(), ReferenceReplay.replay(forest.trace()).render(), "reference on" + forest);
            assertInvariants(folder.tree(), forest.toString());
        });
    }

    @Test
    void everyFoldedTreeKeepsTheInvariantsOfSection2() {
        qt().withExamples(examples(400)).forAll(SOUP_OPS, booleans().all()).checkAssert((ops, epoch) ->
                checkMinimized(soup(ops, epoch), t -> assertInvariants(TestTrace.fold(t).tree(), t.toString())));
    }

    @Test
    void anyEventSoupFoldsAsTheReferenceReplaysIt() {
        qt().withExamples(examples(500)).forAll(SOUP_OPS, booleans().all()).checkAssert((ops, epoch) ->
                checkMinimized(soup(ops, epoch), t -> assertEquals(ReferenceReplay.replay(t).render(),
                        TestTrace.snapshot(TestTrace.fold(t)).render(), "Folder (actual) vs reference (expected) on" + t)));
    }

    @Test
    void foldingTracksApartAndSummingEqualsFoldingThemTogether() {
        qt().withExamples(examples(300)).forAll(SOUP_OPS, booleans().all()).checkAssert((ops, epoch) ->
                checkMinimized(soup(ops, epoch), t -> {
                    Trace first = t.filter(TraceGenerator.TRACKS.get(0)::equals);
                    Trace rest = t.filter(track -> !track.equals(TraceGenerator.TRACKS.get(0)));
                    Folded apart = TestTrace.sum(TestTrace.snapshot(TestTrace.fold(first)),
                            TestTrace.snapshot(TestTrace.fold(rest)));
                    assertEquals(apart.render(), TestTrace.snapshot(TestTrace.fold(t)).render(),
                            "folded together (actual) vs apart and summed (expected) on" + t);
                }));
    }

    /** {@code -Dppw.folder.examples=N} runs every property N times instead of the quick default. */
    private static int examples(int quickDefault) {
        return Integer.getInteger("ppw.folder.examples", quickDefault);
    }

    private static Trace soup(List<Integer> ops, boolean epoch) {
        return TraceGenerator.soup(ops, epoch ? TraceGenerator.EPOCH_NANOS : 0);
    }

    /** Runs {@code check} on {@code trace}; when it fails, fails with the check on a minimized trace instead. */
    private static void checkMinimized(Trace trace, Consumer<Trace> check) {
        Predicate<Trace> fails = t -> {
            try {
                check.accept(t);
                return false;
            } catch (AssertionError | RuntimeException e) {
                return true;
            }
        };
        if (fails.test(trace)) {
            Trace smallest = trace.minimize(fails);
            try {
                check.accept(smallest);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("minimized from" + trace + "\n" + e.getMessage(), e);
            }
        }
    }

    private static Forest forest(List<Integer> ops, int c, int seed) {
        long base = c / 9 == 1 ? TraceGenerator.EPOCH_NANOS : 0;
        return TraceGenerator.forest(ops, Style.values()[c % 3], Order.values()[(c / 3) % 3], base, seed);
    }

    /** SEMANTICS.md section 2 invariants, read straight off the tree's columns. */
    static void assertInvariants(CallTree tree, String what) {
        long exclusiveSum = 0;
        for (int n = 1; n < tree.size(); n++) {
            long childInclusive = 0;
            long childCalls = 0;
            for (int c = tree.firstChild(n); c != CallTree.NONE; c = tree.nextSibling(c)) {
                childInclusive += tree.inclusiveNanos(c);
                childCalls += tree.calls(c);
            }
            String node = tree.path(n, " => ") + " in" + what;
            long calls = tree.calls(n);
            long inclusive = tree.inclusiveNanos(n);
            assertEquals(inclusive - childInclusive, tree.exclusiveNanos(n), "exclusive of " + node);
            assertTrue(tree.exclusiveNanos(n) >= 0, "exclusive >= 0 of " + node);
            assertEquals(childCalls, tree.subcalls(n), "subcalls of " + node);
            assertTrue(calls >= 1, "a folded node has calls: " + node);
            assertTrue(tree.minInclusiveNanos(n) >= 0 && Math.multiplyExact(tree.minInclusiveNanos(n), calls) <= inclusive
                    && inclusive <= Math.multiplyExact(tree.maxInclusiveNanos(n), calls), "min <= inclusive/calls <= max of " + node);
            exclusiveSum += tree.exclusiveNanos(n);
        }
        assertEquals(tree.totalInclusiveNanos(), exclusiveSum, "sum of exclusive = sum of roots' inclusive in" + what);
    }
}
