package dev.ppw.collect.unread;

import dev.ppw.model.format.Head;

import java.util.ArrayList;
import java.util.List;

/** The complete lines of a head read as text, for probes of text formats. */
final class TextLines {
    private TextLines() {
    }

    /**
     * The head's lines, without their line ends, up to {@code max}: only complete ones (the last one only when the
     * head is the whole content), and none at all when the head holds a NUL byte (binary, not text).
     */
    static List<String> of(Head head, int max) {
        List<String> lines = new ArrayList<>();
        String text = head.latin1();
        if (text.indexOf('\0') >= 0) {
            return lines;
        }
        int start = 0;
        while (lines.size() < max) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                if (head.whole() && start < text.length()) {
                    lines.add(text.substring(start));
                }
                break;
            }
            int stop = end > start && text.charAt(end - 1) == '\r' ? end - 1 : end;
            lines.add(text.substring(start, stop));
            start = end + 1;
        }
        return lines;
    }

    /** {@link #of} without blank lines. */
    static List<String> nonBlank(Head head, int max) {
        return of(head, max).stream().filter(l -> !l.isBlank()).toList();
    }
}
