package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.Combine;
import dev.ppw.engine.Engine;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.store.RunNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code ppw-java report}: the HTML report (docs/html-report.md). One file is folded as {@code profile} folds it;
 * several inputs, a folder or a glob are nodes merged as {@code merge} merges them, with the per-node view.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Writes one self-contained HTML page to look at a profile: a flame graph, flat and tree "
                + "tables, counters and diagnostics, and for several nodes the time of each row on every "
                + "node.",
                "One trace file is one profile (as 'profile'); several inputs, a folder or a glob are "
                + "nodes merged (as 'merge', with its options). The page loads nothing: it opens offline."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java report trace.json -o report.html",
                "      one profile: flame graph, tables, diagnostics",
                "  ppw-java report runs/job42/ -o job42.html",
                "      every trace of the folder a node, summed, with each row's time on every node",
                "  ppw-java report runs/job42/*.pfw --agg max --view callpath -o worst.html",
                "      the worst node's time for every call path",
                "  ppw-java merge runs/job42/ --format html -o job42.html",
                "      the same page from merge (profile --format html too)",
                "%nExit codes: 0 ok, 1 bad input or a warning under --strict, 2 bad usage, 3 internal error."})
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(arity = "1..*", paramLabel = "INPUT",
            description = "Trace files, saved profiles (.ppw.json), folders of them, quoted globs, or '-' for standard"
                    + " input: one file is one profile, anything more a merge of nodes.")
    List<String> inputs;

    @Option(names = "--agg", paramLabel = "OP", defaultValue = "sum", converter = Converters.Agg.class,
            completionCandidates = CompletionCandidates.MergeOps.class,
            description = "Several nodes: how their times combine, sum, min, max or avg (default: ${DEFAULT-VALUE}).")
    MergeOp agg;

    @Option(names = "--present-only",
            description = "Several nodes: min, avg and max over the nodes that have a row, not counting it 0 where missing.")
    boolean presentOnly;

    @Option(names = "--node-by", paramLabel = "WHAT", defaultValue = "file", converter = Converters.NodeBy.class,
            completionCandidates = CompletionCandidates.NodeKeys.class,
            description = "What a node is: file (each input) or pid (each process of each trace; one file then is"
                    + " a merge too) (default: ${DEFAULT-VALUE}).")
    Combine.NodeKey nodeBy;

    @Option(names = "--top-imbalance", paramLabel = "N",
            description = "Several nodes: list these N rows as the worst spread (default: the 20 of largest imbalance).")
    Integer topImbalance;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Inputs read at once (default: the number of cores).")
    Integer jobs;

    @Mixin
    InputOptions input;

    @Mixin
    ReportOptions options;

    @Mixin
    WindowOptions time;

    @Mixin
    StoreOptions store;

    @Override
    public Integer call() throws IOException {
        OutputWriter page = Converters.defaultWriter(OutputWriter.Default.REPORT);
        if (options.format == null) {
            options.format = page;
        } else if (options.format != page) {
            throw ReportOptions.usage(spec, "report writes HTML; for --format " + options.format.name()
                    + " use 'ppw-java profile' or 'ppw-java merge'");
        }
        if (jobs != null && jobs < 1) {
            throw ReportOptions.usage(spec, "--jobs must be at least 1, got " + jobs);
        }
        if (topImbalance != null && topImbalance < 1) {
            throw ReportOptions.usage(spec, "--top-imbalance must be at least 1, got " + topImbalance);
        }
        Engine engine = main.engine();
        List<InputSource> sources = engine.inputs(inputs, main.streams().in(), store.runs());
        options.checkUsage(spec, sources.stream().map(s -> Path.of(s.name())).toList());
        if (oneProfile()) {
            IgnoredOptions.profile(spec, options).forEach(main.streams().err()::println);
            IgnoredOptions.time(spec, options, time).forEach(main.streams().err()::println);
            Analysis analysis = Analyses.profile(sources, engine, spec, options, input, time, input.threads, jobs);
            return Analyses.run(main, spec, analysis, options, "profile", true, options.rowChoice.quiet, null);
        }
        IgnoredOptions.merge(spec, options, agg).forEach(main.streams().err()::println);
        IgnoredOptions.time(spec, options, time).forEach(main.streams().err()::println);
        Combine combine = Combine.merge(agg).withMissing(presentOnly ? MissingRule.PRESENT : MissingRule.ZERO)
                .withNodeBy(nodeBy).withBreakdown(true);
        Analysis analysis = Analyses.merge(sources, engine, spec, options, input, time, combine,
                topImbalance == null ? 0 : topImbalance, jobs);
        return Analyses.run(main, spec, analysis, options, "merge", false, options.rowChoice.quiet, null);
    }

    /** One argument naming one file (or standard input), its nodes by file: a profile, not a merge. */
    private boolean oneProfile() {
        if (inputs.size() != 1 || nodeBy != Combine.NodeKey.FILE) {
            return false;
        }
        String only = inputs.get(0);
        return Engine.STANDARD_INPUT.equals(only) || RunNames.isRunName(only) || Files.isRegularFile(Path.of(only));
    }
}
