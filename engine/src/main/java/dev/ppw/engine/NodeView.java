package dev.ppw.engine;

import dev.ppw.model.Profile;

import java.util.Objects;
import java.util.Optional;

/**
 * One part of a whole, on its own: a thread of a profile ({@link ProfileResult#threads()}) or a node of a merge
 * ({@link MergeResult#nodes()}), for reports that print each part ({@link ReportAssembly#sections}).
 *
 * @param label   how outputs name the part: a thread's name, a node's label
 * @param profile the part's profile: a tree profile for a thread, a profile in the merged view for a node
 * @param split   the part's own split, when the analysis is split: a node's time bins or phases in the merged view,
 *                or a thread's phases as tree profiles; {@link ReportAssembly#sections} gives its section their table
 *                or its phases (each phase's windows those of this node)
 */
record NodeView(String label, Profile profile, Optional<Split> split) {
    public NodeView {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(split, "split");
    }

    /** A part not split over time. */
    public NodeView(String label, Profile profile) {
        this(label, profile, Optional.empty());
    }
}
