package dev.ppw.cli;

import dev.ppw.engine.InputResolver;
import dev.ppw.model.Version;
import dev.ppw.store.GitInfo;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunNames;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code --store LOC}, which every command that touches runs takes, and what the command line says about a run it
 * stores: the environment and working folder are read here, never by the store library (docs/store.md).
 */
final class StoreOptions {
    /** How long a writer waits for the store's other writers (ms); a tuning knob as {@link Tuning}'s are. */
    static final String LOCK_TIMEOUT = "ppw.store.lockTimeoutMillis";

    @Option(names = "--store", paramLabel = "LOC",
            description = "The run store: a file (sqlite:PATH too) or postgresql://host[:port]/db (default: "
                    + "$PPW_STORE, else ~/.local/share/ppw-java/runs.db).")
    String store;

    /** Where the store is: {@code --store}, else {@code $PPW_STORE}, else the one in the home folder. */
    StoreLocation location() {
        return location(store);
    }

    /** Where the store named {@code given} is; null or {@code ""}: {@code $PPW_STORE}, else the home folder's. */
    static StoreLocation location(String given) {
        Path work = Path.of("").toAbsolutePath();
        Path home = Path.of(System.getProperty("user.home"));
        return given != null && !given.isEmpty() ? StoreLocation.parse(given, work).withDefaultRawFolder(home)
                : StoreLocation.defaultLocation(System.getenv(), home, work);
    }

    /** Opens the store: made on first use when {@code create}, else it must exist. */
    RunStore open(boolean create) {
        return open(location(), create);
    }

    /** Opens the store at {@code location}: made on first use when {@code create}, else it must exist. */
    static RunStore open(StoreLocation location, boolean create) {
        RunStore.Options options = RunStore.Options.defaults()
                .withMode(create ? RunStore.Mode.CREATE : RunStore.Mode.EXISTING);
        long timeout = Long.getLong(LOCK_TIMEOUT, -1);
        if (timeout >= 0) {
            options = options.withLockTimeout(Duration.ofMillis(timeout));
        }
        prepare(location);
        return RunStore.open(location, options);
    }

    /** What a store at {@code location} needs of this process before it is opened: SQLite's library unpacked once. */
    static void prepare(StoreLocation location) {
        if (location.kind() == StoreLocation.Kind.SQLITE) {
            SqliteLibrary.prepare();
        }
    }

    /**
     * Inputs named {@code run:ID}, {@code run:last} or {@code run:LABEL} read from the store at {@code location}, which
     * is opened only when an input names a run, and must exist then.
     */
    static InputResolver runs(Supplier<StoreLocation> location) {
        return argument -> {
            if (!RunNames.isRunName(argument)) {
                return Optional.empty();
            }
            try (RunStore opened = open(location.get(), false)) {
                return opened.input(argument);
            }
        };
    }

    /** {@link #runs(Supplier)} of this {@code --store}. */
    InputResolver runs() {
        return runs(this::location);
    }

    /**
     * {@code run} with what the command line knows of it: the arguments as given, the options set (their names to
     * the values given) added to its settings, the host it ran on added to its environment (a variable of its own of
     * the same name stays), this ppw-java and the work tree's commit.
     */
    static NewRun described(NewRun run, CommandSpec spec) {
        ParseResult parsed = spec.commandLine().getParseResult();
        List<String> arguments = parsed == null ? List.of() : parsed.originalArgs();
        Map<String, String> settings = new LinkedHashMap<>(run.settings());
        settings.put("command", spec.qualifiedName(" ").replaceFirst("^ppw-java ", ""));
        if (parsed != null) {
            parsed.matchedOptions().forEach(o -> settings.put(o.longestName(), String.join(",",
                    parsed.matchedOption(o.longestName()).stringValues())));
        }
        Map<String, String> environment = new LinkedHashMap<>(run.environment());
        HostDescription.here().forEach(environment::putIfAbsent);
        environment.putIfAbsent("working_folder", Path.of("").toAbsolutePath().toString());
        return run.withCommandLine(arguments).withSettings(settings).withEnvironment(environment)
                .withTool(Version.tool()).withGit(GitInfo.of(Path.of("")));
    }
}
