package dev.ppw.pfa.recorder;

import dev.ppw.engine.Engine;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Where fold mode's profile goes: a saved profile file, or a run in a run store ({@code ppw-store}). */
interface ProfileOutput {
    /**
     * Writes {@code profile} (a tree profile) with the warnings counted while folding it; {@code atExit} for the
     * profile of the whole run, false for a {@link dev.ppw.pfa.PerfFlow#snapshot()}.
     */
    void write(Profile profile, Diagnostics diagnostics, Path file, boolean atExit) throws IOException;

    /**
     * The output the options ask for: with {@code ppw-store}, the run store ({@link StoreOutput}, loaded by name so
     * that the store module and its JDBC drivers are needed only then); else, or when the store module is not on
     * the class path (one line), the saved profile file.
     */
    static ProfileOutput forOptions(Options options, Engine engine, Consumer<String> err) {
        SavedProfileOutput file = new SavedProfileOutput(engine);
        if (options.store() == null) {
            return file;
        }
        try {
            Class.forName("dev.ppw.store.RunStore", false, ProfileOutput.class.getClassLoader());
            return (ProfileOutput) Class.forName("dev.ppw.pfa.recorder.StoreOutput")
                    .getDeclaredConstructor(String.class, Options.class, Engine.class, SavedProfileOutput.class,
                            Consumer.class)
                    .newInstance(options.store(), options, engine, file, err);
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            err.accept("perfflow warning: ppw-store needs ppw-java's store module on the class path; the profile is"
                    + " written to a file");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            Throwable cause = e instanceof InvocationTargetException i ? i.getCause() : e;
            err.accept("perfflow warning: ppw-store cannot be used: " + cause + "; the profile is written to a file");
        }
        return file;
    }
}
