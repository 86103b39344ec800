package dev.ppw.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code ppw-java runs}: the run store's runs (docs/store.md); each action is a subcommand. */
@Command(name = "runs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Lists, shows, tags and removes the runs kept in a run store, stores new ones and "
                + "compacts the store.",
                "Any command reads a stored run as the input run:ID, run:last or run:LABEL."},
        subcommands = {RunsListCommand.class, RunsShowCommand.class, RunsAddCommand.class, RunsTagCommand.class,
                RunsRmCommand.class, RunsGcCommand.class},
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
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        spec.commandLine().usage(main.streams().err());
        return Main.BAD_USAGE;
    }
}
