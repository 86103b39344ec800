package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A declaration's name, severity and phrases; a family's prefix and its stand-in. */
class DiagnosticKindTest {
    @Test
    void aNameIsSnakeCaseOrAFamilysPrefixAndAStar() {
        for (String good : List.of("bad_event", "phase_M", "phase_(", "a", "phase_*", "lttng_event *", "x2_y")) {
            assertEquals(good, DiagnosticKind.note(good, "one", "many").name());
        }
        for (String bad : List.of("", "Bad", "_x", "two words", "a*b", "**", "*", "x  *", "tab\tx")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DiagnosticKind.note(bad, "one", "many"), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void aKindIsSaidInWords() {
        assertThrows(IllegalArgumentException.class, () -> DiagnosticKind.warning("x", " ", "xs"));
        assertThrows(IllegalArgumentException.class, () -> DiagnosticKind.warning("x", "x", ""));
        assertThrows(NullPointerException.class, () -> new DiagnosticKind("x", null, "x", "xs"));
    }

    @Test
    void aFamilyCoversItsPrefixAndMoreAndPutsTheRestInItsPhrases() {
        DiagnosticKind phases = DiagnosticKind.note("phase_*", "event of phase '*'", "events of phase '*'");
        assertTrue(phases.family());
        assertTrue(phases.covers("phase_Q"));
        assertFalse(phases.covers("phase_"));
        assertFalse(phases.covers("phases"));
        assertEquals("phase_M", phases.kind("M"));
        assertEquals("events of phase 'XY'", phases.words("phase_XY", 2));
        assertEquals("event of phase 'XY'", phases.words("phase_XY", 1));
        DiagnosticKind exact = DiagnosticKind.warning("bad_event", "bad event", "bad events");
        assertFalse(exact.family());
        assertTrue(exact.covers("bad_event"));
        assertFalse(exact.covers("bad_events"));
        assertEquals("bad_event", exact.kind("ignored"));
        assertEquals("bad events", exact.words("bad_event", 0));
    }

    @Test
    void aNoteSaidByItsNameKeepsWhatWasPrintedBeforeKindsHadWords() {
        assertEquals("pprof_labels_ignored", DiagnosticKind.note("pprof_labels_ignored").words("pprof_labels_ignored", 7));
        assertEquals("lttng_event python:line",
                DiagnosticKind.note("lttng_event *").words("lttng_event python:line", 2));
        assertEquals(DiagnosticKind.Severity.NOTE, DiagnosticKind.note("x").severity());
    }
}
