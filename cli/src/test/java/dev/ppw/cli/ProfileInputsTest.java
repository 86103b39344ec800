package dev.ppw.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code profile} takes folders and quoted globs as {@code merge} does: the same inputs, once each. */
class ProfileInputsTest {
    private static final Path NODES = Path.of("..", "examples", "perfflowaspect", "nodes4");

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
