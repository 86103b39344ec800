package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Ev;
import dev.ppw.aggregate.TestTrace.Stats;
import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.aggregate.TraceGenerator.Call;
import dev.ppw.aggregate.TraceGenerator.Forest;
import dev.ppw.aggregate.TraceGenerator.Order;
import dev.ppw.aggregate.TraceGenerator.Style;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * {@link Folder#windows}: each phase's tree is the calls cut to the phase's windows, computed here straight
 * from generated calls, whatever the event style, order, memory bound and jobs; and bins that cover a trace
 * add up, path by path, to the whole tree's inclusive and exclusive time, even for event soups that overlap,
 * mismatch and never close.
 */
class FolderWindowsPropertiesTest {
    private static final Gen<List<Integer>> FOREST_OPS =
            lists().of(integers().between(0, TraceGenerator.FOREST_OP_MAX)).ofSizeBetween(0, 80);
    private static final Gen<List<Integer>> SOUP_OPS =
            lists().of(integers().between(0, TraceGenerator.SOUP_OP_MAX)).ofSizeBetween(0, 40);
    private static final Gen<List<Integer>> CUTS = lists().of(integers().between(0, 999)).ofSizeBetween(0, 8);

    @Test
    void eachPhaseIsTheCallsCutToItsWindows() {
        qt().withExamples(300).forAll(FOREST_OPS, integers().between(0, 17 * 4 - 1), CUTS, integers().all())
                .checkAssert((ops, c, cuts, seed) -> {
                    long base = (c / 9) % 2 == 1 ? TraceGenerator.EPOCH_NANOS : 0;
                    Forest forest = TraceGenerator.forest(ops, Style.values()[c % 3], Order.values()[(c / 3) % 3],
                            base, seed);
                    long end = base + 1;
                    for (Call call : forest.calls()) {
                        end = Math.max(end, call.endNanos + 1);
                    }
                    Windows windows = windows(cuts, base, end);
                    Folder folder = folder(c / 18);
                    folder.windows(windows);
                    TestTrace.feed(forest.trace(), folder);
                    List<Profile> phases = folder.phaseProfiles();
                    assertEquals(windows.phaseCount(), phases.size());
                    for (int p = 0; p < phases.size(); p++) {
                        assertEquals(expected(forest.calls(), windows, p),
                                TestTrace.snapshot(phases.get(p).tree(), new Diagnostics()).nodes(),
                                "phase " + p + " of " + windows + " on" + forest);
                    }
                });
    }

    @Test
    void binsCoveringATraceAddUpToItsTreePathByPath() {
        qt().withExamples(300).forAll(SOUP_OPS, integers().between(1, 7), integers().between(0, 3))
                .checkAssert((ops, width, variant) -> {
                    Trace trace = TraceGenerator.soup(ops, variant % 2 == 1 ? TraceGenerator.EPOCH_NANOS : 0);
                    long first = Long.MAX_VALUE;
                    long last = Long.MIN_VALUE;
                    for (List<Ev> input : trace.inputs()) {
                        for (Ev ev : input) {
                            first = Math.min(first, ev.tsNanos());
                            last = Math.max(last, ev.tsNanos() + ev.durNanos());
                        }
                    }
                    if (first > last) {
                        return;
                    }
                    int count = (int) ((last - first) / width + 1);
                    Folder folder = folder(variant / 2);
                    folder.windows(Windows.bins(first, width, count));
                    TestTrace.feed(trace, folder);
                    Map<List<String>, long[]> summed = new LinkedHashMap<>();
                    for (Profile bin : folder.phaseProfiles()) {
                        assertPhaseInvariants(bin.tree(), " a bin of" + trace);
                        TestTrace.snapshot(bin.tree(), new Diagnostics()).nodes().forEach((path, s) ->
                                summed.merge(path, new long[] {s.inclusive(), s.exclusive()},
                                        (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]}));
                    }
                    TestTrace.snapshot(folder).nodes().forEach((path, s) -> {
                        long[] bins = summed.getOrDefault(path, new long[2]);
                        assertEquals(s.inclusive(), bins[0], "inclusive of " + path + " over bins of" + trace);
                        assertEquals(s.exclusive(), bins[1], "exclusive of " + path + " over bins of" + trace);
                    });
                });
    }

    /**
     * Section 2's invariants, but for calls: a zero-length call at a window's start whose caller ended there
     * leaves its callers in that window with no call (and no time).
     */
    private static void assertPhaseInvariants(CallTree tree, String what) {
        long exclusiveSum = 0;
        for (int n = 1; n < tree.size(); n++) {
            long childInclusive = 0;
            long childCalls = 0;
            for (int c = tree.firstChild(n); c != CallTree.NONE; c = tree.nextSibling(c)) {
                childInclusive += tree.inclusiveNanos(c);
                childCalls += tree.calls(c);
            }
            String node = tree.path(n, " => ") + " in" + what;
            assertEquals(tree.inclusiveNanos(n) - childInclusive, tree.exclusiveNanos(n), "exclusive of " + node);
            assertTrue(tree.exclusiveNanos(n) >= 0, "exclusive >= 0 of " + node);
            if (tree.calls(n) == 0) {
                assertEquals(0, tree.inclusiveNanos(n), "a node without calls has no time: " + node);
            } else {
                assertEquals(childCalls, tree.subcalls(n), "subcalls of " + node);
            }
            exclusiveSum += tree.exclusiveNanos(n);
        }
        assertEquals(tree.totalInclusiveNanos(), exclusiveSum, "sum of exclusive = sum of roots' inclusive in" + what);
    }

    /** Windows between sorted distinct cut points in [base, end]; every third one left out, phases by cut. */
    private static Windows windows(List<Integer> cuts, long base, long end) {
        TreeSet<Long> points = new TreeSet<>(List.of(base, end));
        for (int cut : cuts) {
            points.add(base + (end - base) * cut / 1000);
        }
        List<Long> sorted = new ArrayList<>(points);
        int phaseCount = 1 + cuts.size() % 3;
        List<long[]> kept = new ArrayList<>();
        for (int i = 0; i + 1 < sorted.size(); i++) {
            int code = i < cuts.size() ? cuts.get(i) : i;
            if (code % 3 != 2 || sorted.size() == 2) {
                kept.add(new long[] {sorted.get(i), sorted.get(i + 1), code % phaseCount});
            }
        }
        long[] starts = kept.stream().mapToLong(w -> w[0]).toArray();
        long[] ends = kept.stream().mapToLong(w -> w[1]).toArray();
        int[] phases = kept.stream().mapToInt(w -> (int) w[2]).toArray();
        return new Windows(starts, ends, phases, phaseCount);
    }

    private static long overlap(long start, long end, Windows windows, int phase) {
        long total = 0;
        long[] starts = windows.startNanos();
        long[] ends = windows.endNanos();
        int[] phases = windows.phase();
        for (int w = 0; w < starts.length; w++) {
            if (phases[w] == phase) {
                total += Math.max(0, Math.min(end, ends[w]) - Math.max(start, starts[w]));
            }
        }
        return total;
    }

    /** Phase {@code phase} straight from the calls: each call cut to the phase, counted where something is left. */
    private static Map<List<String>, Stats> expected(List<Call> calls, Windows windows, int phase) {
        Map<List<String>, Stats> nodes = new LinkedHashMap<>();
        for (Call c : calls) {
            long inclusive = overlap(c.startNanos, c.endNanos, windows, phase);
            if (inclusive == 0) {
                continue;
            }
            long childInclusive = 0;
            long childCalls = 0;
            for (Call child : c.children) {
                long o = overlap(child.startNanos, child.endNanos, windows, phase);
                childInclusive += o;
                childCalls += o > 0 ? 1 : 0;
            }
            Stats one = new Stats(1, inclusive, inclusive - childInclusive, inclusive, inclusive, childCalls);
            List<String> path = c.path();
            if (c.track.async()) {
                path.add(0, TestTrace.ASYNC);
            }
            nodes.merge(path, one, (p, q) -> new Stats(p.calls() + q.calls(), p.inclusive() + q.inclusive(),
                    p.exclusive() + q.exclusive(), Math.min(p.min(), q.min()), Math.max(p.max(), q.max()),
                    p.subcalls() + q.subcalls()));
        }
        return new TestTrace.Folded(nodes, Map.of()).nodes();
    }

    /** A folder as plain as can be (0), spilling every few events (1), or replaying tracks on two threads (2, 3). */
    private static Folder folder(int variant) {
        return switch (variant) {
            case 0 -> new Folder();
            case 1 -> new Folder(FoldOptions.defaults().withSpillLimitEvents(4));
            default -> new Folder().withWorkers(TestWorkers.of(2), 1);
        };
    }
}
