package dev.ppw.collect.chrome;

import dev.ppw.collect.DecimalNanos;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Parses a range of a Chrome trace's events array (between events, at any depth of {@code [} levels) into
 * a compact buffer: plain {@code B}/{@code E}/{@code X} events as primitives with chunk-local string ids,
 * every other event as a byte range for {@link ChromeTraceReader}'s own event logic. It stops at what it
 * does not read itself ({@code ]}, an element that is not an object, anything unexpected between events),
 * and at the end of the range. Thread-confined; run on a worker, replayed on the reader's thread by
 * {@link ParallelChromeReader}.
 *
 * <p>A "plain" event is what Jackson reads the same way: keys and strings of printable ASCII without escapes,
 * numbers of JSON's grammar, literals, objects and arrays of those; no duplicate known key; no trailing
 * comma. Anything else is handed to the event logic (which may then find a syntax error: the whole input
 * is then read again sequentially).
 */
final class ChunkParser {
    // Where the parse stands between elements of an events array.
    /** Just after a {@code [}: an element or {@code ]}. */
    static final int OPEN = 0;
    /** After an element: {@code ,} or {@code ]}. */
    static final int ELEMENT = 1;
    /** After a comma: an element or {@code ]}. */
    static final int COMMA = 2;

    /** The range ended between elements. */
    static final int END = 0;
    /** The range ended inside the event starting at {@link #stopAt}. */
    static final int INCOMPLETE = 1;
    /** Stopped at {@link #stopAt}, before something this parser leaves to the caller. */
    static final int STOP = 2;

    static final byte KIND_B = 1;
    static final byte KIND_E = 2;
    static final byte KIND_X = 3;
    /** An event for the event logic: bytes [from, to) at the recorded line. */
    static final byte KIND_OTHER = 4;
    /**
     * A plain event of a phase that the event logic only counts (the note {@code phase_<ph>}:
     * {@code s}, {@code f}, ...; not the instants, which go to the sink): its phase byte in {@link #a}.
     */
    static final byte KIND_NOTE = 5;

    private static final int MAX_DEPTH = 64;
    private static final int MAX_NUMBER = 64;
    private static final int MAX_STRING = 1 << 16;

    // Input.
    byte[] buf;
    long fileOffset;
    int from;
    int to;
    int startState;

    // Outcome.
    int outcome;
    int stopAt;
    int endState;
    /** {@code [} met (each one level deeper). */
    int opened;
    /** Newlines counted up to the end (or the stop), and where the last line starts (-1: none). */
    int newlines;
    int lastLineStart = -1;

    // Events.
    int count;
    byte[] kinds = new byte[1024];
    long[] ts = new long[1024];
    long[] dur = new long[1024];
    /** Plain events: local track and name ids; other events: byte range. */
    int[] a = new int[1024];
    int[] b = new int[1024];
    /** Other events: newlines before them in the range, and their line's start (-1: the range's first line). */
    int[] lineOf = new int[64];
    int[] lineStartOf = new int[64];

    // Chunk-local strings: offsets into buf; id 0 is the empty string.
    private int[] stringTable = new int[1024];
    int stringCount = 1;
    int[] stringOff = new int[256];
    int[] stringLen = new int[256];
    private int[] stringHash = new int[256];
    // Chunk-local tracks: (pid id, tid id) pairs.
    private long[] trackKeys = new long[64];
    private int[] trackIds = new int[64];
    int trackCount;
    int[] trackPid = new int[16];
    int[] trackTid = new int[16];

    private final char[] chars = new char[MAX_NUMBER];

    // Scan position and the line count while scanning.
    private int i;
    private int lines;
    private int lineStart = -1;

    ChunkParser(byte[] buf, long fileOffset, int from, int to, int startState) {
        reuse(buf, fileOffset, from, to, startState);
    }

    /** Makes this parser, its arrays kept, a new one over {@code buf[from, to)}. */
    // Other events read by the event logic on the parsing thread (see ParallelChromeReader.record).
    RecordingSink recorder;
    /** Per event: the recorder's calls [recordFrom, recordTo), or recordTo -1 when left to the replaying thread. */
    int[] recordFrom;
    int[] recordTo;
    /** Per recorded event: its notes, or null. */
    dev.ppw.model.Diagnostics[] recordNotes;

    ChunkParser reuse(byte[] buf, long fileOffset, int from, int to, int startState) {
        recorder = null;
        recordFrom = null;
        recordTo = null;
        recordNotes = null;
        this.buf = buf;
        this.fileOffset = fileOffset;
        this.from = from;
        this.to = to;
        this.startState = startState;
        outcome = END;
        stopAt = 0;
        endState = 0;
        opened = 0;
        newlines = 0;
        lastLineStart = -1;
        count = 0;
        Arrays.fill(lastWord, UNUSED_WORD);
        Arrays.fill(lastLength, 0);
        lastNext[0] = 0;
        lastNext[1] = 0;
        Arrays.fill(recentTrackKeys, -1);
        stringCount = 1;
        trackCount = 0;
        i = 0;
        lines = 0;
        lineStart = -1;
        Arrays.fill(stringTable, -1);
        Arrays.fill(trackKeys, -1);
        return this;
    }

    String string(int id) {
        return id == 0 ? "" : new String(buf, stringOff[id], stringLen[id], StandardCharsets.ISO_8859_1);
    }

    ChunkParser parse() {
        i = from;
        int state = startState;
        while (true) {
            skipWhitespace();
            if (i >= to) {
                outcome = END;
                endState = state;
                break;
            }
            byte c = buf[i];
            if (c == '{' && state != ELEMENT) {
                int eventStart = i;
                int savedLines = lines;
                int savedLineStart = lineStart;
                if (!plainEvent()) {
                    lines = savedLines;
                    lineStart = savedLineStart;
                    i = eventStart;
                    int end = skipValue(0);
                    if (end == -1) {
                        lines = savedLines;
                        lineStart = savedLineStart;
                        outcome = INCOMPLETE;
                        stopAt = eventStart;
                        endState = state;
                        break;
                    }
                    if (end < 0) {
                        lines = savedLines;
                        lineStart = savedLineStart;
                        outcome = STOP;
                        stopAt = eventStart;
                        endState = state;
                        break;
                    }
                    other(eventStart, end, savedLines, savedLineStart);
                    i = end;
                }
                state = ELEMENT;
            } else if (c == ',' && state == ELEMENT) {
                i++;
                state = COMMA;
            } else if (c == '[' && state != ELEMENT && opened < MAX_DEPTH) {
                i++;
                opened++;
                state = OPEN;
            } else {
                outcome = STOP;
                stopAt = i;
                endState = state;
                break;
            }
        }
        newlines = lines;
        lastLineStart = lineStart;
        return this;
    }

