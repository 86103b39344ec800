package dev.ppw.collect.chrome;

import dev.ppw.model.DiagnosticKind;

import java.util.ArrayList;
import java.util.List;

/**
 * The notes counting events of a Trace Event Format phase that are not calls ({@code phase_M 9}: nine metadata
 * events), one kind per phase: each phase the format defines in words of its own, any other as the family
 * {@code phase_*} says it ({@code 2 events of phase 'Q'}). The Chrome reader raises them, and the Perfetto reader
 * for the legacy events of the same phases. Stateless.
 */
public final class PhaseNotes {
    /** What every phase note's kind starts with; the phase follows ({@code phase_i}). */
    public static final String PREFIX = "phase_";
    /** A phase the format does not define, said by its letters. */
    public static final DiagnosticKind ANY_PHASE = DiagnosticKind.note(PREFIX + DiagnosticKind.ANY,
            "event of phase '" + DiagnosticKind.ANY + "'", "events of phase '" + DiagnosticKind.ANY + "'");
    /** The family first, then one declaration per phase the Trace Event Format defines. */
    public static final List<DiagnosticKind> KINDS;

    static {
        List<DiagnosticKind> kinds = new ArrayList<>();
        kinds.add(ANY_PHASE);
        phase(kinds, "M", "metadata event (process and thread names)", "metadata events (process and thread names)");
        phase(kinds, "C", "counter event without a numeric value", "counter events without a numeric value");
        phase(kinds, "i", "instant event", "instant events");
        phase(kinds, "I", "instant event", "instant events");
        phase(kinds, "n", "async instant event", "async instant events");
        phase(kinds, "R", "mark event", "mark events");
        phase(kinds, "s", "flow start", "flow starts");
        phase(kinds, "t", "flow step", "flow steps");
        phase(kinds, "f", "flow end", "flow ends");
        phase(kinds, "P", "sample event", "sample events");
        phase(kinds, "O", "object snapshot", "object snapshots");
        phase(kinds, "N", "object creation", "object creations");
        phase(kinds, "D", "object destruction", "object destructions");
        phase(kinds, "S", "legacy async start", "legacy async starts");
        phase(kinds, "T", "legacy async step", "legacy async steps");
        phase(kinds, "p", "legacy async step", "legacy async steps");
        phase(kinds, "F", "legacy async end", "legacy async ends");
        phase(kinds, "c", "clock sync event", "clock sync events");
        phase(kinds, "V", "memory dump event", "memory dump events");
        phase(kinds, "v", "memory dump event", "memory dump events");
        phase(kinds, "(", "context enter event", "context enter events");
        phase(kinds, ")", "context leave event", "context leave events");
        KINDS = List.copyOf(kinds);
    }

    private PhaseNotes() {
    }

    private static void phase(List<DiagnosticKind> kinds, String ph, String one, String many) {
        kinds.add(new DiagnosticKind(ANY_PHASE.kind(ph), DiagnosticKind.Severity.NOTE, one, many));
    }

    /** The kind of the note of phase {@code ph} ({@code phase_M}), declared or not. */
    public static String kind(String ph) {
        return PREFIX + ph;
    }
}
