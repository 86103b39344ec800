package dev.ppw.collect.perf;

import dev.ppw.model.format.Head;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Lines of a head read as text, for the probes of perf's text formats. */
final class PerfText {
    private PerfText() {
    }

    /**
     * The head's complete lines (the last one only when the head is the whole content), without line ends, up
     * to {@code max}; none when the head holds a NUL byte (binary, not text).
     */
    static List<String> lines(Head head, int max) {
        List<String> lines = new ArrayList<>();
        byte[] b = head.bytes();
        int start = 0;
        for (int i = 0; i < b.length && lines.size() < max; i++) {
            if (b[i] == 0) {
                return List.of();
            }
            if (b[i] == '\n') {
                int stop = i > start && b[i - 1] == '\r' ? i - 1 : i;
                lines.add(new String(b, start, stop - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (head.whole() && start < b.length && lines.size() < max) {
            lines.add(new String(b, start, b.length - start, StandardCharsets.UTF_8));
        }
        return lines;
    }

    /** A comment line of {@code perf report --stdio}'s text. */
    static boolean isPerfReportComment(String line) {
        return line.startsWith("# Samples:") || line.startsWith("# Overhead") || line.startsWith("# Children")
                || line.startsWith("# Total Lost Samples:") || line.startsWith("# Event count");
    }

    /**
     * One frame of a call graph: a hexadecimal address then a space or the line's end, after a tab and spaces
     * (perf), after spaces only (older perf), or, as text passed through other tools prints it, unindented with a
     * symbol and its {@code (dso)} after the address.
     */
    static boolean isFrameLine(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        int start = i;
        while (i < line.length() && Character.digit(line.charAt(i), 16) >= 0) {
            i++;
        }
        if (i == start || i < line.length() && line.charAt(i) != ' ') {
            return false;
        }
        return start > 0 || i < line.length() && line.stripTrailing().endsWith(")");
    }
}