    private void skipWhitespace() {
        int j = i;
        if (j + 1 < to) {
            byte c = buf[j];
            if (c > ' ') {
                return; // the usual cases: no whitespace at all,
            }
            if (c == ' ' && buf[j + 1] > ' ') {
                i = j + 1; // or one space
                return;
            }
        }
        byte[] s = buf;
        int end = to;
        while (j < end) {
            byte c = s[j];
            if (c == ' ' || c == '\t') {
                j++;
            } else if (c == '\n') {
                j++;
                lines++;
                lineStart = j;
            } else if (c == '\r') {
                if (j + 1 >= end) {
                    break; // a CR at the end: whether a LF follows decides the line count
                }
                j++;
                if (s[j] == '\n') {
                    j++;
                }
                lines++;
                lineStart = j;
            } else {
                break;
            }
        }
        i = j;
    }

    private void other(int start, int end, int line, int lineStartAt) {
        grow();
        if (count >= lineOf.length) {
            lineOf = Arrays.copyOf(lineOf, count * 2);
            lineStartOf = Arrays.copyOf(lineStartOf, count * 2);
        }
        kinds[count] = KIND_OTHER;
        a[count] = start;
        b[count] = end;
        lineOf[count] = line;
        lineStartOf[count] = lineStartAt;
        count++;
    }

    private void grow() {
        if (count == kinds.length) {
            int n = count * 2;
            kinds = Arrays.copyOf(kinds, n);
            ts = Arrays.copyOf(ts, n);
            dur = Arrays.copyOf(dur, n);
            a = Arrays.copyOf(a, n);
            b = Arrays.copyOf(b, n);
        }
    }

    // Field values of the event being read.
    private static final int NONE = -1;
    private static final int F_PH = 1;
    private static final int F_NAME = 2;
    private static final int F_TS = 4;
    private static final int F_DUR = 8;
    private static final int F_PID = 16;
    private static final int F_TID = 32;

    private int valueStart;
    private int valueEnd;
    private boolean valueIsFloat;
    private int valueHash;

    // The event being read: what its fields gave so far.
    private byte evPh;
    private long evTs;
    private long evDur;
    private int evName;
    private int evPid;
    private int evTid;

    /*
     * The shapes of the last two events read key by key: the bytes between their values (keys, quotes,
     * colons, commas, spaces, the braces) and each value's field. Writers print events alike (Chromium in a
     * few kinds, in turn), so the next one is first matched against them, a word or two per key, its values
     * read by the same code as below; anything that differs (one byte is enough) reads the event key by key
     * again, which learns its shape.
     */
    private static final int MAX_SHAPE = 16;
    /** Whether events are matched against the last shapes (false only in tests, to compare both ways). */
    boolean shapes = true;

    // The shape matched or learned last: literal k precedes value k, literal shapeValues ends the event.
    /** Values in the shape, or -1 for none. */
    private int shapeValues = -1;
    private int shapeSeen;
    private long[] litLo = new long[MAX_SHAPE + 1];
    private long[] litHi = new long[MAX_SHAPE + 1];
    private long[] litMaskLo = new long[MAX_SHAPE + 1];
    private long[] litMaskHi = new long[MAX_SHAPE + 1];
    private int[] litLength = new int[MAX_SHAPE + 1];
    /** Line ends in each literal (a pretty-printed event), and where its last line starts in it. */
    private int[] litLines = new int[MAX_SHAPE + 1];
    private int[] litLineStart = new int[MAX_SHAPE + 1];
    private int[] shapeField = new int[MAX_SHAPE];
    // The one before it, swapped with it when it matches (arrays swapped, never copied).
    private int otherValues = -1;
    private int otherSeen;
    private long[] otherLo = new long[MAX_SHAPE + 1];
    private long[] otherHi = new long[MAX_SHAPE + 1];
    private long[] otherMaskLo = new long[MAX_SHAPE + 1];
    private long[] otherMaskHi = new long[MAX_SHAPE + 1];
    private int[] otherLength = new int[MAX_SHAPE + 1];
    private int[] otherLines = new int[MAX_SHAPE + 1];
    private int[] otherLineStart = new int[MAX_SHAPE + 1];
    private int[] otherField = new int[MAX_SHAPE];
    /**
     * Per value of a shape whose key is ignored: the bytes of the string it had the last time (quotes
     * included, up to 16), 0 long when none; a value with those bytes again is passed over by one compare.
     */
    private long[] skipLo = new long[MAX_SHAPE];
    private long[] skipHi = new long[MAX_SHAPE];
    private int[] skipLength = new int[MAX_SHAPE];
    private long[] otherSkipLo = new long[MAX_SHAPE];
    private long[] otherSkipHi = new long[MAX_SHAPE];
    private int[] otherSkipLength = new int[MAX_SHAPE];

    /** Makes the shape before the last one the last one, and the other way round. */
    private void swapShapes() {
        int v = shapeValues;
        shapeValues = otherValues;
        otherValues = v;
        v = shapeSeen;
        shapeSeen = otherSeen;
        otherSeen = v;
        long[] l = litLo;
        litLo = otherLo;
        otherLo = l;
        l = litHi;
        litHi = otherHi;
        otherHi = l;
        l = litMaskLo;
        litMaskLo = otherMaskLo;
        otherMaskLo = l;
        l = litMaskHi;
        litMaskHi = otherMaskHi;
        otherMaskHi = l;
        int[] n = litLength;
        litLength = otherLength;
        otherLength = n;
        n = litLines;
        litLines = otherLines;
        otherLines = n;
        n = litLineStart;
        litLineStart = otherLineStart;
        otherLineStart = n;
        n = shapeField;
        shapeField = otherField;
        otherField = n;
        l = skipLo;
        skipLo = otherSkipLo;
        otherSkipLo = l;
        l = skipHi;
        skipHi = otherSkipHi;
        otherSkipHi = l;
        n = skipLength;
        skipLength = otherSkipLength;
        otherSkipLength = n;
    }

