package dev.ppw.engine;

import dev.ppw.model.Profile;

import java.util.Objects;

/**
 * One part of a whole, on its own: a thread of a profile ({@link ProfileResult#threads()}) or a node of a
 * merge (told to {@link MergeOptions#nodeViews()}), for reports that print each part
 * ({@link Engine#sections}).
 *
 * @param label   how outputs name the part: a thread's name, a node's label
 * @param profile the part's profile: a tree profile for a thread, a profile in the merged view for a node
 */
public record NodeView(String label, Profile profile) {
    public NodeView {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(profile, "profile");
    }
}
