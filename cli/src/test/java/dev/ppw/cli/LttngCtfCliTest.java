package dev.ppw.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
