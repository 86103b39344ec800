package dev.ppw.collect.chrome;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.ContentReference;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.ppw.collect.DecimalNanos;
import dev.ppw.collect.v8.TraceProfiles;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.Quote;

import java.io.CharConversionException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipException;

/**
 * Streams a Chrome trace (Trace Event Format, JSON) into an {@link EventSink}, one token at a time with
 * Jackson's streaming parser: memory does not grow with the file.
 *
 * <p>Accepted forms: a top-level array of events, or an object whose {@code traceEvents} key (among any
 * others, whose values are skipped) holds that array. A record, as PerfFlowAspect writes it:
 * <pre>{@code {"name": "bas", "cat": "__main__", "pid": 7530, "tid": 7530, "ts": 1795322503741605.5, "ph": "X", "dur": 12.75},}</pre>
 *
 * <p>Per event, following SEMANTICS.md section 1:
 * <ul>
 *   <li>{@code ph} {@code B}/{@code E}/{@code X} go to the thread track (pid, tid), {@code b}/{@code e} to
 *       the async track (pid, cat, id; {@code id} else {@code id2.local} else {@code id2.global});
 *       {@code M process_name}/{@code thread_name} name processes and threads from {@code args.name};
 *       {@code C} counters go to {@link EventSink#regionCounter} (args {@code cpu_usage}/{@code memory_usage},
 *       PerfFlowAspect's) or {@link EventSink#counter} (one series per other finite numeric arg; a string
 *       arg whose whole text is a decimal number is that number); {@code P}
 *       events {@code Profile} and {@code ProfileChunk} are V8 CPU profiles, whose samples go to
 *       {@link EventSink#sample} on the {@code Profile} event's thread ({@link TraceProfiles}). Every
 *       other phase is counted as the note {@code phase_<ph>} and skipped.</li>
 *   <li>Units: {@code ts} and {@code dur} are decimal microseconds, converted from their text exactly to
 *       integer nanoseconds, each on its own, rounded to nearest with halves away from zero
 *       ({@link DecimalNanos}); a string whose whole text is such a number ({@code "ts": "1234.5"}, as
 *       sloppy writers put it) is read by the same rule. A top-level {@code displayTimeUnit} is passed to the
 *       sink as a display hint.</li>
 *   <li>Missing values: a timed event (B E X b e) without a finite {@code ts} (number or numeric string) that
 *       fits in a long of nanoseconds is dropped ({@code missing_ts}); a missing {@code dur} is 0, a present
 *       one that is not such a number, or negative after rounding, drops its {@code X} ({@code bad_duration}).
 *       An {@code E}/{@code e} whose name is missing, null, empty, an object or an array ends with
 *       {@link EventSink#NO_NAME}: it closes the innermost begin, compared with nothing. Track
 *       keys (pid, tid, cat, id) are text: a string as is, a number by its canonical decimal ({@code 1.0}
 *       is {@code 1}), a boolean by its JSON text, missing or null as {@code ""}; an object, an array,
 *       NaN/Infinity or a number whose plain decimal exceeds 1000 digits, as a key the event needs, drops
 *       it ({@code bad_event}). A region {@code name} is a string as is, a
 *       number or boolean by its JSON text as written, and {@code <unnamed>} when missing, null, empty, an
 *       object or an array.</li>
 *   <li>A missing, empty or non-string {@code ph}, an {@code M process_name/thread_name} without a string
 *       {@code args.name}, and an array element that is neither an object nor an array are
 *       {@code bad_event} warnings. An empty object {@code {}} is the note {@code empty_event} (PerfFlowAspect's
 *       own fix-up appends one before a closing {@code ]}).</li>
 * </ul>
 *
 * <p>What is recovered, silently: a missing closing {@code ]} or {@code ]}} (EOF right after a complete
 * event or after the last complete value of the top-level object, with or without a trailing comma),
 * trailing commas anywhere, a {@code [} inside the event array (it opens one more level of events: forked
 * PerfFlowAspect writers each write their own {@code [} line), and several top-level values one after the
 * other. What is recovered with one {@code truncated} warning: the input ending inside an event (the
 * complete events before it are kept; the position is where the cut event starts), inside a value of the
 * top-level object after {@code traceEvents}, the byte stream itself ending early (a cut {@code .gz}), or
 * the input ending in a run of zero bytes (a file whose writer was killed before its data reached the disk;
 * the position is where the zeros start).
 *
 * <p>What stops the read with a {@link BadInputException} ({@code file:line:column: problem: "quote"}):
 * any other JSON syntax error (garbage where an event or key should be, invalid UTF-8, NaN written in a
 * non-number place, ...), since a streaming tokenizer cannot resynchronise reliably after one; a parser
 * limit (nesting deeper than 1000 levels, a number longer than 1000 digits, a string over 20 MB); a
 * top-level value that is not an array or object; {@code traceEvents} that is not an array; a top-level
 * object without {@code traceEvents} (another JSON format), or one cut before its {@code traceEvents}; and
 * corrupt compressed data.
 *
 * <p>One reader per input; not thread-safe. It does not call {@link EventSink#beginInput} or
 * {@link EventSink#endInput}: the caller brackets the input.
 */
