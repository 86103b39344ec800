package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.UnusableRequestException;
import dev.ppw.engine.Combine;
import dev.ppw.engine.Engine;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.format.InputSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code ppw-java merge}: one profile per node, combined key by key with sum, min, max or avg. */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Combines the profiles of many nodes key by key and prints one view of the result.",
                "A node is a trace file (or each of its processes with --node-by pid) or a saved profile."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java merge runs/job42/perfflow.*.pfw --agg max --view tree",
                "      the worst node's time for every calling context",
                "  ppw-java profile node0.pfw --format json -o node0.ppw.json",
                "      save one node's profile; merge reads saved profiles and traces mixed",
                "  ppw-java merge saved/*.ppw.json more/*.pfw --agg avg --view flat --format csv",
                "      the average node, per region, as CSV",
                "  ppw-java merge runs/job42/ --breakdown --top-imbalance 10",
                "      every trace in the folder; the 10 rows spread least evenly over the nodes",
                "  ppw-java merge multiproc.pfw --node-by pid --agg min --present-only",
                "      one node per process of a file; min over the processes that ran each row",
                "  ppw-java merge runs/job42/ --skip-bad",
                "      merge the nodes that can be read; the others are named and counted",
                "  ppw-java merge runs/job42/ --agg max --bin-width 100ms --format csv",
                "      per row, the worst node's time in each 100 ms since each node's start",
                "  ppw-java merge runs/job42/ --agg max --store --session scaling --tag nodes=64",
                "      the merge printed, and kept as a run of the store (its run:ID on stderr)",
                "%nA row missing from a node counts as 0 for min, max and avg unless --present-only.",
                "Exit codes: 0 ok, 1 bad input or a warning under --strict, 2 bad usage, 3 internal error."})
final class MergeCommand implements Callable<Integer> {
    /** {@code --engine}'s value for a merge in this process. */
    static final String LOCAL = "local";

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(arity = "1..*", paramLabel = "INPUT",
            description = "Trace files, saved profiles (.ppw.json), folders of them, quoted globs, or '-' for standard"
                    + " input. An input named twice is read once.")
    List<String> inputs;

    @Option(names = "--agg", paramLabel = "OP", defaultValue = "sum", converter = Converters.Agg.class,
            completionCandidates = CompletionCandidates.MergeOps.class,
            description = "How inclusive and exclusive times combine: sum, min, max or avg (default: ${DEFAULT-VALUE}).")
    MergeOp agg;

    @Option(names = "--present-only",
            description = "min, avg and max over the nodes that have a row, instead of counting it 0 where missing.")
    boolean presentOnly;

    @Option(names = "--recompute-inclusive",
            description = "Rebuild inclusive times bottom-up from the combined exclusive times (tree and callpath only).")
    boolean recomputeInclusive;

    @Option(names = "--node-by", paramLabel = "WHAT", defaultValue = "file", converter = Converters.NodeBy.class,
            completionCandidates = CompletionCandidates.NodeKeys.class,
            description = "What a node is: file (each input) or pid (each process of each trace) (default: ${DEFAULT-VALUE}).")
    Combine.NodeKey nodeBy;

    @Option(names = "--breakdown",
            description = "Add per-node statistics of each row's inclusive time: min, max, mean, stddev, node of max, imbalance.")
    boolean breakdown;

