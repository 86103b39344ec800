package dev.ppw.collect;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.DiagnosticWords;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputFormat;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the registered formats declare: the endings a folder is searched for, and every kind they raise said in the
 * words it had when profile-model's one table held them all (nothing printed changed when the kinds moved into
 * their formats' packages).
 */
class FormatDeclarationsTest {
    private static final FormatRegistry FORMATS = FormatRegistry.load(FormatDeclarationsTest.class.getClassLoader());

    @Test
    void theFolderSearchLooksForTheEndingsItAlwaysLookedForInTheSameOrder() {
        assertEquals(List.of(".pfw", ".json", ".trace", ".folded", ".collapsed", ".stacks", ".pftrace",
                ".perfetto-trace", ".jfr", ".cpuprofile", ".pb", ".pprof"), FORMATS.fileEndings());
        Map<String, List<String>> byFormat = new LinkedHashMap<>();
        for (InputFormat f : FORMATS.formats()) {
            byFormat.put(f.name(), f.fileEndings());
        }
        assertEquals(List.of(), byFormat.get("tau"), "TAU's files are claimed by name (profile.N.C.T)");
        assertEquals(List.of(), byFormat.get("lttng-ctf"), "a CTF trace is a folder");
        assertEquals(List.of(".pfw", ".json", ".trace"), byFormat.get("chrome-json"));
    }

    @Test
    void everyKindAFormatRaisesIsSaidInTheWordsItHadBefore() {
        DiagnosticWords words = FORMATS.diagnosticWords();
        Map<String, String> before = new LinkedHashMap<>();
        before.put("empty_event", "empty events {}");
        before.put("zero_count", "folded lines with a count of 0");
        before.put("counter_reset", "end-of-call counter resets (cpu and memory 0)");
        before.put("lttng_discarded_events", "events discarded by the tracer (its buffers were full)");
        before.put("not_counted", "perf stat counts not counted or not supported (no samples)");
        before.put("lost_incremental_state", "packets needing incremental state their sequence had lost (skipped)");
        before.put("unknown_track", "events on tracks no descriptor describes (dropped)");
        before.put("unknown_clock", "packets timed in clocks their sequence never defined (dropped)");
        before.put("unknown_interned_name", "event names never interned on their sequence (read as <unnamed>)");
        before.put("instant_event", "instant events (not calls)");
        // issue 28: a type that is no call is counted by its number (event_type_*), so this kind says what is left
        before.put("unknown_event_type", "track events with neither a type nor a legacy phase (skipped)");
        before.put("event_type_5", "state events (TYPE_STATE, a track's symbolic value: no call)");
        before.put("event_type_9", "track events of type 9, which Perfetto's protos do not define (skipped)");
        before.put("lttng_missing_stream",
                "stream files of LTTng traces missing though their index names them (their events lost)");
        before.put("lttng_trace_without_streams", "CTF traces with metadata but no stream file (no events)");
        before.put("lttng_missing_metadata", "folders of CTF streams without their metadata file (not read)");
        before.put("lttng_uuid_mismatch", "CTF packets of another trace (their UUID not the metadata's; skipped)");
        before.put("lttng_bad_discard_count", "CTF packets whose events_discarded overflows the count of lost events"
                + " (damaged or wrapped; not counted)");
        before.put("jfr_truncated_stack", "JFR samples whose stacks the recorder cut at its depth limit");
        before.put("jfr_damaged", "damaged parts of JFR chunks, skipped");
        before.put("jfr_not_utf8", "JFR names that are not UTF-8 text (read with U+FFFD)");
        before.put("jfr_unread_events", "JFR events of types not read");
        before.put("misnamed_input", "inputs named as another format's files, read as their bytes say");
        // issue 28's readers: folded, V8 (in a .cpuprofile and in a Chrome trace's ProfileChunks), pprof
        before.put("folded_empty_last_frame", "folded stacks ending in ';' (their empty last frames dropped)");
        before.put("v8_negative_delta", "V8 samples timed before the samples before them (taken at those samples'"
                + " times)");
        before.put("unknown_field", "fields the format does not define (their content skipped)");
        before.put("phase_M", "metadata events (process and thread names)");
        before.put("phase_s", "flow starts");
        before.put("phase_)", "context leave events");
        before.put("phase_Q", "events of phase 'Q'");
        before.put("phase_XY", "events of phase 'XY'");
        // said by their names before kinds had words, and still
        before.put("pprof_labels_ignored", "pprof_labels_ignored");
        before.put("pprof_sample_type_skipped", "pprof_sample_type_skipped");
        before.put("pprof_unknown_unit", "pprof_unknown_unit");
        before.put("lttng_allocation_outside_call", "lttng_allocation_outside_call");
        before.put("lttng_bad_allocation_size", "lttng_bad_allocation_size");
        before.put("lttng_event python:line", "lttng_event python:line");
        before.put("lttng_binary_not_found", "lttng_binary_not_found");
        before.forEach((kind, many) -> {
            assertTrue(words.known(kind), kind);
            assertEquals("2 " + many, words.counted(kind, 2), kind);
        });
        assertEquals("1 metadata event (process and thread names)", words.counted("phase_M", 1));
        assertEquals("1 state event (TYPE_STATE, a track's symbolic value: no call)", words.counted("event_type_5", 1));
        assertEquals("1 JFR sample whose stack the recorder cut at its depth limit",
                words.counted("jfr_truncated_stack", 1));
        assertEquals("1 folded stack ending in ';' (its empty last frame dropped)",
                words.counted("folded_empty_last_frame", 1));
        assertEquals("1 V8 sample timed before the sample before it (taken at that sample's time)",
                words.counted("v8_negative_delta", 1));
        assertEquals("1 field the format does not define (its content skipped)", words.counted("unknown_field", 1));
    }

