package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Comparison;
import dev.ppw.engine.DiffOptions;
import dev.ppw.engine.Engine;
import dev.ppw.engine.NoSuchPhaseException;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.UnusableRequestException;
import dev.ppw.engine.ViewSpec;
import dev.ppw.engine.WindowSpec;
import dev.ppw.model.AsyncMode;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.SortKey;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;
import dev.ppw.model.work.Cancel;
import dev.ppw.store.RunNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code ppw-java diff}: compare two profiles row by row (SEMANTICS.md "Diff"). */
@Command(name = "diff", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Compares profile B with the baseline A row by row: each side's value, the delta B - A "
                + "and the ratio B / A of calls, inclusive and exclusive time (and of other integral "
                + "metrics in CSV and JSON); rows in one profile only are marked.",
                "Rows come largest change first, unless --sort says otherwise."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java diff before.pfw after.pfw",
                "      two traces' calling-context trees compared, largest change first",
                "  ppw-java diff before.pfw after.pfw --view flat --normalize",
                "      each region's share of its run's total time compared",
                "  ppw-java diff runs-a/ runs-b/ --format csv -o diff.csv",
                "      each folder's inputs summed into one profile, then compared",
                "  ppw-java diff runs-a/ runs-b/ --agg max --top 20",
                "      each folder merged as 'merge --agg max', the 20 largest changes",
                "  ppw-java diff a.ppw.json b.ppw.json",
                "      saved profiles or saved merges (merge --format json), as they were saved",
                "  ppw-java diff run.pfw --phase-by step --phases '(outside)',step --view flat",
                "      within one trace: the time of its 'step' regions against the rest",
                "  ppw-java diff before.pfw after.pfw --phase-by solve --phases solve",
                "      the 'solve' phase of each trace compared",
                "  ppw-java diff run:12 run:last",
                "      two runs of the store (ppw-java runs list) compared",
                "  ppw-java diff before.pfw after.pfw --store --tag branch=main",
                "      each side also kept as a run of the store, its run:ID on stderr",
                "%nExit codes: 0 ok, 1 bad input or a warning under --strict, 2 bad usage,",
                "3 internal error."})
