package dev.ppw.cli;

import dev.ppw.store.RunInfo;
import dev.ppw.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.util.concurrent.Callable;

/** {@code ppw-java runs show}: one run with everything said about it. */
@Command(name = "show", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = "Shows one stored run: label, session, tags, profile, totals, command line, settings,"
                + " environment, git commit, raw files.",
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java runs show 12", "  ppw-java runs show last --format json", "  ppw-java runs show nightly"})
final class RunsShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    RunsCommand runs;

    @Mixin
    StoreOptions store;

    @Parameters(paramLabel = "RUN", description = "The run: its id, last, or a label (the newest run with it); run: may"
            + " come first.")
    String run;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() throws IOException {
        RunTables.Format chosen = RunTables.format(spec, format, false);
        try (RunStore opened = store.open(false)) {
            RunInfo info = opened.resolve(run);
            RunTables.show(info, opened.rawFiles(info.id()), opened.counters(info.id()).size(), chosen,
                    runs.main.streams().out());
        }
        return Main.OK;
    }
}
