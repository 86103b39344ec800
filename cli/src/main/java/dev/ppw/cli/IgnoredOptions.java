package dev.ppw.cli;

import dev.ppw.model.MergeOp;
import dev.ppw.model.Presentation;
import dev.ppw.model.ViewKind;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

import java.util.ArrayList;
import java.util.List;

/**
 * Options given on the command line that the chosen view, format or operator does not use: each is one warning
 * line on stderr, printed before any input is read, so that {@code --depth 3} without {@code --view tau} is not
 * silently the same as nothing.
 *
 * <p>These are remarks on the usage, not warnings about the input: the output is what it would be without the
 * option (with {@code --present-only} and {@code --agg sum}, all but the rule's name), the exit code stays 0, and
 * {@code --strict} (which is about the input) does not turn them into errors. Only options typed on the command
 * line count, not defaults.
 */
final class IgnoredOptions {
    private IgnoredOptions() {
    }

    /** The remarks for {@code profile}. */
    static List<String> profile(CommandSpec spec, ReportOptions options) {
        return new IgnoredOptions.Check(spec.commandLine().getParseResult(), options).report().lines;
    }

    /** The remarks for {@code profile --follow}: those of {@code profile} and the options of several inputs. */
    static List<String> follow(CommandSpec spec, ReportOptions options) {
        Check check = new Check(spec.commandLine().getParseResult(), options).report();
        for (String option : List.of("--time-bins", "--bin-width", "--phase-by", "--window", "--absolute-time")) {
            check.ignored(option, "splits a finished trace over time, and each snapshot of --follow is the whole"
                    + " profile so far", "--follow");
        }
        check.ignored("--jobs", "reads several inputs or chunks side by side, and a followed input is read on one"
                + " thread, in order", "--follow");
        check.ignored("--skip-bad", "leaves out inputs that cannot be read, of several, and --follow reads one",
                "--follow");
        check.ignored("--quiet", "hides the progress bar, and --follow shows none", "--follow");
        return check.lines;
    }

    /** The remarks for {@code merge}: those of {@code profile} and those of the merge's own options. */
    static List<String> merge(CommandSpec spec, ReportOptions options, MergeOp agg) {
        Check check = new Check(spec.commandLine().getParseResult(), options).report();
        if (agg == MergeOp.SUM && check.given("--present-only")) {
            // not ignored outright: the outputs name the rule (missing: present), but no number moves
            check.lines.add(Main.PREFIX + "warning: --present-only changes no number with --agg sum (a missing row"
                    + " adds 0 to a sum either way); min, max and avg are what it is for");
        }
        if (options.view == ViewKind.COUNTERS) {
            check.ignored("--breakdown", "is per row, and --view counters lists counter series", "--view counters");
            check.ignored("--top-imbalance", "is per row, and --view counters lists counter series",
                    "--view counters");
        } else if (check.format.equals("folded")) {
            String withFormat = options.format != null ? "--format folded" : "-o " + options.output;
            check.ignored("--breakdown", "has no place in folded stacks", withFormat);
            check.ignored("--top-imbalance", "has no place in folded stacks", withFormat);
        } else if (check.format.equals("speedscope")) {
            String withFormat = options.format != null ? "--format speedscope" : "-o " + options.output;
            check.ignored("--breakdown", "has no place in speedscope's format (each node is a profile of its own)",
                    withFormat);
            check.ignored("--top-imbalance", "has no place in speedscope's format", withFormat);
        } else if (check.format.equals("hatchet")) {
            String withFormat = options.format != null ? "--format hatchet" : "-o " + options.output;
            check.ignored("--top-imbalance", "lists rows apart, and Hatchet's graph has every row (--breakdown"
                    + " gives each its spread)", withFormat);
        }
        return check.lines;
    }

    /**
     * Formats that write the whole profile and its phases (each a profile of its own, SEMANTICS.md "Phases") but
     * no time bins: a profile's values over time have no place there.
     */
    static final List<String> WHOLE_ONLY = List.of("folded", "pprof", "speedscope", "hatchet", "tau");

