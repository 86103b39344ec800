package dev.ppw.cli;

import dev.ppw.model.Version;
import dev.ppw.store.GitInfo;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --store LOC}, which every command that touches runs takes, and what the command line says about a run it
 * stores: the environment and working folder are read here, never by the store library (docs/store.md).
 */
final class StoreOptions {
    /** How long a writer waits for the store's other writers (ms); a tuning knob as {@link Tuning}'s are. */
    static final String LOCK_TIMEOUT = "ppw.store.lockTimeoutMillis";

    @Option(names = "--store", paramLabel = "LOC",
            description = {"The run store: a file (sqlite:PATH too) or postgresql://host[:port]/db (default:",
                    "$PPW_STORE, else ~/.local/share/ppw-java/runs.db)."})
    String store;

    /** Where the store is: {@code --store}, else {@code $PPW_STORE}, else the one in the home folder. */
    StoreLocation location() {
        Path work = Path.of("").toAbsolutePath();
        Path home = Path.of(System.getProperty("user.home"));
        return store != null ? StoreLocation.parse(store, work).withDefaultRawFolder(home)
                : StoreLocation.defaultLocation(System.getenv(), home, work);
    }

    /** Opens the store: made on first use when {@code create}, else it must exist. */
    RunStore open(boolean create) {
        RunStore.Options options = RunStore.Options.defaults()
                .withMode(create ? RunStore.Mode.CREATE : RunStore.Mode.EXISTING);
        long timeout = Long.getLong(LOCK_TIMEOUT, -1);
        if (timeout >= 0) {
            options = options.withLockTimeout(Duration.ofMillis(timeout));
        }
        return RunStore.open(location(), options);
    }

    /**
     * {@code run} with what the command line knows of it: the arguments as given, the options set (their names to
     * the values given), the host it ran on, this ppw-java and the work tree's commit.
     */
    static NewRun described(NewRun run, CommandSpec spec) {
        ParseResult parsed = spec.commandLine().getParseResult();
        List<String> arguments = parsed == null ? List.of() : parsed.originalArgs();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("command", spec.qualifiedName(" ").replaceFirst("^ppw-java ", ""));
        if (parsed != null) {
            parsed.matchedOptions().forEach(o -> settings.put(o.longestName(), String.join(",",
                    parsed.matchedOption(o.longestName()).stringValues())));
        }
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("host", hostName());
        environment.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        environment.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        environment.put("java", System.getProperty("java.version"));
        environment.put("working_folder", Path.of("").toAbsolutePath().toString());
        return run.withCommandLine(arguments).withSettings(settings).withEnvironment(environment)
                .withTool(Version.tool()).withGit(GitInfo.of(Path.of("")));
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "";
        }
    }
}
