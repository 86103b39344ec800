package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