    // While reading key by key: where each value started and ended (-1 values: the shape cannot be kept).
    private int learned;
    private final int[] learnStart = new int[MAX_SHAPE];
    private final int[] learnEnd = new int[MAX_SHAPE];
    private final int[] learnField = new int[MAX_SHAPE];

    /**
     * Bytes at the end of the range left to the key-by-key reading: an event that starts there is not
     * matched against a shape. So the shape matcher and what it inlines meet the end of the range (a cut
     * event, a word read past it) only in an event longer than this. A branch that the start-up cache's
     * training never took is compiled as a trap, and the first chunk end to take it sent the whole matcher
     * back to the interpreter, to be compiled again: three or four times in a cold 1 GB run.
     */
    static final int SHAPE_TAIL = 512;

    /**
     * At a {@code {}: reads a plain B/E/X event and records it, returning true; false (position undefined)
     * when the event is anything else. Same outcome as {@link #keyByKey} by construction: the bytes between
     * values are the ones it read, and each value is read by {@link #value}.
     */
    private boolean plainEvent() {
        if (shapes && to - i >= SHAPE_TAIL) {
            int start = i;
            int startLines = lines;
            int startLineStart = lineStart;
            if (shapeValues >= 0) {
                if (shaped()) {
                    shapedEvents++;
                    return true;
                }
                i = start;
                lines = startLines;
                lineStart = startLineStart;
            }
            if (otherValues >= 0) {
                swapShapes();
                if (shaped()) {
                    shapedEvents++;
                    return true;
                }
                swapShapes(); // neither: the one learned next goes before the last one, which stays
                i = start;
                lines = startLines;
                lineStart = startLineStart;
            }
        }
        return keyByKey();
    }

    /** Events read by a shape since this parser was made (for tests). */
    long shapedEvents;

    /** Whether a shape is kept (for tests). */
    boolean shapeLearned() {
        return shapeValues >= 0;
    }

    private boolean shaped() {
        byte[] s = buf;
        int wordLimit = s.length - 16;
        int values = shapeValues;
        long[] lo = litLo;
        long[] hi = litHi;
        long[] maskLo = litMaskLo;
        long[] maskHi = litMaskHi;
        int[] lengths = litLength;
        int[] fields = shapeField;
        evPh = 0;
        evTs = 0;
        evDur = 0;
        evName = 0;
        evPid = 0;
        evTid = 0;
        for (int k = 0; ; k++) {
            int j = i;
            int length = lengths[k];
            if (j > wordLimit || j + length > to) {
                return false; // near the end of the range or of the array: key by key
            }
            if ((((long) LONGS.get(s, j) ^ lo[k]) & maskLo[k]) != 0
                    || (((long) LONGS.get(s, j + 8) ^ hi[k]) & maskHi[k]) != 0) {
                return false;
            }
            i = j + length;
            int lineEnds = litLines[k];
            if (lineEnds != 0) {
                lines += lineEnds;
                lineStart = j + litLineStart[k];
            }
            if (k == values) {
                return record(shapeSeen);
            }
            if (i >= to) {
                return false;
            }
            int field = fields[k];
            if (field != 0) {
                if (!value(field)) {
                    return false;
                }
            } else if (!skipIgnored(k)) {
                return false;
            }
        }
    }

    /**
     * Passes over the value of an ignored key, value {@code k} of the shape: by one compare when it is the
     * string it was the last time (a closing quote ends it, so no delimiter need follow), else by {@link
     * #strictValue}, keeping it for next time when it is a string of at most 16 bytes.
     */
    private boolean skipIgnored(int k) {
        byte[] s = buf;
        int j = i;
        int length = skipLength[k];
        if (length != 0 && j + 16 <= to) {
            long maskLo = lowBytes(length);
            long maskHi = lowBytes(length - 8);
            if ((((long) LONGS.get(s, j) ^ skipLo[k]) & maskLo) == 0
                    && (((long) LONGS.get(s, j + 8) ^ skipHi[k]) & maskHi) == 0) {
                i = j + length;
                return true;
            }
        }
        if (!strictValue(0)) {
            return false;
        }
        length = i - j;
        if (s[j] == '"' && length <= 16 && j + 16 <= s.length) {
            skipLo[k] = (long) LONGS.get(s, j);
            skipHi[k] = (long) LONGS.get(s, j + 8);
            skipLength[k] = length;
        } else {
            skipLength[k] = 0;
        }
        return true;
    }

    private boolean keyByKey() {
        int eventStart = i;
        i++; // {
        int seen = 0;
        evPh = 0;
        evTs = 0;
        evDur = 0;
        evName = 0;
        evPid = 0;
        evTid = 0;
        learned = 0;
        skipWhitespace();
        if (i >= to || buf[i] == '}') {
            return false; // an empty event: a note, left to the event logic
        }
        while (true) {
            if (i >= to || buf[i] != '"') {
                return false;
            }
            int keyStart = ++i;
            byte[] s = buf;
            int end = to;
            int j = keyStart;
            int field = knownKey(s, j, end);
            if (field != UNKNOWN_KEY) {
                i = j + (field >>> 8) + 1;
                field &= 0xff;
            } else {
                while (j < end && plainStringByte(s[j])) {
                    j++;
                }
                i = j;
                if (j >= end || s[j] != '"' || j - keyStart > MAX_STRING) {
                    return false;
                }
                field = field(keyStart, i - keyStart);
                i++;
            }
            skipWhitespace();
            if (i >= to || buf[i] != ':') {
                return false;
            }
            i++;
            skipWhitespace();
            if (i >= to) {
                return false;
            }
            if (field != 0) {
                if ((seen & field) != 0) {
                    return false; // a repeated key: the event logic knows which one wins
                }
                seen |= field;
            }
            int valueAt = i;
            if (!value(field)) {
                return false;
            }
            if (learned < MAX_SHAPE) {
                learnStart[learned] = valueAt;
                learnEnd[learned] = i;
                learnField[learned] = field;
            }
            learned++;
            skipWhitespace();
            if (i >= to) {
                return false;
            }
            if (buf[i] == ',') {
                i++;
                skipWhitespace();
                if (i >= to || buf[i] == '}') {
                    return false; // a trailing comma
                }
            } else if (buf[i] == '}') {
                i++;
                break;
            } else {
                return false;
            }
        }
        if (!record(seen)) {
            return false;
        }
        learn(eventStart, seen);
        return true;
    }

