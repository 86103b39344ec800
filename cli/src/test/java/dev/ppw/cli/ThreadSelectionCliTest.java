package dev.ppw.cli;

import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --pid}, {@code --tid} and {@code --thread-name} on a real Node.js trace (its main thread 7960 named
 * JavaScriptMainThread, in process 7960, beside that process's async spans): the tracks kept fold exactly as they fold
 * without a selection, the others are left out and counted.
 */
class ThreadSelectionCliTest {
    private static final String NODE = "src/test/resources/traces/nodejs/node-trace-A-cut.json";

    @Test
    void aThreadByTidOrByNameIsItsTopLevelOfThreadsSplitAndNoAsyncPart() {
        Map<String, String> all = topLevels();
        assertEquals("40237000", all.get("thread JavaScriptMainThread"), all.toString());
        assertTrue(all.containsKey("async async node"), all.toString());
        assertEquals(Map.of("thread JavaScriptMainThread", "40237000"), topLevels("--tid", "7960"));
        assertEquals(Map.of("thread JavaScriptMainThread", "40237000"), topLevels("--thread-name", "^JavaScript"));
        assertEquals(Map.of("thread JavaScriptMainThread", "40237000"), topLevels("--comm", "Main"));
    }

    @Test
    void aProcessByPidKeepsItsThreadsAndItsAsyncSpans() {
        assertEquals(topLevels(), topLevels("--pid", "7960"));
    }

    @Test
    void nothingSelectedIsAnEmptyProfileThatSaysWhatWasLeftOut() {
        Cli r = Cli.run("profile", NODE, "--pid", "1");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("(no rows)"), r.toString());
        assertTrue(r.out().contains("tracks left out by --pid, --tid or --thread-name"), r.toString());
    }

    @Test
    void aBadThreadNamePatternIsAUsageError() {
        Cli r = Cli.run("profile", NODE, "--thread-name", "(");
        assertEquals(2, r.exit(), r.toString());
        assertTrue(r.err().contains("--thread-name '(' is no regular expression"), r.toString());
    }

    /** Each top level of {@code --threads split} with its part: its inclusive ns. */
    private static Map<String, String> topLevels(String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("profile", NODE, "--threads", "split", "--max-depth",
                "1", "--format", "csv", "--unit", "ns"));
        args.addAll(List.of(options));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        Map<String, String> rows = new LinkedHashMap<>();
        for (CSVRecord rec : PprofTools.csv(r.out())) {
            String part = rec.isMapped("part") ? rec.get("part") : "thread";
            rows.put(part + " " + rec.get("path"), rec.get("inclusive_ns"));
        }
        return rows;
    }
}
