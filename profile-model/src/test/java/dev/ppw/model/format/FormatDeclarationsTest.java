package dev.ppw.model.format;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a format declares and the registry offers: the file endings a folder is searched for, and the diagnostic
 * kinds in words; and what it refuses, naming the formats.
 */
class FormatDeclarationsTest {
    /** A format that declares {@code endings} and {@code kinds}, and reads nothing. */
    private record Declaring(String name, List<String> fileEndings, List<DiagnosticKind> diagnosticKinds)
            implements EventFormat {
        @Override
        public String description() {
            return name;
        }

        @Override
        public Confidence probe(Head head) {
            return Confidence.NONE;
        }

        @Override
        public void read(InputSource source, EventSink sink, ReadOptions options) {
            throw new AssertionError("declarations are read, not inputs");
        }
    }

    /** A format that declares nothing: every declaration has a default. */
    private record Plain(String name) implements EventFormat {
        @Override
        public String description() {
            return name;
        }

        @Override
        public Confidence probe(Head head) {
            return Confidence.NONE;
        }

        @Override
        public void read(InputSource source, EventSink sink, ReadOptions options) {
            throw new AssertionError("declarations are read, not inputs");
        }
    }

    private static final DiagnosticKind GAP = DiagnosticKind.warning("toy_gap", "gap in the toy's clock",
            "gaps in the toy's clock");
    private static final DiagnosticKind BLANK = DiagnosticKind.note("toy_blank", "blank toy line", "blank toy lines");

    @Test
    void endingsAreTheFormatsInTheOrderRegisteredEachOnceAndGzippedToo() {
        FormatRegistry formats = new FormatRegistry(List.of(
                new Declaring("zeta", List.of(".pfw", ".json"), List.of()),
                new Plain("plain"),
                new Declaring("alpha", List.of(".json", ".toy.txt"), List.of())));
        assertEquals(List.of(".pfw", ".json", ".toy.txt"), formats.fileEndings(),
                "registration order, not the names' (the folder search says them so)");
        for (String name : List.of("a.pfw", "A.PFW", "b.json.gz", "c.toy.txt", "d.TOY.TXT.GZ", "runs/e.json")) {
            assertTrue(formats.hasInputEnding(Path.of(name)), name);
        }
        for (String name : List.of("a.txt", "b.json.gz.gz", "c.pfw.bak", "pfw", "json", "x.gz")) {
            assertFalse(formats.hasInputEnding(Path.of(name)), name);
        }
    }

    @Test
    void aFormatWithoutEndingsOrKindsIsFoundByContentOnly() {
        FormatRegistry formats = new FormatRegistry(List.of(new Plain("plain")));
        assertEquals(List.of(), formats.fileEndings());
        assertFalse(formats.hasInputEnding(Path.of("a.json")));
        assertEquals(List.of(), formats.diagnosticKinds());
        assertEquals("2 toy_gap", formats.diagnosticWords().counted("toy_gap", 2), "undeclared: said as it is");
        assertEquals("2 malformed events or lines (skipped)",
                formats.diagnosticWords().counted(Diagnostics.BAD_EVENT, 2), "profile-model's own, always");
    }

    @Test
    void anEndingIsADotAndLowerCaseNameCharactersAndNeverGzAlone() {
        for (String bad : List.of("json", ".JSON", ".", ".gz", ". json", ".a/b", "", "..json", ".json.")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FormatRegistry(List.of(new Declaring("toy", List.of(bad), List.of()))), bad);
            assertTrue(e.getMessage().startsWith("toy: a file ending is"), e.getMessage());
            assertTrue(e.getMessage().endsWith("got " + bad), e.getMessage());
        }
        assertEquals(List.of(".tar.gz", ".perfetto-trace", ".x_1"), new FormatRegistry(List.of(new Declaring("toy",
                List.of(".tar.gz", ".perfetto-trace", ".x_1"), List.of()))).fileEndings());
    }

    @Test
    void kindsAreTheFormatsEachOnceAndSaidInTheirWords() {
        FormatRegistry formats = new FormatRegistry(List.of(new Declaring("toy", List.of(), List.of(GAP, BLANK)),
                new Declaring("toy-two", List.of(), List.of(BLANK))));
        assertEquals(List.of(GAP, BLANK), formats.diagnosticKinds(),
                "one kind declared by two formats (a shared constant) is one kind");
        assertEquals("1 gap in the toy's clock", formats.diagnosticWords().counted("toy_gap", 1));
        assertEquals("3 blank toy lines", formats.diagnosticWords().counted("toy_blank", 3));
    }

    @Test
    void aKindDeclaredDifferentlyByTwoFormatsIsRefusedNamingBoth() {
        DiagnosticKind otherGap = DiagnosticKind.note("toy_gap", "pause", "pauses");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FormatRegistry(List.of(
                new Declaring("toy", List.of(), List.of(GAP)), new Plain("plain"),
                new Declaring("other-toy", List.of(), List.of(otherGap)))));
        assertEquals("diagnostic kind toy_gap is declared by formats toy and other-toy, differently (a warning,"
                + " 'gaps in the toy's clock' and a note, 'pauses'): one name, one meaning; share the constant or"
                + " rename one", e.getMessage());
    }

    @Test
    void aFormatMayNotSayOneOfProfileModelsOwnKindsOtherwise() {
        DiagnosticKind truncated = DiagnosticKind.warning(Diagnostics.TRUNCATED, "cut toy", "cut toys");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FormatRegistry(List.of(
                new Declaring("toy", List.of(), List.of(truncated)))));
        assertTrue(e.getMessage().startsWith("diagnostic kind truncated of format toy is one of profile-model's own"),
                e.getMessage());
    }
}
