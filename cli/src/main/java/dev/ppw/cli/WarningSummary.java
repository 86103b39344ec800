package dev.ppw.cli;

import dev.ppw.model.Diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The warnings of a run in at most two lines: kinds and counts, the first example with its position, and
 * what {@code --strict} would do (or did).
 */
final class WarningSummary {
    private WarningSummary() {
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
