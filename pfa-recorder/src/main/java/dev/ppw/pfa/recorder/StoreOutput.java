package dev.ppw.pfa.recorder;

import dev.ppw.engine.Engine;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Fold mode's profile kept as a run of the run store {@code ppw-store} names (docs/store.md): an SQLite file's path (a
 * {@code postgresql://} or {@code sqlite:} location cannot be spelled, as {@code :} separates the options);
 * the whole run's profile, stored once at exit, labelled with the component's {@code name}. A snapshot is not a
 * run: it writes the saved profile file, as without a store. A store that cannot take the run (locked past its
 * timeout, not a store, unreachable) is said in one line and the profile goes to the file, so nothing is lost.
 *
 * <p>Loaded by name ({@link ProfileOutput#forOptions}) only when a store is asked for.
 */
final class StoreOutput implements ProfileOutput {
    private final String store;
    private final Options options;
    private final Engine engine;
    private final SavedProfileOutput file;
    private final Consumer<String> err;

    StoreOutput(String store, Options options, Engine engine, SavedProfileOutput file, Consumer<String> err) {
        this.store = store;
        this.options = options;
        this.engine = engine;
        this.file = file;
        this.err = err;
    }

    @Override
    public void write(Profile profile, Diagnostics diagnostics, Path path, boolean atExit) throws IOException {
        if (!atExit) {
            file.write(profile, diagnostics, path, false);
            return;
        }
        try (RunStore opened = RunStore.open(StoreLocation.parse(store, Path.of("")), RunStore.Options.defaults())) {
            opened.put(run(profile), engine);
        } catch (RuntimeException e) {
            err.accept("perfflow: cannot store the run in " + store + ": " + e.getMessage() + "; the profile is written"
                    + " to " + path);
            file.write(profile, diagnostics, path, true);
        }
    }

    private NewRun run(Profile profile) {
        ProcessHandle.Info info = ProcessHandle.current().info();
        List<String> commandLine = new ArrayList<>();
        info.command().ifPresent(commandLine::add);
        info.arguments().ifPresent(a -> commandLine.addAll(List.of(a)));
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("host", LogFile.hostName());
        environment.put("pid", Long.toString(ProcessHandle.current().pid()));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("ppw-mode", "fold");
        settings.put("name", options.name());
        settings.put("cpu-mem-usage", options.cpuMemUsage() ? "True" : "False");
        return NewRun.of(profile).withLabel(options.name()).withCommandLine(commandLine)
                .withEnvironment(environment).withSettings(settings).withTool(dev.ppw.model.Version.tool());
    }
}