    @Option(names = "--top-imbalance", paramLabel = "N",
            description = "List the N rows with the largest imbalance (max/mean over nodes); implies --breakdown.")
    Integer topImbalance;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "Inputs read at once (default: the number of cores).")
    Integer jobs;

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = LOCAL,
            description = "Where the merge runs: local (this process) or spark (a Spark cluster, or Spark in this "
                    + "machine with --master local[N]; the launcher brings Spark's jars on first use). The "
                    + "output is the same, byte for byte (default: ${DEFAULT-VALUE}).")
    String engineName;

    @Option(names = "--master", paramLabel = "URL",
            description = "With --engine spark: the cluster's master (local[N], yarn, spark://HOST:PORT, k8s://...);"
                    + " default: spark-submit's, else local[*].")
    String master;

    @Option(names = "--partitions", paramLabel = "P",
            description = "With --engine spark: how many tasks share the inputs (default: twice the cluster's"
                    + " cores, at most one per input).")
    Integer partitions;

    @Mixin
    InputOptions input;

    @Mixin
    ReportOptions options;

    @Mixin
    WindowOptions time;

    @Mixin
    KeepOptions keep;

    @Override
    public Integer call() throws IOException {
        checkUsage();
        MergeBackend backend = backend();
        Engine engine = main.engine();
        List<InputSource> sources = backend == null ? engine.inputs(inputs, main.streams().in(), keep.runs())
                : backend.inputs(engine, inputs, main.streams().in());
        options.checkUsage(spec, sources.stream().map(s -> Path.of(s.name())).toList());
        IgnoredOptions.merge(spec, options, agg).forEach(main.streams().err()::println);
        IgnoredOptions.time(spec, options, time).forEach(main.streams().err()::println);
        Analysis analysis = analysis(engine, sources);
        if (backend == null) {
            return Analyses.run(main, spec, analysis, options, "merge", false, options.rowChoice.quiet, keep);
        }
        MergeBackend.Cluster cluster = new MergeBackend.Cluster(Optional.ofNullable(master),
                Optional.ofNullable(partitions), Optional.ofNullable(jobs));
        AnalysisResult result;
        try {
            result = backend.merge(engine, analysis, arguments(), cluster);
        } catch (UnusableRequestException e) {
            throw ReportOptions.usage(spec, e.getMessage());
        }
        return Analyses.report(main, spec, analysis, result, options, keep);
    }

    /** The merge these options ask for, of {@code sources}: what {@link MergeBinding#analysis} gives too. */
    Analysis analysis(Engine engine, List<InputSource> sources) {
        Combine combine = Combine.merge(agg).withMissing(presentOnly ? MissingRule.PRESENT : MissingRule.ZERO)
                .withRecomputeInclusive(recomputeInclusive).withNodeBy(nodeBy).withBreakdown(breakdown);
        return Analyses.merge(sources, engine, spec, options, input, time, combine,
                topImbalance == null ? 0 : topImbalance, jobs);
    }

    /** The backend of {@code --engine}, or null for this process. */
    private MergeBackend backend() {
        if (LOCAL.equals(engineName)) {
            return null;
        }
        MergeBackend backend = main.backend();
        if (backend == null || !backend.name().equals(engineName)) {
            throw ReportOptions.usage(spec, "--engine " + engineName + " is not in this jar: the ppw-java launcher"
                    + " runs --engine spark (bringing Spark's jars on first use), and on a cluster spark-submit --class"
                    + " dev.ppw.spark.SparkMerge ppw-spark.jar takes the same options");
        }
        return backend;
    }

    /** This command's arguments as given, without the word {@code merge}: what a worker binds again. */
    private List<String> arguments() {
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        int at = given.indexOf(spec.name());
        return List.copyOf(at < 0 ? given : given.subList(at + 1, given.size()));
    }

    void checkUsage() {
        if (LOCAL.equals(engineName) && (master != null || partitions != null)) {
            throw ReportOptions.usage(spec, (master != null ? "--master" : "--partitions")
                    + " applies to a merge on a cluster only: add --engine spark");
        }
        if (partitions != null && partitions < 1) {
            throw ReportOptions.usage(spec, "--partitions must be at least 1, got " + partitions);
        }
        if (recomputeInclusive && !options.view.isHierarchical()) {
            throw ReportOptions.usage(spec, "--recompute-inclusive applies to the tree and callpath views only, not "
                    + options.view.label() + " (their rows are not a tree)");
        }
        if (topImbalance != null && topImbalance < 1) {
            throw ReportOptions.usage(spec, "--top-imbalance must be at least 1, got " + topImbalance);
        }
        if (jobs != null && jobs < 1) {
            throw ReportOptions.usage(spec, "--jobs must be at least 1, got " + jobs);
        }
    }
}
