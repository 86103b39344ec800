package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ppw-java profile} and {@code merge} of an LTTng trace folder: the same profile, every number, as its
 * babeltrace2 text, and the folder one input (one node of a merge).
 */
class LttngCtfCliTest {
    private static final String RESOURCES = "../collectors/src/test/resources/lttng/";
    private static final String TRACE = RESOURCES + "ust-trace";

    @Test
    void theTraceFolderProfilesAsItsBabeltraceText() {
        for (String view : new String[] {"tree", "flat", "callpath"}) {
            Cli ctf = Cli.run("profile", TRACE, "--format", "csv", "--view", view, "--jobs", "2");
            Cli text = Cli.run("profile", RESOURCES + "ust.txt", "--format", "csv", "--view", view);
            assertEquals(0, ctf.exit(), ctf.toString());
            assertEquals(text.out(), ctf.out(), view);
            assertEquals(text.err(), ctf.err(), view);
            assertTrue(ctf.out().lines().count() > 3, ctf.out());
        }
    }

    @Test
    void aMergeOfTheFolderAndItsTextHasTwoEqualNodes() {
        Cli min = Cli.run("merge", TRACE, RESOURCES + "ust.txt", "--format", "csv", "--agg", "min");
        Cli max = Cli.run("merge", TRACE, RESOURCES + "ust.txt", "--format", "csv", "--agg", "max");
        assertEquals(0, min.exit(), min.toString());
        assertEquals(min.out().replace(",min,", ","), max.out().replace(",max,", ","), "the two nodes are equal");
        var rows = min.out().lines().skip(1).map(line -> line.split(",")).toList();
        assertTrue(rows.size() > 10, min.out());
        for (String[] row : rows) {
            assertEquals("2", row[14], "one node per input: " + String.join(",", row));
        }
    }

    /**
     * The trace's statedump names its workload {@code /tmp/ppw-lttng-work/ust_work}, which this machine lacks: with
     * {@code --symfs} it is found under the folder given, and its functions are named as babeltrace2's
     * {@code --debug-info} names them; without, by binary and offset, with a note naming the binary.
     */
    @Test
    void symfsFindsTheTracedBinariesUnderAFolder(@TempDir Path root) throws IOException {
        Path binary = root.resolve("tmp/ppw-lttng-work/ust_work");
        Files.createDirectories(binary.getParent());
        Files.copy(Path.of(RESOURCES, "ust_work"), binary);
        Cli debugInfo = Cli.run("profile", RESOURCES + "ust.debuginfo.txt", "--format", "csv", "--view", "flat");
        for (String input : new String[] {TRACE, RESOURCES + "ust.txt"}) {
            Cli named = Cli.run("profile", input, "--symfs", root.toString(), "--format", "csv", "--view", "flat");
            assertEquals(0, named.exit(), named.toString());
            assertEquals(debugInfo.out(), named.out(), input);
            Cli merged = Cli.run("merge", input, "--symfs", root.toString(), "--format", "csv", "--view", "flat");
            assertTrue(merged.out().contains("\nworker,"), merged.toString());
            Cli compared = Cli.run("diff", input, RESOURCES + "ust.debuginfo.txt", "--symfs", root.toString(),
                    "--format", "csv", "--view", "flat");
            assertEquals(0, compared.exit(), compared.toString());
            assertTrue(compared.out().contains("worker"), compared.out());
            assertFalse(compared.out().contains("ust_work+0x"), compared.out());
        }
        if (!Files.exists(Path.of("/tmp/ppw-lttng-work/ust_work"))) {
            Cli unnamed = Cli.run("profile", TRACE, "--view", "flat");
            assertTrue(unnamed.out().contains("ust_work+0x"), unnamed.out());
            assertTrue(unnamed.out().contains("1 lttng_binary_not_found"), unnamed.out());
        }
    }
}
