package dev.ppw.pfa.recorder;

import dev.ppw.engine.Engine;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.Report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fold mode's profile as a saved profile: the tree rebuilt as a {@link CallTree} through profile-model's public
 * API, its every row in a {@link Report} (depth first, parents before children, as a saved profile needs; no
 * sorting, which is for display), written by the engine's JSON writer ({@code --format json}), the writer of
 * {@code ppw-java profile TRACE --format json}.
 */
final class SavedProfileOutput implements ProfileOutput {
    private final Engine engine = Engine.fromClassPath();

    @Override
    public void write(FoldTree t, Map<String, Long> warnings, Path file) throws IOException {
        CallTree tree = new CallTree(new FrameTable(new NameTable()), t.size);
        if (t.hasCounters) {
            tree.enable(RegionCounters.GROUP);
        }
        int[] node = new int[t.size];
        long[] childCalls = new long[t.size];
        long[] childInclusive = new long[t.size];
        for (int n = 1; n < t.size; n++) {
            int p = t.parent[n];
            if (p != FoldTree.ROOT) {
                childCalls[p] += t.calls[n];
                childInclusive[p] += t.inclusive[n];
            }
        }
        for (int n = 1; n < t.size; n++) {
            int p = t.parent[n];
            int frame = tree.frames().intern(t.name[n]);
            node[n] = p == FoldTree.ROOT
                    ? tree.child(CallTree.ROOT, frame, t.part[n] == FoldTree.ASYNC ? Part.ASYNC : Part.THREAD)
                    : tree.child(node[p], frame);
            tree.setMetrics(node[n], t.calls[n], childCalls[n], t.inclusive[n], t.inclusive[n] - childInclusive[n],
                    t.min[n] < 0 ? CallTree.UNSET : t.min[n], t.min[n] < 0 ? CallTree.UNSET : t.max[n]);
            if (t.cpuSamples[n] > 0) {
                tree.add(node[n], RegionCounters.CPU_SAMPLES, t.cpuSamples[n]);
                tree.add(node[n], RegionCounters.CPU_SUM, t.cpuSum[n]);
            }
            if (!Double.isNaN(t.memoryPeak[n])) {
                tree.set(node[n], RegionCounters.MEMORY_PEAK, t.memoryPeak[n]);
            }
        }
        Diagnostics diagnostics = new Diagnostics();
        warnings.forEach((kind, count) -> diagnostics.warn(kind, count, List.of()));
        Profile profile = Profile.single(tree, List.of(file.getFileName().toString()), Map.of(), Map.of());
        int[] rows = new int[tree.size() - 1];
        int[] at = {0};
        for (int root = tree.firstChild(CallTree.ROOT); root != CallTree.NONE; root = tree.nextSibling(root)) {
            depthFirst(tree, root, rows, at);
        }
        Report report = new Report(profile, rows, tree.totalInclusiveNanos(Part.THREAD), Optional.empty())
                .withDiagnostics(diagnostics);
        engine.write(report, "json", file);
    }

    private static void depthFirst(CallTree tree, int node, int[] rows, int[] at) {
        rows[at[0]++] = node;
        for (int c = tree.firstChild(node); c != CallTree.NONE; c = tree.nextSibling(c)) {
            depthFirst(tree, c, rows, at);
        }
    }
}
