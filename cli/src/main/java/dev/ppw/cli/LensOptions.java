package dev.ppw.cli;

import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.Part;
import dev.ppw.model.StackFilters;
import dev.ppw.model.ThreadSelection;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The options that narrow what is looked at (SEMANTICS.md "Filters"): stacks and frames by region name, as
 * {@code go tool pprof}'s {@code -focus}, {@code -ignore}, {@code -hide}, {@code -show} and {@code -show_from}, and
 * tracks by process, thread and thread name, as {@code perf report --pid/--tid/--comm}. Shared by {@code profile},
 * {@code merge}, {@code report} and {@code diff}; the engine applies them ({@link ViewSpec#withFilters},
 * {@link ReadingOptions#withSelection}).
 */
final class LensOptions {
    @Option(names = "--focus", paramLabel = "RE",
            description = "Keep only the stacks through a region whose name matches RE (a Java regular expression,"
                    + " found anywhere in the name: ^...$ for whole names); the callers above it keep the time below.")
    String focus;

    @Option(names = "--ignore", paramLabel = "RE", description = "Drop the stacks through a region whose name matches RE.")
    String ignore;

    @Option(names = "--hide", paramLabel = "RE",
            description = "Remove the regions whose name matches RE from every stack: their time goes to their caller,"
                    + " their callees take their place.")
    String hide;

    @Option(names = "--show", paramLabel = "RE",
            description = "Remove the regions whose name does not match RE, as --hide removes those that do.")
    String show;

    @Option(names = "--show-from", paramLabel = "RE",
            description = "Start every stack at its outermost region whose name matches RE; stacks without one are"
                    + " dropped.")
    String showFrom;

    @Option(names = "--pid", paramLabel = "PID", split = ",",
            description = "Fold only the tracks of these processes (repeat or separate by commas).")
    List<String> pids = new ArrayList<>();

    @Option(names = "--tid", paramLabel = "TID", split = ",",
            description = "Fold only these threads (repeat or separate by commas); async tracks have no thread.")
    List<String> tids = new ArrayList<>();

    @Option(names = {"--thread-name", "--comm"}, paramLabel = "RE",
            description = "Fold only the threads whose name (thread_name, or perf's comm) matches RE.")
    String threadName;

    @Option(names = "--parts", paramLabel = "PART", split = ",",
            description = "Show only these parts (repeat or separate by commas): thread (traced calls), async (async"
                    + " spans), samples (sampled stacks); each keeps its own total (default: all).")
    List<String> partNames = new ArrayList<>();

    private StackFilters filters = StackFilters.NONE;
    private Set<Part> parts = Set.of();
    private ThreadSelection selection = ThreadSelection.ALL;

    /** Compiles the patterns: a bad one is a usage error (exit 2) naming the option. */
    void checkUsage(CommandSpec spec) {
        try {
            filters = StackFilters.NONE.withFocus(check(spec, "--focus", focus)).withIgnore(check(spec, "--ignore", ignore))
                    .withHide(check(spec, "--hide", hide)).withShow(check(spec, "--show", show))
                    .withShowFrom(check(spec, "--show-from", showFrom));
        } catch (PatternSyntaxException e) {
            throw new AssertionError("checked above", e);
        }
        Set<Part> named = EnumSet.noneOf(Part.class);
        for (String name : trimmed(partNames)) {
            Part part = Part.ofLabel(name.toLowerCase(Locale.ROOT));
            if (part == null) {
                throw ReportOptions.usage(spec, "--parts " + name + ": a part is thread, async or samples");
            }
            named.add(part);
        }
        parts = named;
        selection = new ThreadSelection(new java.util.LinkedHashSet<>(trimmed(pids)),
                new java.util.LinkedHashSet<>(trimmed(tids)),
                Optional.ofNullable(check(spec, "--thread-name", threadName)).map(Pattern::compile));
    }

    /** {@code view} through the filters given. */
    ViewSpec view(ViewSpec view) {
        return view.withFilters(filters).withParts(parts);
    }

    /** {@code reading} keeping the tracks selected. */
    ReadingOptions reading(ReadingOptions reading) {
        return reading.withSelection(selection);
    }

    private static String check(CommandSpec spec, String option, String regex) {
        if (regex == null) {
            return null;
        }
        try {
            Pattern.compile(regex);
            return regex;
        } catch (PatternSyntaxException e) {
            throw ReportOptions.usage(spec, option + " '" + regex + "' is no regular expression: "
                    + e.getDescription() + (e.getIndex() >= 0 ? " at character " + (e.getIndex() + 1) : ""));
        }
    }

    private static List<String> trimmed(List<String> values) {
        return values.stream().map(String::trim).filter(v -> !v.isEmpty()).toList();
    }
}
