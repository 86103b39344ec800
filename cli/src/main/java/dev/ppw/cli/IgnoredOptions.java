package dev.ppw.cli;

import dev.ppw.model.MergeOp;
import dev.ppw.model.Presentation;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;
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
 *
 * <p>What a format uses is what its writer declares ({@link OutputWriter#features()}), said in its words where it
 * has some ({@link OutputWriter#whyUnused}), else in these; no writer is named here.
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
        } else {
            check.unused("--breakdown", ReportFeature.BREAKDOWN);
            check.unused("--top-imbalance", ReportFeature.IMBALANCE_ROWS);
        }
        return check.lines;
    }

    /**
     * The remarks on the time options ({@link WindowOptions}) of {@code profile}, {@code merge} and {@code report}:
     * time bins (or phases) given with a format that writes none, or any of them with {@code --view counters}, are
     * ignored (and the inputs are not read twice for them, {@link WindowOptions#applies}); {@code --absolute-time}
     * alone places nothing.
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
        } else if (check.tauLayout()) {
            for (String option : splitting) {
                check.ignored(option, "has no place in TAU's pprof layout", "--style tau");
            }
        } else if (time.bins()) {
            // Phases given too are a usage error (WindowOptions.spec), not an option ignored here.
            for (String option : List.of("--time-bins", "--bin-width", "--absolute-time")) {
                check.unused(option, ReportFeature.TIME_BINS);
            }
        } else {
            for (String option : List.of("--phase-by", "--window", "--absolute-time")) {
                check.unused(option, ReportFeature.PHASES);
            }
        }
        return check.lines;
    }

    private static final class Check {
        final ParseResult given;
        final ReportOptions options;
        final OutputWriter writer;
        /** How the chosen writer was chosen: {@code --format NAME}, or {@code -o FILE} by its ending. */
        final String withFormat;
        final List<String> lines = new ArrayList<>();

        Check(ParseResult given, ReportOptions options) {
            this.given = given;
            this.options = options;
            this.writer = Output.chosen(options);
            this.withFormat = options.format != null ? "--format " + writer.name() : "-o " + options.output;
        }

        boolean shows(ReportFeature feature) {
            return writer.features().contains(feature);
        }

        /** True when the writer lays text out ({@link ReportFeature#STYLE}) in TAU's pprof layout. */
        boolean tauLayout() {
            return shows(ReportFeature.STYLE) && options.style == Presentation.Style.TAU;
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
            unused("--style", ReportFeature.STYLE);
            unused("--ascii", ReportFeature.ASCII);
            unused("--verbose", ReportFeature.VERBOSE);
            if (options.colour == Colour.When.ALWAYS) {
                unused("--color", ReportFeature.COLOUR);
            }
            if (shows(ReportFeature.ASCII) && !view.isHierarchical()) {
                ignored("--ascii", "draws the lines of a tree, and the rows of " + view.label() + " are not one",
                        withView);
            }
            boolean toFile = options.output != null && !Output.STDOUT.equals(options.output.toString());
            if (shows(ReportFeature.COLOUR) && toFile && options.colour == Colour.When.ALWAYS) {
                ignored("--color", "colours standard output only, never a file", "-o " + options.output);
            }
            if (view == ViewKind.COUNTERS) {
                ignored("--percentiles", "are per row of calls, and --view counters lists counter series", withView);
            } else if (!shows(ReportFeature.PERCENTILES)) {
                unused("--percentiles", ReportFeature.PERCENTILES);
            } else if (tauLayout()) {
                ignored("--percentiles", "are not among the columns of TAU's pprof layout", "--style tau");
            }
            unused("--unit", ReportFeature.UNIT);
            if (view == ViewKind.COUNTERS && !shows(ReportFeature.COUNTER_SERIES)) {
                lines.add(Main.PREFIX + "warning: " + why(ReportFeature.COUNTER_SERIES) + ": --view counters with "
                        + withFormat + " writes nothing");
            }
            return this;
        }

        /** One line when {@code option}, asking for {@code feature}, was typed and the writer does not show it. */
        void unused(String option, ReportFeature feature) {
            if (!shows(feature)) {
                ignored(option, why(feature), withFormat);
            }
        }

        /**
         * Why the writer does not show {@code feature}: in its own words, else in words naming the writers that do
         * (presentation: "lays out text only") or the writer ("has no place in pprof output").
         */
        String why(ReportFeature feature) {
            return writer.whyUnused(feature).orElseGet(() -> {
                String users = String.join(" or ", Converters.WRITERS.showing(feature));
                String place = "has no place in " + writer.name() + " output";
                return switch (feature) {
                    case STYLE -> "lays out " + users + " only";
                    case ASCII -> "draws the lines of a " + users + " tree only";
                    case VERBOSE -> "lists the inputs in the " + users + " header only";
                    case COLOUR -> "colours " + users + " only";
                    case TIME_BINS -> shows(ReportFeature.PHASES) ? place + ", which writes phases but not time bins"
                            : place;
                    case PERCENTILES -> "have no place in " + writer.name() + " output";
                    case COUNTER_SERIES -> writer.name() + " output has no counter series";
                    default -> place;
                };
            });
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
