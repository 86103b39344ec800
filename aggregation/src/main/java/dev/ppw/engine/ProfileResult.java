package dev.ppw.engine;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.Profile;

import java.util.Objects;

/**
 * What {@link Engine#profile} gives: the folded tree profile of all inputs (their {@code sum}: SEMANTICS.md
 * section 4, one node per input) and what reading them counted.
 *
 * @param profile       a {@link dev.ppw.model.ViewKind#TREE} profile; derive other views with {@link Engine#view}
 * @param diagnostics   warnings and notes of every input, in input order
 * @param droppedInputs the inputs this call left out because they could not be read
 *                      ({@link ProfileOptions#skipBad()}); none otherwise
 */
public record ProfileResult(Profile profile, Diagnostics diagnostics, DroppedInputs droppedInputs) {
    public ProfileResult {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(droppedInputs, "droppedInputs");
    }

    /** A result that left out no input. */
    public ProfileResult(Profile profile, Diagnostics diagnostics) {
        this(profile, diagnostics, DroppedInputs.NONE);
    }
}
