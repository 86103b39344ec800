package dev.ppw.pfa.recorder;

import dev.ppw.engine.Engine;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Where fold mode's profile goes: a saved profile file, or (the hook for the store module) a run store. */
interface ProfileOutput {
    /** Writes {@code profile} (a tree profile) with the warnings counted while folding it. */
    void write(Profile profile, Diagnostics diagnostics, Path file) throws IOException;

    /**
     * The output the options ask for: a saved profile file. {@code ppw-store} (a run store) is the hook for the
     * store module: until it exists, a warning and the file.
     */
    static ProfileOutput forOptions(Options options, Engine engine, Consumer<String> err) {
        if (options.store() != null) {
            err.accept("perfflow warning: ppw-store is not available yet; the profile is written to a file");
        }
        return new SavedProfileOutput(engine);
    }
}