public final class ChromeTraceReader {
    /** Warning: one event the reader could not use (bad {@code ph}, object-valued key, ...). */
    public static final String BAD_EVENT = Diagnostics.BAD_EVENT;
    /** Note: an empty event object {@code {}}. */
    public static final DiagnosticKind EMPTY_EVENT = DiagnosticKind.note("empty_event", "empty event {}",
            "empty events {}");
    /** Note: a region counter sample with {@code cpu_usage} and {@code memory_usage} both 0, PerfFlowAspect's end-of-call reset. */
    public static final DiagnosticKind COUNTER_RESET = DiagnosticKind.note("counter_reset",
            "end-of-call counter reset (cpu and memory 0)", "end-of-call counter resets (cpu and memory 0)");
    /** Prefix of the notes counting skipped phases ({@code phase_C}, {@code phase_i}, ...: {@link PhaseNotes}). */
    public static final String PHASE_NOTE_PREFIX = PhaseNotes.PREFIX;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();

    private static final String UNNAMED = "<unnamed>";
    /** Identity sentinel of a key that is an object, an array or a non-finite number. */
    private static final String BAD_KEY = new String("<bad key>");
    private static final String[] PHASE_NOTES = new String[128];
    private static final int MAX_PHASE_NOTE_LENGTH = 32;
    private static final Pattern JACKSON_SOURCE =
            Pattern.compile("\\s*\\(for \\w+ starting at \\[Source:[^\\]]*\\]\\)|\\s*\\[Source:[^\\]]*\\]");

    static {
        for (int c = 0; c < PHASE_NOTES.length; c++) {
            PHASE_NOTES[c] = PHASE_NOTE_PREFIX + (char) c;
        }
    }

    // Where the reader is, for deciding what an end of input means.
    private static final int AT_ROOT = 0;
    private static final int BETWEEN_EVENTS = 1;
    private static final int IN_EVENT = 2;
    private static final int IN_HEADER = 3;

    private static final int PH_MISSING = 0;
    private static final int PH_OK = 1;
    private static final int PH_BAD = 2;

    private static final int TRACK_SLOTS = 256;

    private final String file;
    // Not final: a re-read that skips what a faster reader already delivered swaps them (see ParallelChromeReader).
    private EventSink sink;
    private Diagnostics diagnostics;
    private final RecentBytesInputStream window;
    /** Holds back a run of zero bytes that ends the input (a writer killed before its data reached the disk). */
    private final ZeroTailInputStream zeros;
    private JsonParser p;
    /** ParallelChromeReader's hooks: who reads the first events array, how many events to skip. */
    private EventsArrayReader eventsReader;
    private EventSink skippedFor;
    private long skipEvents;
    private final TextCache cache = new TextCache();
    /** The V8 CPU profiles of the trace; null in a reader that leaves them to the replaying thread. */
    private final TraceProfiles profiles;

    private int state = AT_ROOT;
    private boolean sawEventsArray;
    private long completeEvents;

    // Track ids by key, cached here so that the sink's lookup (which builds key strings) runs once per track.
    private final String[] threadPid = new String[TRACK_SLOTS];
    private final String[] threadTid = new String[TRACK_SLOTS];
    private final int[] threadTrack = new int[TRACK_SLOTS];
    private final String[] asyncPid = new String[TRACK_SLOTS];
    private final String[] asyncCat = new String[TRACK_SLOTS];
    private final String[] asyncId = new String[TRACK_SLOTS];
    private final int[] asyncTrack = new int[TRACK_SLOTS];

    // The event being read; reset by resetEvent().
    private int eventLine;
    private int eventColumn;
    private int phState;
    private char ph;
    private String phText;
    private String name;
    private String pid;
    private String tid;
    private String cat;
    private String id;
    private String id2Local;
    private String id2Global;
    private boolean id2Bad;
    private String argsName;
    // Finite numeric args of the event (for C counters), in file order; reset by resetEvent().
    private String[] argKeys = new String[4];
    private double[] argValues = new double[4];
    private int argCount;
    private long tsNanos;
    private String tsProblem;
    private boolean durPresent;
    private long durNanos;
    private String durProblem;

    private ChromeTraceReader(String file, InputStream in, EventSink sink) throws IOException {
        this(file, in, sink, true);
    }

    private ChromeTraceReader(String file, InputStream in, EventSink sink, boolean foldsProfiles) throws IOException {
        this.file = file;
        this.profiles = foldsProfiles ? new TraceProfiles() : null;
        this.sink = sink;
        this.diagnostics = sink.diagnostics();
        this.zeros = in == null ? null : new ZeroTailInputStream(in);
        this.window = in == null ? null : new RecentBytesInputStream(zeros);
        this.p = in == null ? null : startParser(file, window);
    }

    /**
     * A parser of {@code in}, which detects the encoding from the first bytes: bytes of one it does not read
     * (found by fuzzing: {@code 00 03 00 00}, a UCS-4 byte order) are not valid text at 1:1, as they are when
     * the parser meets them later; a gzip layer that ends before them is said at 1:1 too.
     */
    private static JsonParser startParser(String file, InputStream in) throws IOException {
        try {
            return FACTORY.createParser(in);
        } catch (CharConversionException e) {
            throw BadInputException.at(file, 1, 1, "not valid text: " + oneLine(e.getMessage()), null);
        } catch (EOFException e) {
            // A gzip layer cut within the first bytes (found by fuzzing): there is no text to keep.
            throw BadInputException.at(file, 1, 1, "the gzip data ends before the first bytes of text (a cut file?): "
                    + oneLine(e.getMessage()), null);
        }
    }

