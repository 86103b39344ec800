package dev.ppw.pfa.recorder;

import dev.ppw.engine.Engine;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Fold mode's profile as a saved profile: every row of its tree in a {@link Report} (depth first, parents before
 * children, as a saved profile needs; no sorting, which is for display), written by the engine's JSON writer
 * ({@code --format json}), the writer of {@code ppw-java profile TRACE --format json}; replaced atomically.
 */
final class SavedProfileOutput implements ProfileOutput {
    private final Engine engine;

    SavedProfileOutput(Engine engine) {
        this.engine = engine;
    }

    @Override
    public void write(Profile profile, Diagnostics diagnostics, Path file, boolean atExit) throws IOException {
        CallTree tree = profile.tree();
        int[] rows = new int[tree.size() - 1];
        int[] at = {0};
        for (int root = tree.firstChild(CallTree.ROOT); root != CallTree.NONE; root = tree.nextSibling(root)) {
            depthFirst(tree, root, rows, at);
        }
        Report report = new Report(profile, rows, tree.totalInclusiveNanos(tree.mainPart()), Optional.empty())
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
