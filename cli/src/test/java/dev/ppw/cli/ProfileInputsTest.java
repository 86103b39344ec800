package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code profile} takes folders and quoted globs as {@code merge} does: the same inputs, once each, with a note
 * for one named twice; and saved profiles, shown or summed as {@code merge --agg sum} would.
 */
class ProfileInputsTest {
    private static final Path NODES = Path.of("..", "examples", "perfflowaspect", "nodes4");

    @TempDir
    Path dir;

    @Test
    void anInputNamedTwiceIsReadOnceWithANoteInEveryOutputAndExit0EvenUnderStrict() {
        String node0 = NODES.resolve("node0.pfw").toString();
        String dotted = NODES.resolve(".").resolve("node0.pfw").toString();
        String note = node0 + ": named twice (" + node0 + ", " + dotted + "), read once";
        for (String command : new String[] {"profile", "merge"}) {
            Cli csv = Cli.run(command, node0, dotted, "--format", "csv", "--strict");
            assertEquals(0, csv.exit(), csv.toString());
            assertEquals(CliRunner.out(command, node0, "--format", "csv"), csv.out(), "as if named once");
            assertEquals("ppw-java: note: an input named more than once is read once: " + note + "\n", csv.err());

            Cli text = Cli.run(command, node0, dotted, "-q");
            assertTrue(text.out().lines().anyMatch(("note: " + note)::equals), text.out());
            assertFalse(text.out().contains("not in the tree"), text.out());

            Cli json = Cli.run(command, node0, dotted, "--format", "json");
            assertTrue(json.out().replaceAll("\\s", "").contains("\"notes\":{\"input_named_twice\":1}"), json.out());
        }
        Cli three = Cli.run("profile", node0, dotted, NODES.toString(), "--format", "csv");
        assertEquals(0, three.exit(), three.toString());
        assertTrue(three.err().startsWith("ppw-java: note: an input named more than once is read once: " + node0
                + ": named 3 times (" + node0 + ", " + dotted + ", " + node0 + " from " + NODES + "), read once"),
                three.err());
    }

    @Test
    void aSavedProfileIsShownInAnyViewAndSavedOnesAreSummedWithTraces() {
        String node0 = NODES.resolve("node0.pfw").toString();
        String node1 = NODES.resolve("node1.pfw").toString();
        String saved0 = dir.resolve("node0.ppw.json").toString();
        String saved1 = dir.resolve("node1.ppw.json").toString();
        CliRunner.out("profile", node0, "--format", "json", "-o", saved0);
        CliRunner.out("profile", node1, "--format", "json", "-o", saved1);
        for (String view : new String[] {"tree", "flat", "callpath", "tau"}) {
            assertEquals(CliRunner.out("profile", node0, "--view", view, "--format", "csv"),
                    CliRunner.out("profile", saved0, "--view", view, "--format", "csv"), view);
            assertEquals(CliRunner.out("profile", node0, node1, "--view", view, "--format", "csv"),
                    CliRunner.out("profile", saved0, node1, "--view", view, "--format", "csv"), view);
            assertEquals(CliRunner.out("merge", saved0, saved1, "--view", view, "--format", "csv"),
                    CliRunner.out("profile", saved0, saved1, "--view", view, "--format", "csv"), view);
        }
        String text = CliRunner.out("profile", saved0);
        assertTrue(text.startsWith("view: tree   total: 9.797 ms   rows: 3\n"), text);
    }

    @Test
    void aFolderAndAGlobAreItsFilesInNameOrder() {
        String files = CliRunner.out("profile", NODES.resolve("node0.pfw").toString(),
                NODES.resolve("node1.pfw").toString(),
                NODES.resolve("node2.pfw").toString(),
                NODES.resolve("node3.pfw").toString(), "--format", "csv");
        assertEquals(files, CliRunner.out("profile", NODES.toString(), "--format", "csv"));
        assertEquals(files, CliRunner.out("profile", NODES + "/*.pfw", "--format", "csv"));
        assertEquals(files, CliRunner.out("profile", NODES.toString(), NODES + "/*.pfw", "--format", "csv"),
                "an input named twice counts once");
        assertTrue(files.lines().anyMatch(l -> l.startsWith("foo,") && l.contains(",sum,zero,4,")), files);
    }

    @Test
    void aMissingInputIsOneLineAndExit1() {
        Cli r = Cli.run("profile", "no-such-trace.json");
        assertEquals(1, r.exit());
        assertEquals("ppw-java: error: cannot read no-such-trace.json: no such file\n", r.err());
    }

    @Test
    void dashIsStandardInputGzippedOrNotForEveryCommand() throws java.io.IOException {
        Path trace = NODES.resolve("node0.pfw");
        byte[] bytes = java.nio.file.Files.readAllBytes(trace);
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(zipped)) {
            gz.write(bytes);
        }
        String expected = CliRunner.out("profile", trace.toString(), "--format", "csv");
        Cli plain = Cli.runWithInput(bytes, "profile", "-", "--format", "csv");
        assertEquals(0, plain.exit(), plain.err());
        assertEquals(expected, plain.out());
        assertEquals(expected, Cli.runWithInput(zipped.toByteArray(), "profile", "-", "--format", "csv").out());
        String merged = CliRunner.out("merge", trace.toString(), NODES.resolve("node1.pfw").toString(), "--agg", "max",
                "--format", "csv");
        Cli viaStdin = Cli.runWithInput(bytes, "merge", "-", NODES.resolve("node1.pfw").toString(), "--agg", "max",
                "--format", "csv");
        assertEquals(0, viaStdin.exit(), viaStdin.err());
        assertEquals(merged.replace("node0.pfw", "-"), viaStdin.out(), "the node read from stdin is named '-'");
    }
}
