package dev.ppw.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code ppw-java runs}: the run store's runs (docs/store.md); each action is a subcommand. */
@Command(name = "runs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Lists, shows, tags and removes the runs kept in a run store, stores new ones and "
                + "compacts the store.",
                "Any command reads a stored run as the input run:ID, run:last or run:LABEL."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java runs add run.pfw --label nightly --tag branch=main",
                "      profile run.pfw and keep it in the store as a new run",
                "  ppw-java runs list --tag branch=main --since 7d",
                "      the runs of the last week tagged branch=main",
                "  ppw-java runs show last --format json",
                "      everything said about the newest run",
                "  ppw-java profile run:nightly --view flat",
                "      the newest run labelled nightly, as profile shows any input",
                "%nExit codes: 0 ok, 1 bad input (not a store, a newer store, an unknown run, a store",
                "locked too long), 2 bad usage, 3 internal error."})
final class RunsCommand implements Callable<Integer> {
    /**
     * The actions by name, in the order help lists them. Main adds them (not the annotation): a run of one builds
     * only its own model, as for the top-level commands (docs/performance.md, "Run store").
     */
    static final Map<String, Class<?>> ACTIONS = actions();

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    private static Map<String, Class<?>> actions() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("list", RunsListCommand.class);
        m.put("show", RunsShowCommand.class);
        m.put("add", RunsAddCommand.class);
        m.put("tag", RunsTagCommand.class);
        m.put("rm", RunsRmCommand.class);
        m.put("gc", RunsGcCommand.class);
        return Collections.unmodifiableMap(m);
    }

    /** Adds to {@code runs} the action {@code args[1]} names when it names one, else all of them. */
    static void addActions(CommandLine runs, String... args) {
        Class<?> alone = args.length > 1 ? ACTIONS.get(args[1]) : null;
        for (Class<?> c : ACTIONS.values()) {
            if (alone == null || c == alone) {
                runs.addSubcommand(c);
            }
        }
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(main.streams().err());
        return Main.BAD_USAGE;
    }
}
