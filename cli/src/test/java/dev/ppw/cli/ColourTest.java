package dev.ppw.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --color}: the decision, without a terminal, and what reaches stdout, files and other formats. */
class ColourTest {
    private static final String TRACE = "src/test/resources/traces/perfflowaspect/verbose";
    private static final String ESCAPE = "\u001b[";

    @Test
    void autoColoursATerminalUnlessNoColorIsSetOrTheTerminalIsDumb() {
        assertTrue(Colour.decide(Colour.When.AUTO, true, true, null, "xterm-256color"));
        assertTrue(Colour.decide(Colour.When.AUTO, true, true, "", null));
        assertFalse(Colour.decide(Colour.When.AUTO, true, true, "1", "xterm"));
        assertFalse(Colour.decide(Colour.When.AUTO, true, true, "0", "xterm"), "any non-empty NO_COLOR");
        assertFalse(Colour.decide(Colour.When.AUTO, true, true, null, "dumb"));
        assertFalse(Colour.decide(Colour.When.AUTO, true, false, null, "xterm"));
    }

    @Test
    void alwaysAndNeverAreWhatTheySayButOnlyForTextToStdout() {
        assertTrue(Colour.decide(Colour.When.ALWAYS, true, false, "1", "dumb"));
        assertFalse(Colour.decide(Colour.When.NEVER, true, true, null, "xterm"));
        assertFalse(Colour.decide(Colour.When.ALWAYS, false, true, null, "xterm"));
        assertFalse(Colour.decide(Colour.When.AUTO, false, true, null, "xterm"));
    }

    @Test
    void alwaysColoursTheTextTreeOnStdoutAndAutoDoesNotWhenStdoutIsNoTerminal() {
        Cli coloured = Cli.run("profile", TRACE, "--color", "always");
        assertEquals(0, coloured.exit(), coloured.err());
        assertTrue(coloured.out().contains(ESCAPE + "38;5;196m100.0" + "\u001b[0m"), coloured.out());
        Cli auto = Cli.run("profile", TRACE);
        assertFalse(auto.out().contains(ESCAPE), auto.out());
        assertEquals(auto.out(), Cli.run("profile", TRACE, "--color", "never").out());
        assertEquals(auto.out(), coloured.out().replaceAll("\u001b\\[[0-9;]*m", "")
                .replaceAll("heat \\(share of the total\\):.*\n", ""));
    }

    @Test
    void neverAFileNorAnotherFormatWithAWarningWhenAlwaysWasAsked(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("tree.txt");
        Cli toFile = Cli.run("profile", TRACE, "--color", "always", "-o", out.toString());
        assertEquals(0, toFile.exit());
        assertFalse(Files.readString(out).contains(ESCAPE));
        assertEquals("ppw-java: warning: --color colours standard output only, never a file; ignored with -o "
                + out + "\n", toFile.err());
        Cli csv = Cli.run("profile", TRACE, "--color", "always", "--format", "csv");
        assertFalse(csv.out().contains(ESCAPE));
        assertEquals("ppw-java: warning: --color colours text only; ignored with --format csv\n", csv.err());
    }

    @Test
    void aDiffColoursItsChangesBySignAndIsOtherwiseThePlainText() {
        String other = "src/test/resources/traces/perfflowaspect/compact";
        Cli coloured = Cli.run("diff", TRACE, other, "--color", "always");
        assertEquals(0, coloured.exit(), coloured.err());
        Cli plain = Cli.run("diff", TRACE, other);
        assertFalse(plain.out().contains(ESCAPE), plain.out());
        assertTrue(coloured.out().contains(ESCAPE + "38;5;196m+") || coloured.out().contains(ESCAPE + "38;5;46m-"),
                coloured.out());
        assertEquals(plain.out(), coloured.out().replaceAll("\u001b\\[[0-9;]*m", "")
                .replaceAll("colour: B larger, B smaller\n", ""));
        assertEquals(plain.out(), Cli.run("diff", TRACE, other, "--color", "never").out());
    }

    @Test
    void anUnknownValueIsAUsageError() {
        Cli r = Cli.run("merge", TRACE, "--color", "sometimes");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("ppw-java: error: Invalid value for option '--color': unknown colour mode"
                + " 'sometimes': expected one of auto, always, never"), r.err());
    }
}