    /** Reads the contents of the first events array in place of this reader (ParallelChromeReader). */
    interface EventsArrayReader {
        /**
         * Called just after the first events array's {@code [}; reads from there to the end of the input.
         *
         * @param offset byte offset just after the {@code [}
         * @param line line of the {@code [}
         * @param column column just after the {@code [}
         * @param arrayForm the array is the top-level value (else {@code traceEvents} of an object)
         */
        void read(long offset, int line, int column, boolean arrayForm) throws IOException;
    }

    /** Stops {@link #run} once an {@link EventsArrayReader} has read the input to its end. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /**
     * As {@link #read}, but once the first events array starts, {@code eventsReader} reads the rest of the
     * input instead of this reader (the header before it is read here, with its effects on {@code sink}).
     */
    static void readHeaderThen(String displayName, InputStream in, EventSink sink, EventsArrayReader eventsReader)
            throws IOException {
        ChromeTraceReader reader = new ChromeTraceReader(displayName, in, sink);
        reader.eventsReader = eventsReader;
        try {
            reader.run();
        } catch (Stop stop) {
            // the events reader read everything
        } finally {
            reader.p.close();
        }
    }

    /**
     * As {@link #read}, but the effects of the header and of everything before the {@code skip}-th event
     * object of the events arrays ends (warnings, notes and sink calls) are dropped: they were delivered
     * already. With {@code skip} 0, only the header's (what comes before the first events array).
     */
    static void readSkipping(String displayName, InputStream in, EventSink sink, long skip) throws IOException {
        ChromeTraceReader reader = new ChromeTraceReader(displayName, in, sink);
        reader.skippedFor = sink;
        reader.skipEvents = skip;
        reader.sink = new DiscardingSink();
        reader.diagnostics = reader.sink.diagnostics();
        try {
            reader.run();
        } finally {
            reader.p.close();
        }
    }

    private void countCompleteEvent() {
        completeEvents++;
        if (skippedFor != null && completeEvents == skipEvents) {
            stopSkipping();
        }
    }

    /** What comes from here on was not delivered yet: back to the real sink. */
    private void stopSkipping() {
        sink = skippedFor;
        diagnostics = sink.diagnostics();
        skippedFor = null;
        // The cached track ids came from the discarding sink.
        java.util.Arrays.fill(threadPid, null);
        java.util.Arrays.fill(threadTid, null);
        java.util.Arrays.fill(asyncPid, null);
        java.util.Arrays.fill(asyncCat, null);
        java.util.Arrays.fill(asyncId, null);
    }

    /**
     * A reader of single events, each handed over as a byte range by {@link #readOneEvent}, in input order: it
     * folds the trace's V8 CPU profiles, whose chunks depend on the events before them (call
     * {@link #finishProfiles} at the end of the input).
     */
    static ChromeTraceReader forSingleEvents(String displayName, EventSink sink) throws IOException {
        return new ChromeTraceReader(displayName, null, sink, true);
    }

    /**
     * A reader of single events out of input order (a worker's): it refuses ({@link #readOneEvent} false) the
     * events of V8 CPU profiles, which only a reader of every event in order can fold.
     */
    static ChromeTraceReader forEventsOutOfOrder(String displayName, EventSink sink) throws IOException {
        return new ChromeTraceReader(displayName, null, sink, false);
    }

    /** The input ended: the samples the V8 CPU profiles still hold back go to the sink. */
    void finishProfiles() {
        profiles.finish(sink);
    }

    /**
     * Reads one event object that fills {@code bytes[from, to)} exactly, starting at {@code line:column} of
     * the input, with this class's own event logic. Nothing reaches the sink unless the object is read
     * whole, valid, and ends at {@code to}.
     *
     * @return false when the bytes are not exactly one valid object (the caller reads them another way)
     */
    boolean readOneEvent(byte[] bytes, int from, int to, int line, int column, Diagnostics into) throws IOException {
        Diagnostics saved = diagnostics;
        diagnostics = into;
        try {
            return readOneEvent(bytes, from, to, line, column);
        } finally {
            diagnostics = saved;
        }
    }

    /** As {@link #readOneEvent(byte[], int, int, int, int, Diagnostics)}, counting in the sink's diagnostics. */
    boolean readOneEvent(byte[] bytes, int from, int to, int line, int column) throws IOException {
        p = FACTORY.createParser(bytes, from, to - from);
        try {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            resetEvent();
            eventLine = line;
            eventColumn = column;
            boolean empty = readEventFields();
            if (p.currentToken() != JsonToken.END_OBJECT || p.currentLocation().getByteOffset() != to - from
                    || p.getParsingContext().getNestingDepth() > 0) {
                return false;
            }
            if (profiles == null && phState == PH_OK && ph == 'P' && TraceProfiles.isProfileEvent(name)) {
                return false;
            }
            if (empty) {
                diagnostics.note(EMPTY_EVENT);
            } else {
                dispatch();
            }
            return true;
        } catch (JsonProcessingException | CharConversionException e) {
            return false;
        } finally {
            p.close();
        }
    }

