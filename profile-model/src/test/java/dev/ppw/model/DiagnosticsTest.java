package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Notes keep their first examples as warnings do, and adding diagnostics together keeps them. */
class DiagnosticsTest {
    @Test
    void aNoteWithAnExampleKeepsTheFirstFewAndNeverCountsAsAWarning() {
        Diagnostics d = new Diagnostics();
        for (int i = 0; i < 5; i++) {
            d.note(Diagnostics.INPUT_NAMED_TWICE, "f" + i);
        }
        d.note(Diagnostics.INPUT_NAMED_TWICE);
        assertEquals(6, d.noteCount(Diagnostics.INPUT_NAMED_TWICE));
        assertEquals(List.of("f0", "f1", "f2"), d.notes().get(Diagnostics.INPUT_NAMED_TWICE).examples());
        assertFalse(d.hasWarnings());
        assertEquals(0, d.warningCount());
    }

    @Test
    void addAllKeepsTheExamplesOfNotesInOrderUpToTheLimit() {
        Diagnostics first = new Diagnostics();
        first.note(Diagnostics.INPUT_NAMED_TWICE, "a");
        first.note("phase_I");
        Diagnostics second = new Diagnostics();
        second.note(Diagnostics.INPUT_NAMED_TWICE, "b");
        second.note(Diagnostics.INPUT_NAMED_TWICE, "c");
        second.note(Diagnostics.INPUT_NAMED_TWICE, "d");
        first.addAll(second);
        assertEquals(4, first.noteCount(Diagnostics.INPUT_NAMED_TWICE));
        assertEquals(List.of("a", "b", "c"), first.notes().get(Diagnostics.INPUT_NAMED_TWICE).examples());
        assertEquals(List.of(Diagnostics.INPUT_NAMED_TWICE, "phase_I"), List.copyOf(first.notes().keySet()));
    }

    private static final DiagnosticKind ZERO = DiagnosticKind.note("zero_count", "line with a count of 0",
            "lines with a count of 0");
    private static final DiagnosticKind LOST = DiagnosticKind.warning("lost_state", "packet that lost its state",
            "packets that lost their state");

    @Test
    void aDeclaredKindIsCountedUnderItsNameAndItsSeverityIsChecked() {
        Diagnostics d = new Diagnostics();
        d.note(ZERO);
        d.note(ZERO, "a.folded:3:1");
        d.note(ZERO, 2);
        d.warn(LOST, "t.pftrace: byte 40");
        d.warn(LOST, 3, List.of("b", "c"));
        assertEquals(4, d.noteCount(ZERO));
        assertEquals(4, d.noteCount("zero_count"));
        assertEquals(4, d.warningCount(LOST));
        assertEquals(List.of("t.pftrace: byte 40", "b", "c"), d.warnings().get("lost_state").examples());
        IllegalArgumentException asWarning = assertThrows(IllegalArgumentException.class, () -> d.warn(ZERO, "x"));
        assertEquals("zero_count is declared a note, not a warning", asWarning.getMessage());
        assertThrows(IllegalArgumentException.class, () -> d.note(LOST));
        DiagnosticKind family = DiagnosticKind.note("phase_*", "event of phase '*'", "events of phase '*'");
        assertThrows(IllegalArgumentException.class, () -> d.note(family), "a family is no kind to count");
        assertEquals(4, d.noteCount(ZERO), "a refused count counts nothing");
    }

    @Test
    void theCountsSayInWordsTheKindsTheyMetOrWereToldAndAddAllCarriesThem() {
        Diagnostics read = new Diagnostics();
        read.note(ZERO);
        read.note("phase_M", 9);
        read.warn(Diagnostics.OVERLAP, "clip");
        assertEquals("1 line with a count of 0", read.words().counted("zero_count", 1));
        assertEquals("9 phase_M", read.words().counted("phase_M", 9), "counted by name: no words yet");
        assertEquals("1 frame cut short by an enclosing frame that ended first",
                read.words().counted(Diagnostics.OVERLAP, 1));
        Diagnostics merged = new Diagnostics();
        merged.addAll(read);
        assertEquals("2 lines with a count of 0", merged.words().counted("zero_count", 2));
        merged.declare(List.of(DiagnosticKind.note("phase_M", "metadata event", "metadata events"),
                DiagnosticKind.note("zero_count", "another", "others"), DiagnosticKind.note(Diagnostics.OVERLAP,
                        "not", "this")));
        assertEquals("9 metadata events", merged.words().counted("phase_M", 9));
        assertEquals("2 lines with a count of 0", merged.words().counted("zero_count", 2), "the first declaration stays");
        assertEquals("2 frames cut short by an enclosing frame that ended first",
                merged.words().counted(Diagnostics.OVERLAP, 2), "profile-model's own are not declared again");
    }
}
