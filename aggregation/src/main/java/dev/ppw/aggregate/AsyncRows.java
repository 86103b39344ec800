package dev.ppw.aggregate;

import dev.ppw.model.AsyncMode;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;

/** A saved profile's async rows placed as an {@link AsyncMode} places the spans of a trace's async tracks. */
public final class AsyncRows {
    private AsyncRows() {
    }

    /**
     * A saved profile as {@code mode} reads traces: itself under {@link #APART} or when it has no async part;
     * under {@link #INSIDE} its async rows added into the thread part row by row (same path and callsite:
     * sums add, min of minima, max of maxima, declared metrics by their rule, which is what folding the
     * trace inside gives for a single profile or a sum); under {@link #OFF} without its async rows, each
     * counted in {@code notes} as {@link #NOTE_OFF}.
     */
    public static Profile apply(AsyncMode mode, Profile saved, Diagnostics notes) {
        CallTree tree = saved.tree();
        if (mode == AsyncMode.APART || !tree.hasAsyncPart()) {
            return saved;
        }
        CallTree out = new CallTree(tree.frames(), tree.size());
        tree.metricGroups().forEach(out::enable);
        int[] mapped = new int[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            if (tree.part(n) == Part.ASYNC && mode == AsyncMode.OFF) {
                notes.note(AsyncMode.NOTE_OFF);
                continue;
            }
            mapped[n] = out.child(mapped[tree.parent(n)], tree.frame(n), tree.part(n) == Part.ASYNC ? Part.THREAD : tree.part(n));
            TreeAdd.add(tree, n, out, mapped[n]);
        }
        out.addOverflowsOf(tree);
        return saved.withView(out, saved.view(), saved.tauDepth());
    }
}
