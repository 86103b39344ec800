package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;

import java.util.Locale;

/**
 * Where the spans of nestable async tracks ({@code b}/{@code e} events, keyed (pid, cat, id)) go
 * ({@code --async}; SEMANTICS.md section 2, "Parts"). Async spans are not time a thread spent: many may be
 * open at once, so adding them into the threads' tree would make its total exceed the time the trace spans.
 */
public enum AsyncMode {
    /** The async tracks' calls form the {@link Part#ASYNC} part: roots, rows and a total of their own. */
    APART,
    /** The async tracks' calls fold into the threads' tree: identical paths add up (ppw-java before parts). */
    INSIDE,
    /** The async tracks' events are left out, each counted as the note {@link #NOTE_OFF}. */
    OFF;

    /**
     * Note: one async {@code b}/{@code e} event of a trace left out by {@link #OFF}, or one async row of a
     * saved profile.
     */
    public static final String NOTE_OFF = Diagnostics.ASYNC_OFF;

    /** The lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The part the calls of an async track go to under this mode ({@link #OFF} keeps none: the folder drops
     * its events before).
     */
    Part asyncPart() {
        return this == APART ? Part.ASYNC : Part.THREAD;
    }

    /**
     * A saved profile as this mode reads traces: itself under {@link #APART} or when it has no async part;
     * under {@link #INSIDE} its async rows added into the thread part row by row (same path and callsite:
     * sums add, min of minima, max of maxima, declared metrics by their rule, which is what folding the
     * trace inside gives for a single profile or a sum); under {@link #OFF} without its async rows, each
     * counted in {@code notes} as {@link #NOTE_OFF}.
     */
    public Profile applyTo(Profile saved, Diagnostics notes) {
        CallTree tree = saved.tree();
        if (this == APART || !tree.hasAsyncPart()) {
            return saved;
        }
        CallTree out = new CallTree(tree.frames(), tree.size());
        tree.metricGroups().forEach(out::enable);
        int[] mapped = new int[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            if (tree.part(n) == Part.ASYNC && this == OFF) {
                notes.note(NOTE_OFF);
                continue;
            }
            mapped[n] = out.child(mapped[tree.parent(n)], tree.frame(n), Part.THREAD);
            TreeAdd.add(tree, n, out, mapped[n]);
        }
        return saved.withView(out, saved.view(), saved.tauDepth());
    }
}
