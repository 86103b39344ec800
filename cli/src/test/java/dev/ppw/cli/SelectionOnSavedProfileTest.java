package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --pid}, {@code --tid} and {@code --thread-name} on a saved profile, whose rows are every thread's added up
 * (SEMANTICS.md "Filters"): the profile is taken whole, and one warning line says so, naming the file and the
 * options, where the selection was silently ignored before. On a trace of two processes: Browser's thread main
 * (100 us) and Renderer's two workers (50 us of task).
 */
class SelectionOnSavedProfileTest {
    private static final String TRACE = "src/test/resources/traces/threads-idle.json";

    @TempDir
    Path dir;

    @Test
    void aSelectionLeavesASavedProfileWholeAndSaysSoOnOneLine() {
        Path saved = dir.resolve("saved.json");
        assertEquals(0, Cli.run("profile", TRACE, "-o", saved.toString()).exit());
        Cli whole = Cli.run("profile", saved.toString(), "--format", "csv");
        Cli selected = Cli.run("profile", saved.toString(), "--format", "csv", "--pid", "2", "--thread-name", "work");
        assertEquals(0, selected.exit(), selected.toString());
        assertEquals(whole.out(), selected.out());
        assertTrue(selected.out().contains(",100000,") && selected.out().contains(",50000,"), selected.out());
        String warning = selected.err().lines().filter(l -> l.contains("selection_on_saved_profile")).findFirst()
                .orElseThrow(() -> new AssertionError(selected.err()));
        assertTrue(warning.startsWith("ppw-java: warning: 1 saved profile taken whole"), warning);
        assertTrue(warning.contains(saved + ": --pid 2 --thread-name 'work' left it whole"), warning);
        assertEquals(false, whole.err().contains("selection_on_saved_profile"), whole.err());

        // On the trace itself the selection acts: Renderer's task alone.
        Cli trace = Cli.run("profile", TRACE, "--format", "csv", "--pid", "2");
        assertTrue(trace.out().contains(",50000,") && !trace.out().contains(",100000,"), trace.out());
    }

    @Test
    void aMergeOfSavedProfilesWarnsOfEachOne() {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        assertEquals(0, Cli.run("profile", TRACE, "-o", a.toString()).exit());
        assertEquals(0, Cli.run("profile", TRACE, "-o", b.toString()).exit());
        Cli merged = Cli.run("merge", a.toString(), b.toString(), "--tid", "1");
        assertEquals(0, merged.exit(), merged.toString());
        assertTrue(merged.err().contains("2 saved profiles taken whole"), merged.err());
        Cli strict = Cli.run("merge", a.toString(), b.toString(), "--tid", "1", "--strict");
        assertEquals(1, strict.exit(), strict.toString());
        Cli split = Cli.run("merge", a.toString(), b.toString(), "--threads", "split");
        assertEquals(0, split.exit(), split.toString());
        assertTrue(split.err().contains(a + ": --threads split left it whole"), split.err());
    }
}
