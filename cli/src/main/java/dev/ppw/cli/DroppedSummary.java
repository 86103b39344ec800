package dev.ppw.cli;

import dev.ppw.model.BadInputsException;
import dev.ppw.model.DroppedInputs;

import java.util.ArrayList;
import java.util.List;

/**
 * Inputs that cannot be read, on stderr: one line saying how many of how many and why, then the first
 * {@link DroppedInputs#EXAMPLES} messages, one per line, and how many more.
 */
final class DroppedSummary {
    private static final String ITEM = Main.PREFIX + "  ";

    private DroppedSummary() {
    }

    /** The lines of a call that failed because inputs cannot be read; the exception's message comes first. */
    static List<String> error(BadInputsException e) {
        List<String> lines = new ArrayList<>();
        DroppedInputs bad = e.bad();
        if (bad.count() == 1) {
            lines.add(Main.PREFIX + "error: " + e.getMessage());
        } else {
            lines.add(Main.PREFIX + "error: " + e.getMessage() + ":");
            items(bad, lines);
        }
        long readable = e.inputs() - bad.count();
        if (readable > 0) {
            lines.add(Main.PREFIX + "hint: --skip-bad reads the other " + readable + (readable == 1 ? " input" : " inputs")
                    + " and counts the ones left out in every output");
        }
        return lines;
    }

    /**
     * The lines of a call that left out {@code dropped} of its {@code inputs} inputs (--skip-bad): a warning,
     * or under --strict an error saying that nothing was written. Nothing when none was left out.
     */
    static List<String> lines(DroppedInputs dropped, int inputs, boolean strict) {
        List<String> lines = new ArrayList<>();
        if (dropped.isEmpty()) {
            return lines;
        }
        String reasons = " (" + dropped.reasonsText() + ")";
        lines.add(Main.PREFIX + (strict
                ? "error: " + dropped.count() + " of " + inputs + " inputs cannot be read" + reasons
                        + "; --strict makes leaving them out an error, so no output was written:"
                : "warning: left out " + dropped.count() + " of " + inputs + " inputs, which cannot be read" + reasons
                        + ":"));
        items(dropped, lines);
        return lines;
    }

    private static void items(DroppedInputs dropped, List<String> lines) {
        for (String example : dropped.examples()) {
            lines.add(ITEM + example);
        }
        long more = dropped.count() - dropped.examples().size();
        if (more > 0) {
            lines.add(ITEM + "and " + more + " more");
        }
    }
}
