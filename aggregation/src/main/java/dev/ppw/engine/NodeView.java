package dev.ppw.engine;

import dev.ppw.model.Profile;
import dev.ppw.model.Report;

import java.util.Objects;
import java.util.Optional;

/**
 * One part of a whole, on its own: a thread of a profile ({@link ProfileResult#threads()}) or a node of a
 * merge (told to {@link MergeOptions#nodeViews()}), for reports that print each part
 * ({@link Engine#sections}).
 *
 * @param label   how outputs name the part: a thread's name, a node's label
 * @param profile the part's profile: a tree profile for a thread, a profile in the merged view for a node
 * @param bins    the part's own split, when the profile or merge is split ({@link MergeOptions#windows()},
 *                {@link ProfileOptions#windows()}): a node's time bins in the merged view, whose table
 *                {@link Engine#sections} gives its section, or the part's phases (a node's in the merged view,
 *                a thread's as tree profiles), each a {@link Report.Phase} of its section
 */
public record NodeView(String label, Profile profile, Optional<Split> bins) {
    public NodeView {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(bins, "bins");
    }

    /** A part without time bins. */
    public NodeView(String label, Profile profile) {
        this(label, profile, Optional.empty());
    }
}