final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "A",
            description = "The baseline: a trace, a saved profile (a saved merge keeps its operator), a folder of"
                    + " them (summed into one profile, or merged with --agg), or '-' for standard input.")
    String a;

    @Parameters(index = "1", paramLabel = "B", arity = "0..1",
            description = "The profile compared with A, given as A is; without B, --phases compares two phases of A.")
    String b;

    @Option(names = "--view", paramLabel = "VIEW", defaultValue = "tree", preprocessor = ViewArgument.class,
            converter = ViewArgument.class,
            completionCandidates = CompletionCandidates.Views.class,
            description = "tree, callpath, flat, tau, inverted, callers NAME or callees NAME (default: ${DEFAULT-VALUE}).")
    void view(ViewArgument.Choice choice) {
        view = choice.view();
        viewRegion = choice.region();
    }

    ViewKind view = ViewKind.TREE;
    /** The region of {@code --view callers NAME} and {@code --view callees NAME}, else empty. */
    String viewRegion = "";

    @Mixin
    LensOptions lens;

    @Option(names = "--depth", paramLabel = "N", defaultValue = "2",
            description = "Region names per key in the tau view (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--agg", paramLabel = "OP", converter = Converters.Agg.class,
            completionCandidates = CompletionCandidates.MergeOps.class,
            description = "Merge each side's inputs as 'merge --agg OP' does (each file a node): sum, min, max or avg"
                    + " (default: each side read as 'profile' reads it, several inputs summed).")
    MergeOp agg;

    @Option(names = "--normalize",
            description = "Compare inclusive and exclusive values as shares of each profile's total, in percent.")
    boolean normalize;

    @Option(names = "--format", paramLabel = "FORMAT", converter = Converters.Format.class,
            completionCandidates = Converters.FormatNames.class,
            description = "A format that shows diffs: text, csv, json, html (default: the format whose ending the -o"
                    + " file has; else text).")
    OutputWriter format;

    @Mixin
    RowChoice rowChoice;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write here instead of stdout ('-' is stdout), replacing a regular file atomically.")
    Path output;

    @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto", converter = Converters.ColourWhen.class,
            completionCandidates = CompletionCandidates.ColourWhens.class,
            description = "Colour the text table's deltas: red where B is larger, green where it is smaller; auto "
                    + "(when standard output is a terminal and NO_COLOR is not set), always or never; never a "
                    + "file (default: ${DEFAULT-VALUE}).")
    Colour.When colour;

    @Option(names = "--csv-raw", description = "Write CSV names as they are, even those a spreadsheet takes for a formula"
            + " (=, +, -, @, tab, CR first), which are otherwise written as text: '=...")
    boolean csvRaw;

    @Option(names = "--strict",
            description = "Treat every warning about the inputs as an error: exit 1 and write nothing.")
    boolean strict;

    @Option(names = "--async", paramLabel = "WHERE", defaultValue = "apart", converter = Converters.Async.class,
            completionCandidates = CompletionCandidates.AsyncModes.class,
            description = "Spans of async tracks: apart, inside or off, as for profile (default: ${DEFAULT-VALUE}).")
    AsyncMode async;

    @Option(names = "--input-format", paramLabel = "NAME",
            completionCandidates = CompletionCandidates.InputFormats.class,
            description = "Read both sides as this format instead of detecting it ('ppw-java formats' lists them).")
    String inputFormat;

    @Mixin
    SymbolOptions symbols;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "Threads reading each side (default: the number of cores). The output is the same.")
    Integer jobs;

    @Option(names = "--phase-by", paramLabel = "NAME",
            description = "Split each side into phases at the regions or instants named NAME (repeatable), as"
                    + " profile --phase-by does; --phases says which to compare.")
    List<String> phaseBy = new ArrayList<>();

    @Option(names = "--phases", paramLabel = "P1[,P2]", split = ",",
            description = "With --phase-by: compare phase P1 of A with phase P2 of B (of A again without B); one "
                    + "name compares that phase of A and of B. '(outside)' is the time of no marker.")
    List<String> phases = new ArrayList<>();

    @Mixin
    KeepOptions keep;

    @Override
    public Integer call() throws IOException {
        Engine engine = main.engine();
        Main.Streams streams = main.streams();
        checkUsage(engine);
        OutputWriter writer = chosen();
        if (!writer.accepts().contains(Content.DIFF)) {
            throw ReportOptions.usage(spec, "--format " + writer.name() + " cannot show a diff: expected one of "
                    + String.join(", ", Converters.WRITERS.writers().stream()
                    .filter(w -> w.accepts().contains(Content.DIFF)).map(OutputWriter::name).toList()));
        }
        Analysis sideA = side(engine, a);
        Analysis sideB = b == null ? null : side(engine, b);
        Comparison comparison = phases.isEmpty() ? Comparison.of(sideA, sideB)
                : b == null ? Comparison.ofPhases(sideA, phases.get(0), phases.get(1))
                : Comparison.ofPhases(sideA, phases.get(0), sideB, phases.get(phases.size() - 1));
        DiffOptions options = new DiffOptions(normalize, rowChoice.rows(0, List.of()));
        List<InputSource> read = new ArrayList<>(sideA.inputs());
        if (sideB != null) {
            read.addAll(sideB.inputs());
        }
        AnalysisResult result;
        try (Progress progress = Progress.bytes(streams.err(), "diff", read, rowChoice.quiet)) {
            result = engine.diff(comparison.withOptions(options), progress, Cancel.never());
        } catch (NoSuchPhaseException e) {
            throw ReportOptions.usage(spec, "--phases: " + ("A".equals(e.side()) ? a : b) + " has no phase '" + e.phase()
                    + "': its phases are " + String.join(", ", e.phases()));
        } catch (UnusableRequestException e) {
            throw ReportOptions.usage(spec, e.getMessage());
        }
        Diagnostics diagnostics = result.diagnostics();
        WarningSummary.noteLines(diagnostics).forEach(streams.err()::println);
        WarningSummary.lines(diagnostics, strict, WarningSummary.Listing.FIRST).forEach(streams.err()::println);
        if (strict && diagnostics.hasWarnings()) {
            return Main.BAD_DATA;
        }
        Report report = result.report();
        boolean toStdout = output == null || Output.STDOUT.equals(output.toString());
        report = report.withPresentation(report.presentation()
                .withColour(Colour.decide(colour, toStdout && writer.features().contains(ReportFeature.COLOUR),
                        streams.out())).withRawCsv(csvRaw));
        if (toStdout) {
            engine.write(report, writer.name(), streams.out());
            streams.out().flush();
        } else {
            try {
                engine.write(report, writer.name(), output);
            } catch (IOException e) {
                throw FileProblem.cannotWrite(output, e);
            }
        }
        if (keep.asked()) {
            keepSide(engine, a, sideA);
            if (sideB != null) {
                keepSide(engine, b, sideB);
            }
        }
        return Main.OK;
    }

    /**
     * Keeps one side read from files as a run: its tree (a tau view as it is), whole, without phases; the inputs are
     * read again for it. A side that is a run is kept already.
     */
    private void keepSide(Engine engine, String argument, Analysis side) {
        if (RunNames.isRunName(argument)) {
            return;
        }
        Analysis whole = side.withSplit(null).withView(view == ViewKind.TAU ? side.view() : ViewSpec.TREE);
        keep.keep(engine.analyze(whole).profile(), Analyses.flatOfMerge(engine, whole), spec, engine,
                main.streams().err(), false);
    }

    /**
     * One side's analysis in the view compared: its inputs as {@code profile} reads them, or with {@code --agg} as
     * {@code merge} combines them; split into phases with {@code --phase-by}.
     */
    private Analysis side(Engine engine, String argument) {
        List<InputSource> sources = engine.inputs(List.of(argument), main.streams().in(), keep.runs());
        ReadingOptions reading = symbols.applyTo(ReadingOptions.defaults().withInputFormat(inputFormat).withAsync(async)
                .withTuning(Tuning.fromProperties()));
        Analysis side = (agg == null ? Analysis.profile(sources) : Analysis.merge(sources, agg))
                .withView(lens.view(ViewSpec.of(view, depth, viewRegion))).withReading(lens.reading(reading))
                .withSplit(phaseBy.isEmpty() ? null : new WindowSpec.Phases(phaseBy, List.of(), false));
        return jobs == null ? side : side.withJobs(jobs);
    }

    private void checkUsage(Engine engine) {
        lens.checkUsage(spec);
        if (view == ViewKind.COUNTERS) {
            throw ReportOptions.usage(spec, "--view counters has no rows to compare: expected tree, callpath, flat"
                    + " or tau");
        }
        if (depth < 1) {
            throw ReportOptions.usage(spec, "--depth must be at least 1, got " + depth + " (1 gives the flat profile)");
        }
        rowChoice.checkUsage(spec);
        if (!DiffOptions.SORT_KEYS.contains(rowChoice.sort)) {
            throw ReportOptions.usage(spec, "--sort " + rowChoice.sort.label() + " has no change to sort by in a diff:"
                    + " expected one of " + String.join(", ", DiffOptions.SORT_KEYS.stream().map(SortKey::label)
                    .toList()));
        }
        if (jobs != null && jobs < 1) {
            throw ReportOptions.usage(spec, "--jobs must be at least 1, got " + jobs);
        }
        if (phaseBy.isEmpty() != phases.isEmpty()) {
            throw ReportOptions.usage(spec, phases.isEmpty()
                    ? "--phase-by splits the sides into phases: say which to compare with --phases P1[,P2]"
                    : "--phases names phases of --phase-by: give the marker names with --phase-by NAME");
        }
        if (phases.size() > 2 || (b == null && phases.size() != 2)) {
            throw ReportOptions.usage(spec, b == null
                    ? (phases.isEmpty() ? "B is missing: give B, or compare two phases of A with --phase-by NAME"
                            + " --phases P1,P2" : "--phases needs two phases to compare phases of A alone, got "
                            + String.join(",", phases))
                    : "--phases compares at most two phases, got " + String.join(",", phases));
        }
        if (Engine.STANDARD_INPUT.equals(a) && Engine.STANDARD_INPUT.equals(b)) {
            throw ReportOptions.usage(spec, "A and B cannot both be standard input ('-')");
        }
        if (inputFormat != null && engine.formats().byName(inputFormat).isEmpty()) {
            throw ReportOptions.usage(spec, "unknown input format '" + inputFormat + "': expected one of "
                    + String.join(", ", engine.formats().names()));
        }
        if (output != null) {
            List<Path> inputs = new ArrayList<>();
            for (String side : b == null ? List.of(a) : List.of(a, b)) {
                if (!Engine.STANDARD_INPUT.equals(side)) {
                    inputs.add(Path.of(side));
                }
            }
            String problem = PathChecks.outputProblem(output, inputs);
            if (problem != null) {
                throw ReportOptions.usage(spec, problem);
            }
        }
    }

    /** {@code --format}, else the writer whose ending {@code -o} has, else text. */
    private OutputWriter chosen() {
        if (format != null) {
            return format;
        }
        boolean file = output != null && !Output.STDOUT.equals(output.toString());
        OutputWriter byEnding = file ? Converters.byEnding(output) : null;
        return byEnding != null ? byEnding : Converters.defaultWriter(OutputWriter.Default.UNSPECIFIED);
    }
}
