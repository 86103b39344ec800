package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DiagnosticWordsTest {
    @Test
    void everyKindDeclaredInDiagnosticsHasWordsOfItsOwn() throws IllegalAccessException {
        List<String> kinds = new ArrayList<>();
        for (Field f : Diagnostics.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class
                    && !f.getName().endsWith("_PREFIX")) {
                kinds.add((String) f.get(null));
            }
        }
        assertTrue(kinds.size() >= 15, kinds::toString);
        for (String kind : kinds) {
            assertTrue(DiagnosticWords.known(kind), kind);
            assertFalse(DiagnosticWords.counted(kind, 2).contains(kind), "words, not the kind: " + kind);
        }
        List<String> table = new ArrayList<>();
        DiagnosticWords.kinds().forEach(table::add);
        assertEquals(kinds.stream().sorted().toList(), table.stream().sorted().toList(), "no words for unknown kinds");
    }

    @Test
    void countsTakeTheSingularOrThePlural() {
        assertEquals("9 metadata events (process and thread names)", DiagnosticWords.counted("phase_M", 9));
        assertEquals("1 metadata event (process and thread names)", DiagnosticWords.counted("phase_M", 1));
        assertEquals("1 begin never ended (closed at its track's last time)",
                DiagnosticWords.counted(Diagnostics.UNCLOSED_BEGIN, 1));
        assertEquals("50 begins never ended (closed at their track's last time)",
                DiagnosticWords.counted(Diagnostics.UNCLOSED_BEGIN, 50));
        assertEquals("0 flow starts", DiagnosticWords.counted("phase_s", 0));
    }

    @Test
    void anUnknownPhaseOrKindIsSaidAsItIsNeverDropped() {
        assertFalse(DiagnosticWords.known("phase_Q"));
        assertEquals("2 events of phase 'Q'", DiagnosticWords.counted("phase_Q", 2));
        assertEquals("1 event of phase 'XY'", DiagnosticWords.counted("phase_XY", 1));
        assertFalse(DiagnosticWords.known("dropped_node"));
        assertEquals("3 dropped_node", DiagnosticWords.counted("dropped_node", 3));
        assertFalse(DiagnosticWords.known("phase_"));
    }

    @Test
    void examplesAreKeptUpToTheBoundOfTheReceiver() {
        Diagnostics all = new Diagnostics(5);
        for (int i = 0; i < 7; i++) {
            all.warn(Diagnostics.OVERLAP, "clip " + i);
        }
        assertEquals(7, all.warningCount());
        assertEquals(List.of("clip 0", "clip 1", "clip 2", "clip 3", "clip 4"),
                all.warnings().get(Diagnostics.OVERLAP).examples());
        Diagnostics few = new Diagnostics();
        few.addAll(all);
        assertEquals(3, few.warnings().get(Diagnostics.OVERLAP).examples().size());
        Diagnostics more = new Diagnostics(10);
        more.addAll(all);
        more.addAll(all);
        assertEquals(10, more.warnings().get(Diagnostics.OVERLAP).examples().size());
        assertEquals(14, more.warningCount());
    }
}
