package dev.ppw.pfa.recorder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where fold mode's profile goes: the one seam between the recorder's own trees and ppw-java's model, so
 * that either side can change alone (the engine's live fold, a run store).
 */
interface ProfileOutput {
    /**
     * Writes {@code tree} (its nodes' calls, times and counters; exclusive time and subcalls are derived here)
     * with the warnings counted while folding (kind to count, SEMANTICS.md's kinds) to {@code file}.
     */
    void write(FoldTree tree, Map<String, Long> warnings, Path file) throws IOException;

    /**
     * The output the options ask for: a saved profile file. {@code ppw-store} (a run store) is the hook for the
     * store module: until it exists, a warning and the file.
     */
    static ProfileOutput forOptions(Options options, Consumer<String> err) {
        if (options.store() != null) {
            err.accept("perfflow warning: ppw-store is not available yet; the profile is written to a file");
        }
        return new SavedProfileOutput();
    }
}
