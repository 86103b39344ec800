package dev.ppw.cli;

import dev.ppw.store.RunFilter;
import dev.ppw.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ppw-java runs list}: the stored runs, oldest first, filtered by tag, session and time. */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = "Lists the stored runs, oldest first.",
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java runs list --last 20",
                "  ppw-java runs list --session tuning --tag host=node1 --format csv",
                "  ppw-java runs list --since 2024-05-01 --format json"})
final class RunsListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    RunsCommand runs;

    @Mixin
    StoreOptions store;

    @Option(names = "--tag", paramLabel = "KEY=VALUE",
            description = "Only runs with this tag (repeatable: all of them).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--session", paramLabel = "NAME", description = "Only runs of this session.")
    String session;

    @Option(names = "--since", paramLabel = "WHEN",
            description = "Only runs made since: a date (2024-05-01), a date and time (2024-05-01T12:00), or 7d,"
                    + " 12h, 30m ago.")
    String since;

    @Option(names = "--last", paramLabel = "N", description = "Only the N newest of those runs.")
    Integer last;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() throws IOException {
        RunTables.Format chosen = RunTables.format(spec, format, false);
        RunFilter filter = filter(spec, tags, session, since, last);
        try (RunStore opened = store.open(false)) {
            RunTables.list(opened.list(filter), chosen, runs.main.streams().out());
        }
        return Main.OK;
    }

    /** The filter of the options shared by {@code runs list} and {@code history}. */
    static RunFilter filter(CommandSpec spec, List<String> tags, String session, String since, Integer last) {
        if (last != null && last < 1) {
            throw ReportOptions.usage(spec, "--last must be at least 1, got " + last);
        }
        RunFilter filter = RunFilter.all().withSession(session).withLast(last == null ? 0 : last);
        for (var t : RunArguments.tags(spec, tags).entrySet()) {
            filter = filter.withTag(t.getKey(), t.getValue());
        }
        return since == null ? filter : filter.withSince(RunArguments.since(spec, since, Instant.now()));
    }
}