    /**
     * Keeps the shape of the event just read key by key from {@code eventStart} to {@link #i}, when it can, as
     * the first of the two (the older of them is forgotten).
     */
    private void learn(int eventStart, int seen) {
        int values = learned;
        if (values > MAX_SHAPE) {
            return;
        }
        // Into the older shape's arrays, which then become the last shape's.
        otherValues = -1; // written over: the older shape is gone whether or not this one can be kept
        for (int k = 0; k <= values; k++) {
            int from = k == 0 ? eventStart : learnEnd[k - 1];
            int upTo = k == values ? i : learnStart[k];
            int length = upTo - from;
            if (length > 16) {
                return;
            }
            long lo = 0;
            long hi = 0;
            int lineEnds = 0;
            int lastLineStart = 0;
            for (int b = 0; b < length; b++) {
                byte c = buf[from + b];
                if (c == '\r') {
                    return; // CR line ends are counted by the key-by-key reading only
                }
                if (c == '\n') {
                    lineEnds++;
                    lastLineStart = b + 1;
                }
                if (b < 8) {
                    lo |= (long) (c & 0xff) << (b << 3);
                } else {
                    hi |= (long) (c & 0xff) << ((b - 8) << 3);
                }
            }
            otherLo[k] = lo;
            otherHi[k] = hi;
            otherMaskLo[k] = lowBytes(length);
            otherMaskHi[k] = lowBytes(length - 8);
            otherLength[k] = length;
            otherLines[k] = lineEnds;
            otherLineStart[k] = lastLineStart;
            if (k < values) {
                otherField[k] = learnField[k];
            }
        }
        Arrays.fill(otherSkipLength, 0);
        otherSeen = seen;
        otherValues = values;
        swapShapes();
    }

    /** Reads the value of {@code field} at {@link #i} (not at the end of the range) into the event's fields. */
    private boolean value(int field) {
        byte c = buf[i];
        switch (field) {
            case F_PH -> {
                if (c != '"' || i + 2 >= to || buf[i + 2] != '"') {
                    return false;
                }
                byte ph = buf[i + 1];
                if (!plainStringByte(ph) || ph == 'b' || ph == 'e' || ph == 'M' || ph == 'C' || ph == 'P') {
                    return false; // escapes and control bytes, and phases the event logic reads further
                }
                evPh = ph;
                i += 3;
            }
            case F_TS, F_DUR -> {
                long nanos = plainTime();
                if (nanos == NOT_PLAIN) {
                    if (!number()) {
                        return false;
                    }
                    nanos = nanos(valueStart, valueEnd);
                }
                if (nanos == DecimalNanos.UNUSABLE) {
                    return false; // a warning, with the event logic's words
                }
                if (field == F_TS) {
                    evTs = nanos;
                } else {
                    evDur = nanos;
                }
            }
            case F_NAME -> {
                if (c == '"') {
                    if (!hashedString()) {
                        return false;
                    }
                    evName = intern(valueStart, valueEnd, valueHash);
                } else if (number()) {
                    evName = intern(valueStart, valueEnd);
                } else {
                    return false; // literals, objects, arrays: left to the event logic
                }
            }
            case F_PID, F_TID -> {
                int id;
                if (c == '"') {
                    if (!hashedString()) {
                        return false;
                    }
                    id = intern(valueStart, valueEnd, valueHash);
                } else if ((id = recentKey(field == F_PID ? 0 : 1)) >= 0) {
                    // the digits of a recent pid or tid, the usual case: no number() and no lastKey()
                } else if (!number() || valueIsFloat
                        || (valueEnd - valueStart == 2 && buf[valueStart] == '-' && buf[valueStart + 1] == '0')) {
                    return false; // canonical decimals are the event logic's
                } else {
                    id = lastKey(field == F_PID ? 0 : 1, valueStart, valueEnd);
                }
                if (field == F_PID) {
                    evPid = id;
                } else {
                    evTid = id;
                }
            }
            default -> {
                return strictValue(0);
            }
        }
        return true;
    }

    /** Records the event whose keys were {@code seen} and whose values are in the ev fields; false when not plain. */
    private boolean record(int seen) {
        if ((seen & F_PH) == 0) {
            return false;
        }
        byte ph = evPh;
        if (ph == 'i' || ph == 'I' || ph == 'R' || ph == 'n') {
            // Instants go to the event logic, which hands them to the sink as possible phase markers.
            return false;
        }
        if (ph != 'X' && ph != 'B' && ph != 'E') {
            // Whatever its other fields (a missing or unusable ts too), the event logic only counts it.
            grow();
            kinds[count] = KIND_NOTE;
            a[count] = ph;
            count++;
            return true;
        }
        if ((seen & F_TS) == 0) {
            return false;
        }
        if (ph == 'X' && evDur < 0) {
            return false;
        }
        grow();
        kinds[count] = ph == 'X' ? KIND_X : ph == 'B' ? KIND_B : KIND_E;
        ts[count] = evTs;
        dur[count] = ph == 'X' ? evDur : 0;
        a[count] = track(evPid, evTid);
        b[count] = evName;
        count++;
        return true;
    }

    /**
     * Whether the whole range, which follows the events array's {@code ]}, is inert: whitespace (array form),
     * or the rest of the trace object, ending the input, with plain values under keys other than
     * {@code traceEvents} and {@code displayTimeUnit} (object form), possibly cut after a complete value.
     */
    boolean inertTail(boolean objectForm) {
        i = from;
        skipWhitespace();
        if (objectForm) {
            while (i < to && buf[i] == ',') {
                i++;
                skipWhitespace();
                if (i >= to || buf[i] != '"') {
                    return false;
                }
                int keyStart = i + 1;
                if (!plainString()) {
                    return false;
                }
                String key = new String(buf, keyStart, valueEnd - keyStart, StandardCharsets.ISO_8859_1);
                if (key.equals("traceEvents") || key.equals("displayTimeUnit")) {
                    return false;
                }
                skipWhitespace();
                if (i >= to || buf[i] != ':') {
                    return false;
                }
                i++;
                skipWhitespace();
                if (!strictValue(0)) {
                    return false;
                }
                skipWhitespace();
            }
            if (i >= to) {
                return true; // cut after a complete value: only the closing brace is missing
            }
            if (buf[i] != '}') {
                return false;
            }
            i++;
            skipWhitespace();
        }
        return i >= to;
    }

