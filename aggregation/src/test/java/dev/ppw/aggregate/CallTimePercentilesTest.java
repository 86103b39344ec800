package dev.ppw.aggregate;

import dev.ppw.model.CallTimeSketch;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Percentiles per calling context over generated traces of known distributions: folded per node, the
 * sketches' quantiles are within the stated accuracy of the exact ones computed from every call; merged
 * over nodes by every operator and derived by every view, the sketch is the one of all calls together.
 */
class CallTimePercentilesTest {
    private static final double[] QUANTILES = {0, 0.5, 0.9, 0.99, 1};
    private static final String[] REGIONS = {"main", "solve", "io"};

    /** One node's trace: main calls solve calls io (and main calls io directly), durations of kind {@code kind}. */
    private record NodeTrace(Folder folder, Map<String, List<Long>> callsByPath) {
    }

    private static long duration(Random r, int kind) {
        return switch (kind) {
            case 0 -> 1 + r.nextLong(2_000);
            case 1 -> (long) (-Math.log(1 - r.nextDouble()) * 40_000);
            default -> (long) Math.exp(Math.log(5_000) + 1.5 * r.nextGaussian());
        };
    }

    /** Folds {@code calls} calls of main, each with nested calls, as X events on one thread. */
    private static NodeTrace node(Random r, int kind, int calls) {
        Folder folder = new Folder(FoldOptions.defaults().withKeepCallTimes(true));
        Map<String, List<Long>> byPath = new java.util.LinkedHashMap<>();
        folder.beginInput("node.json");
        int track = folder.thread("1", "1");
        int main = folder.frames().intern(REGIONS[0]);
        int solve = folder.frames().intern(REGIONS[1]);
        int io = folder.frames().intern(REGIONS[2]);
        long t = 0;
        for (int c = 0; c < calls; c++) {
            long ioDur = duration(r, kind);
            long solveDur = ioDur + duration(r, kind);
            long directIo = r.nextInt(4) == 0 ? duration(r, kind) : -1;
            long mainDur = solveDur + Math.max(0, directIo) + r.nextInt(100);
            folder.complete(track, t, mainDur, main);
            folder.complete(track, t, solveDur, solve);
            folder.complete(track, t, ioDur, io);
            byPath.computeIfAbsent("main", k -> new ArrayList<>()).add(mainDur);
            byPath.computeIfAbsent("main => solve", k -> new ArrayList<>()).add(solveDur);
            byPath.computeIfAbsent("main => solve => io", k -> new ArrayList<>()).add(ioDur);
            if (directIo >= 0) {
                folder.complete(track, t + solveDur, directIo, io);
                byPath.computeIfAbsent("main => io", k -> new ArrayList<>()).add(directIo);
            }
            t += mainDur + 10;
        }
        folder.endInput();
        return new NodeTrace(folder, byPath);
    }