    /**
     * The remarks on the time options ({@link WindowOptions}) of {@code profile}, {@code merge} and {@code report}:
     * time bins given with a format that writes no bins, or any of them with {@code --view counters}, are ignored
     * (and the inputs are not read twice for them, {@link WindowOptions#applies}); {@code --absolute-time} alone
     * places nothing.
     */
    static List<String> time(CommandSpec spec, ReportOptions options, WindowOptions time) {
        Check check = new Check(spec.commandLine().getParseResult(), options);
        List<String> splitting = List.of("--time-bins", "--bin-width", "--phase-by", "--window", "--absolute-time");
        if (!time.asked()) {
            check.ignored("--absolute-time", "places time bins and --window times", "none of --time-bins,"
                    + " --bin-width, --phase-by or --window");
        } else if (options.view == ViewKind.COUNTERS) {
            for (String option : splitting) {
                check.ignored(option, "splits the rows of calls over time, and --view counters lists counter series",
                        "--view counters");
            }
        } else if (check.format.equals("text") && options.style == Presentation.Style.TAU) {
            for (String option : splitting) {
                check.ignored(option, "has no place in TAU's pprof layout", "--style tau");
            }
        } else if (WHOLE_ONLY.contains(check.format) && time.bins()) {
            String withFormat = options.format != null ? "--format " + check.format : "-o " + options.output;
            // Phases given too are a usage error (WindowOptions.spec), not an option ignored here.
            for (String option : List.of("--time-bins", "--bin-width", "--absolute-time")) {
                check.ignored(option, "has no place in " + check.format + " output, which writes phases but not"
                        + " time bins", withFormat);
            }
        }
        return check.lines;
    }

    private static final class Check {
        final ParseResult given;
        final ReportOptions options;
        final String format;
        final List<String> lines = new ArrayList<>();

        Check(ParseResult given, ReportOptions options) {
            this.given = given;
            this.options = options;
            this.format = Output.chosen(options).name();
        }

        /** The view and format options that do not apply together. */
        Check report() {
            ViewKind view = options.view;
            String withView = "--view " + view.label();
            if (view != ViewKind.TAU) {
                ignored("--depth", "sets the key length of the tau view only", withView);
            }
            if (view == ViewKind.COUNTERS) {
                for (String rowOption : List.of("--sort", "--ascending", "--descending", "--top", "--max-depth",
                        "--min-percent", "--style")) {
                    ignored(rowOption, "chooses or lays out a view's rows, and --view counters lists counter series",
                            withView);
                }
            } else if (!view.isHierarchical()) {
                ignored("--max-depth", "counts levels of a tree, and the rows of " + view.label() + " are not one",
                        withView);
            }
            String withFormat = options.format != null ? "--format " + format : "-o " + options.output;
            if (!format.equals("text")) {
                ignored("--style", "lays out text only", withFormat);
                ignored("--ascii", "draws the lines of a text tree only", withFormat);
                ignored("--verbose", "lists the inputs in the text header only", withFormat);
                if (options.colour == Colour.When.ALWAYS) {
                    ignored("--color", "colours text only", withFormat);
                }
            } else {
                if (!view.isHierarchical()) {
                    ignored("--ascii", "draws the lines of a tree, and the rows of " + view.label() + " are not one",
                            withView);
                }
                boolean toFile = options.output != null && !Output.STDOUT.equals(options.output.toString());
                if (toFile && options.colour == Colour.When.ALWAYS) {
                    ignored("--color", "colours standard output only, never a file", "-o " + options.output);
                }
            }
            if (view == ViewKind.COUNTERS) {
                ignored("--percentiles", "are per row of calls, and --view counters lists counter series", withView);
            } else if (format.equals("folded")) {
                ignored("--percentiles", "have no place in folded stacks", withFormat);
            } else if (format.equals("text") && options.style == Presentation.Style.TAU) {
                ignored("--percentiles", "are not among the columns of TAU's pprof layout", "--style tau");
            }
            if (format.equals("folded")) {
                ignored("--unit", "has no place in folded stacks: their values are whole nanoseconds (or the"
                        + " sample weight's own unit)", withFormat);
                if (view == ViewKind.COUNTERS) {
                    lines.add(Main.PREFIX + "warning: folded stacks have no counter series: --view counters with "
                            + withFormat + " writes nothing");
                }
            }
            return this;
        }

        /** One line when {@code option} was typed: it {@code why}, so it is ignored with {@code choice}. */
        void ignored(String option, String why, String choice) {
            if (given(option)) {
                lines.add(Main.PREFIX + "warning: " + option + " " + why + "; ignored with " + choice);
            }
        }

        boolean given(String option) {
            return given != null && given.hasMatchedOption(option);
        }
    }
}
