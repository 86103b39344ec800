package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.StackFilters;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

import static dev.ppw.aggregate.TestTrees.generate;
import static dev.ppw.aggregate.TestTrees.sumExclusive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * The filters of SEMANTICS.md "Filters" over generated trees ({@link TestTrees#generate}: regions r0 to r3, called or
 * sampled, with or without callsites), each property for a pattern of one or two of the regions.
 */
class StackFilteringPropertiesTest {
    private static final Gen<List<Integer>> OPS = lists().of(integers().between(0, 999)).ofSizeBetween(0, 150);
    /** A pattern of one region (0..3) or of two (4..9), as a bit set of regions. */
    private static final Gen<Integer> REGIONS = integers().between(1, 14);
    /** A filter (0..4: focus, ignore, hide, show, show-from) and a pattern, as {@code 14 * filter + regions - 1}. */
    private static final Gen<Integer> FILTER_AND_REGIONS = integers().between(0, 5 * 14 - 1);
    private static final int EXAMPLES = 300;

    private static String pattern(int regions) {
        StringBuilder sb = new StringBuilder("^(");
        for (int r = 0; r < 4; r++) {
            if ((regions & (1 << r)) != 0) {
                sb.append(sb.length() > 2 ? "|" : "").append("r").append(r);
            }
        }
        return sb.append(")$").toString();
    }

    private static boolean matches(int regions, String name) {
        return Pattern.compile(pattern(regions)).matcher(name).find();
    }

    @Test
    void noFilterIsTheTreeItself() {
        CallTree tree = generate(List.of(5, 9, 13, 0, 0), false, false);
        assertSame(tree, StackFiltering.apply(tree, StackFilters.NONE));
    }

    @Test
    void everyFilterKeepsTheTreeInvariants() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), FILTER_AND_REGIONS)
                .checkAssert((ops, sampled, callsites, x) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    CallTree filtered = StackFiltering.apply(tree, one(x));
                    TestTrees.assertTreeInvariants(filtered);
                });
    }

    @Test
    void focusOnEveryRootsNameIsTheIdentity() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all())
                .checkAssert((ops, sampled, callsites) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    int roots = 0;
                    for (int r = tree.firstChild(CallTree.ROOT); r != CallTree.NONE; r = tree.nextSibling(r)) {
                        roots |= 1 << Integer.parseInt(tree.regionName(r).substring(1));
                    }
                    if (roots == 0) {
                        return;
                    }
                    CallTree focused = StackFiltering.apply(tree, StackFilters.NONE.withFocus(pattern(roots)));
                    assertEquals(TestTrees.rows(tree), TestTrees.rows(focused));
                });
    }

    @Test
    void ignoreAndFocusOfOnePatternPartitionTimeAndCallsPathByPath() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), REGIONS)
                .checkAssert((ops, sampled, callsites, regions) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    String p = pattern(regions);
                    Map<String, long[]> focus = sums(StackFiltering.apply(tree, StackFilters.NONE.withFocus(p)));
                    Map<String, long[]> ignore = sums(StackFiltering.apply(tree, StackFilters.NONE.withIgnore(p)));
                    Map<String, long[]> both = new TreeMap<>();
                    for (Map<String, long[]> side : List.of(focus, ignore)) {
                        side.forEach((path, v) -> {
                            long[] s = both.computeIfAbsent(path, k -> new long[3]);
                            for (int i = 0; i < 3; i++) {
                                s[i] += v[i];
                            }
                        });
                    }
                    both.values().removeIf(v -> v[0] == 0 && v[1] == 0 && v[2] == 0);
                    Map<String, long[]> whole = sums(tree);
                    whole.values().removeIf(v -> v[0] == 0 && v[1] == 0 && v[2] == 0);
                    assertEquals(text(whole), text(both));
                });
    }

    @Test
    void hideKeepsTheTotalButForStacksWhollyHidden() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), REGIONS)
                .checkAssert((ops, sampled, callsites, regions) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    long whollyHidden = 0;
                    boolean[] allHidden = new boolean[tree.size()];
                    allHidden[CallTree.ROOT] = true;
                    for (int n = 1; n < tree.size(); n++) {
                        allHidden[n] = allHidden[tree.parent(n)] && matches(regions, tree.regionName(n));
                        if (allHidden[n]) {
                            whollyHidden += tree.exclusiveNanos(n);
                        }
                    }
                    CallTree hidden = StackFiltering.apply(tree, StackFilters.NONE.withHide(pattern(regions)));
                    assertEquals(tree.totalInclusiveNanos() - whollyHidden, hidden.totalInclusiveNanos());
                    assertEquals(sumExclusive(tree) - whollyHidden, sumExclusive(hidden));
                    for (int n = 1; n < hidden.size(); n++) {
                        assertTrue(!matches(regions, hidden.regionName(n)), "a hidden region is left");
                    }
                });
    }

    @Test
    void showFromRootsEveryStackAtAMatchAndKeepsTheTimeOfStacksWithOne() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), REGIONS)
                .checkAssert((ops, sampled, callsites, regions) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    CallTree from = StackFiltering.apply(tree, StackFilters.NONE.withShowFrom(pattern(regions)));
                    CallTree focus = StackFiltering.apply(tree, StackFilters.NONE.withFocus(pattern(regions)));
                    for (int r = from.firstChild(CallTree.ROOT); r != CallTree.NONE; r = from.nextSibling(r)) {
                        assertTrue(matches(regions, from.regionName(r)), from.regionName(r) + " starts a stack");
                    }
                    assertEquals(focus.totalInclusiveNanos(), from.totalInclusiveNanos(), "the stacks with a match");
                    assertEquals(sumExclusive(focus), sumExclusive(from));
                });
    }

    @Test
    void everyFilterIsIdempotent() {
        qt().withExamples(EXAMPLES).forAll(OPS, booleans().all(), booleans().all(), FILTER_AND_REGIONS)
                .checkAssert((ops, sampled, callsites, x) -> {
                    CallTree tree = generate(ops, sampled, callsites);
                    StackFilters f = one(x);
                    CallTree once = StackFiltering.apply(tree, f);
                    assertEquals(TestTrees.rows(once), TestTrees.rows(StackFiltering.apply(once, f)));
                });
    }

    @Test
    void filtersCommuteWithTheSumOfTwoTrees() {
        qt().withExamples(EXAMPLES).forAll(OPS, OPS, booleans().all(), FILTER_AND_REGIONS)
                .checkAssert((a, b, sampled, x) -> {
                    CallTree ta = generate(a, sampled, false);
                    CallTree tb = generate(b, sampled, false);
                    StackFilters f = one(x);
                    Map<String, long[]> ofSum = sums(StackFiltering.apply(sum(ta, tb), f));
                    Map<String, long[]> sumOf = sums(sum(StackFiltering.apply(ta, f), StackFiltering.apply(tb, f)));
                    assertEquals(text(sumOf), text(ofSum));
                });
    }

    /** The filter and pattern {@code x} of {@link #FILTER_AND_REGIONS} says. */
    private static StackFilters one(int x) {
        List<Function<String, StackFilters>> each = List.of(StackFilters.NONE::withFocus, StackFilters.NONE::withIgnore,
                StackFilters.NONE::withHide, StackFilters.NONE::withShow, StackFilters.NONE::withShowFrom);
        return each.get(x / 14).apply(pattern(1 + x % 14));
    }

    /** Per path of region names: {inclusive, exclusive, calls} summed over the nodes of that path. */
    private static Map<String, long[]> sums(CallTree tree) {
        Map<String, long[]> rows = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            long[] v = rows.computeIfAbsent(tree.path(n, Views.SEPARATOR), k -> new long[3]);
            v[0] += tree.inclusiveNanos(n);
            v[1] += tree.exclusiveNanos(n);
            v[2] += tree.calls(n);
        }
        return rows;
    }

    private static String text(Map<String, long[]> rows) {
        Map<String, String> t = new LinkedHashMap<>();
        rows.forEach((k, v) -> t.put(k, v[0] + "/" + v[1] + "/" + v[2]));
        return t.toString();
    }

    /** {@code a} and {@code b} added node by node into a tree over {@code a}'s frames. */
    private static CallTree sum(CallTree a, CallTree b) {
        CallTree s = new CallTree(a.frames());
        TreeAdd.into(a, s, f -> f);
        TreeAdd.intoMapped(b, s, f -> s.frames().intern(b.frames().regionName(f), b.frames().callsiteName(f)));
        return s;
    }
}