    /** Skips one plain value (see the class comment) from {@link #i}; false when it is not one. */
    private boolean strictValue(int depth) {
        if (i >= to) {
            return false;
        }
        byte c = buf[i];
        switch (c) {
            case '"' -> {
                return plainString();
            }
            case 't' -> {
                return literal("true");
            }
            case 'f' -> {
                return literal("false");
            }
            case 'n' -> {
                return literal("null");
            }
            case '{', '[' -> {
                if (depth >= MAX_DEPTH) {
                    return false;
                }
                boolean object = c == '{';
                byte close = object ? (byte) '}' : (byte) ']';
                i++;
                skipWhitespace();
                if (i < to && buf[i] == close) {
                    i++;
                    return true;
                }
                while (true) {
                    if (object) {
                        if (i >= to || buf[i] != '"' || !plainString()) {
                            return false;
                        }
                        skipWhitespace();
                        if (i >= to || buf[i] != ':') {
                            return false;
                        }
                        i++;
                        skipWhitespace();
                    }
                    if (!strictValue(depth + 1)) {
                        return false;
                    }
                    skipWhitespace();
                    if (i >= to) {
                        return false;
                    }
                    if (buf[i] == close) {
                        i++;
                        return true;
                    }
                    if (buf[i] != ',') {
                        return false;
                    }
                    i++;
                    skipWhitespace();
                }
            }
            default -> {
                return number();
            }
        }
    }

