package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.RowOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.Percentile;
import dev.ppw.model.Presentation;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The options that choose, order and write a view: shared by {@code profile} and {@code merge}. */
final class ReportOptions {
    // What TreeDrawing draws: an output charset that cannot encode these gets ASCII lines.
    private static final String BOX_DRAWING = "\u251c\u2500\u2502\u2514";

    @Option(names = "--view", paramLabel = "VIEW", defaultValue = "tree", preprocessor = ViewArgument.class,
            converter = ViewArgument.class,
            completionCandidates = CompletionCandidates.Views.class,
            description = "tree, callpath, flat, tau, counters (the C counter series instead of the tree's rows),"
                    + " inverted (bottom-up: self time, then callers), or callers NAME and callees NAME (every"
                    + " context of region NAME merged) (default: ${DEFAULT-VALUE}).")
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

    @Option(names = "--format", paramLabel = "FORMAT", converter = Converters.Format.class,
            completionCandidates = Converters.FormatNames.class,
            description = "One of ${COMPLETION-CANDIDATES} (default: the format whose ending the -o file has, as"
                    + " .csv or .json, a .gz aside; else text). tau writes a folder of TAU profiles: -o DIR, new or"
                    + " empty.")
    OutputWriter format;

    @Mixin
    RowChoice rowChoice;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write here instead of stdout ('-' is stdout): a regular file is replaced atomically (a"
                    + " link's file, the link kept), a device or pipe written through; a name ending in .gz is gzipped."
                    + " With --format tau, a folder created whole: it must not exist or be empty.")
    Path output;

    @Option(names = "--strict",
            description = "Treat every warning about the input as an error: exit 1 and write nothing.")
    boolean strict;

    @Option(names = "--warnings", paramLabel = "WHICH", defaultValue = "first", converter = Converters.Warnings.class,
            completionCandidates = CompletionCandidates.WarningListings.class,
            description = "On stderr, after the counts: first (the first warning) or all (each one, at most "
                    + WarningSummary.ALL_KEPT + " of each kind) (default: ${DEFAULT-VALUE}).")
    WarningSummary.Listing warnings;

    @Option(names = "--style", paramLabel = "STYLE", defaultValue = "table", converter = Converters.Style.class,
            completionCandidates = CompletionCandidates.Styles.class,
            description = "Text layout: table, or tau (TAU pprof's: each thread, or each node of a merge, then "
                    + "FUNCTION SUMMARY (total) and (mean)) (default: ${DEFAULT-VALUE}).")
    Presentation.Style style;

    @Option(names = "--ascii", description = "Draw the text tree with ASCII (|- `-), not box drawing (the default when"
            + " standard output's charset cannot show it).")
    boolean ascii;

    @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto", converter = Converters.ColourWhen.class,
            completionCandidates = CompletionCandidates.ColourWhens.class,
            description = "Colour the text table by heat (each row's share of the total): auto (when standard "
                    + "output is a terminal and NO_COLOR is not set), always or never; never a file (default: "
                    + "${DEFAULT-VALUE}).")
    Colour.When colour;

    @Option(names = {"-v", "--verbose"}, description = "List every input, node, process and thread in the text header.")
    boolean verbose;

    @Option(names = "--csv-raw", description = "Write CSV names as they are, even those a spreadsheet takes for a formula"
            + " (=, +, -, @, tab, CR first), which are otherwise written as text: '=...")
    boolean csvRaw;

    @Option(names = "--percentiles", paramLabel = "P[,P...]", split = ",", converter = Converters.PercentileValue.class,
            description = "Per row, these percentiles of the per-call inclusive time (e.g. 50,90,99), within 1%%"
                    + " (DDSketch); columns p50, p90, ... Saved JSON keeps the sketches for merge.")
    List<Percentile> percentiles = new ArrayList<>();

    /** Rejects option values that make no sense, before any input is read (exit 2). */
    void checkUsage(CommandSpec spec, List<Path> inputs) {
        lens.checkUsage(spec);
        if (depth < 1) {
            throw usage(spec, "--depth must be at least 1, got " + depth + " (1 gives the flat profile)");
        }
        rowChoice.checkUsage(spec);
        if (output != null) {
            String problem = PathChecks.outputProblem(output, inputs, Output.chosen(this) instanceof FolderWriter);
            if (problem != null) {
                throw usage(spec, problem);
            }
        }
    }

    /**
     * The view to derive: {@code --view}, with {@code --depth} for the tau view and the region of callers and callees,
     * through the filters ({@code --focus}, ...).
     */
    ViewSpec viewSpec() {
        return lens.view(ViewSpec.of(view, depth, viewRegion));
    }

    /**
     * The rows to print, as {@code --sort}, {@code --ascending}, {@code --descending}, {@code --max-depth},
     * {@code --min-percent}, {@code --top} and {@code --unit} say.
     */
    RowOptions rows(int topImbalance) {
        return rowChoice.rows(topImbalance, askedPercentiles());
    }

    /** The percentiles of {@code --percentiles}, in the order given, each once. */
    List<Percentile> askedPercentiles() {
        List<Percentile> once = new ArrayList<>();
        for (Percentile p : percentiles) {
            if (once.stream().noneMatch(q -> q.label().equals(p.label()))) {
                once.add(p);
            }
        }
        return once;
    }

    /** True when the trees must keep call-time sketches: {@code --percentiles} was given. */
    boolean keepCallTimes() {
        return !percentiles.isEmpty();
    }

    /**
     * How text lays the report out: {@code --style}, {@code --verbose}, and ASCII tree lines when asked or when
     * the output is standard output in a charset without box drawing (a file is UTF-8, always); CSV names raw with
     * {@code --csv-raw}.
     */
    Presentation presentation(boolean toStdout, Charset stdoutCharset) {
        boolean boxes = !toStdout || stdoutCharset.newEncoder().canEncode(BOX_DRAWING);
        return new Presentation(style, ascii || !boxes, verbose).withRawCsv(csvRaw);
    }

    /**
     * True when standard output is coloured: {@code --color} and {@link Colour#decide}, for a writer that colours
     * ({@link ReportFeature#COLOUR}: text).
     */
    boolean colour(boolean toStdout, java.io.PrintStream stdout) {
        return Colour.decide(colour, toStdout && Output.chosen(this).features().contains(ReportFeature.COLOUR), stdout);
    }

    /**
     * True when the report needs a section per thread or node ({@link Analysis#sectionsShownBy}): laid out TAU's way
     * in text ({@code --style tau}), written by a writer that prints sections (speedscope's profile per thread or
     * node), or by a format that writes a folder of them ({@code --format tau}).
     */
    boolean tauSections() {
        return view != ViewKind.COUNTERS && Analysis.sectionsShownBy(Output.chosen(this), style);
    }

    static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
