package dev.ppw.cli;

import dev.ppw.model.DiagnosticWords;
import dev.ppw.model.Diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The warnings of a run on stderr, in words ({@link DiagnosticWords}) with their kinds in brackets: by
 * default in two lines, the counts with the first example and a hint; with {@code --warnings all} the counts
 * and then every example kept, up to {@link #ALL_KEPT} of each kind (the engine keeps no more, so memory
 * stays bounded), and how many more there were. Under {@code --strict} the counts line is an error. Notes
 * that concern what was asked (an input named twice) get a line of their own; they never make
 * {@code --strict} fail.
 */
final class WarningSummary {
    /** How many warnings of each kind {@code --warnings all} lists, and the engine keeps for it. */
    static final int ALL_KEPT = 10_000;

    /** What {@code --warnings} lists. */
    enum Listing {
        /** The counts and the first example. */
        FIRST,
        /** The counts and every example kept. */
        ALL;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** How many examples of each kind the engine must keep for this listing. */
        int examplesKept() {
            return this == ALL ? ALL_KEPT : Diagnostics.EXAMPLES_PER_KIND;
        }
    }

    private WarningSummary() {
    }

    /**
     * One line for the inputs named twice (which, and how many more), and one per folder named whose files no format
     * claims (how many were skipped, and which); nothing when there were none.
     */
    static List<String> noteLines(Diagnostics diagnostics) {
        List<String> lines = new ArrayList<>();
        Diagnostics.Entry named = diagnostics.notes().get(Diagnostics.INPUT_NAMED_TWICE);
        if (named != null && !named.examples().isEmpty()) {
            String first = named.examples().get(0);
            lines.add(Main.PREFIX + "note: " + (named.count() == 1 ? "an input named more than once is read once: "
                    + first : named.count() + " inputs named more than once are read once each; first: " + first));
        }
        Diagnostics.Entry skipped = diagnostics.notes().get(Diagnostics.FILE_SKIPPED);
        if (skipped != null) {
            skipped.examples().forEach(line -> lines.add(Main.PREFIX + "note: " + line));
        }
        return lines;
    }

    /** Nothing when there were no warnings. */
    static List<String> lines(Diagnostics diagnostics, boolean strict, Listing listing) {
        List<String> lines = new ArrayList<>();
        if (!diagnostics.hasWarnings()) {
            return lines;
        }
        String first = null;
        for (Diagnostics.Entry e : diagnostics.warnings().values()) {
            if (first == null && !e.examples().isEmpty()) {
                first = e.examples().get(0);
            }
        }
        String counted = counted(diagnostics);
        String example = first == null || listing == Listing.ALL ? "" : "; first: " + first;
        if (strict) {
            lines.add(Main.PREFIX + "error: " + counted + " under --strict, so no output was written" + example);
        } else {
            lines.add(Main.PREFIX + "warning: " + counted + example);
        }
        if (listing == Listing.ALL) {
            DiagnosticWords words = diagnostics.words();
            for (Map.Entry<String, Diagnostics.Entry> e : diagnostics.warnings().entrySet()) {
                for (String text : e.getValue().examples()) {
                    lines.add(Main.PREFIX + "warning: " + text);
                }
                long more = e.getValue().count() - e.getValue().examples().size();
                if (more > 0) {
                    lines.add(Main.PREFIX + "warning: and " + more + " more " + words.words(e.getKey(), more)
                            + " [" + e.getKey() + "], not listed (at most " + ALL_KEPT + " of each kind are)");
                }
            }
        }
        if (!strict) {
            lines.add(Main.PREFIX + "hint: " + (listing == Listing.ALL ? "" : "--warnings all lists each one; ")
                    + "--strict makes warnings errors (exit 1, no output)");
        }
        return lines;
    }

    /**
     * The counts in words, each kind in brackets: {@code 1 begin never ended (...) [unclosed_begin]}, or for
     * several kinds {@code 3 warnings: 2 ... [missing_ts], 1 ... [bad_event]}.
     */
    static String counted(Diagnostics diagnostics) {
        Map<String, Diagnostics.Entry> kinds = diagnostics.warnings();
        DiagnosticWords words = diagnostics.words();
        StringJoiner each = new StringJoiner(", ");
        kinds.forEach((kind, e) -> each.add(words.counted(kind, e.count()) + " [" + kind + "]"));
        if (kinds.size() == 1) {
            return each.toString();
        }
        long total = diagnostics.warningCount();
        return total + " warnings: " + each;
    }
}
