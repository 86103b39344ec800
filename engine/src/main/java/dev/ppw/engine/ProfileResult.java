package dev.ppw.engine;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.Profile;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link ProfileRun} gives: the profile of all inputs (their {@code sum}: SEMANTICS.md section 4, one node per
 * input) in the view asked, and what reading them counted.
 *
 * @param profile       the profile in the view asked
 * @param diagnostics   the notes of inputs named twice, then the warnings and notes of every input, in input
 *                      order
 * @param droppedInputs the inputs left out because they could not be read ({@link ReadingOptions#skipBad()})
 * @param threads       with {@link Analysis#sections()}, each thread's own tree profile (threads that share a name
 *                      are one, as {@code --threads split} makes them; a process's async tracks are one, named
 *                      {@code async} and the process), in the order they appear, each with its process's pid;
 *                      else empty
 * @param processes     with {@link Analysis#sections()}, each process's own tree profile (the sum of its threads and
 *                      async tracks, of every input that names that pid), in the order their first thread appears;
 *                      else empty, and empty when no input names a process
 * @param split         with {@link Analysis#split()}, the profile's phases or time bins, each in the view asked (one
 *                      node per input, as the whole); else empty
 */
record ProfileResult(Profile profile, Diagnostics diagnostics, DroppedInputs droppedInputs,
                     List<NodeView> threads, List<NodeView> processes, Optional<Split> split) {
    ProfileResult {
        processes = List.copyOf(processes);
        Objects.requireNonNull(split, "split");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(droppedInputs, "droppedInputs");
        threads = List.copyOf(threads);
    }

    /** A result without a split. */
    ProfileResult(Profile profile, Diagnostics diagnostics, DroppedInputs droppedInputs,
                         List<NodeView> threads) {
        this(profile, diagnostics, droppedInputs, threads, List.of(), Optional.empty());
    }

    /** A result without thread profiles. */
    ProfileResult(Profile profile, Diagnostics diagnostics, DroppedInputs droppedInputs) {
        this(profile, diagnostics, droppedInputs, List.of());
    }

    /** A result that left out no input, without thread profiles. */
    ProfileResult(Profile profile, Diagnostics diagnostics) {
        this(profile, diagnostics, DroppedInputs.NONE);
    }
}
