package dev.ppw.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Named counters of what a read or a fold skipped, repaired or ignored, each with its first few examples
 * ({@link #examplesPerKind()} of them: 3 unless the caller asks for more, to list every warning).
 *
 * <p>Two severities: a <em>warning</em> is an anomaly in the input (a bad event, a clipped frame, a cut
 * file) that {@code --strict} turns into an error; a <em>note</em> is never an error: it counts what the
 * format carries but the profile has no use for (instant events, flows, ...), or an input named more than
 * once and read once ({@link #INPUT_NAMED_TWICE}). Kinds are short snake_case names as in SEMANTICS.md
 * ({@code missing_ts}, {@code overlap}, ...), each a constant here and said in words by
 * {@link DiagnosticWords}. Counts only grow. Not thread-safe; parallel readers keep one each and
 * {@link #addAll} them.
 */
public final class Diagnostics {
    /** How many examples are kept per kind unless told otherwise. */
    public static final int EXAMPLES_PER_KIND = 3;

    // Warning kinds of SEMANTICS.md section 1.
    public static final String MISSING_TS = "missing_ts";
    public static final String BAD_DURATION = "bad_duration";
    public static final String OVERLAP = "overlap";
    public static final String MISMATCHED_END = "mismatched_end";
    public static final String UNMATCHED_END = "unmatched_end";
    public static final String UNCLOSED_BEGIN = "unclosed_begin";
    public static final String TRUNCATED = "truncated";
    /** Warning: one event (or folded line) a reader could not use: a bad {@code ph}, an object-valued key, ... */
    public static final String BAD_EVENT = "bad_event";

    // Note kinds: what the formats carry and the profile has no use for.
    /**
     * The note of an input named more than once (two spellings of one file, a glob and a folder that both reach
     * it, a link to it): it is read once, and the example says which file and how it was named.
     */
    public static final String INPUT_NAMED_TWICE = "input_named_twice";
    /** Prefix of the notes counting the events of a skipped Chrome phase ({@code phase_M}, {@code phase_i}, ...). */
    public static final String PHASE_NOTE_PREFIX = "phase_";
    /** An empty event object {@code {}}. */
    public static final String EMPTY_EVENT = "empty_event";
    /** A stack sample without any frame. */
    public static final String EMPTY_STACK = "empty_stack";
    /** A folded-stacks line whose count is 0. */
    public static final String ZERO_COUNT = "zero_count";
    /** A region counter sample with {@code cpu_usage} and {@code memory_usage} both 0: PerfFlowAspect's end-of-call reset. */
    public static final String COUNTER_RESET = "counter_reset";
    /** A region counter sample with no open frame of its region on its track. */
    public static final String COUNTER_OUTSIDE_REGION = "counter_outside_region";
    /** A displayTimeUnit that is not a unit ppw-java prints, ignored. */
    public static final String DISPLAY_TIME_UNIT_IGNORED = "display_time_unit_ignored";
    /** Inputs gave different displayTimeUnit values; text keeps its readable default. */
    public static final String DISPLAY_TIME_UNITS_DIFFER = "display_time_units_differ";
    /** One async {@code b}/{@code e} event (or async row of a saved profile) left out as {@code --async off} asks. */
    public static final String ASYNC_OFF = "async_off";
    /** One event an LTTng tracer discarded (its buffer was full), as a CTF packet's {@code events_discarded} counts it. */
    public static final String LTTNG_DISCARDED_EVENTS = "lttng_discarded_events";
    /** Warning: a stream file an LTTng trace's index names but that is missing or empty: its events are lost. */
    public static final String LTTNG_MISSING_STREAM = "lttng_missing_stream";
    /** Warning: a CTF trace folder of an LTTng output with metadata but no stream file (others have some). */
    public static final String LTTNG_TRACE_WITHOUT_STREAMS = "lttng_trace_without_streams";
    /** Warning: a folder of CTF stream files without the metadata that decodes them, beside traces that have it. */
    public static final String LTTNG_MISSING_METADATA = "lttng_missing_metadata";
    /** Warning: a CTF packet whose header carries another trace's UUID than its metadata's: skipped. */
    public static final String LTTNG_UUID_MISMATCH = "lttng_uuid_mismatch";
    /**
     * Warning: a CTF packet whose {@code events_discarded} would make the stream's count of lost events overflow
     * 2^63 - 1 (a damaged context, or a counter that wrapped): not counted as discards.
     */
    public static final String LTTNG_BAD_DISCARD_COUNT = "lttng_bad_discard_count";
    /** A perf stat count printed as {@code <not counted>} or {@code <not supported>}: no sample of its series. */
    public static final String NOT_COUNTED = "not_counted";
    /** Warning: a Perfetto packet that needs the incremental state its sequence lost (or never had), skipped. */
    public static final String LOST_INCREMENTAL_STATE = "lost_incremental_state";
    /** Warning: a Perfetto event on a track that no TrackDescriptor describes, dropped. */
    public static final String UNKNOWN_TRACK = "unknown_track";
    /** Warning: a Perfetto packet timed in a clock its sequence never defined by a ClockSnapshot, its event dropped. */
    public static final String UNKNOWN_CLOCK = "unknown_clock";
    /** Warning: a Perfetto event name id its sequence never interned: the region is {@code <unnamed>}. */
    public static final String UNKNOWN_NAME = "unknown_interned_name";
    /** Note: a Perfetto instant event, which is not a call. */
    public static final String INSTANT_EVENT = "instant_event";
    /** Note: a Perfetto track event with neither a type nor a legacy phase. */
    public static final String UNKNOWN_EVENT_TYPE = "unknown_event_type";
    /**
     * Prefix of the notes that count Perfetto track events by a type that is no call: {@code event_type_5} for
     * {@code TYPE_STATE}, and as much for a type Perfetto's protos do not define (a newer writer's).
     */
    public static final String EVENT_TYPE_NOTE_PREFIX = "event_type_";
    /**
     * Note: the input was followed while written ({@code profile --follow}) and the follow stopped (Ctrl-C, idle
     * time, the end of standard input) inside an event or line its writer had not finished: that last event was
     * left out, which is no error.
     */
    public static final String UNFINISHED_EVENT = "unfinished_event";
    /** Note: a JFR sample whose stack the recorder cut at its depth limit; its outermost recorded frame is its root. */
    public static final String JFR_TRUNCATED_STACK = "jfr_truncated_stack";
    /**
     * Warning: a part of a JFR chunk that cannot be decoded (a record whose size runs past the chunk, a value past
     * its record's end, a header offset where no such record is), skipped; the example names its byte.
     */
    public static final String JFR_DAMAGED = "jfr_damaged";
    /**
     * Warning: an input whose file name is another format's (a TAU run's {@code profile.N.C.T}) and whose bytes are
     * of the format that read it: it was read as its bytes say, which its name hides from whoever lists the folder.
     */
    public static final String MISNAMED_INPUT = "misnamed_input";
    /** Note: JFR events of types the reader does not turn into samples (GC, I/O, ...), counted; the example names each type's count. */
    public static final String JFR_UNREAD_EVENTS = "jfr_unread_events";

    private final int examplesPerKind;
    private final Map<String, Entry> warnings = new LinkedHashMap<>();
    private final Map<String, Entry> notes = new LinkedHashMap<>();

    /** Counts keeping the first {@link #EXAMPLES_PER_KIND} examples of each kind. */
    public Diagnostics() {
        this(EXAMPLES_PER_KIND);
    }

    /**
     * Counts keeping the first {@code examplesPerKind} examples of each kind (at least 0): memory grows with
     * this bound, never with the count.
     */
    public Diagnostics(int examplesPerKind) {
        if (examplesPerKind < 0) {
            throw new IllegalArgumentException("examples per kind must be at least 0, got " + examplesPerKind);
        }
        this.examplesPerKind = examplesPerKind;
    }

    /** How many examples of each kind this keeps. */
    public int examplesPerKind() {
        return examplesPerKind;
    }

    /** One kind's count and first examples ("where: what"). */
    public static final class Entry {
        private long count;
        private final List<String> examples = new ArrayList<>();
        private final int kept;

        Entry(int kept) {
            this.kept = kept;
        }

        public long count() {
            return count;
        }

        public List<String> examples() {
            return Collections.unmodifiableList(examples);
        }

        void add(long n, String example) {
            count += n;
            if (example != null && examples.size() < kept) {
                examples.add(example);
            }
        }
    }

    /** Counts one warning of {@code kind}; {@code example} (may be null) says where and what, e.g. "t.json:3:1: E 'f' with no open B". */
    public void warn(String kind, String example) {
        warnings.computeIfAbsent(kind, k -> entry()).add(1, example);
    }

    /** Counts one note of {@code kind}: something ignored on purpose, never an error. */
    public void note(String kind) {
        notes.computeIfAbsent(kind, k -> entry()).add(1, null);
    }

    /**
     * Counts {@code count} warnings of {@code kind} at once, with their first examples (at most
     * {@link #examplesPerKind()} are kept): for code that keeps counts elsewhere and rebuilds them here.
     */
    public void warn(String kind, long count, List<String> examples) {
        if (count < examples.size()) {
            throw new IllegalArgumentException(kind + ": " + examples.size() + " examples of " + count + " warnings");
        }
        Entry e = warnings.computeIfAbsent(kind, k -> entry());
        for (String example : examples) {
            e.add(1, example);
        }
        e.add(count - examples.size(), null);
    }

    /** Counts one note of {@code kind}; {@code example} (may be null) says which input or event and how. */
    public void note(String kind, String example) {
        notes.computeIfAbsent(kind, k -> entry()).add(1, example);
    }

    /** Counts {@code count} notes of {@code kind} at once, {@code example} (may be null) saying what they are. */
    public void note(String kind, long count, String example) {
        notes.computeIfAbsent(kind, k -> entry()).add(count, example);
    }

    /** Counts {@code count} notes of {@code kind} at once. */
    public void note(String kind, long count) {
        notes.computeIfAbsent(kind, k -> entry()).add(count, null);
    }

    private Entry entry() {
        return new Entry(examplesPerKind);
    }

    /** Adds every count and example of {@code other} to this one (as many examples as this keeps). */
    public void addAll(Diagnostics other) {
        other.warnings.forEach((k, e) -> {
            Entry mine = warnings.computeIfAbsent(k, x -> entry());
            mine.count += e.count;
            for (String ex : e.examples) {
                if (mine.examples.size() < examplesPerKind) {
                    mine.examples.add(ex);
                }
            }
        });
        other.notes.forEach((k, e) -> {
            Entry mine = notes.computeIfAbsent(k, x -> entry());
            mine.count += e.count;
            for (String ex : e.examples) {
                if (mine.examples.size() < examplesPerKind) {
                    mine.examples.add(ex);
                }
            }
        });
    }

    /** Warning kinds in first-seen order with their entries. */
    public Map<String, Entry> warnings() {
        return Collections.unmodifiableMap(warnings);
    }

    /** Note kinds in first-seen order with their entries. */
    public Map<String, Entry> notes() {
        return Collections.unmodifiableMap(notes);
    }

    public long warningCount() {
        long total = 0;
        for (Entry e : warnings.values()) {
            total += e.count;
        }
        return total;
    }

    public long warningCount(String kind) {
        Entry e = warnings.get(kind);
        return e == null ? 0 : e.count;
    }

    public long noteCount(String kind) {
        Entry e = notes.get(kind);
        return e == null ? 0 : e.count;
    }

    public boolean hasWarnings() {
        return !warnings.isEmpty();
    }
}
