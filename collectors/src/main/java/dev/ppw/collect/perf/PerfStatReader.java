package dev.ppw.collect.perf;

import dev.ppw.collect.LineSplitter;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.PerfStatFields;
import dev.ppw.model.Quote;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Streams {@code perf stat -I N} output into an {@link EventSink} as counter series, a line at a time.
 * Each interval line of event E is one sample at its time (seconds since the start, exact nanoseconds):
 * <ul>
 *   <li>of series (pid {@code ""}, name E, id, its unit: {@code msec} for task-clock, {@code count} for a
 *       bare count), the value as printed ({@code 11}, {@code 37.63});</li>
 *   <li>and, where perf printed a derived metric ({@code 0.376,CPUs utilized}), of the series named after
 *       that metric's unit ({@code CPUs utilized}), its value; rates, which perf scales to their size
 *       ({@code /sec}, {@code K/sec}, {@code M/sec}), are all the series {@code /sec}, in events per second
 *       (scaled exactly in decimal).</li>
 * </ul>
 * The id is the column {@code -A}, {@code --per-thread}, {@code --per-core} (and the like) add
 * ({@code CPU0}, {@code work-1754}, {@code S0-D0-C0}), {@code ""} without one. A count perf could not take
 * ({@code <not counted>}, {@code <not supported>}) is the note {@code not_counted}: no sample. Lines starting
 * with {@code #} are comments. The CSV separator is whatever {@code -x} chose (the character after the
 * first time); the human table (no {@code -x}) is read by its columns, thousands separators included.
 *
 * <p>A line that is not an interval is a {@code bad_event} warning; a last line without its line end is
 * {@code truncated}; the input is refused ({@link BadInputException}) when its first line that is not a
 * comment is no interval, or when it is a summary without {@code -I}. One reader per input; not
 * thread-safe; the caller brackets the input.
 */
final class PerfStatReader {
    /** The note of a count perf printed as {@code <not counted>} or {@code <not supported>}. */
    static final DiagnosticKind NOT_COUNTED = DiagnosticKind.note("not_counted",
            "perf stat count not counted or not supported (no sample)",
            "perf stat counts not counted or not supported (no samples)");
    static final int MAX_LINE_BYTES = 1 << 16;

    private static final int QUOTE_BYTES = 60;
    private static final String NOT = PerfStatFields.NOT_COUNTED;

    private final String file;
    private final EventSink sink;
    private final Diagnostics diagnostics;

    /** The current line (the splitter's buffer, valid while it is read), its length and bytes not kept. */
    private byte[] line;
    private int lineLength;
    private long overflowBytes;
    private long lineNumber;
    private boolean intervalSeen;
    /** The CSV separator, or 0 before the first interval line, or ' ' for the human table. */
    private char separator;

    PerfStatReader(String file, EventSink sink) {
        this.file = file;
        this.sink = sink;
        this.diagnostics = sink.diagnostics();
    }

    void read(InputStream in) throws IOException {
        new LineSplitter(256, MAX_LINE_BYTES).split(in, file, new LineSplitter.Lines() {
            @Override
            public void line(byte[] bytes, int length, long overflow) {
                take(bytes, length, overflow);
                endLine(true);
            }

            @Override
            public void last(byte[] bytes, int length, long overflow) {
                take(bytes, length, overflow);
                endLine(false);
            }
        });
    }

    /** Makes the splitter's line the current one. */
    private void take(byte[] bytes, int length, long overflow) {
        line = bytes;
        lineLength = length;
        overflowBytes = overflow;
    }

    private void endLine(boolean ended) {
        lineNumber++;
        try {
            if (lineLength > 0 && line[lineLength - 1] == '\r') {
                lineLength--;
            }
            String text = new String(line, 0, lineLength, StandardCharsets.UTF_8);
            if (text.isBlank() || text.startsWith("#")) {
                return;
            }
            if (!ended) {
                if (!intervalSeen) {
                    interval(text);
                    return;
                }
                diagnostics.warn(Diagnostics.TRUNCATED, file + ":" + lineNumber + ":1: the input ends inside this"
                        + " line, without a line end; it is left out: \"" + quote() + "\"");
                return;
            }
            if (overflowBytes > 0) {
                bad(1, "a line of " + (lineLength + overflowBytes) + " bytes, longer than any perf stat line");
                return;
            }
            interval(text);
        } finally {
            lineLength = 0;
            overflowBytes = 0;
        }
    }

    private void interval(String text) {
        if (text.strip().startsWith("Performance counter stats for")) {
            throw BadInputException.at(file, lineNumber, 1, "a perf stat summary without intervals: record with"
                    + " perf stat -I 100 -x, (interval counts as CSV) to read counter series", quote());
        }
        if (separator == 0) {
            separator = separatorOf(text);
        }
        String problem = separator == ' ' ? table(text) : csv(text);
        if (problem != null) {
            bad(1, problem);
        } else {
            intervalSeen = true;
        }
    }