    @Test
    void aKindIsDeclaredByEveryFormatWhoseReaderRaisesIt() {
        Map<String, List<String>> kinds = new LinkedHashMap<>();
        for (InputFormat f : FORMATS.formats()) {
            kinds.put(f.name(), f.diagnosticKinds().stream().map(DiagnosticKind::name).toList());
        }
        assertTrue(kinds.get("v8-cpuprofile").contains("v8_negative_delta"), kinds.toString());
        assertTrue(kinds.get("chrome-json").contains("v8_negative_delta"), "a trace's ProfileChunks: " + kinds);
        assertTrue(kinds.get("folded").contains("folded_empty_last_frame"), kinds.toString());
        assertTrue(kinds.get("pprof").contains("unknown_field"), kinds.toString());
    }

    @Test
    void theSeveritiesAreThoseTheReadersCountThemWith() {
        DiagnosticWords words = FORMATS.diagnosticWords();
        for (String warning : List.of("lttng_discarded_events", "lost_incremental_state", "unknown_track",
                "unknown_clock", "unknown_interned_name", "jfr_damaged", "jfr_not_utf8", "misnamed_input",
                "lttng_missing_stream",
                "lttng_trace_without_streams", "lttng_missing_metadata", "lttng_uuid_mismatch",
                "lttng_bad_discard_count", "v8_negative_delta", "unknown_field")) {
            assertEquals(DiagnosticKind.Severity.WARNING, words.declaration(warning).orElseThrow().severity(), warning);
        }
        for (String note : List.of("empty_event", "zero_count", "counter_reset", "not_counted", "instant_event",
                "unknown_event_type", "jfr_truncated_stack", "jfr_unread_events", "phase_M", "phase_Q",
                "pprof_labels_ignored", "event_type_5", "event_type_9", "lttng_binary_not_found",
                "folded_empty_last_frame")) {
            assertEquals(DiagnosticKind.Severity.NOTE, words.declaration(note).orElseThrow().severity(), note);
        }
    }
}
