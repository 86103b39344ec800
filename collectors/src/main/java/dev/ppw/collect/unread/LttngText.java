package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The text {@code babeltrace2} (or {@code babeltrace}, or {@code lttng view}) prints of an LTTng trace: one event
 * per line, its time in brackets, the time since the previous event in parentheses, the host, the event's name and
 * its fields in braces. A line of LTTng 2.13's cyg-profile tracing, as babeltrace2 2.0 prints it:
 * <pre>{@code [04:47:12.684022889] (+0.000008052) vm lttng_ust_statedump:procname: { cpu_id = 0 }, { vpid = 17624, ... }}</pre>
 * The bracket opens a JSON array too: without this recognizer, the Chrome reader would fail on the time's leading
 * zero ("Leading zeroes not allowed").
 */
public final class LttngText extends Recognizer {
    private static final int LINES = 3;
    /** Clock time, seconds ({@code --clock-seconds}) or date and time ({@code --clock-date}), then the delta. */
    private static final Pattern EVENT = Pattern.compile(
            "\\[(?:\\d{4}-\\d{2}-\\d{2} )?(?:\\d{2}:\\d{2}:\\d{2}\\.\\d+|\\d+\\.\\d+)\\] \\(\\+(?:[\\d.]+|[?.]+)\\) .*");

    public LttngText() {
        super("lttng-text", "babeltrace2 text of an LTTng trace (a CTF trace printed one event per line)",
                "convert the CTF trace folder it was printed from with KDAB's ctf2ctf (ctf2ctf TRACE_DIR > OUT.json),"
                        + " then ppw-java profile OUT.json (ctf2ctf makes spans of *_entry/*_exit event pairs,"
                        + " named after the event)");
    }

    /** {@link Confidence#CERTAIN} when the first lines that are not blank are all events; else {@link Confidence#NONE}. */
    @Override
    public Confidence probe(Head head) {
        List<String> lines = TextLines.nonBlank(head, LINES);
        if (lines.isEmpty()) {
            return Confidence.NONE;
        }
        for (String line : lines) {
            if (!EVENT.matcher(line).matches()) {
                return Confidence.NONE;
            }
        }
        return Confidence.CERTAIN;
    }
}
