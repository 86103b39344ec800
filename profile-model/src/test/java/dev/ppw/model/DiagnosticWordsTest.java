package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Words come from declarations: profile-model's own, then those given; a family says its kinds without their own. */
class DiagnosticWordsTest {
    private static final DiagnosticKind PHASES = DiagnosticKind.note("phase_*", "event of phase '*'",
            "events of phase '*'");
    private static final DiagnosticKind METADATA = DiagnosticKind.note("phase_M",
            "metadata event (process and thread names)", "metadata events (process and thread names)");

    @Test
    void everyKindConstantOfDiagnosticsIsDeclaredInProfileModelWithWordsOfItsOwn() throws IllegalAccessException {
        List<String> kinds = new ArrayList<>();
        for (Field f : Diagnostics.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                kinds.add((String) f.get(null));
            }
        }
        assertTrue(kinds.size() >= 15, kinds::toString);
        DiagnosticWords generic = DiagnosticWords.generic();
        for (String kind : kinds) {
            assertTrue(generic.known(kind), kind);
            assertFalse(generic.counted(kind, 2).contains(kind), "words, not the kind: " + kind);
        }
        assertEquals(kinds.stream().sorted().toList(),
                DiagnosticWords.GENERIC.stream().map(DiagnosticKind::name).sorted().toList(),
                "the generic declarations are exactly the constants");
    }

    @Test
    void countsTakeTheSingularOrThePlural() {
        DiagnosticWords words = DiagnosticWords.of(List.of(PHASES, METADATA));
        assertEquals("9 metadata events (process and thread names)", words.counted("phase_M", 9));
        assertEquals("1 metadata event (process and thread names)", words.counted("phase_M", 1));
        assertEquals("1 begin never ended (closed at its track's last time)",
                words.counted(Diagnostics.UNCLOSED_BEGIN, 1));
        assertEquals("50 begins never ended (closed at their track's last time)",
                words.counted(Diagnostics.UNCLOSED_BEGIN, 50));
        assertEquals("0 events of phase 's'", words.counted("phase_s", 0));
    }

    @Test
    void aKindOfAFamilyIsSaidByTheFamilyAndAKindNobodyDeclaresAsItIs() {
        DiagnosticWords words = DiagnosticWords.of(List.of(METADATA, PHASES));
        assertTrue(words.known("phase_Q"));
        assertEquals(PHASES, words.declaration("phase_Q").orElseThrow());
        assertEquals(METADATA, words.declaration("phase_M").orElseThrow(), "its own declaration says it better");
        assertEquals("2 events of phase 'Q'", words.counted("phase_Q", 2));
        assertEquals("1 event of phase 'XY'", words.counted("phase_XY", 1));
        assertFalse(words.known("phase_"), "a family's prefix alone is no kind of it");
        assertFalse(words.known("dropped_node"));
        assertEquals("3 dropped_node", words.counted("dropped_node", 3));
        assertEquals("3 phase_Q", DiagnosticWords.generic().counted("phase_Q", 3), "without the family");
    }

    @Test
    void theNarrowestFamilySaysAKind() {
        DiagnosticKind wide = DiagnosticKind.note("lttng_*", "lttng note *", "lttng notes *");
        DiagnosticKind narrow = DiagnosticKind.note("lttng_event *", "event '*' (folded into nothing)",
                "events '*' (folded into nothing)");
        DiagnosticWords words = DiagnosticWords.of(List.of(wide, narrow));
        assertEquals("2 events 'python:line' (folded into nothing)", words.counted("lttng_event python:line", 2));
        assertEquals("1 lttng note other", words.counted("lttng_other", 1));
    }

    @Test
    void oneNameIsOneDeclaration() {
        DiagnosticKind again = DiagnosticKind.note("phase_M", "metadata event", "metadata events");
        assertEquals(1, DiagnosticWords.of(List.of(METADATA, METADATA)).kinds().stream()
                .filter(k -> k.name().equals("phase_M")).count(), "the same declaration twice is one");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DiagnosticWords.of(List.of(METADATA, again)));
        assertTrue(e.getMessage().contains("phase_M is declared twice, differently"), e.getMessage());
        DiagnosticKind overlap = DiagnosticKind.warning(Diagnostics.OVERLAP, "clip", "clips");
        assertThrows(IllegalArgumentException.class, () -> DiagnosticWords.of(List.of(overlap)),
                "a generic kind is declared once, in profile-model");
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
