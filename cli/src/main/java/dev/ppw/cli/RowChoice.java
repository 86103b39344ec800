package dev.ppw.cli;

import dev.ppw.engine.RowOptions;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Percentile;
import dev.ppw.model.SortDirection;
import dev.ppw.model.SortKey;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Optional;

/**
 * The options that choose which rows of a view are shown, in which order and unit, and whether a progress bar is
 * drawn while the inputs are read: one mixin, so that {@code profile}, {@code merge}, {@code report} and
 * {@code diff} take the same options with the same words and the same checks.
 */
final class RowChoice {
    @Option(names = "--sort", paramLabel = "KEY", defaultValue = "inclusive", converter = Converters.Sort.class,
            completionCandidates = CompletionCandidates.SortKeys.class,
            description = "inclusive, exclusive, calls, subcalls, min, max or name (default: ${DEFAULT-VALUE}); diff"
                    + " sorts by the size of the change of inclusive, exclusive or calls, or by name.")
    SortKey sort;

    @Option(names = "--ascending", description = "Sort smallest first (names: from Z with --descending).")
    boolean ascending;

    @Option(names = "--descending", description = "Sort largest first (the default, but for --sort name: A first).")
    boolean descending;

    @Option(names = "--top", paramLabel = "N",
            description = "Only the first N rows; in tree views the N first by --sort over the whole tree, with their"
                    + " callers; in a diff the first N of each part (default: all).")
    Integer top;

    @Option(names = "--max-depth", paramLabel = "N", description = "Levels of the tree shown, roots being level 1 (default: all).")
    Integer maxDepth;

    @Option(names = "--min-percent", paramLabel = "P", defaultValue = "0",
            description = "Hide rows below P percent of the total time, with their subtrees; in a diff, rows below"
                    + " P percent on both sides (default: ${DEFAULT-VALUE}).")
    double minPercent;

    @Option(names = "--unit", paramLabel = "UNIT", converter = Converters.Unit.class,
            completionCandidates = CompletionCandidates.Units.class,
            description = "s, ms, us or ns (default: ns for csv and json; for text the traces'"
                    + " displayTimeUnit, else a readable one).")
    DisplayUnit unit;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
    boolean quiet;

    /** Rejects values that make no sense, before any input is read (exit 2). */
    void checkUsage(CommandSpec spec) {
        if (maxDepth != null && maxDepth < 1) {
            throw ReportOptions.usage(spec, "--max-depth must be at least 1 (roots are level 1), got " + maxDepth);
        }
        if (top != null && top < 1) {
            throw ReportOptions.usage(spec, "--top must be at least 1, got " + top);
        }
        if (ascending && descending) {
            throw ReportOptions.usage(spec, "--ascending and --descending contradict each other: give one");
        }
        if (!(minPercent >= 0 && minPercent <= 100)) {
            throw ReportOptions.usage(spec, "--min-percent must be a number from 0 to 100, got " + minPercent);
        }
    }

    /** The rows these options ask for, with {@code topImbalance} imbalance rows and {@code percentiles} columns. */
    RowOptions rows(int topImbalance, List<Percentile> percentiles) {
        SortDirection direction = ascending ? SortDirection.ASCENDING
                : descending ? SortDirection.DESCENDING : null;
        return new RowOptions(sort, Optional.ofNullable(direction), maxDepth == null ? 0 : maxDepth, minPercent,
                top == null ? 0 : top, Optional.ofNullable(unit), topImbalance, percentiles);
    }
}
