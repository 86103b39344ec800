package dev.ppw.engine;

import dev.ppw.model.Profile;

import java.util.Objects;
import java.util.Optional;

/**
 * One part of a whole, on its own: a thread of a profile ({@link ProfileResult#threads()}) or a node of a merge
 * ({@link MergeResult#nodes()}), for reports that print each part ({@link ReportAssembly#sections}).
 *
 * @param label   how outputs name the part: a thread's name, a process's name, a node's label
 * @param profile the part's profile: a tree profile for a thread or a process, a profile in the merged view for a
 *                node
 * @param split   the part's own split, when the analysis is split: a node's time bins or phases in the merged view,
 *                or a thread's phases as tree profiles; {@link ReportAssembly#sections} gives its section their table
 *                or its phases (each phase's windows those of this node)
 * @param process the pid of the process a thread (or a process's async tracks, or the process itself) is of, as
 *                the input names it; empty for a node of a merge and where the input names no process
 */
record NodeView(String label, Profile profile, Optional<Split> split, String process) {
    public NodeView {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(split, "split");
        Objects.requireNonNull(process, "process");
    }

    /** A part of no process in particular. */
    public NodeView(String label, Profile profile, Optional<Split> split) {
        this(label, profile, split, "");
    }

    /** A part not split over time, of no process in particular. */
    public NodeView(String label, Profile profile) {
        this(label, profile, Optional.empty());
    }
}
