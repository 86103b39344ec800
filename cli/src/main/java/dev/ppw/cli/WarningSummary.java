package dev.ppw.cli;

import dev.ppw.model.Diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The warnings of a run in at most two lines: kinds and counts, the first example with its position, and
 * what {@code --strict} would do (or did). Notes that concern what was asked (an input named twice) get a
 * line of their own; they never make {@code --strict} fail.
 */
final class WarningSummary {
    private WarningSummary() {
    }

    /** One line for the inputs named twice: which, and how many more; nothing when none was. */
    static List<String> noteLines(Diagnostics diagnostics) {
        Diagnostics.Entry named = diagnostics.notes().get(Diagnostics.INPUT_NAMED_TWICE);
        if (named == null || named.examples().isEmpty()) {
            return List.of();
        }
        String first = named.examples().get(0);
        return List.of(Main.PREFIX + "note: " + (named.count() == 1 ? "an input named more than once is read once: "
                + first : named.count() + " inputs named more than once are read once each; first: " + first));
    }

    /** Nothing when there were no warnings. */
    static List<String> lines(Diagnostics diagnostics, boolean strict) {
        List<String> lines = new ArrayList<>(2);
        if (!diagnostics.hasWarnings()) {
            return lines;
        }
        long total = diagnostics.warningCount();
        StringJoiner kinds = new StringJoiner(", ", " (", ")");
        String first = null;
        for (Map.Entry<String, Diagnostics.Entry> e : diagnostics.warnings().entrySet()) {
            kinds.add(e.getKey() + " " + e.getValue().count());
            if (first == null && !e.getValue().examples().isEmpty()) {
                first = e.getValue().examples().get(0);
            }
        }
        String counted = total + (total == 1 ? " warning" : " warnings") + kinds;
        String example = first == null ? "" : "; first: " + first;
        if (strict) {
            lines.add(Main.PREFIX + "error: " + counted + " under --strict, so no output was written" + example);
        } else {
            lines.add(Main.PREFIX + "warning: " + counted + example);
            lines.add(Main.PREFIX + "hint: --strict makes warnings errors (exit 1, no output)");
        }
        return lines;
    }
}