    /**
     * Reads every event of {@code in} (JSON, any Unicode encoding Jackson detects; not closed here) into
     * {@code sink}; {@code displayName} names the input in warnings and errors.
     *
     * @throws BadInputException when the structure is broken beyond what the class comment says is recovered
     * @throws IOException when reading {@code in} fails
     */
    public static void read(String displayName, InputStream in, EventSink sink) throws IOException {
        ChromeTraceReader reader = new ChromeTraceReader(displayName, in, sink);
        try {
            reader.run();
        } finally {
            reader.p.close();
        }
    }

    private void run() throws IOException {
        try {
            readRootValues();
            if (zeros.zeroTailBytes() > 0) {
                endOfInput(p.currentLocation(), false);
            }
        } catch (StreamConstraintsException e) {
            throw bad(e, limitProblem(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            if (isEndOfInput(e) || isCutValue(e)) {
                endOfInput(e.getLocation(), false);
            } else {
                throw bad(e, "not valid JSON: " + oneLine(e.getOriginalMessage()));
            }
        } catch (CharConversionException e) {
            throw bad(p.currentLocation(), "not valid text: " + oneLine(e.getMessage()));
        } catch (ZipException e) {
            throw bad(p.currentLocation(), "corrupt gzip data: " + oneLine(e.getMessage()));
        } catch (EOFException e) {
            // The byte stream ended early (a cut .gz): whatever the parser state, data is missing.
            endOfInput(afterFailedRead(), true);
        }
        // Reached when the input was read to its end, or to a cut kept with a warning.
        profiles.finish(sink);
    }

    private void readRootValues() throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != null) {
            if (t == JsonToken.START_ARRAY) {
                sawEventsArray = true;
                readEvents();
            } else if (t == JsonToken.START_OBJECT) {
                readTraceObject();
            } else {
                throw bad(p.currentTokenLocation(),
                        "expected a JSON array or object of trace events, found " + describe(t));
            }
            state = AT_ROOT;
        }
    }

    /** The object form: {@code traceEvents} is read, every other key's value skipped. */
    private void readTraceObject() throws IOException {
        JsonLocation start = p.currentTokenLocation();
        boolean hasEvents = false;
        List<String> otherKeys = new ArrayList<>();
        state = sawEventsArray ? BETWEEN_EVENTS : IN_HEADER;
        String key;
        while ((key = p.nextFieldName()) != null) {
            JsonToken value = p.nextToken();
            if ("traceEvents".equals(key)) {
                if (value != JsonToken.START_ARRAY) {
                    throw bad(p.currentTokenLocation(), "traceEvents is " + describe(value) + ", not an array");
                }
                hasEvents = true;
                sawEventsArray = true;
                readEvents();
            } else if ("displayTimeUnit".equals(key)) {
                // A display hint for the sink: it never changes how ts/dur are read.
                state = IN_HEADER;
                sink.displayTimeUnit(value == JsonToken.VALUE_STRING ? p.getText() : describe(value));
                p.skipChildren();
            } else {
                state = IN_HEADER;
                if (otherKeys.size() < 5) {
                    otherKeys.add(key);
                }
                p.skipChildren();
            }
            state = sawEventsArray ? BETWEEN_EVENTS : IN_HEADER;
        }
        if (!hasEvents) {
            throw bad(start, "a JSON object without a traceEvents array is not a Chrome trace (its keys: "
                    + (otherKeys.isEmpty() ? "none" : String.join(", ", otherKeys)) + ")");
        }
    }