    private boolean literal(String word) {
        int n = word.length();
        if (i + n >= to) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (buf[i + k] != word.charAt(k)) {
                return false;
            }
        }
        byte d = buf[i + n];
        if (d != ',' && d != '}' && d != ']' && d != ' ' && d != '\n' && d != '\r' && d != '\t') {
            return false;
        }
        i += n;
        return true;
    }

    private static final int UNKNOWN_KEY = -1;
    private static final long K_PH = word("ph\"");
    private static final long K_TS = word("ts\"");
    private static final long K_PID = word("pid\"");
    private static final long K_TID = word("tid\"");
    private static final long K_DUR = word("dur\"");
    private static final long K_CAT = word("cat\"");
    private static final long K_TTS = word("tts\"");
    private static final long K_NAME = word("name\"");
    private static final long K_ARGS = word("args\"");
    private static final long K_TDUR = word("tdur\"");

    /** The little-endian word of an ASCII text of up to 8 bytes. */
    private static long word(String text) {
        long w = 0;
        for (int k = text.length() - 1; k >= 0; k--) {
            w = w << 8 | text.charAt(k);
        }
        return w;
    }

    /**
     * The usual keys, matched with their closing quote from {@code s[j]}: the field (0 for {@code cat}, read
     * as any other key) in the low byte and the key's length above it; {@link #UNKNOWN_KEY} otherwise.
     */
    private static int knownKey(byte[] s, int j, int end) {
        if (j + 8 <= end) {
            // One load: the key and its closing quote are the low 3, 4 or 5 bytes of the word.
            long w = (long) LONGS.get(s, j);
            long w3 = w & 0xFFFFFFL;
            if (w3 == K_PH) {
                return 2 << 8 | F_PH;
            }
            if (w3 == K_TS) {
                return 2 << 8 | F_TS;
            }
            long w4 = w & 0xFFFFFFFFL;
            if (w4 == K_PID) {
                return 3 << 8 | F_PID;
            }
            if (w4 == K_TID) {
                return 3 << 8 | F_TID;
            }
            if (w4 == K_DUR) {
                return 3 << 8 | F_DUR;
            }
            if (w4 == K_CAT || w4 == K_TTS) {
                return 3 << 8;
            }
            long w5 = w & 0xFFFFFFFFFFL;
            if (w5 == K_NAME) {
                return 4 << 8 | F_NAME;
            }
            if (w5 == K_ARGS || w5 == K_TDUR) {
                return 4 << 8;
            }
            return UNKNOWN_KEY;
        }
        if (j + 5 >= end) {
            return UNKNOWN_KEY;
        }
        byte b1 = s[j + 1];
        byte b2 = s[j + 2];
        switch (s[j]) {
            case 'a' -> {
                if (b1 == 'r' && b2 == 'g' && s[j + 3] == 's' && s[j + 4] == '"') {
                    return 4 << 8;
                }
            }
            case 'p' -> {
                if (b1 == 'h' && b2 == '"') {
                    return 2 << 8 | F_PH;
                }
                if (b1 == 'i' && b2 == 'd' && s[j + 3] == '"') {
                    return 3 << 8 | F_PID;
                }
            }
            case 't' -> {
                if (b1 == 's' && b2 == '"') {
                    return 2 << 8 | F_TS;
                }
                if (b1 == 'i' && b2 == 'd' && s[j + 3] == '"') {
                    return 3 << 8 | F_TID;
                }
                if (b1 == 't' && b2 == 's' && s[j + 3] == '"') {
                    return 3 << 8;
                }
                if (b1 == 'd' && b2 == 'u' && s[j + 3] == 'r' && s[j + 4] == '"') {
                    return 4 << 8;
                }
            }
            case 'n' -> {
                if (b1 == 'a' && b2 == 'm' && s[j + 3] == 'e' && s[j + 4] == '"') {
                    return 4 << 8 | F_NAME;
                }
            }
            case 'd' -> {
                if (b1 == 'u' && b2 == 'r' && s[j + 3] == '"') {
                    return 3 << 8 | F_DUR;
                }
            }
            case 'c' -> {
                if (b1 == 'a' && b2 == 't' && s[j + 3] == '"') {
                    return 3 << 8;
                }
            }
            default -> {
            }
        }
        return UNKNOWN_KEY;
    }

    private int field(int start, int length) {
        byte[] s = buf;
        return switch (length) {
            case 2 -> s[start] == 'p' && s[start + 1] == 'h' ? F_PH
                    : s[start] == 't' && s[start + 1] == 's' ? F_TS : 0;
            case 3 -> s[start] == 'd' && s[start + 1] == 'u' && s[start + 2] == 'r' ? F_DUR
                    : s[start] == 'p' && s[start + 1] == 'i' && s[start + 2] == 'd' ? F_PID
                    : s[start] == 't' && s[start + 1] == 'i' && s[start + 2] == 'd' ? F_TID : 0;
            case 4 -> s[start] == 'n' && s[start + 1] == 'a' && s[start + 2] == 'm' && s[start + 3] == 'e' ? F_NAME : 0;
            default -> 0;
        };
    }

    private static boolean plainStringByte(byte c) {
        return c >= 0x20 && c != '"' && c != '\\'; // negative: non-ASCII
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * The mask of a {@link #LONGS} word's first {@code bytes} bytes (its low ones): 0 for none or fewer, all
     * of it for 8 or more.
     */
    private static long lowBytes(int bytes) {
        return bytes <= 0 ? 0 : bytes >= 8 ? -1L : (1L << (bytes << 3)) - 1;
    }
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /**
     * At a {@code "}: a string of plain bytes; its content in [valueStart, valueEnd) (no hash: what is only
     * skipped). Eight bytes at a time while none of them is a quote, a backslash, a control or non-ASCII
     * byte (the test has no false negatives), then byte by byte.
     */
    private boolean plainString() {
        byte[] s = buf;
        int end = to;
        int j = i + 1;
        valueStart = j;
        while (j + 8 <= end) {
            long w = (long) LONGS.get(s, j);
            long quote = w ^ 0x2222222222222222L;
            long backslash = w ^ 0x5C5C5C5C5C5C5C5CL;
            long special = ((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash)
                    | ((w - 0x2020202020202020L) & ~w) | w;
            if ((special & HIGHS) != 0) {
                break;
            }
            j += 8;
        }
        byte c = 0;
        while (j < end && (c = s[j]) >= 0x20 && c != '"' && c != '\\') {
            j++;
        }
        i = j;
        if (j >= end || c != '"') {
            return false;
        }
        valueEnd = i++;
        return valueEnd - valueStart <= MAX_STRING;
    }

    /**
     * At a {@code "}: a string of plain bytes; its content in [valueStart, valueEnd), its {@link #hash} in
     * valueHash. Eight bytes at a time, as {@link #plainString}: the lowest flagged byte of a word is exact,
     * since a borrow starts only at a flagged byte.
     */
    private boolean hashedString() {
        byte[] s = buf;
        int end = to;
        int j = i + 1;
        valueStart = j;
        long h = 0;
        while (j + 8 <= end) {
            long w = (long) LONGS.get(s, j);
            long quote = w ^ 0x2222222222222222L;
            long backslash = w ^ 0x5C5C5C5C5C5C5C5CL;
            long special = (((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash)
                    | ((w - 0x2020202020202020L) & ~w) | w) & HIGHS;
            if (special != 0) {
                int k = Long.numberOfTrailingZeros(special) >>> 3;
                if (k > 0) {
                    h = mix(h, w & lowBytes(k));
                }
                j += k;
                if (s[j] != '"') {
                    i = j;
                    return false; // an escape, a control or non-ASCII byte
                }
                return hashedEnd(j, h);
            }
            h = mix(h, w);
            j += 8;
        }
        // The last bytes of the range, one at a time, into one partial word.
        long partial = 0;
        int shift = 0;
        byte c = 0;
        while (j < end && (c = s[j]) >= 0x20 && c != '"' && c != '\\') {
            partial |= (long) (c & 0xff) << shift;
            shift += 8;
            if (shift == 64) {
                h = mix(h, partial);
                partial = 0;
                shift = 0;
            }
            j++;
        }
        if (j >= end || c != '"') {
            i = j;
            return false;
        }
        return hashedEnd(j, shift > 0 ? mix(h, partial) : h);
    }

    /** The closing quote of a hashed string is at {@code j}. */
    private boolean hashedEnd(int j, long h) {
        valueEnd = j;
        i = j + 1;
        valueHash = finish(h, j - valueStart);
        return valueEnd - valueStart <= MAX_STRING; // Jackson's limits (20 M chars) are the event logic's to meet
    }

    /**
     * Hash of a chunk-local string: its bytes as little-endian 8-byte words (the last one zero-filled), each
     * {@link #mix}ed in, then {@link #finish}ed with the length. One multiply per word, not per byte.
     */
    private int hash(int start, int end) {
        long h = 0;
        int j = start;
        for (; j + 8 <= end; j += 8) {
            h = mix(h, (long) LONGS.get(buf, j));
        }
        if (j < end) {
            long partial = 0;
            for (int shift = 0; j < end; j++, shift += 8) {
                partial |= (long) (buf[j] & 0xff) << shift;
            }
            h = mix(h, partial);
        }
        return finish(h, end - start);
    }

    private static long mix(long h, long word) {
        return Long.rotateLeft((h ^ word) * 0x9E3779B97F4A7C15L, 29);
    }

    private static int finish(long h, int length) {
        h = (h ^ length) * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ (h >>> 32));
    }

    /** A JSON number, strictly, followed by a delimiter; its text in [valueStart, valueEnd). */
    private boolean number() {
        int j = i;
        valueStart = j;
        valueIsFloat = false;
        if (j < to && buf[j] == '-') {
            j++;
        }
        if (j >= to) {
            return false;
        }
        if (buf[j] == '0') {
            j++;
        } else if (buf[j] >= '1' && buf[j] <= '9') {
            while (j < to && buf[j] >= '0' && buf[j] <= '9') {
                j++;
            }
        } else {
            return false;
        }
        if (j < to && buf[j] == '.') {
            valueIsFloat = true;
            j++;
            int digits = j;
            while (j < to && buf[j] >= '0' && buf[j] <= '9') {
                j++;
            }
            if (j == digits) {
                return false;
            }
        }
        if (j < to && (buf[j] == 'e' || buf[j] == 'E')) {
            valueIsFloat = true;
            j++;
            if (j < to && (buf[j] == '+' || buf[j] == '-')) {
                j++;
            }
            int digits = j;
            while (j < to && buf[j] >= '0' && buf[j] <= '9') {
                j++;
            }
            if (j == digits) {
                return false;
            }
        }
        if (j >= to || j - valueStart > MAX_NUMBER) {
            return false;
        }
        byte d = buf[j];
        if (d != ',' && d != '}' && d != ']' && d != ' ' && d != '\n' && d != '\r' && d != '\t') {
            return false;
        }
        valueEnd = j;
        i = j;
        return true;
    }

    private static final long NOT_PLAIN = Long.MIN_VALUE + 1;

    /**
     * One pass over the usual time: 1 to 18 integer digits without a leading zero (or just 0), an optional
     * fraction, then a delimiter; its exact nanoseconds (rounded half away from zero), advancing {@link #i}.
     * {@link #NOT_PLAIN} (position unchanged) for anything else, which {@link #number} and {@link #nanos} read.
     */
    private long plainTime() {
        byte[] s = buf;
        int end = to;
        int j = i;
        long value = 0;
        byte c = 0;
        // Eight digits at a time (at most twice: 16 digits), then digit by digit.
        while (j + 8 <= end && j - i < 16) {
            long w = (long) LONGS.get(s, j);
            if ((w & 0xF0F0F0F0F0F0F0F0L) != 0x3030303030303030L
                    || ((w + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) != 0x3030303030303030L) {
                break; // not eight digits
            }
            value = value * 100_000_000L + eightDigits(w);
            j += 8;
        }
        while (j < end && (c = s[j]) >= '0' && c <= '9') {
            value = value * 10 + (c - '0');
            j++;
        }
        int digits = j - i;
        if (digits == 0 || digits > 18 || (digits > 1 && s[i] == '0') || j >= end
                || value > Long.MAX_VALUE / 1000 - 1) {
            return NOT_PLAIN;
        }
        long nanos = value * 1000;
        if (c == '.') {
            j++;
            int fracStart = j;
            long frac = 0;
            while (j < end && (c = s[j]) >= '0' && c <= '9') {
                int k = j - fracStart;
                if (k < 3) {
                    frac = frac * 10 + (c - '0');
                } else if (k == 3 && c >= '5') {
                    frac++; // rounds half away from zero: the rest of the digits cannot lower it
                }
                j++;
            }
            int fracDigits = j - fracStart;
            if (fracDigits == 0 || j >= end) {
                return NOT_PLAIN;
            }
            for (int k = fracDigits; k < 3; k++) {
                frac *= 10;
            }
            nanos += frac;
        }
        c = s[j];
        if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
            return NOT_PLAIN;
        }
        i = j;
        return nanos;
    }

    /** The value of eight ASCII digits, the first in the lowest byte of {@code w}. */
    static long eightDigits(long w) {
        long v = w - 0x3030303030303030L;
        v = (v * 10 + (v >>> 8)) & 0x00FF00FF00FF00FFL;
        v = (v * 100 + (v >>> 16)) & 0x0000FFFF0000FFFFL;
        return (v * 10000 + (v >>> 32)) & 0xFFFFFFFFL;
    }

    /** Exact nanoseconds of decimal microseconds, as {@link DecimalNanos} reads them. */
    private long nanos(int start, int end) {
        // The common form: up to 18 integer digits (that fit once in nanoseconds), an optional fraction, no
        // sign or exponent.
        int j = start;
        long value = 0;
        while (j < end && buf[j] >= '0' && buf[j] <= '9' && j - start < 18) {
            value = value * 10 + (buf[j] - '0');
            j++;
        }
        if (j > start && value <= Long.MAX_VALUE / 1000 - 1 && (j == end || buf[j] == '.')) {
            long nanos = value * 1000;
            if (j < end) {
                j++;
                int k = 0;
                long frac = 0;
                for (; k < 3 && j < end; k++, j++) {
                    byte c = buf[j];
                    if (c < '0' || c > '9') {
                        return slowNanos(start, end);
                    }
                    frac = frac * 10 + (c - '0');
                }
                for (; k < 3; k++) {
                    frac *= 10;
                }
                boolean up = false;
                if (j < end) {
                    byte c = buf[j];
                    if (c < '0' || c > '9') {
                        return slowNanos(start, end);
                    }
                    up = c >= '5';
                    for (j++; j < end; j++) {
                        if (buf[j] < '0' || buf[j] > '9') {
                            return slowNanos(start, end);
                        }
                    }
                }
                nanos += frac + (up ? 1 : 0);
            }
            return nanos;
        }
        return slowNanos(start, end);
    }

    private long slowNanos(int start, int end) {
        for (int k = start; k < end; k++) {
            chars[k - start] = (char) buf[k];
        }
        return DecimalNanos.parseMicros(chars, 0, end - start);
    }

    /**
     * Skips one value from {@link #i} (whitespace before it already skipped): the position after it, -1 when
     * the range ends first, -2 when it is not a value this parser can delimit (then the caller stops).
     * Strings may hold escapes and any bytes here: the event logic validates what this only delimits.
     */
    private int skipValue(int depth) {
        if (i >= to) {
            return -1;
        }
        byte c = buf[i];
        if (c == '"') {
            i++;
            while (i < to) {
                byte d = buf[i++];
                if (d == '"') {
                    return i;
                }
                if (d == '\\') {
                    i++;
                } else if (d == '\n' || d == '\r') {
                    return -2; // not JSON; and the line count would be wrong
                }
            }
            return -1;
        }
        if (c == '{' || c == '[') {
            if (depth >= MAX_DEPTH) {
                return -2;
            }
            byte close = c == '{' ? (byte) '}' : (byte) ']';
            i++;
            while (true) {
                skipWhitespace();
                if (i >= to) {
                    return -1;
                }
                byte d = buf[i];
                if (d == close) {
                    i++;
                    return i;
                }
                if (d == ',' || d == ':') {
                    i++;
                    continue;
                }
                int r = skipValue(depth + 1);
                if (r < 0) {
                    return r;
                }
            }
        }
        // A scalar: everything up to a delimiter.
        int start = i;
        while (i < to) {
            byte d = buf[i];
            if (d == ',' || d == '}' || d == ']' || d == ':' || d == ' ' || d == '\n' || d == '\r' || d == '\t'
                    || d == '"' || d == '{' || d == '[') {
                return i > start ? i : -2;
            }
            i++;
        }
        return -1;
    }

    /**
     * The last few distinct numeric pids (slot 0) and tids (slot 1) met, {@link #RECENT_KEYS} per slot: the
     * events of a few threads, in runs or in any order, mostly find theirs here and skip the string table.
     * A number of up to 8 digits is known by its bytes as one word and its length (digits are never zero
     * bytes); a longer one goes to the string table.
     */
    private static final int RECENT_KEYS = 4;
    /**
     * {@link #UNUSED_WORD} for an entry not used yet, in this chunk: a word of digits never equals it, so an
     * entry left from the parser's last chunk is not matched word first and then refused by its length (a
     * branch the JIT then compiles as a trap, at every chunk's first events).
     */
    private final long[] lastWord = new long[2 * RECENT_KEYS];
    private static final long UNUSED_WORD = -1L;
    /** 0 for an entry not used yet (a number has at least one digit). */
    private final int[] lastLength = new int[2 * RECENT_KEYS];
    private final int[] lastId = new int[2 * RECENT_KEYS];
    /** Per slot, the entry the next new key replaces. */
    private final int[] lastNext = new int[2];

    /**
     * At the first byte of a number: the id of a recent key of this {@code slot} whose digits come next and
     * are followed by a delimiter, {@link #i} moved past them; -1 (nothing moved) when none is, for {@link
     * #number} and {@link #lastKey} to read. The bytes are those of a number read before in this chunk, and a
     * delimiter ends them there too: it is the same number.
     */
    private int recentKey(int slot) {
        int at = i;
        if (at + 9 > to) {
            return -1; // eight bytes and a delimiter
        }
        byte[] s = buf;
        long word = (long) LONGS.get(s, at);
        int base = slot * RECENT_KEYS;
        for (int k = base; k < base + RECENT_KEYS; k++) {
            int length = lastLength[k];
            if ((word & lowBytes(length)) == lastWord[k]) {
                byte d = s[at + length];
                if (d == ',' || d == '}' || d == ']' || d == ' ' || d == '\n' || d == '\r' || d == '\t') {
                    i = at + length;
                    return lastId[k];
                }
            }
        }
        return -1;
    }

    /** The id of the number at [start, end), from a recent key of this {@code slot} when it is the same. */
    private int lastKey(int slot, int start, int end) {
        int length = end - start;
        if (length > 8 || start + 8 > buf.length) {
            return intern(start, end);
        }
        long word = (long) LONGS.get(buf, start) & lowBytes(length);
        int base = slot * RECENT_KEYS;
        for (int k = base; k < base + RECENT_KEYS; k++) {
            if (lastWord[k] == word && lastLength[k] == length) {
                return lastId[k];
            }
        }
        int victim = base + lastNext[slot];
        lastNext[slot] = (lastNext[slot] + 1) % RECENT_KEYS;
        lastWord[victim] = word;
        lastLength[victim] = length;
        return lastId[victim] = intern(start, end);
    }

    private int intern(int start, int end) {
        return intern(start, end, hash(start, end));
    }

    /** The id of the text in [start, end), whose {@link #hash} is {@code h}. */
    private int intern(int start, int end, int h) {
        int length = end - start;
        if (length == 0) {
            return 0;
        }
        int mask = stringTable.length - 1;
        int slot = h & mask;
        while (true) {
            int id = stringTable[slot];
            if (id < 0) {
                break;
            }
            if (stringHash[id] == h && stringLen[id] == length && sameBytes(stringOff[id], start, length)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
        int id = stringCount++;
        if (id == stringOff.length) {
            stringOff = Arrays.copyOf(stringOff, id * 2);
            stringLen = Arrays.copyOf(stringLen, id * 2);
            stringHash = Arrays.copyOf(stringHash, id * 2);
        }
        stringOff[id] = start;
        stringLen[id] = length;
        stringHash[id] = h;
        stringTable[slot] = id;
        if (stringCount * 2 > stringTable.length) {
            rehashStrings();
        }
        return id;
    }

    /** Whether the texts of {@code length} bytes at {@code a} and {@code b} are equal: short ones a word at a time. */
    private boolean sameBytes(int a, int b, int length) {
        byte[] s = buf;
        int limit = s.length - 8;
        if (length <= 8 && a <= limit && b <= limit) {
            long diff = (long) LONGS.get(s, a) ^ (long) LONGS.get(s, b);
            return (diff & lowBytes(length)) == 0;
        }
        if (length <= 16 && a + 8 <= limit && b + 8 <= limit) {
            return (long) LONGS.get(s, a) == (long) LONGS.get(s, b)
                    && (long) LONGS.get(s, a + length - 8) == (long) LONGS.get(s, b + length - 8);
        }
        return Arrays.equals(s, a, a + length, s, b, b + length);
    }

    private void rehashStrings() {
        int[] table = new int[stringTable.length * 2];
        Arrays.fill(table, -1);
        int mask = table.length - 1;
        for (int id = 1; id < stringCount; id++) {
            int slot = stringHash[id] & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id;
        }
        stringTable = table;
    }

    // The last few tracks met (pairs of pid and tid ids): the events of a few threads, in runs or in any order.
    private final long[] recentTrackKeys = new long[RECENT_KEYS];
    private final int[] recentTracks = new int[RECENT_KEYS];
    private int recentTrackNext;

    private int track(int pid, int tid) {
        long key = ((long) pid << 32) | tid;
        for (int k = 0; k < RECENT_KEYS; k++) {
            if (recentTrackKeys[k] == key) {
                return recentTracks[k];
            }
        }
        int id = lookUpTrack(key, pid, tid);
        recentTrackKeys[recentTrackNext] = key;
        recentTracks[recentTrackNext] = id;
        recentTrackNext = (recentTrackNext + 1) % RECENT_KEYS;
        return id;
    }

    private int lookUpTrack(long key, int pid, int tid) {
        int mask = trackKeys.length - 1;
        int slot = (int) (key ^ (key >>> 29) ^ (key * 0x9E3779B9L >>> 32)) & mask;
        while (trackKeys[slot] != -1) {
            if (trackKeys[slot] == key) {
                return trackIds[slot];
            }
            slot = (slot + 1) & mask;
        }
        int id = trackCount++;
        if (id == trackPid.length) {
            trackPid = Arrays.copyOf(trackPid, id * 2);
            trackTid = Arrays.copyOf(trackTid, id * 2);
        }
        trackPid[id] = pid;
        trackTid[id] = tid;
        trackKeys[slot] = key;
        trackIds[slot] = id;
        if (trackCount * 2 > trackKeys.length) {
            long[] keys = trackKeys;
            int[] ids = trackIds;
            trackKeys = new long[keys.length * 2];
            trackIds = new int[keys.length * 2];
            Arrays.fill(trackKeys, -1);
            int m = trackKeys.length - 1;
            for (int k = 0; k < keys.length; k++) {
                if (keys[k] != -1) {
                    int s = (int) (keys[k] ^ (keys[k] >>> 29) ^ (keys[k] * 0x9E3779B9L >>> 32)) & m;
                    while (trackKeys[s] != -1) {
                        s = (s + 1) & m;
                    }
                    trackKeys[s] = keys[k];
                    trackIds[s] = ids[k];
                }
            }
        }
        return id;
    }
}
