package dev.ppw.engine;

import dev.ppw.model.CallTree;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.testing.SplitTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * SEMANTICS.md "Phases": the phases of a generated trace with marker regions equal the profile of the trace cut
 * at the markers' times, computed here from the generated calls: each call clipped to the phase's windows (a
 * marker's own time for its name, the time of no marker for {@code (outside)}), its overlap summed by path.
 */
class PhasesPropertiesTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final List<String> MARKERS = List.of("init", "solve");

    @TempDir
    static Path dir;

    @Test
    void eachPhaseIsTheTraceCutAtItsMarkers() {
        qt().withExamples(80).forAll(longs().all(), integers().between(1, 60), integers().between(0, 1))
                .checkAssert((seed, ops, epoch) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    SplitTraces.Trace trace = SplitTraces.generate(r, 1 + r.nextInt(2), ops,
                            epoch == 1 ? 1_795_000_000_000_000L : 0, MARKERS);
                    Path file = SplitTraces.write(dir, "phases-" + seed + ".json", trace.json());
                    AnalysisResult result = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(file.toString())))
                            .withJobs(1 + r.nextInt(2)).withSplit(new WindowSpec.Phases(MARKERS, List.of(), false)));
                    Map<String, Map<String, long[]>> expected = expected(trace.calls());
                    Map<String, Map<String, long[]>> actual = new TreeMap<>();
                    for (Report.Phase phase : result.report().phases()) {
                        actual.put(phase.name(), rows(phase.report().profile()));
                    }
                    for (String name : union(expected, actual)) {
                        assertEquals(text(expected.getOrDefault(name, Map.of())),
                                text(actual.getOrDefault(name, Map.of())), "phase " + name + ", seed " + seed);
                    }
                });
    }

    @Test
    void aMergeCombinesEachPhaseOverTheNodesWithItsOperator() {
        qt().withExamples(30).forAll(longs().all(), integers().between(1, 40), integers().between(0, 1))
                .checkAssert((seed, ops, max) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    WindowSpec split = new WindowSpec.Phases(MARKERS, List.of(), false);
                    List<String> files = new ArrayList<>();
                    List<Map<String, Map<String, long[]>>> alone = new ArrayList<>();
                    for (int n = 0; n < 2 + r.nextInt(2); n++) {
                        SplitTraces.Trace trace = SplitTraces.generate(r, 1 + r.nextInt(2), ops, r.nextInt(0, 100),
                                MARKERS);
                        Path file = SplitTraces.write(dir, "node-" + seed + "-" + n + ".json", trace.json());
                        files.add(file.toString());
                        AnalysisResult one = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(file.toString())))
                                .withJobs(1).withSplit(split));
                        alone.add(phases(one.report()));
                    }
                    AnalysisResult merged = ENGINE.analyze(Analysis.merge(ENGINE.inputs(files),
                            max == 1 ? MergeOp.MAX : MergeOp.SUM).withJobs(2).withSplit(split));
                    Map<String, Map<String, long[]>> actual = phases(merged.report());
                    for (String name : actual.keySet()) {
                        Map<String, long[]> expected = new TreeMap<>();
                        for (Map<String, Map<String, long[]>> node : alone) {
                            node.getOrDefault(name, Map.of()).forEach((path, v) -> expected.merge(path, v.clone(),
                                    (a, b) -> new long[] {max == 1 ? Math.max(a[0], b[0]) : a[0] + b[0], a[1] + b[1]}));
                        }
                        assertEquals(text(expected), text(actual.get(name)), "phase " + name + ", seed " + seed);
                    }
                });
    }

    private static Map<String, Map<String, long[]>> phases(Report split) {
        Map<String, Map<String, long[]>> phases = new TreeMap<>();
        for (Report.Phase phase : split.phases()) {
            phases.put(phase.name(), rows(phase.report().profile()));
        }
        return phases;
    }

    /** Per phase, per path: the summed overlap of its calls with the phase's windows, and how many overlap. */
    private static Map<String, Map<String, long[]>> expected(List<SplitTraces.Call> calls) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        List<long[]> markers = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (SplitTraces.Call c : calls) {
            first = Math.min(first, c.startNanos());
            last = Math.max(last, c.endNanos());
            if (c.path().size() == 1 && MARKERS.contains(c.path().get(0))) {
                markers.add(new long[] {c.startNanos(), c.endNanos()});
                names.add(c.path().get(0));
            }
        }
        // The generated markers are in time order and do not overlap: the rest of [first, last] is outside.
        Map<String, List<long[]>> windows = new HashMap<>();
        long cursor = first;
        for (int m = 0; m < markers.size(); m++) {
            long[] w = markers.get(m);
            if (w[0] > cursor) {
                windows.computeIfAbsent("(outside)", k -> new ArrayList<>()).add(new long[] {cursor, w[0]});
            }
            windows.computeIfAbsent(names.get(m), k -> new ArrayList<>()).add(w);
            cursor = w[1];
        }
        if (cursor < last) {
            windows.computeIfAbsent("(outside)", k -> new ArrayList<>()).add(new long[] {cursor, last});
        }
        Map<String, Map<String, long[]>> phases = new TreeMap<>();
        windows.forEach((name, list) -> {
            Map<String, long[]> rows = new TreeMap<>();
            for (SplitTraces.Call c : calls) {
                long overlap = 0;
                for (long[] w : list) {
                    overlap += Math.max(0, Math.min(c.endNanos(), w[1]) - Math.max(c.startNanos(), w[0]));
                }
                if (overlap > 0) {
                    long[] row = rows.computeIfAbsent(String.join(" => ", c.path()), k -> new long[2]);
                    row[0] += overlap;
                    row[1]++;
                }
            }
            phases.put(name, rows);
        });
        return phases;
    }

    private static Map<String, long[]> rows(Profile phase) {
        CallTree tree = phase.tree();
        Map<String, long[]> rows = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            if (tree.calls(n) > 0) {
                rows.put(tree.path(n, " => "), new long[] {tree.inclusiveNanos(n), tree.calls(n)});
            }
        }
        return rows;
    }

    private static List<String> union(Map<String, ?> a, Map<String, ?> b) {
        java.util.TreeSet<String> all = new java.util.TreeSet<>(a.keySet());
        all.addAll(b.keySet());
        return new ArrayList<>(all);
    }

    private static String text(Map<String, long[]> rows) {
        StringBuilder sb = new StringBuilder();
        rows.forEach((path, v) -> sb.append(path).append(": ").append(v[0]).append(" ns, ").append(v[1])
                .append(" calls\n"));
        return sb.toString();
    }
}