    /** After the opening {@code [}: events until the matching {@code ]}; a nested {@code [} opens one more level. */
    private void readEvents() throws IOException {
        if (eventsReader != null) {
            JsonLocation at = p.currentTokenLocation();
            boolean arrayForm = p.getParsingContext().getParent().inRoot();
            eventsReader.read(at.getByteOffset() + 1, at.getLineNr(), at.getColumnNr() + 1, arrayForm);
            throw new Stop();
        }
        if (skippedFor != null && skipEvents == 0) {
            stopSkipping(); // only the header was delivered
        }
        int depth = 1;
        while (depth > 0) {
            state = BETWEEN_EVENTS;
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_OBJECT) {
                state = IN_EVENT;
                readEvent();
                countCompleteEvent();
            } else if (t == JsonToken.START_ARRAY) {
                depth++;
            } else if (t == JsonToken.END_ARRAY) {
                depth--;
            } else if (t == null) {
                return;
            } else {
                JsonLocation at = p.currentTokenLocation();
                eventLine = at.getLineNr();
                eventColumn = at.getColumnNr();
                state = IN_EVENT;
                p.finishToken(); // an unterminated string at the end is a cut, not a silent end
                warnEvent(BAD_EVENT, "an event is " + describe(t) + ", not an object");
            }
        }
    }

    private void readEvent() throws IOException {
        resetEvent();
        // One small allocation per event; ParserBase.getTokenColumnNr() is one column off for byte input.
        JsonLocation at = p.currentTokenLocation();
        eventLine = at.getLineNr();
        eventColumn = at.getColumnNr();
        if (readEventFields()) {
            diagnostics.note(EMPTY_EVENT);
            return;
        }
        dispatch();
    }

    /** The fields of the event whose {@code START_OBJECT} was just read; true when it has none. */
    private boolean readEventFields() throws IOException {
        boolean empty = true;
        String field;
        while ((field = p.nextFieldName()) != null) {
            empty = false;
            JsonToken v = p.nextToken();
            switch (field) {
                case "ph" -> readPh(v);
                case "name" -> name = regionText(v);
                case "ts" -> tsNanos = time(v, true);
                case "dur" -> {
                    durPresent = true;
                    durNanos = time(v, false);
                }
                case "pid" -> pid = keyText(v);
                case "tid" -> tid = keyText(v);
                case "cat" -> cat = keyText(v);
                case "id" -> id = keyText(v);
                case "id2" -> readId2(v);
                case "args" -> readArgs(v);
                default -> p.skipChildren();
            }
        }
        return empty;
    }

    private void resetEvent() {
        phState = PH_MISSING;
        ph = 0;
        phText = null;
        name = null;
        pid = null;
        tid = null;
        cat = null;
        id = null;
        id2Local = null;
        id2Global = null;
        id2Bad = false;
        argsName = null;
        argCount = 0;
        tsNanos = DecimalNanos.UNUSABLE;
        tsProblem = "no \"ts\"";
        durPresent = false;
        durNanos = 0;
        durProblem = null;
        if (profiles != null) {
            profiles.resetEvent();
        }
    }

    private void dispatch() {
        if (phState != PH_OK) {
            warnEvent(BAD_EVENT, phState == PH_MISSING ? "event without \"ph\"" : "\"ph\" is not a non-empty string");
            return;
        }
        switch (ph) {
            case 'B', 'E', 'X' -> syncEvent();
            case 'b', 'e' -> asyncEvent();
            case 'M' -> metadata();
            case 'C' -> counterEvent();
            case 'P' -> profileEvent();
            case 'i', 'I', 'n', 'R' -> instantEvent();
            default -> diagnostics.note(phaseNote());
        }
    }

    /**
     * An instant event ({@code i}, its old spelling {@code I}, a mark {@code R} or {@code n}): still counted as
     * its phase's note, since the tree has no place for it, and handed to the sink as a possible phase marker
     * ({@link dev.ppw.model.EventSink#instant}) when its time and thread can be read.
     */
    private void instantEvent() {
        diagnostics.note(phaseNote());
        if (tsNanos != DecimalNanos.UNUSABLE && pid != BAD_KEY && tid != BAD_KEY) {
            sink.instant(orEmpty(pid), orEmpty(tid), tsNanos, regionName());
        }
    }

    /**
     * A {@code P} event: a V8 CPU profile's {@code Profile} or {@code ProfileChunk} ({@link TraceProfiles}),
     * the profile keyed by (pid, id) and its samples on the Profile event's thread; any other is counted
     * ({@code phase_P}).
     */
    private void profileEvent() {
        if (!TraceProfiles.isProfileEvent(name)) {
            diagnostics.note(phaseNote());
            return;
        }
        boolean start = "Profile".equals(name);
        if (pid == BAD_KEY || id == BAD_KEY || (start && tid == BAD_KEY)) {
            warnEvent(BAD_EVENT, "P '" + name + "': pid, tid or id is an object, an array or not finite");
            return;
        }
        String where = where(eventLine, eventColumn);
        if (start) {
            if (tsNanos == DecimalNanos.UNUSABLE) {
                warnEvent(Diagnostics.MISSING_TS, "P 'Profile' has " + tsProblem);
                return;
            }
            profiles.profile(orEmpty(pid), orEmpty(tid), orEmpty(id), tsNanos, where, sink);
        } else {
            profiles.chunk(orEmpty(pid), orEmpty(id), where, sink);
        }
    }

    private void syncEvent() {
        if (pid == BAD_KEY || tid == BAD_KEY) {
            warnEvent(BAD_EVENT, ph + " '" + regionName() + "': pid or tid is an object, an array or not finite");
            return;
        }
        if (tsNanos == DecimalNanos.UNUSABLE) {
            warnEvent(Diagnostics.MISSING_TS, ph + " '" + regionName() + "' has " + tsProblem);
            return;
        }
        switch (ph) {
            case 'B' -> sink.begin(threadTrack(), tsNanos, sink.frames().intern(regionName()));
            case 'E' -> sink.end(threadTrack(), tsNanos, endName());
            default -> {
                if (durPresent && (durNanos == DecimalNanos.UNUSABLE || durNanos < 0)) {
                    warnEvent(Diagnostics.BAD_DURATION, "X '" + regionName() + "' has "
                            + (durNanos == DecimalNanos.UNUSABLE ? durProblem : "a negative \"dur\""));
                    return;
                }
                sink.complete(threadTrack(), tsNanos, durPresent ? durNanos : 0, sink.frames().intern(regionName()));
            }
        }
    }

    private void asyncEvent() {
        String asyncKey = id != null ? id : id2Local != null ? id2Local : id2Global;
        if (pid == BAD_KEY || cat == BAD_KEY || asyncKey == BAD_KEY || (id == null && id2Bad)) {
            warnEvent(BAD_EVENT, ph + " '" + regionName() + "': pid, cat or id is an object, an array or not finite");
            return;
        }
        if (tsNanos == DecimalNanos.UNUSABLE) {
            warnEvent(Diagnostics.MISSING_TS, ph + " '" + regionName() + "' has " + tsProblem);
            return;
        }
        int track = asyncTrack(orEmpty(pid), orEmpty(cat), orEmpty(asyncKey));
        if (ph == 'b') {
            sink.begin(track, tsNanos, sink.frames().intern(regionName()));
        } else {
            sink.end(track, tsNanos, endName());
        }
    }

    /**
     * A {@code C} event: with a finite {@code cpu_usage} and/or {@code memory_usage}, a region counter of
     * thread (pid, tid) (its other args ignored), unless both are 0 ({@link #COUNTER_RESET}); else each finite numeric arg is one sample of a generic
     * series (pid, name, id, key). Without any, it is only counted ({@code phase_C}).
     */
    private void counterEvent() {
        double cpu = Double.NaN;
        double memory = Double.NaN;
        for (int i = 0; i < argCount; i++) {
            if ("cpu_usage".equals(argKeys[i])) {
                cpu = argValues[i];
            } else if ("memory_usage".equals(argKeys[i])) {
                memory = argValues[i];
            }
        }
        boolean region = !Double.isNaN(cpu) || !Double.isNaN(memory);
        if (argCount == 0) {
            diagnostics.note(phaseNote());
            return;
        }
        if (pid == BAD_KEY || (region ? tid == BAD_KEY : id == BAD_KEY)) {
            warnEvent(BAD_EVENT, "C '" + regionName() + "': pid, tid or id is an object, an array or not finite");
            return;
        }
        if (tsNanos == DecimalNanos.UNUSABLE) {
            warnEvent(Diagnostics.MISSING_TS, "C '" + regionName() + "' has " + tsProblem);
            return;
        }
        if (region) {
            if (cpu == 0 && memory == 0) {
                // PerfFlowAspect's end-of-call reset (both values 0), whose ts may fall just inside the call.
                diagnostics.note(COUNTER_RESET);
                return;
            }
            sink.regionCounter(threadTrack(), tsNanos, sink.frames().names().intern(regionName()), cpu, memory);
            return;
        }
        for (int i = 0; i < argCount; i++) {
            sink.counter(orEmpty(pid), regionName(), orEmpty(id), argKeys[i], tsNanos, argValues[i]);
        }
    }

    private void metadata() {
        boolean process = "process_name".equals(name);
        if (!process && !"thread_name".equals(name)) {
            diagnostics.note(phaseNote());
            return;
        }
        if (pid == BAD_KEY || (!process && tid == BAD_KEY)) {
            warnEvent(BAD_EVENT, "M '" + name + "': pid or tid is an object, an array or not finite");
        } else if (argsName == null) {
            warnEvent(BAD_EVENT, "M '" + name + "' without a string args.name");
        } else if (process) {
            sink.processName(orEmpty(pid), argsName);
        } else {
            sink.threadName(orEmpty(pid), orEmpty(tid), argsName);
        }
    }

    /** The note counting a skipped event of the one-character phase {@code ph} (printable ASCII). */
    static String phaseNote(int ph) {
        return PHASE_NOTES[ph];
    }

    private String phaseNote() {
        if (ph != 0) {
            return ph < PHASE_NOTES.length ? PHASE_NOTES[ph] : PHASE_NOTE_PREFIX + ph;
        }
        String text = phText.length() > MAX_PHASE_NOTE_LENGTH ? phText.substring(0, MAX_PHASE_NOTE_LENGTH) : phText;
        return PHASE_NOTE_PREFIX + text;
    }

    private void readPh(JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            int length = p.getTextLength();
            if (length == 1) {
                phState = PH_OK;
                ph = p.getTextCharacters()[p.getTextOffset()];
                phText = null;
                return;
            }
            if (length > 1) {
                phState = PH_OK;
                ph = 0;
                phText = p.getText();
                return;
            }
        }
        p.skipChildren();
        phState = PH_BAD;
    }

    /** A region name; null stands for {@code <unnamed>}. */
    private String regionText(JsonToken v) throws IOException {
        switch (v) {
            case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                int length = p.getTextLength();
                return length == 0 ? null : cache.get(p.getTextCharacters(), p.getTextOffset(), length);
            }
            case VALUE_TRUE -> {
                return "true";
            }
            case VALUE_FALSE -> {
                return "false";
            }
            default -> {
                p.skipChildren();
                return null;
            }
        }
    }

    /** A track key's canonical text; null when missing or null, {@link #BAD_KEY} for an object, an array or a number that is not finite. */
    private String keyText(JsonToken v) throws IOException {
        switch (v) {
            case VALUE_STRING -> {
                return cache.get(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
            }
            case VALUE_NUMBER_INT -> {
                char[] chars = p.getTextCharacters();
                int offset = p.getTextOffset();
                int length = p.getTextLength();
                if (length == 2 && chars[offset] == '-' && chars[offset + 1] == '0') {
                    return "0";
                }
                return cache.get(chars, offset, length);
            }
            case VALUE_NUMBER_FLOAT -> {
                return canonicalDecimal();
            }
            case VALUE_TRUE -> {
                return "true";
            }
            case VALUE_FALSE -> {
                return "false";
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> {
                p.skipChildren();
                return BAD_KEY;
            }
        }
    }

    /**
     * Canonical decimal of a non-integer-looking JSON number ({@code 1.0} and {@code 1e0} are {@code 1}).
     * NaN, Infinity and numbers whose plain form would exceed 1000 digits are {@link #BAD_KEY}.
     */
    private String canonicalDecimal() throws IOException {
        if (p.isNaN()) {
            return BAD_KEY;
        }
        BigDecimal value;
        try {
            value = new BigDecimal(p.getTextCharacters(), p.getTextOffset(), p.getTextLength()).stripTrailingZeros();
        } catch (NumberFormatException e) {
            // An exponent past an int (found by fuzzing: 1e followed by 60 digits) is past 1000 digits too.
            return BAD_KEY;
        }
        if (value.scale() > 1000 || value.scale() < -1000) {
            return BAD_KEY;
        }
        return value.toPlainString();
    }

    /**
     * A {@code ts} or {@code dur}: a JSON number, or a string whose whole text is a decimal number (what sloppy
     * writers put there), read by one rule ({@link DecimalNanos}).
     */
    private long time(JsonToken v, boolean isTs) throws IOException {
        long nanos = DecimalNanos.UNUSABLE;
        if (v == JsonToken.VALUE_NUMBER_INT || v == JsonToken.VALUE_NUMBER_FLOAT || v == JsonToken.VALUE_STRING) {
            nanos = DecimalNanos.parseMicros(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        }
        if (nanos == DecimalNanos.UNUSABLE) {
            String field = isTs ? "\"ts\"" : "\"dur\"";
            String problem = switch (v) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.isNaN()
                        ? field + " " + p.getText() + ", not a finite number"
                        : field + " " + shorten(p.getText()) + ", beyond the range of nanoseconds in a long";
                case VALUE_STRING -> {
                    String quoted = field + " \"" + shorten(Quote.text(p.getText())) + "\"";
                    yield DecimalNanos.isDecimal(p.getTextCharacters(), p.getTextOffset(), p.getTextLength())
                            ? quoted + ", beyond the range of nanoseconds in a long"
                            : quoted + ", a string that is not a decimal number";
                }
                default -> field + " that is " + describe(v) + ", not a number";
            };
            if (isTs) {
                tsProblem = problem;
            } else {
                durProblem = problem;
            }
            p.skipChildren();
        }
        return nanos;
    }

    private void readId2(JsonToken v) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            id2Bad = v != JsonToken.VALUE_NULL;
            return;
        }
        String field;
        while ((field = p.nextFieldName()) != null) {
            JsonToken value = p.nextToken();
            if ("local".equals(field)) {
                id2Local = keyText(value);
            } else if ("global".equals(field)) {
                id2Global = keyText(value);
            } else {
                p.skipChildren();
            }
        }
    }

    private void readArgs(JsonToken v) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        String field;
        while ((field = p.nextFieldName()) != null) {
            JsonToken value = p.nextToken();
            boolean counter = phState == PH_MISSING || ph == 'C';
            if (value == JsonToken.START_OBJECT && profiles != null && (phState == PH_MISSING || ph == 'P')
                    && "data".equals(field)) {
                profiles.readData(p);
            } else if (value == JsonToken.VALUE_STRING) {
                if ("name".equals(field)) {
                    argsName = cache.get(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
                }
                if (counter && DecimalNanos.isDecimal(p.getTextCharacters(), p.getTextOffset(), p.getTextLength())) {
                    // A number written as a string is the sample the number would be: the same text, the same double.
                    addNumericArg(field, Double.parseDouble(p.getText()));
                }
            } else if ((value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) && counter) {
                addNumericArg(field, p.getDoubleValue());
            } else {
                p.skipChildren();
            }
        }
    }

    /**
     * Keeps a finite numeric arg (what a {@code C} counter samples: a number, or a string holding a decimal
     * number); others are ignored, not warned.
     */
    private void addNumericArg(String field, double value) {
        if (!Double.isFinite(value)) {
            return;
        }
        if (argCount == argKeys.length) {
            argKeys = java.util.Arrays.copyOf(argKeys, argCount * 2);
            argValues = java.util.Arrays.copyOf(argValues, argCount * 2);
        }
        argKeys[argCount] = field;
        argValues[argCount] = value;
        argCount++;
    }

    private int threadTrack() {
        String pidKey = orEmpty(pid);
        String tidKey = orEmpty(tid);
        int slot = (pidKey.hashCode() * 31 + tidKey.hashCode()) & (TRACK_SLOTS - 1);
        if (pidKey.equals(threadPid[slot]) && tidKey.equals(threadTid[slot])) {
            return threadTrack[slot];
        }
        int track = sink.thread(pidKey, tidKey);
        threadPid[slot] = pidKey;
        threadTid[slot] = tidKey;
        threadTrack[slot] = track;
        return track;
    }

    private int asyncTrack(String pidKey, String catKey, String idKey) {
        int slot = ((pidKey.hashCode() * 31 + catKey.hashCode()) * 31 + idKey.hashCode()) & (TRACK_SLOTS - 1);
        if (pidKey.equals(asyncPid[slot]) && catKey.equals(asyncCat[slot]) && idKey.equals(asyncId[slot])) {
            return asyncTrack[slot];
        }
        int track = sink.asyncTrack(pidKey, catKey, idKey);
        asyncPid[slot] = pidKey;
        asyncCat[slot] = catKey;
        asyncId[slot] = idKey;
        asyncTrack[slot] = track;
        return track;
    }

    private String regionName() {
        return name == null ? UNNAMED : name;
    }

    /** What an end compares with the begin it closes: its name's id, or nothing when it has no name. */
    private int endName() {
        return name == null ? EventSink.NO_NAME : sink.frames().names().intern(name);
    }

    private static String orEmpty(String key) {
        return key == null ? "" : key;
    }

    private void warnEvent(String kind, String what) {
        diagnostics.warn(kind, where(eventLine, eventColumn) + ": " + what);
    }

    private String where(long line, long column) {
        return file + ":" + line + ":" + column;
    }

    /**
     * The input ended: silently, with one {@code truncated} warning, or as an error, depending on where.
     * When the input ended in a run of zero bytes (held back by {@link #zeros}), they start at {@code at}.
     */
    private void endOfInput(JsonLocation at, boolean streamCut) {
        long line = at == null ? 0 : at.getLineNr();
        long column = at == null ? 0 : at.getColumnNr();
        long zeroBytes = zeros == null ? 0 : zeros.zeroTailBytes();
        String zeroRun = zeroBytes == 0 ? null : "in " + zeroBytes + (zeroBytes == 1 ? " zero byte" : " zero bytes");
        String ends = zeroRun == null ? "the input ends" : "the input ends " + zeroRun;
        switch (state) {
            case IN_EVENT -> diagnostics.warn(Diagnostics.TRUNCATED, where(eventLine, eventColumn)
                    + ": the input ends inside the event that starts here"
                    + (zeroRun == null ? "" : " (" + zeroRun + " from " + line + ":" + column
                            + ": data its writer never wrote out?)")
                    + "; the " + completeEvents + " complete events before it are kept");
            case IN_HEADER -> {
                if (!sawEventsArray) {
                    throw BadInputException.at(file, line, column, ends + " before any traceEvents array", null);
                }
                diagnostics.warn(Diagnostics.TRUNCATED, where(line, column)
                        + ": " + ends + " inside the trace object, after its traceEvents");
            }
            default -> {
                if (zeroRun != null) {
                    diagnostics.warn(Diagnostics.TRUNCATED, where(line, column) + ": " + ends
                            + " from here (data its writer never wrote out?); the " + completeEvents
                            + " complete events before them are kept");
                } else if (streamCut) {
                    diagnostics.warn(Diagnostics.TRUNCATED, where(line, column)
                            + ": the compressed stream ends early; the " + completeEvents
                            + " complete events before it are kept");
                }
                // Otherwise only closing brackets are missing: PerfFlowAspect never writes them.
            }
        }
    }

    private static boolean isEndOfInput(JsonProcessingException e) {
        if (e instanceof JsonEOFException) {
            return true;
        }
        String message = e.getOriginalMessage();
        // Jackson reports EOF after a trailing comma as a plain parse error with this wording.
        return message != null && message.startsWith("Unexpected end-of-input");
    }

    /**
     * Where the parser stands when reading its input failed: Jackson has by then counted its whole buffer
     * as consumed a second time, so its offset and column are too large by the length of that buffer.
     */
    private JsonLocation afterFailedRead() {
        JsonLocation at = p.currentLocation();
        long excess = at.getByteOffset() - window.total();
        if (excess <= 0 || excess >= at.getColumnNr()) {
            return at;
        }
        return new JsonLocation(ContentReference.unknown(), at.getByteOffset() - excess, -1, at.getLineNr(),
                (int) (at.getColumnNr() - excess));
    }

    /** A number or literal cut by the end of the input, which Jackson reports as an invalid token. */
    private boolean isCutValue(JsonProcessingException e) {
        return e.getLocation() != null && window.endsInsideAValue(e.getLocation().getByteOffset());
    }

    private BadInputException bad(JsonProcessingException e, String problem) {
        JsonLocation at = e.getLocation() != null ? e.getLocation() : p.currentLocation();
        return bad(at, problem);
    }

    private BadInputException bad(JsonLocation at, String problem) {
        return BadInputException.at(file, Math.max(0, at.getLineNr()), Math.max(0, at.getColumnNr()), problem,
                window.quoteAround(at.getByteOffset()));
    }

    private static String limitProblem(String message) {
        if (message != null && message.contains("nesting depth")) {
            return "JSON nested deeper than the parser's limit of 1000 levels";
        }
        return "JSON exceeds a parser limit: " + oneLine(message);
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "(no detail)";
        }
        int newline = message.indexOf('\n');
        String first = newline >= 0 ? message.substring(0, newline) : message;
        // Jackson names the source and position of the enclosing value; our message already has the position.
        first = JACKSON_SOURCE.matcher(first).replaceAll("");
        return shorten(Quote.text(first.strip()));
    }

    private static String shorten(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }

    private static String describe(JsonToken t) {
        if (t == null) {
            return "nothing";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.asString() != null ? "'" + t.asString() + "'" : t.name();
        };
    }
}
