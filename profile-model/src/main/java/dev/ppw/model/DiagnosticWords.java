package dev.ppw.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every diagnostic kind in words, in one table, for what people read (the text header, the warnings on
 * stderr): {@code phase_M 9} becomes {@code 9 metadata events (process and thread names)}. Machine-readable
 * outputs keep the kinds ({@link Diagnostics}), which SEMANTICS.md defines.
 *
 * <p>A kind is said with a singular and a plural phrase that follow its count. The notes of skipped Chrome
 * phases ({@code phase_X}) have one phrase per phase the Trace Event Format defines; any other phase, and a
 * kind this table does not know (a kind of a newer plug-in), is said as what it is, never dropped.
 * Stateless and thread-safe.
 */
public final class DiagnosticWords {
    private record Phrase(String one, String many) {
    }

    private static final Map<String, Phrase> KINDS = new LinkedHashMap<>();
    private static final Map<String, Phrase> PHASES = new LinkedHashMap<>();

    static {
        kind(Diagnostics.MISSING_TS, "event without a usable timestamp (dropped)",
                "events without a usable timestamp (dropped)");
        kind(Diagnostics.BAD_DURATION, "event with an unusable or negative duration (dropped)",
                "events with an unusable or negative duration (dropped)");
        kind(Diagnostics.OVERLAP, "frame cut short by an enclosing frame that ended first",
                "frames cut short by an enclosing frame that ended first");
        kind(Diagnostics.MISMATCHED_END, "end event named otherwise than the begin it closed",
                "end events named otherwise than the begin they closed");
        kind(Diagnostics.UNMATCHED_END, "end event with no open begin (dropped)",
                "end events with no open begin (dropped)");
        kind(Diagnostics.UNCLOSED_BEGIN, "begin never ended (closed at its track's last time)",
                "begins never ended (closed at their track's last time)");
        kind(Diagnostics.TRUNCATED, "input cut short or ending in zero bytes (read up to there)",
                "inputs cut short or ending in zero bytes (read up to there)");
        kind(Diagnostics.BAD_EVENT, "malformed event or line (skipped)", "malformed events or lines (skipped)");
        kind(Diagnostics.EMPTY_EVENT, "empty event {}", "empty events {}");
        kind(Diagnostics.EMPTY_STACK, "sample with an empty stack", "samples with an empty stack");
        kind(Diagnostics.ZERO_COUNT, "folded line with a count of 0", "folded lines with a count of 0");
        kind(Diagnostics.COUNTER_RESET, "end-of-call counter reset (cpu and memory 0)",
                "end-of-call counter resets (cpu and memory 0)");
        kind(Diagnostics.COUNTER_OUTSIDE_REGION, "region counter sample outside its region",
                "region counter samples outside their region");
        kind(Diagnostics.DISPLAY_TIME_UNIT_IGNORED, "displayTimeUnit not understood (ignored)",
                "displayTimeUnits not understood (ignored)");
        kind(Diagnostics.DISPLAY_TIME_UNITS_DIFFER, "disagreement of the inputs' displayTimeUnits (ignored)",
                "disagreements of the inputs' displayTimeUnits (ignored)");
        kind(Diagnostics.INPUT_NAMED_TWICE, "input named more than once (read once)",
                "inputs named more than once (read once each)");
        kind(Diagnostics.ASYNC_OFF, "async event left out (--async off)", "async events left out (--async off)");
        kind(Diagnostics.LTTNG_DISCARDED_EVENTS, "event discarded by the tracer (its buffer was full)",
                "events discarded by the tracer (its buffers were full)");
        kind(Diagnostics.LTTNG_MISSING_STREAM, "stream file of an LTTng trace missing though its index names it"
                + " (its events lost)", "stream files of LTTng traces missing though their index names them (their"
                + " events lost)");
        kind(Diagnostics.LTTNG_TRACE_WITHOUT_STREAMS, "CTF trace with metadata but no stream file (no events)",
                "CTF traces with metadata but no stream file (no events)");
        kind(Diagnostics.LTTNG_MISSING_METADATA, "folder of CTF streams without its metadata file (not read)",
                "folders of CTF streams without their metadata file (not read)");
        kind(Diagnostics.LTTNG_UUID_MISMATCH, "CTF packet of another trace (its UUID not the metadata's; skipped)",
                "CTF packets of another trace (their UUID not the metadata's; skipped)");
        kind(Diagnostics.LTTNG_BAD_DISCARD_COUNT, "CTF packet whose events_discarded overflows the count of lost"
                + " events (damaged or wrapped; not counted)", "CTF packets whose events_discarded overflows the"
                + " count of lost events (damaged or wrapped; not counted)");
        kind(Diagnostics.NOT_COUNTED, "perf stat count not counted or not supported (no sample)",
                "perf stat counts not counted or not supported (no samples)");
        kind(Diagnostics.LOST_INCREMENTAL_STATE, "packet needing incremental state its sequence had lost (skipped)",
                "packets needing incremental state their sequence had lost (skipped)");
        kind(Diagnostics.UNKNOWN_TRACK, "event on a track no descriptor describes (dropped)",
                "events on tracks no descriptor describes (dropped)");
        kind(Diagnostics.UNKNOWN_CLOCK, "packet timed in a clock its sequence never defined (dropped)",
                "packets timed in clocks their sequence never defined (dropped)");
        kind(Diagnostics.UNKNOWN_NAME, "event name never interned on its sequence (read as <unnamed>)",
                "event names never interned on their sequence (read as <unnamed>)");
        kind(Diagnostics.INSTANT_EVENT, "instant event (not a call)", "instant events (not calls)");
        kind(Diagnostics.UNKNOWN_EVENT_TYPE, "track event with neither a type nor a legacy phase (skipped)",
                "track events with neither a type nor a legacy phase (skipped)");
        kind(Diagnostics.UNFINISHED_EVENT, "unfinished last event of a followed input (left out)",
                "unfinished last events of followed inputs (left out)");
        kind(Diagnostics.JFR_TRUNCATED_STACK, "JFR sample whose stack the recorder cut at its depth limit",
                "JFR samples whose stacks the recorder cut at its depth limit");
        kind(Diagnostics.JFR_DAMAGED, "damaged part of a JFR chunk, skipped", "damaged parts of JFR chunks, skipped");
        kind(Diagnostics.MISNAMED_INPUT, "input named as another format's file, read as its bytes say",
                "inputs named as another format's files, read as their bytes say");
        kind(Diagnostics.JFR_UNREAD_EVENTS, "JFR event of a type not read", "JFR events of types not read");

        phase("M", "metadata event (process and thread names)", "metadata events (process and thread names)");
        phase("C", "counter event without a numeric value", "counter events without a numeric value");
        phase("i", "instant event", "instant events");
        phase("I", "instant event", "instant events");
        phase("n", "async instant event", "async instant events");
        phase("R", "mark event", "mark events");
        phase("s", "flow start", "flow starts");
        phase("t", "flow step", "flow steps");
        phase("f", "flow end", "flow ends");
        phase("P", "sample event", "sample events");
        phase("O", "object snapshot", "object snapshots");
        phase("N", "object creation", "object creations");
        phase("D", "object destruction", "object destructions");
        phase("S", "legacy async start", "legacy async starts");
        phase("T", "legacy async step", "legacy async steps");
        phase("p", "legacy async step", "legacy async steps");
        phase("F", "legacy async end", "legacy async ends");
        phase("c", "clock sync event", "clock sync events");
        phase("V", "memory dump event", "memory dump events");
        phase("v", "memory dump event", "memory dump events");
        phase("(", "context enter event", "context enter events");
        phase(")", "context leave event", "context leave events");
    }