    /** The character after the first field when that is a time, ' ' for the table (or no interval at all). */
    private static char separatorOf(String text) {
        int i = 0;
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
            i++;
        }
        return i < text.length() && !Character.isWhitespace(text.charAt(i)) ? text.charAt(i) : ' ';
    }

    /** Reads one CSV interval; the problem, or null. */
    private String csv(String text) {
        List<String> f = PerfStatFields.split(text, separator);
        long ts = time(f.get(0).strip());
        if (ts < 0) {
            return "no interval time (seconds, as perf stat -I prints them) at the start of the line";
        }
        int v = PerfStatFields.valueColumn(f);
        if (v < 0 || f.size() < v + 3) {
            return "an interval line is 'time,[cpu or thread,]count,unit,event,...'";
        }
        String id = v > 1 ? f.get(1).strip() : "";
        return emit(ts, id, f.get(v).strip(), f.get(v + 1).strip(), f.get(v + 2).strip(),
                f.size() > v + 6 ? f.get(v + 5).strip() : "", f.size() > v + 6 ? f.get(v + 6).strip() : "");
    }

    /** Reads one line of the human table; the problem, or null. */
    private String table(String text) {
        String body = text;
        String metric = "";
        int hash = text.indexOf('#');
        if (hash >= 0) {
            body = text.substring(0, hash);
            metric = text.substring(hash + 1).strip();
        }
        List<String> t = new ArrayList<>(Arrays.asList(body.strip().split("\\s+")));
        long ts = time(t.get(0));
        if (ts < 0) {
            return "no interval time (seconds, as perf stat -I prints them) at the start of the line";
        }
        t.removeIf(token -> token.startsWith("(") || token.endsWith("%)"));
        int v = t.size() > 1 && isTableCount(t.get(1)) ? 1
                : t.size() > 3 && isDigits(t.get(2)) && isTableCount(t.get(3)) ? 3
                : t.size() > 2 && isTableCount(t.get(2)) ? 2 : -1;
        if (v < 0) {
            return "an interval line is 'time [cpu or thread] count [unit] event'";
        }
        String id = v > 1 ? t.get(1) : "";
        String value = t.get(v);
        int next = v + 1;
        if (value.startsWith(NOT) && next < t.size()) {
            value = value + " " + t.get(next++);
        }
        int left = t.size() - next;
        if (left < 1 || left > 2) {
            return "an interval line is 'time [cpu or thread] count [unit] event'";
        }
        String unit = left == 2 ? t.get(next) : "";
        String event = t.get(t.size() - 1);
        String metricValue = "";
        String metricUnit = "";
        if (!metric.isEmpty()) {
            int space = metric.indexOf(' ');
            metricValue = space < 0 ? metric : metric.substring(0, space);
            metricUnit = space < 0 ? "" : metric.substring(space + 1).strip();
            if (metricValue.endsWith("%")) {
                metricValue = metricValue.substring(0, metricValue.length() - 1);
                metricUnit = "% " + metricUnit;
            }
        }
        return emit(ts, id, withoutThousands(value), unit, event, metricValue, metricUnit);
    }

    private static boolean isTableCount(String token) {
        return token.startsWith(NOT) || PerfStatFields.number(withoutThousands(token)).isPresent();
    }

    /** {@code 1,234,567} as perf prints counts in the table: the commas go. */
    private static String withoutThousands(String token) {
        return token.matches("\\d{1,3}(,\\d{3})+(\\.\\d+)?") ? token.replace(",", "") : token;
    }

    private String emit(long ts, String id, String value, String unit, String event, String metricValue,
                        String metricUnit) {
        if (event.isEmpty()) {
            return "an interval line without its event's name";
        }
        if (value.startsWith(NOT)) {
            diagnostics.note(NOT_COUNTED);
            return null;
        }
        OptionalDouble v = PerfStatFields.number(value);
        if (v.isEmpty() || Double.isInfinite(v.getAsDouble())) {
            return "the count '" + value + "' is no number a double holds";
        }
        sink.counter("", event, id, unit.isEmpty() ? "count" : unit, ts, v.getAsDouble());
        // perf scales rates to their size (/sec, K/sec, M/sec): one series per rate, in events per second.
        PerfStatFields.metric(metricValue, metricUnit).ifPresent(m -> {
            if (Double.isFinite(m.value().doubleValue())) {
                sink.counter("", event, id, m.unit(), ts, m.value().doubleValue());
            }
        });
        return null;
    }

    private static boolean isDigits(String s) {
        return PerfHeader.isDigits(s, 0, s.length());
    }

    /** {@code digits.digits} seconds in exact nanoseconds, or -1. */
    private static long time(String s) {
        int dot = s.indexOf('.');
        if (dot <= 0 || dot == s.length() - 1 || !isDigits(s.substring(0, dot)) || !isDigits(s.substring(dot + 1))) {
            return -1;
        }
        return PerfHeader.nanos(s, 0, s.length());
    }

    private void bad(int column, String what) {
        if (!intervalSeen) {
            throw BadInputException.at(file, lineNumber, column, what + "; this is not perf stat -I output", quote());
        }
        diagnostics.warn(Diagnostics.BAD_EVENT, file + ":" + lineNumber + ":" + column + ": " + what + ": \""
                + quote() + "\"");
    }

    private String quote() {
        if (lineLength <= QUOTE_BYTES) {
            return Quote.utf8(line, 0, lineLength);
        }
        int cut = QUOTE_BYTES;
        while (cut > 0 && (line[cut] & 0xc0) == 0x80) {
            cut--;
        }
        return Quote.utf8(line, 0, cut) + "...";
    }
}