    private static List<NodeTrace> nodes(long seed, int count, int kind) {
        Random r = new Random(seed);
        List<NodeTrace> nodes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nodes.add(node(r, kind, 1 + r.nextInt(300)));
        }
        return nodes;
    }

    private static void assertWithinAccuracy(CallTimeSketch sketch, List<Long> calls, String where) {
        assertNotNull(sketch, where);
        assertEquals(calls.size(), sketch.count(), where);
        long[] sorted = calls.stream().mapToLong(Long::longValue).sorted().toArray();
        for (double q : QUANTILES) {
            long exact = sorted[(int) Math.floor(q * (sorted.length - 1))];
            long printed = sketch.quantileNanos(q);
            assertTrue(Math.abs(printed - exact) <= CallTimeSketch.RELATIVE_ACCURACY * exact + 0.5,
                    () -> where + " q=" + q + ": sketch " + printed + ", exact " + exact);
        }
    }

    private static CallTimeSketch sketchOf(List<Long> calls) {
        CallTimeSketch s = new CallTimeSketch();
        calls.forEach(s::add);
        return s;
    }

    private static int node(CallTree tree, String path) {
        for (int n = 1; n < tree.size(); n++) {
            if (tree.path(n, Views.SEPARATOR).equals(path)) {
                return n;
            }
        }
        throw new AssertionError("no row " + path);
    }

    @Test
    void eachContextsPercentilesAreWithinOnePercentOfTheExactOnes() {
        qt().withExamples(60).forAll(longs().all(), integers().between(0, 2)).checkAssert((seed, kind) -> {
            NodeTrace trace = nodes(seed, 1, kind).get(0);
            CallTree tree = trace.folder().tree();
            trace.callsByPath().forEach((path, calls) ->
                    assertWithinAccuracy(tree.callTimes(node(tree, path)), calls, "seed " + seed + " " + path));
        });
    }

    @Test
    void mergingNodesByEveryOperatorKeepsTheSketchOfAllTheirCalls() {
        qt().withExamples(30).forAll(longs().all(), integers().between(1, 6), integers().between(0, 2))
                .checkAssert((seed, count, kind) -> {
                    List<NodeTrace> nodes = nodes(seed, count, kind);
                    Map<String, List<Long>> all = new java.util.LinkedHashMap<>();
                    nodes.forEach(n -> n.callsByPath().forEach((path, calls) ->
                            all.computeIfAbsent(path, k -> new ArrayList<>()).addAll(calls)));
                    for (MergeOp op : MergeOp.values()) {
                        MergeAccumulator acc = new MergeAccumulator(op, MissingRule.ZERO, false, ViewKind.TREE, 0);
                        for (int i = 0; i < nodes.size(); i++) {
                            acc.add(i, "n" + i, new NodeInfo("n" + i, "n" + i + ".json", "", "", Map.of(), Map.of()),
                                    nodes.get(i).folder().toProfile(), new Diagnostics());
                        }
                        // shipped through its bytes on the way, as a cluster job does
                        CallTree merged = MergeAccumulator.fromBytes(acc.toBytes()).result(false).profile().tree();
                        for (Map.Entry<String, List<Long>> e : all.entrySet()) {
                            String where = "seed " + seed + " " + op + " " + e.getKey();
                            CallTimeSketch sketch = merged.callTimes(node(merged, e.getKey()));
                            assertEquals(sketchOf(e.getValue()), sketch, where);
                            assertWithinAccuracy(sketch, e.getValue(), where);
                        }
                    }
                });
    }

    @Test
    void viewsGatheringSeveralNodesJoinTheirSketches() {
        qt().withExamples(30).forAll(longs().all(), integers().between(0, 2)).checkAssert((seed, kind) -> {
            NodeTrace trace = nodes(seed, 1, kind).get(0);
            Profile tree = trace.folder().toProfile();
            List<Long> io = new ArrayList<>(trace.callsByPath().get("main => solve => io"));
            io.addAll(trace.callsByPath().getOrDefault("main => io", List.of()));
            for (ViewKind view : new ViewKind[] {ViewKind.FLAT, ViewKind.TAU}) {
                CallTree rows = Views.derive(tree, view, 1).tree();
                assertEquals(sketchOf(io), rows.callTimes(node(rows, "io")), "seed " + seed + " " + view);
            }
            CallTree callpath = Views.derive(tree, ViewKind.CALLPATH, 0).tree();
            assertEquals(sketchOf(trace.callsByPath().get("main")), callpath.callTimes(node(callpath, "main")));
        });
    }

    @Test
    void withoutTheOptionNoSketchIsKept() {
        Folder folder = new Folder(FoldOptions.defaults());
        folder.beginInput("a");
        folder.complete(folder.thread("1", "1"), 0, 10, folder.frames().intern("a"));
        folder.endInput();
        assertEquals(false, folder.tree().keepsCallTimes());
        assertEquals(2, folder.tree().size());
        assertNull(folder.tree().callTimes(1));
    }
}
