package dev.ppw.collect.lttng;

import dev.ppw.collect.CutGzip;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Quote;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Reads the text {@code babeltrace2} prints of a trace in its default layout, one event per line, and
 * hands each event to a consumer (a {@link UstFolding}); it is itself the {@link LttngEventView} of the
 * current line.
 * A line, as babeltrace2 2.0 prints LTTng-UST's cyg-profile tracing with {@code --debug-info}:
 * <pre>{@code [04:47:12.686308403] (+0.000062302) vm lttng_ust_cyg_profile:func_entry: { cpu_id = 0 },
 *     { vpid = 17624, vtid = 17624, procname = "lttng_work", ip = 94212474893570,
 *       debug_info = { bin = "lttng_work+0x1502", func = "run_batch+0", src = "lttng_work.c:22" } },
 *     { addr = 0x55AF8D197502, call_site = 0x55AF8D1975D0 }}</pre>
 * (one line in the file). The time is the time of day ({@code HH:MM:SS.fraction}), the date and time
 * ({@code --clock-date}) or seconds since the epoch ({@code --clock-seconds}); a time of day earlier than
 * the previous event's by more than twelve hours has passed midnight. The delta in parentheses and the
 * host name are skipped. Field groups follow in braces, the payload last; values are decimal, hex
 * ({@code 0x}), octal (a leading {@code 0}), binary ({@code 0b}) or real numbers, quoted strings with C
 * escapes, enumerations {@code ( "LABEL" : container = 3 )}, nested structures and arrays
 * {@code [ [0] = 0x66, ... ]} (read past, not kept).
 *
 * <p>Lines are read one at a time in bounded memory ({@link #MAX_LINE_BYTES}). A line that is not an event
 * is counted ({@code bad_event}, with its place) and skipped; a last line cut short is {@code truncated}.
 * Only a file none of whose lines is an event is an error. Not thread-safe: one reader per input.
 */
final class BabeltraceTextReader implements LttngEventView {
    /** Longer lines are counted and skipped, not held: a babeltrace2 event line is rarely above a few KB. */
    static final int MAX_LINE_BYTES = 1 << 20;
    private static final int MAX_NESTING = 32;
    private static final int MAX_FIELDS = 4096;
    private static final int QUOTE_BYTES = 60;
    private static final long SECOND = 1_000_000_000L;
    private static final long DAY = 86_400L * SECOND;
    /** The largest unsigned 64-bit value that another decimal digit can follow. */
    private static final long MAX_BEFORE_DIGIT = Long.divideUnsigned(-1L, 10);

    static final byte INT = 1;
    static final byte STRING = 2;
    private static final byte OTHER = 3;

    private final String file;
    private final Consumer<LttngEventView> events;
    private final Diagnostics diagnostics;

    private byte[] buffer = new byte[1 << 16];
    private int bufferStart;
    private int bufferEnd;
    private boolean eof;

    private byte[] line = new byte[256];
    private int length;
    private long lineNumber;
    private int p;

    private long timestamp;
    private String name;
    /**
     * How the last event line printed its time (as a time of day, seconds since the epoch or a date and time), and
     * how the line being parsed does: a line that is no event does not change how times are said.
     */
    private byte timeStyle;
    private byte lineStyle;
    private static final byte OF_DAY = 0;
    private static final byte SECONDS = 1;
    private static final byte DATE = 2;

    private int fields;
    private String[] keys = new String[32];
    private byte[] kinds = new byte[32];
    private long[] ints = new long[32];
    private String[] strings = new String[32];
    private int groupCount;
    /** The dotted name of the field being read ({@code debug_info.func}), as bytes: {@code path[0, pathLength)}. */
    private byte[] path = new byte[64];
    private int pathLength;
    /** Each slot's key as bytes, to tell the key of the same slot on the next line without making a String. */
    private byte[][] keyBytes = new byte[32][];
    private byte[] scratch = new byte[64];

    private long eventCount;
    private String firstBad;
    private long firstBadLine;
    private int firstBadColumn;
    private String firstBadQuote;

    /** Where a chunk's reader records its lines instead of handing them on (the parallel reading); else null. */
    private final TextLines recorded;
    /** The time of day's midnights, kept in line order (by the replay when the lines are recorded). */
    private final DayClock clock = new DayClock();
    private long rawTime;
    private boolean ofDay;

    /** Hands each event to {@code events}, counts bad lines in {@code diagnostics}; {@code file} names the input. */
    BabeltraceTextReader(String file, Diagnostics diagnostics, Consumer<LttngEventView> events) {
        this.file = file;
        this.events = events;
        this.diagnostics = diagnostics;
        this.recorded = null;
    }

    /**
     * Records each line of what it reads into {@code lines}, events and bad lines alike, with line numbers from the
     * start of what it reads and times before midnights are counted: {@link ParallelTextReader} replays them.
     */
    BabeltraceTextReader(String file, TextLines lines) {
        this.file = file;
        this.events = null;
        this.diagnostics = null;
        this.recorded = lines;
    }

    /**
     * Times of day as nanoseconds since the first line's midnight: a time more than twelve hours before the
     * latest time so far has passed midnight. Applied in line order, whoever parsed the lines.
     */
    static final class DayClock {
        private long dayOffset;
        private long lastTime = Long.MIN_VALUE;

        long apply(long raw, boolean ofDay) {
            long t = raw;
            if (ofDay) {
                t += dayOffset;
                if (lastTime != Long.MIN_VALUE && t < lastTime - DAY / 2) {
                    dayOffset += DAY;
                    t += DAY;
                }
            }
            if (lastTime == Long.MIN_VALUE || t > lastTime) {
                lastTime = t;
            }
            return t;
        }
    }

    /** Reads every line of {@code in}. */
    void read(InputStream in) throws IOException {
        while (nextLine(in)) {
            lineNumber++;
            if (isBlank()) {
                continue;
            }
            if (length > MAX_LINE_BYTES) {
                bad(1, "line longer than " + MAX_LINE_BYTES + " bytes", false);
                continue;
            }
            String problem;
            try {
                problem = parse();
            } catch (IndexOutOfBoundsException e) {
                p = length;
                problem = "line ends inside the event";
            }
            if (problem != null) {
                bad(Math.min(p, length) + 1, problem, eof && bufferStart >= bufferEnd && !lineEnded);
                continue;
            }
            eventCount++;
            timeStyle = lineStyle;
            if (recorded != null) {
                recorded.event(this, lineNumber);
                continue;
            }
            timestamp = clock.apply(rawTime, ofDay);
            events.accept(this);
        }
        if (recorded != null) {
            recorded.lines = lineNumber;
            return;
        }
        if (eventCount == 0 && firstBad != null) {
            throw BadInputException.at(file, firstBadLine, firstBadColumn,
                    "not babeltrace2 text: no line is an event (" + firstBad + ")", firstBadQuote);
        }
    }

    /** A time printed as this input prints its times. */
    @Override
    public String timeText(long nanos) {
        return timeText(timeStyle, nanos);
    }

    /** The current line's time before midnights are counted, whether it is a time of day, how it is printed. */
    long rawTime() {
        return rawTime;
    }

    boolean ofDay() {
        return ofDay;
    }

    byte timeStyle() {
        return timeStyle;
    }

    /** The current line's fields: how many, and each one's name, kind, integer and string. */
    int fieldCount() {
        return fields;
    }

    String key(int i) {
        return keys[i];
    }

    byte kind(int i) {
        return kinds[i];
    }

    long integerAt(int i) {
        return ints[i];
    }

    String stringAt(int i) {
        return strings[i];
    }

    /** A time printed as an input printing its times in {@code style} prints it. */
    static String timeText(byte style, long nanos) {
        return switch (style) {
            case SECONDS -> LttngTimes.seconds(nanos);
            case DATE -> LttngTimes.date(nanos);
            default -> LttngTimes.timeOfDay(nanos);
        };
    }

    /** Lines read so far as a layout met before (the rest were parsed the general way). */
    long layoutLines() {
        return layoutLines;
    }

    /** Events read so far. */
    long events() {
        return eventCount;
    }

    private boolean lineEnded;

    /** Reads the next line into {@code line} (at most MAX_LINE_BYTES + 1 kept); false at the end of input. */
    private boolean nextLine(InputStream in) throws IOException {
        length = 0;
        lineEnded = false;
        boolean any = false;
        while (true) {
            if (bufferStart >= bufferEnd) {
                if (eof) {
                    return any;
                }
                int n = CutGzip.read(in, buffer, 0, buffer.length, file, lineNumber + 1, length + 1);
                if (n < 0) {
                    eof = true;
                    return any;
                }
                bufferStart = 0;
                bufferEnd = n;
                continue;
            }
            any = true;
            int i = newline(buffer, bufferStart, bufferEnd);
            append(buffer, bufferStart, i - bufferStart);
            if (i < bufferEnd) {
                bufferStart = i + 1;
                lineEnded = true;
                if (length > 0 && line[length - 1] == '\r' && length <= MAX_LINE_BYTES) {
                    length--;
                }
                return true;
            }
            bufferStart = bufferEnd;
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NEWLINES = ONES * '\n';

    private static final long CLOSES = ONES * ')';

    /** The index of the first '\n' in {@code b[from, to)}, else {@code to}: eight bytes at a time. */
    private static int newline(byte[] b, int from, int to) {
        return indexOf(b, from, to, NEWLINES);
    }

    /** The index of the first byte of {@code pattern} (one byte eight times) in {@code b[from, to)}, else {@code to}. */
    private static int indexOf(byte[] b, int from, int to, long pattern) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ pattern;
            long zero = (x - ONES) & ~x & HIGHS;
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        byte c = (byte) pattern;
        while (i < to && b[i] != c) {
            i++;
        }
        return i;
    }

    private void append(byte[] from, int offset, int count) {
        int room = MAX_LINE_BYTES + 1 - length;
        int n = Math.min(count, Math.max(room, 0));
        if (length + n > line.length) {
            line = Arrays.copyOf(line, Math.max(length + n, Math.min(2 * line.length, MAX_LINE_BYTES + 1)));
        }
        System.arraycopy(from, offset, line, length, n);
        length += n;
        if (count > n) {
            length = MAX_LINE_BYTES + 1;
        }
    }

    private boolean isBlank() {
        for (int i = 0; i < length; i++) {
            byte b = line[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private void bad(int column, String problem, boolean truncated) {
        String quote = quote();
        if (recorded != null) {
            recorded.bad(lineNumber, column, problem, quote, truncated);
            return;
        }
        String where = file + ":" + lineNumber + ":" + column;
        if (truncated) {
            diagnostics.warn(Diagnostics.TRUNCATED, where + ": " + problem + ": \"" + quote + "\"");
        } else {
            diagnostics.warn(Diagnostics.BAD_EVENT, where + ": " + problem + ": \"" + quote + "\"");
        }
        if (firstBad == null) {
            firstBad = problem;
            firstBadLine = lineNumber;
            firstBadColumn = column;
            firstBadQuote = quote;
        }
    }

    private String quote() {
        int end = Math.min(length, QUOTE_BYTES);
        while (end < length && end > 0 && (line[end] & 0xC0) == 0x80) {
            end--;
        }
        String q = Quote.utf8(line, 0, end);
        return end < length ? q + "..." : q;
    }

    /** Parses the current line; null when it is an event, else what is wrong at {@code p}. */
    private String parse() {
        p = 0;
        fields = 0;
        groupCount = 0;
        repeatedKeys = false;
        if (line[0] != '[') {
            return "expected '[' and the event's time";
        }
        p = 1;
        String problem = time();
        if (problem != null) {
            return problem;
        }
        if (!skip(' ')) {
            return "expected ' ' after the time";
        }
        if (p < length && line[p] == '(') {
            p = indexOf(line, p, length, CLOSES);
            if (!skip(')') || !skip(' ')) {
                return "expected ') ' after the delta";
            }
        }
        int body = p;
        if (matchLayout(body)) {
            return null;
        }
        p = body;
        layoutable = true;
        keysLayout = null;
        keysVersion++;
        problem = eventName();
        if (problem != null) {
            return problem;
        }
        while (p < length) {
            if (groupCount > 0 && !(skip(',') && skip(' '))) {
                return "expected ', ' between field groups";
            }
            if (p >= length || line[p] != '{') {
                return "expected '{' opening a field group";
            }
            pathLength = 0;
            problem = struct(0);
            if (problem != null) {
                return problem;
            }
            groupCount++;
        }
        if (layoutable) {
            learnLayout(body);
        }
        return null;
    }

    // ---- layouts: lines that repeat one met before but for their values

    /**
     * A line met before, from its event's name on, as the bytes between its kept values and each value's kind: a
     * line that has the same bytes there and a value of the same kind in each gap (an integer {@link #number} reads
     * whole, a string without escapes) parses, the general way, into the same name, keys and kinds, so it is read
     * by comparing those bytes and reading only its values. Learnt from lines with no arrays, enumerations or
     * other values ({@link #layoutable}).
     */
    private record Layout(String name, byte[][] literals, byte[] kinds, String[] keys, byte[][] keyBytes,
                          boolean repeatedKeys) {
    }

    /** A trace prints a few layouts over and over (an entry, an exit): more are learnt in turn over the oldest. */
    private static final int LAYOUTS = 8;
    private static final int MAX_LAYOUT_VALUES = 64;
    private static final int MAX_LAYOUT_BYTES = 4096;
    private final Layout[] layouts = new Layout[LAYOUTS];
    private int layoutCount;
    private int nextLayout;
    /** The layout the last line matched, tried first. */
    private int lastLayout;
    /** The layout of the current line's keys, null when it was parsed the general way. */
    private Layout keysLayout;
    /**
     * Changes whenever the current line's keys may differ from the line before's: lines of one layout have the same
     * keys, so what {@link #find} found on one holds on the next.
     */
    private long keysVersion;
    /** Lines read as a layout met before. */
    private long layoutLines;
    /** Whether the line being parsed the general way can be learnt as a layout so far. */
    private boolean layoutable;
    /** Whether the last string {@link #unquote}d had an escape. */
    private boolean escaped;
    /** Each kept value's bytes on the line being parsed: {@code line[valueFrom[i], valueTo[i])}, quotes excluded. */
    private int[] valueFrom = new int[32];
    private int[] valueTo = new int[32];

    /** Where the value just stored as field {@code fields - 1} lies on the line. */
    private void mark(int from, int to) {
        int i = fields - 1;
        if (!layoutable || i < 0) {
            return;
        }
        if (i >= valueFrom.length) {
            valueFrom = Arrays.copyOf(valueFrom, 2 * valueFrom.length);
            valueTo = Arrays.copyOf(valueTo, 2 * valueTo.length);
        }
        valueFrom[i] = from;
        valueTo[i] = to;
    }

    /** Keeps the line just parsed, from {@code body} (its event's name) on, as a layout. */
    private void learnLayout(int body) {
        int n = fields;
        if (n > MAX_LAYOUT_VALUES || length - body > MAX_LAYOUT_BYTES) {
            return;
        }
        byte[][] literals = new byte[n + 1][];
        int at = body;
        for (int i = 0; i < n; i++) {
            literals[i] = Arrays.copyOfRange(line, at, valueFrom[i]);
            at = valueTo[i];
        }
        literals[n] = Arrays.copyOfRange(line, at, length);
        int k = nextLayout;
        layouts[k] = new Layout(name, literals, Arrays.copyOf(kinds, n), Arrays.copyOf(keys, n),
                Arrays.copyOf(keyBytes, n), repeatedKeys);
        nextLayout = (k + 1) % LAYOUTS;
        layoutCount = Math.max(layoutCount, k + 1);
        lastLayout = k;
    }

    /** Whether the line from {@code body} on is one of the layouts: if so, its name and fields are set. */
    private boolean matchLayout(int body) {
        for (int t = 0; t < layoutCount; t++) {
            int k = (lastLayout + t) % layoutCount;
            if (matches(layouts[k], body)) {
                lastLayout = k;
                layoutLines++;
                return true;
            }
        }
        return false;
    }

    private boolean matches(Layout layout, int body) {
        byte[][] literals = layout.literals;
        byte[] valueKinds = layout.kinds;
        int n = valueKinds.length;
        byte[] l = line;
        int q = body;
        for (int i = 0; ; i++) {
            byte[] literal = literals[i];
            if (!literalAt(q, literal)) {
                return false;
            }
            q += literal.length;
            if (i == n) {
                break;
            }
            if (valueKinds[i] == INT) {
                if (q >= length || l[q] < '0' || l[q] > '9') {
                    return false;
                }
                p = q;
                long v = number();
                if (p == q) {
                    return false;
                }
                ints[i] = v;
                strings[i] = null;
                q = p;
            } else {
                int end = q;
                while (end < length && l[end] != '"' && l[end] != '\\') {
                    end++;
                }
                if (end >= length || l[end] != '"') {
                    return false;
                }
                strings[i] = stringAt(q, end - q, i);
                ints[i] = 0;
                q = end;
            }
        }
        if (q != length) {
            return false;
        }
        p = q;
        if (layout != keysLayout) {
            keysLayout = layout;
            keysVersion++;
        }
        name = layout.name;
        fields = n;
        repeatedKeys = layout.repeatedKeys;
        System.arraycopy(valueKinds, 0, kinds, 0, n);
        System.arraycopy(layout.keys, 0, keys, 0, n);
        System.arraycopy(layout.keyBytes, 0, keyBytes, 0, n);
        return true;
    }

    /** Whether {@code literal} is on the line at {@code at}: eight bytes at a time. */
    private boolean literalAt(int at, byte[] literal) {
        int n = literal.length;
        if (at + n > length) {
            return false;
        }
        byte[] l = line;
        if (n < 8) {
            for (int i = 0; i < n; i++) {
                if (l[at + i] != literal[i]) {
                    return false;
                }
            }
            return true;
        }
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            if ((long) LONGS.get(l, at + i) != (long) LONGS.get(literal, i)) {
                return false;
            }
        }
        return i == n || (long) LONGS.get(l, at + n - 8) == (long) LONGS.get(literal, n - 8);
    }

    /** The string of {@code n} bytes at {@code from}: slot {@code slot}'s String of the previous line when the same. */
    private String stringAt(int from, int n, int slot) {
        String previous = strings[slot];
        if (previous != null && previous.length() == n) {
            byte[] l = line;
            boolean same = true;
            for (int i = 0; i < n; i++) {
                if (previous.charAt(i) != l[from + i]) {
                    same = false;
                    break;
                }
            }
            if (same) {
                return previous;
            }
        }
        return new String(line, from, n, StandardCharsets.UTF_8);
    }

    private String eventName() {
        for (int token = 0; token < 4; token++) {
            int start = p;
            while (p < length && line[p] != ' ') {
                p++;
            }
            if (p == start) {
                return "expected the event's name";
            }
            if (line[p - 1] == ':' && p - start > 1) {
                name = nameOf(start, p - 1);
                return p == length || skip(' ') ? null : "expected ' ' after the event's name";
            }
            if (!skip(' ')) {
                return "expected the event's name followed by ':'";
            }
        }
        return "expected the event's name followed by ':'";
    }

    /** The last event names met, as bytes and Strings: a trace alternates among a few (entry, exit). */
    private final byte[][] nameBytes = new byte[8][];
    private final String[] nameStrings = new String[8];
    private int nextNameSlot;

    /** The name between {@code from} and {@code to}, the String of a recent line's when it is the same. */
    private String nameOf(int from, int to) {
        for (int k = 0; k < nameBytes.length; k++) {
            byte[] b = nameBytes[k];
            if (b != null && Arrays.equals(b, 0, b.length, line, from, to)) {
                return nameStrings[k];
            }
        }
        int k = nextNameSlot;
        nextNameSlot = (k + 1) % nameBytes.length;
        nameBytes[k] = Arrays.copyOfRange(line, from, to);
        nameStrings[k] = new String(line, from, to - from, StandardCharsets.UTF_8);
        return nameStrings[k];
    }

    // ---- time

    private String time() {
        if (timeOfDayAt1()) {
            return null;
        }
        long a = digits();
        int aDigits = lastDigits;
        if (aDigits == 0) {
            return "expected the event's time";
        }
        long seconds;
        boolean ofDay;
        if (aDigits == 4 && p < length && line[p] == '-') {
            p++;
            long month = digits();
            if (lastDigits != 2 || !skip('-')) {
                return "expected a date YYYY-MM-DD";
            }
            long day = digits();
            if (lastDigits != 2 || !skip(' ')) {
                return "expected a date YYYY-MM-DD";
            }
            long epochDay;
            try {
                epochDay = LocalDate.of((int) a, (int) month, (int) day).toEpochDay();
            } catch (DateTimeException e) {
                return "not a date";
            }
            long tod = timeOfDay();
            if (tod < 0) {
                return "expected the time of day HH:MM:SS";
            }
            seconds = epochDay * 86_400L + tod;
            ofDay = false;
            lineStyle = DATE;
        } else if (aDigits == 2 && p < length && line[p] == ':') {
            p -= 2;
            long tod = timeOfDay();
            if (tod < 0) {
                return "expected the time of day HH:MM:SS";
            }
            seconds = tod;
            ofDay = true;
            lineStyle = OF_DAY;
        } else if (aDigits <= 11) {
            seconds = a;
            ofDay = false;
            lineStyle = SECONDS;
        } else {
            return "expected the event's time";
        }
        long fraction = 0;
        if (skip('.')) {
            int start = p;
            long f = digits();
            int n = p - start;
            if (n == 0 || n > 9) {
                return "expected up to 9 digits of a second";
            }
            fraction = f;
            for (int i = n; i < 9; i++) {
                fraction *= 10;
            }
        }
        if (!skip(']')) {
            return "expected ']' after the time";
        }
        rawTime = seconds * SECOND + fraction;
        this.ofDay = ofDay;
        return null;
    }

    /**
     * Whether the line starts with babeltrace2's usual time, {@code [HH:MM:SS.nnnnnnnnn]}, a valid time of day with
     * nine digits of a second: then it is read as {@link #time} reads it, with p after the {@code ']'}; else
     * nothing is changed and {@link #time} reads whatever the line has.
     */
    private boolean timeOfDayAt1() {
        byte[] l = line;
        if (length < 20 || l[3] != ':' || l[6] != ':' || l[9] != '.' || l[19] != ']') {
            return false;
        }
        int h = twoDigits(l, 1);
        int m = twoDigits(l, 4);
        int s = twoDigits(l, 7);
        if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 60) {
            return false;
        }
        // Bytes 10 to 17 as one word (the line's array is longer than 20), then the ninth digit.
        long digits = (long) LONGS.get(l, 10) - 0x3030303030303030L;
        int last = l[18] - '0';
        if (((digits | (0x0909090909090909L - digits)) & 0xF0F0F0F0F0F0F0F0L) != 0 || last < 0 || last > 9) {
            return false;
        }
        rawTime = (h * 3600L + m * 60 + s) * SECOND + eightDigits(digits) * 10 + last;
        ofDay = true;
        lineStyle = OF_DAY;
        p = 20;
        return true;
    }

    /** The two decimal digits at {@code at}, else -1. */
    private static int twoDigits(byte[] l, int at) {
        int a = l[at] - '0';
        int b = l[at + 1] - '0';
        return a < 0 || a > 9 || b < 0 || b > 9 ? -1 : a * 10 + b;
    }

    /** Seconds since midnight of {@code HH:MM:SS} at p; -1 when it is not one. */
    private long timeOfDay() {
        long h = digits();
        if (lastDigits != 2 || h > 23 || !skip(':')) {
            return -1;
        }
        long m = digits();
        if (lastDigits != 2 || m > 59 || !skip(':')) {
            return -1;
        }
        long s = digits();
        if (lastDigits != 2 || s > 60) {
            return -1;
        }
        return h * 3600 + m * 60 + s;
    }

    private int lastDigits;

    /** Up to 18 decimal digits at p (more are left for the caller to refuse). */
    private long digits() {
        long v = 0;
        int n = 0;
        while (p < length && n < 18 && line[p] >= '0' && line[p] <= '9') {
            v = v * 10 + (line[p] - '0');
            p++;
            n++;
        }
        lastDigits = n;
        return v;
    }

    private boolean skip(char c) {
        if (p < length && line[p] == c) {
            p++;
            return true;
        }
        return false;
    }

    // ---- fields

    /** A structure {@code { a = 1, b = "x" }} at p; its members keyed under {@code path}. */
    private String struct(int depth) {
        if (depth > MAX_NESTING) {
            return "fields nested more than " + MAX_NESTING + " deep";
        }
        p++;
        skip(' ');
        if (skip('}')) {
            return null;
        }
        int base = pathLength;
        while (true) {
            int start = p;
            p = scanTo(start, KEY_END);
            if (p == start || !skip(' ') || !skip('=') || !skip(' ')) {
                return "expected 'name = value'";
            }
            int n = p - 3 - start;
            if (base + 1 + n > path.length) {
                path = Arrays.copyOf(path, Math.max(2 * path.length, base + 1 + n));
            }
            pathLength = base;
            if (base > 0) {
                path[pathLength++] = '.';
            }
            System.arraycopy(line, start, path, pathLength, n);
            pathLength += n;
            String problem = value(depth, true);
            pathLength = base;
            if (problem != null) {
                return problem;
            }
            if (skip(',')) {
                if (!skip(' ')) {
                    return "expected ' ' after ','";
                }
                continue;
            }
            if (skip(' ') && skip('}')) {
                return null;
            }
            return "expected ', ' or ' }' after a value";
        }
    }

    private String value(int depth, boolean keep) {
        if (p >= length) {
            return "expected a value";
        }
        byte b = line[p];
        if (b == '"') {
            int start = p;
            escaped = false;
            int n = unquote();
            if (n < 0) {
                return "unterminated string";
            }
            if (keep) {
                if (escaped) {
                    layoutable = false;
                }
                store(STRING, 0, stringOf(n));
                mark(start + 1, p - 1);
            }
            return null;
        }
        if (b == '{') {
            return keep ? struct(depth + 1) : skipStruct(depth + 1);
        }
        // Arrays and enumerations vary in shape from line to line (and array elements are not kept).
        if (b == '[') {
            layoutable = false;
            return array(depth + 1);
        }
        if (b == '(') {
            layoutable = false;
            return enumeration(keep);
        }
        int start = p;
        if (keep && b >= '0' && b <= '9') {
            long v = number();
            if (p > start && (p == length || (STOPS[line[p] & 0xFF] & VALUE_END) != 0)) {
                store(INT, v, null);
                mark(start, p);
                return null;
            }
            p = start;
        }
        layoutable = false;
        p = scanTo(start, VALUE_END);
        if (p == start) {
            return "expected a value";
        }
        if (keep) {
            long v = integer(start, p);
            if (parsedInteger) {
                store(INT, v, null);
            } else {
                store(OTHER, 0, null);
            }
        }
        return null;
    }

    private String skipStruct(int depth) {
        int base = pathLength;
        String problem = struct(depth);
        pathLength = base;
        return problem;
    }

    /** {@code [ [0] = v, [1] = v ]} or {@code [ ]}: read past, elements not kept. */
    private String array(int depth) {
        if (depth > MAX_NESTING) {
            return "fields nested more than " + MAX_NESTING + " deep";
        }
        p++;
        skip(' ');
        if (skip(']')) {
            return null;
        }
        while (true) {
            if (!skip('[')) {
                return "expected '[index]' in an array";
            }
            digits();
            if (lastDigits == 0 || !skip(']') || !skip(' ') || !skip('=') || !skip(' ')) {
                return "expected '[index] = value' in an array";
            }
            String problem = p < length && line[p] == '{' ? skipValueStruct(depth) : value(depth, false);
            if (problem != null) {
                return problem;
            }
            if (skip(',')) {
                if (!skip(' ')) {
                    return "expected ' ' after ','";
                }
                continue;
            }
            if (skip(' ') && skip(']')) {
                return null;
            }
            return "expected ', ' or ' ]' in an array";
        }
    }

    /** A structure inside an array: parsed for its shape, its members dropped. */
    private String skipValueStruct(int depth) {
        int fieldsBefore = fields;
        String problem = skipStruct(depth);
        fields = fieldsBefore;
        return problem;
    }

    /** {@code ( "LABEL" : container = 3 )}, {@code ( <unknown> : ... )} or {@code ( { "A", "B" } : ... )}. */
    private String enumeration(boolean keep) {
        p++;
        if (!skip(' ')) {
            return "expected ' ' in an enumeration";
        }
        String label = null;
        if (p < length && line[p] == '"') {
            label = string();
            if (label == null) {
                return "unterminated string";
            }
        } else {
            while (p < length && line[p] != ':') {
                if (line[p] == '"') {
                    if (string() == null) {
                        return "unterminated string";
                    }
                } else {
                    p++;
                }
            }
            p--;
            while (p > 0 && line[p] == ' ') {
                p--;
            }
            p++;
        }
        if (!skip(' ') || !skip(':') || !skip(' ')) {
            return "expected ' : container = value' in an enumeration";
        }
        int start = p;
        while (p < length && line[p] != ' ') {
            p++;
        }
        if (p - start != 9 || !new String(line, start, 9, StandardCharsets.ISO_8859_1).equals("container")
                || !skip(' ') || !skip('=') || !skip(' ')) {
            return "expected ' : container = value' in an enumeration";
        }
        start = p;
        while (p < length && line[p] != ' ') {
            p++;
        }
        long v = integer(start, p);
        if (!parsedInteger || !skip(' ') || !skip(')')) {
            return "expected an integer and ' )' closing an enumeration";
        }
        if (keep) {
            store(INT, v, label);
        }
        return null;
    }

    private boolean parsedInteger;
    /** Bytes that end a field's name ({@code ' '}, {@code '='}, {@code ','}, {@code '}'}) and a plain value. */
    private static final byte[] STOPS = new byte[256];
    private static final byte KEY_END = 1;
    private static final byte VALUE_END = 2;

    static {
        for (char c : new char[] {' ', '=', ',', '}'}) {
            STOPS[c] |= KEY_END;
        }
        for (char c : new char[] {' ', ',', '}', ']'}) {
            STOPS[c] |= VALUE_END;
        }
    }

    /** The first index from {@code from} whose byte is one of {@code stops} (a {@link #STOPS} bit), else the end. */
    private int scanTo(int from, byte stops) {
        byte[] l = line;
        int n = length;
        int i = from;
        while (i < n && (STOPS[l[i] & 0xFF] & stops) == 0) {
            i++;
        }
        return i;
    }

    /**
     * The common integers at p, read while passing them: decimal of up to 18 digits without a leading zero, or
     * {@code 0x} and up to 15 hex digits, or a lone 0. Leaves p where it stopped; p at the start means "not one of
     * those" and the caller reads the value the general way.
     */
    private long number() {
        byte[] l = line;
        int start = p;
        int i = start;
        int n = length;
        if (l[i] == '0' && i + 1 < n && (l[i + 1] == 'x' || l[i + 1] == 'X')) {
            i += 2;
            long v = 0;
            int end = Math.min(n, i + 15);
            int d;
            // Eight hex digits at once when there are (addresses are 12 or more).
            if (i + 8 <= end) {
                long w = eightHexDigits((long) LONGS.get(l, i));
                if (w >= 0) {
                    v = w;
                    i += 8;
                }
            }
            while (i < end && (d = DIGITS[l[i] & 0xFF]) < 16) {
                v = v << 4 | d;
                i++;
            }
            p = i == start + 2 ? start : i;
            return v;
        }
        if (l[i] == '0') {
            p = i + 1;
            return 0;
        }
        long v = 0;
        int end = Math.min(n, i + 18);
        // Eight digits at a time while they last (the line's array has room to read 8 bytes at i).
        while (i + 8 <= end && i + 8 <= l.length) {
            long w = (long) LONGS.get(l, i);
            long digits = w - 0x3030303030303030L;
            if (((digits | (0x0909090909090909L - digits)) & 0xF0F0F0F0F0F0F0F0L) != 0) {
                break;
            }
            v = v * 100_000_000L + eightDigits(digits);
            i += 8;
        }
        // Fewer than eight digits left: as many as there are, out of one word, when the array has it.
        if (i < end && i + 8 <= l.length) {
            long digits = (long) LONGS.get(l, i) - 0x3030303030303030L;
            long notDigit = (digits | (0x0909090909090909L - digits)) & 0xF0F0F0F0F0F0F0F0L;
            int count = Math.min(Long.numberOfTrailingZeros(notDigit) >>> 3, end - i);
            if (count > 0 && count < 8) {
                int shift = (8 - count) << 3;
                v = v * POWERS[count] + eightDigits((digits << shift));
                i += count;
            }
        }
        int d;
        while (i < end && (d = DIGITS[l[i] & 0xFF]) < 10) {
            v = v * 10 + d;
            i++;
        }
        p = i;
        return v;
    }

    private static final long[] POWERS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000};

    /** The value of 8 decimal digits, one per byte (0 to 9), the first in the lowest byte. */
    static long eightDigits(long digits) {
        long pairs = digits * 10 + (digits >>> 8);
        long quads = ((pairs & 0x000000FF000000FFL) * (100 + (1_000_000L << 32))
                + ((pairs >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32))) >>> 32;
        return quads;
    }
    /**
     * The value of 8 hex digits ({@code 0-9}, {@code a-f}, {@code A-F}), one per byte, the first in the lowest byte;
     * -1 when a byte is not one.
     */
    static long eightHexDigits(long w) {
        if ((w & HIGHS) != 0) {
            return -1;
        }
        long digit = atLeast(w, '0') & atMost(w, '9');
        long upper = atLeast(w, 'A') & atMost(w, 'F');
        long lower = atLeast(w, 'a') & atMost(w, 'f');
        if ((digit | upper | lower) != HIGHS) {
            return -1;
        }
        // A letter's low nibble is 1 to 6 and its bit 6 is set: nine more makes 10 to 15.
        long nibbles = (w & 0x0F0F0F0F0F0F0F0FL) + ((w >>> 6) & ONES) * 9;
        long pairs = ((nibbles << 4) | (nibbles >>> 8)) & 0x00FF00FF00FF00FFL;
        long quads = ((pairs << 8) | (pairs >>> 16)) & 0x0000FFFF0000FFFFL;
        return ((quads << 16) | (quads >>> 32)) & 0xFFFFFFFFL;
    }

    /** The high bit of each byte of {@code w} (all below 0x80) set where the byte is at least {@code lo}. */
    private static long atLeast(long w, char lo) {
        return (w + ONES * (0x80 - lo)) & HIGHS;
    }

    /** The high bit of each byte of {@code w} (all below 0x80) set where the byte is at most {@code hi}. */
    private static long atMost(long w, char hi) {
        return ~(w + ONES * (0x7F - hi)) & HIGHS;
    }

    /** The value of each byte as a digit of base up to 16 ({@code a-f} either case), else 99. */
    private static final byte[] DIGITS = new byte[256];

    static {
        Arrays.fill(DIGITS, (byte) 99);
        for (int d = 0; d < 10; d++) {
            DIGITS['0' + d] = (byte) d;
        }
        for (int d = 0; d < 6; d++) {
            DIGITS['a' + d] = (byte) (10 + d);
            DIGITS['A' + d] = (byte) (10 + d);
        }
    }

    /**
     * The integer babeltrace2 printed in {@code line[from, to)}: decimal with an optional sign, {@code 0x}
     * hex, {@code 0b} binary, octal with a leading 0; 64 bits, wrapping as C's unsigned values do.
     */
    private long integer(int from, int to) {
        parsedInteger = false;
        int i = from;
        boolean negative = false;
        if (i < to && (line[i] == '-' || line[i] == '+')) {
            negative = line[i] == '-';
            i++;
        }
        if (i >= to) {
            return 0;
        }
        int radix = 10;
        if (line[i] == '0' && i + 1 < to) {
            byte x = line[i + 1];
            if (x == 'x' || x == 'X') {
                radix = 16;
                i += 2;
            } else if (x == 'b' || x == 'B') {
                radix = 2;
                i += 2;
            } else {
                radix = 8;
                i += 1;
            }
            if (i >= to) {
                return 0;
            }
        }
        long v = 0;
        for (; i < to; i++) {
            int d = DIGITS[line[i] & 0xFF];
            if (d >= radix) {
                return 0;
            }
            if (radix == 10) {
                long next = v * 10 + d;
                if (Long.compareUnsigned(v, MAX_BEFORE_DIGIT) > 0 || Long.compareUnsigned(next, v * 10) < 0) {
                    return 0;
                }
                v = next;
            } else {
                int bits = radix == 16 ? 4 : radix == 8 ? 3 : 1;
                if (v != 0 && Long.numberOfLeadingZeros(v) < bits) {
                    return 0;
                }
                v = (v << bits) | d;
            }
        }
        parsedInteger = true;
        return negative ? -v : v;
    }

    /** The quoted string at p with its C escapes undone; null when it does not close on this line. */
    private String string() {
        int n = unquote();
        return n < 0 ? null : new String(scratch, 0, n, StandardCharsets.UTF_8);
    }

    /**
     * The string the {@link #unquote}d {@code n} bytes in {@code scratch} spell: the String the previous line
     * had in this field's slot when it is the same (procname, paths and names repeat line after line).
     */
    private String stringOf(int n) {
        String previous = fields < strings.length ? strings[fields] : null;
        if (previous != null && previous.length() == n) {
            boolean same = true;
            for (int i = 0; i < n; i++) {
                if (previous.charAt(i) != scratch[i]) {
                    same = false;
                    break;
                }
            }
            if (same) {
                return previous;
            }
        }
        return new String(scratch, 0, n, StandardCharsets.UTF_8);
    }

    /** Undoes the quoted string at p into {@code scratch}: its length in bytes, or -1 when it does not close. */
    private int unquote() {
        p++;
        int n = 0;
        // The usual string has no escape: copied at once up to its closing quote.
        byte[] l = line;
        int end = p;
        while (end < length && l[end] != '"' && l[end] != '\\') {
            end++;
        }
        if (end < length && l[end] == '"') {
            int count = end - p;
            if (count > scratch.length) {
                scratch = Arrays.copyOf(scratch, Math.max(count, 2 * scratch.length));
            }
            System.arraycopy(l, p, scratch, 0, count);
            p = end + 1;
            return count;
        }
        escaped = true;
        while (p < length) {
            byte b = line[p++];
            if (b == '"') {
                return n;
            }
            if (b == '\\' && p < length) {
                byte e = line[p++];
                b = switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'a' -> 7;
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'v' -> 11;
                    case 'e' -> 27;
                    case 'x' -> hexEscape();
                    default -> e;
                };
            }
            if (n == scratch.length) {
                scratch = Arrays.copyOf(scratch, 2 * n);
            }
            scratch[n++] = b;
        }
        return -1;
    }

    private byte hexEscape() {
        int v = 0;
        for (int k = 0; k < 2 && p < length && Character.digit(line[p] & 0xFF, 16) >= 0; k++) {
            v = v * 16 + Character.digit(line[p++] & 0xFF, 16);
        }
        return (byte) v;
    }

    private void store(byte kind, long v, String s) {
        if (fields == MAX_FIELDS) {
            layoutable = false;
            return;
        }
        if (fields == keys.length) {
            int n = 2 * fields;
            keys = Arrays.copyOf(keys, n);
            kinds = Arrays.copyOf(kinds, n);
            ints = Arrays.copyOf(ints, n);
            strings = Arrays.copyOf(strings, n);
            keyBytes = Arrays.copyOf(keyBytes, n);
        }
        byte[] known = keyBytes[fields];
        if (known == null || !Arrays.equals(known, 0, known.length, path, 0, pathLength)) {
            // Interned: the folding asks with literals, which equals() then finds by identity.
            known = Arrays.copyOf(path, pathLength);
            keyBytes[fields] = known;
            keys[fields] = new String(known, StandardCharsets.ISO_8859_1).intern();
        }
        String key = keys[fields];
        for (int i = 0; i < fields && !repeatedKeys; i++) {
            repeatedKeys = keys[i] == key;
        }
        kinds[fields] = kind;
        ints[fields] = v;
        strings[fields] = s;
        fields++;
    }

    // ---- the view

    /**
     * The field named {@code field}: the last group (the payload) first, then the groups before it. Fields are
     * stored in line order, so a backward scan meets the groups in that order.
     */
    private int find(String field) {
        // Keys are interned and lines repeat their layout: what was found for this name on a line of the same keys
        // is the answer, absent too; else the slot this name had is checked first, and is the answer when no name
        // occurs twice on the line (else the backward scan decides which one shadows).
        int h = field.hashCode() & (FOUND_SLOTS - 1);
        if (foundNames[h] == field) {
            int i = foundAt[h];
            if (foundVersion[h] == keysVersion) {
                return i;
            }
            if (i >= 0 && i < fields && keys[i] == field && !repeatedKeys) {
                foundVersion[h] = keysVersion;
                return i;
            }
        }
        int i = scan(field);
        foundNames[h] = field;
        foundAt[h] = i;
        foundVersion[h] = keysVersion;
        return i;
    }

    private static final int FOUND_SLOTS = 32;
    private final String[] foundNames = new String[FOUND_SLOTS];
    private final int[] foundAt = new int[FOUND_SLOTS];
    private final long[] foundVersion = new long[FOUND_SLOTS];
    /** Whether a name occurs twice among the current line's fields. */
    private boolean repeatedKeys;

    private int scan(String field) {
        int hash = field.hashCode();
        for (int i = fields - 1; i >= 0; i--) {
            String key = keys[i];
            if (key == field || key.hashCode() == hash && key.equals(field)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public long timestampNanos() {
        return timestamp;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean has(String field) {
        return find(field) >= 0;
    }

    @Override
    public long integer(String field) {
        int i = find(field);
        return i >= 0 && kinds[i] == INT ? ints[i] : Long.MIN_VALUE;
    }

    @Override
    public String string(String field) {
        int i = find(field);
        return i >= 0 && kinds[i] == STRING ? strings[i] : null;
    }
}
