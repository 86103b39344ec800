package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Profile;
import dev.ppw.model.format.InputSource;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ppw-java runs add}: profile inputs as {@code profile} does (or merge them) and store the result as a run. */
@Command(name = "add", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = {"Profiles the inputs into one calling-context tree, as 'profile' does, or merges them "
                + "with --agg, and stores it as a new run; prints its name, run:ID."},
        footerHeading = "%nExamples:%n",
        footer = {"  ppw-java runs add run.pfw --label nightly --tag branch=main",
                "  ppw-java runs add nodes/ --agg max --session scaling --tag nodes=64"})
final class RunsAddCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    RunsCommand runs;

    @Mixin
    StoreOptions store;

    @Parameters(arity = "1..*", paramLabel = "INPUT",
            description = "Traces, saved profiles or folders, as profile takes them.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--label", paramLabel = "NAME", description = "The run's label: run:NAME finds its newest run.")
    String label;

    @Option(names = "--session", paramLabel = "NAME", description = "The run's session, made on first use.")
    String session;

    @Option(names = "--tag", paramLabel = "KEY=VALUE", description = "A tag of the run (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--agg", paramLabel = "OP", converter = Converters.Agg.class,
            description = "Merge the inputs as 'merge --agg OP' does (each file a node): sum, min, max or avg"
                    + " (default: summed as profile sums them).")
    MergeOp agg;

    @Override
    public Integer call() {
        Engine engine = runs.main.engine();
        var tagMap = RunArguments.tags(spec, tags);
        List<InputSource> sources = engine.inputs(inputs, runs.main.streams().in(), store.runs());
        ReadingOptions reading = ReadingOptions.defaults().withTuning(Tuning.fromProperties());
        NewRun run;
        if (agg == null) {
            AnalysisResult result = engine.analyze(Analysis.profile(sources).withReading(reading));
            WarningSummary.lines(result.diagnostics(), false, WarningSummary.Listing.FIRST)
                    .forEach(runs.main.streams().err()::println);
            run = NewRun.of(result.profile());
        } else {
            // A min, max or avg tree cannot give the flat view: its flat rows are merged per node, as merge does.
            Profile tree = engine.analyze(Analysis.merge(sources, agg).withReading(reading)).profile();
            Profile flat = engine.analyze(Analysis.merge(engine.inputs(inputs, runs.main.streams().in(), store.runs()), agg).withReading(reading)
                    .withView(ViewSpec.FLAT)).profile();
            run = NewRun.of(tree).withFlat(flat);
        }
        run = StoreOptions.described(run, spec).withLabel(label).withSession(session).withTags(tagMap);
        try (RunStore opened = store.open(true)) {
            long id = opened.put(run, engine);
            runs.main.streams().out().println("run:" + id);
        }
        return Main.OK;
    }
}
