package dev.ppw.cli;

import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.ViewKind;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.engine.RowOptions;
import dev.ppw.engine.ViewSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The options that choose, order and write a view: shared by {@code profile} and {@code merge}. */
final class ReportOptions {
    @Option(names = "--view", paramLabel = "VIEW", defaultValue = "tree", converter = Converters.View.class,
            completionCandidates = CompletionCandidates.Views.class,
            description = "tree, callpath, flat, tau, or counters (the C counter series instead of the tree's"
                    + " rows) (default: ${DEFAULT-VALUE}).")
    ViewKind view;

    @Option(names = "--depth", paramLabel = "N", defaultValue = "2",
            description = "Region names per key in the tau view (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--format", paramLabel = "FORMAT", converter = Converters.Format.class,
            completionCandidates = Converters.FormatNames.class,
            description = "One of ${COMPLETION-CANDIDATES} (default: the format whose ending the -o file has, as"
                    + " .csv or .json, a .gz aside; else text).")
    OutputWriter format;

    @Option(names = "--unit", paramLabel = "UNIT", converter = Converters.Unit.class,
            completionCandidates = CompletionCandidates.Units.class,
            description = "s, ms, us or ns (default: ns for csv and json; for text the traces'"
                    + " displayTimeUnit, else a readable one).")
    DisplayUnit unit;

    @Option(names = "--sort", paramLabel = "KEY", defaultValue = "inclusive", converter = Converters.Sort.class,
            completionCandidates = CompletionCandidates.SortKeys.class,
            description = "inclusive, exclusive, calls, subcalls, min, max or name (default: ${DEFAULT-VALUE}).")
    RowOrder.SortKey sort;

    @Option(names = "--max-depth", paramLabel = "N", description = "Levels of the tree shown, roots being level 1 (default: all).")
    Integer maxDepth;

    @Option(names = "--min-percent", paramLabel = "P", defaultValue = "0",
            description = "Hide rows below P percent of the total time, with their subtrees (default: ${DEFAULT-VALUE}).")
    double minPercent;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write here instead of stdout ('-' is stdout): a regular file is replaced atomically (a"
                    + " link's file, the link kept), a device or pipe written through; a name ending in .gz is gzipped.")
    Path output;

    @Option(names = "--strict",
            description = "Treat every warning about the input as an error: exit 1 and write nothing.")
    boolean strict;

    /** Rejects option values that make no sense, before any input is read (exit 2). */
    void checkUsage(CommandSpec spec, List<Path> inputs) {
        if (depth < 1) {
            throw usage(spec, "--depth must be at least 1, got " + depth + " (1 gives the flat profile)");
        }
        if (maxDepth != null && maxDepth < 1) {
            throw usage(spec, "--max-depth must be at least 1 (roots are level 1), got " + maxDepth);
        }
        if (!(minPercent >= 0 && minPercent <= 100)) {
            throw usage(spec, "--min-percent must be a number from 0 to 100, got " + minPercent);
        }
        if (output != null) {
            String problem = PathChecks.outputProblem(output, inputs);
            if (problem != null) {
                throw usage(spec, problem);
            }
        }
    }

    /** The view to derive: {@code --view}, with {@code --depth} for the tau view. */
    ViewSpec viewSpec() {
        return ViewSpec.of(view, depth);
    }

    /** The rows to print, as {@code --sort}, {@code --max-depth}, {@code --min-percent} and {@code --unit} say. */
    RowOptions rows(int topImbalance) {
        return new RowOptions(sort, maxDepth == null ? 0 : maxDepth, minPercent, Optional.ofNullable(unit),
                topImbalance);
    }

    static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