    private DiagnosticWords() {
    }

    private static void kind(String kind, String one, String many) {
        KINDS.put(kind, new Phrase(one, many));
    }

    private static void phase(String ph, String one, String many) {
        PHASES.put(ph, new Phrase(one, many));
    }

    /**
     * {@code count} events of {@code kind} in words: {@code 9 metadata events (process and thread names)},
     * {@code 1 begin never ended (closed at its track's last time)}.
     */
    public static String counted(String kind, long count) {
        return count + " " + words(kind, count);
    }

    /** What {@link #counted} says after the count: the singular phrase for 1, else the plural. */
    public static String words(String kind, long count) {
        Phrase p = phrase(kind);
        return count == 1 ? p.one() : p.many();
    }

    /** True when the table has words of its own for {@code kind} (a known phase included). */
    public static boolean known(String kind) {
        return KINDS.containsKey(kind) || PHASES.containsKey(phase(kind))
                || kind.startsWith(Diagnostics.EVENT_TYPE_NOTE_PREFIX);
    }

    /** The kinds the table knows, phases aside: every kind constant of {@link Diagnostics} among them. */
    public static Iterable<String> kinds() {
        return KINDS.keySet();
    }

    private static Phrase phrase(String kind) {
        Phrase p = KINDS.get(kind);
        if (p != null) {
            return p;
        }
        if (kind.startsWith(Diagnostics.EVENT_TYPE_NOTE_PREFIX)) {
            String type = kind.substring(Diagnostics.EVENT_TYPE_NOTE_PREFIX.length());
            return type.equals("5")
                    ? new Phrase("state event (TYPE_STATE, a track's symbolic value: no call)",
                            "state events (TYPE_STATE, a track's symbolic value: no call)")
                    : new Phrase("track event of type " + type + ", which Perfetto's protos do not define (skipped)",
                            "track events of type " + type + ", which Perfetto's protos do not define (skipped)");
        }
        String ph = phase(kind);
        if (ph != null) {
            p = PHASES.get(ph);
            return p != null ? p : new Phrase("event of phase '" + ph + "'", "events of phase '" + ph + "'");
        }
        return new Phrase(kind, kind);
    }

    /** The phase of a {@link Diagnostics#PHASE_NOTE_PREFIX} note, or null for another kind. */
    private static String phase(String kind) {
        return kind.startsWith(Diagnostics.PHASE_NOTE_PREFIX) && kind.length() > Diagnostics.PHASE_NOTE_PREFIX.length()
                ? kind.substring(Diagnostics.PHASE_NOTE_PREFIX.length()) : null;
    }
}
