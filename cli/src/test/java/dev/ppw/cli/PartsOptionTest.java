package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --parts} (SEMANTICS.md section 2, "Parts") on a trace with all three parts: a thread's spans, an async span
 * and V8 samples. Each part shown keeps its rows and its own total; the others are left out of every output.
 */
class PartsOptionTest {
    /* task (20 us) calling inner (5 us) on thread 7; the async span fetch (30 us); samples: run twice, (idle) once. */
    private static final String THREE = Path.of("src/test/resources/traces/three-parts.json").toString();

    @Test
    void csvShowsTheRowsOfThePartsAskedOnly() {
        Cli samples = Cli.run("profile", THREE, "--view", "flat", "--format", "csv", "--parts", "samples");
        assertEquals(0, samples.exit(), samples.toString());
        List<String> rows = samples.out().lines().skip(1).toList();
        assertEquals(List.of("samples,run https://x/a.js:1:1", "samples,(idle)"),
                rows.stream().map(r -> r.substring(0, r.indexOf(',', r.indexOf(',') + 1))).toList());
        Cli two = Cli.run("profile", THREE, "--view", "flat", "--format", "csv", "--parts", "thread", "--parts", "async");
        assertEquals(List.of("thread", "thread", "async"),
                two.out().lines().skip(1).map(r -> r.substring(0, r.indexOf(','))).toList(), two.out());
    }

    @Test
    void eachPartKeepsItsOwnTotalAndShares() {
        Cli all = Cli.run("profile", THREE, "--view", "flat");
        Cli thread = Cli.run("profile", THREE, "--view", "flat", "--parts", "thread");
        assertTrue(thread.out().startsWith("view: flat   total: 20.000 us   rows: 2\n"), thread.out());
        assertFalse(thread.out().contains("async spans"), thread.out());
        assertFalse(thread.out().contains("sampled stacks"), thread.out());
        // The thread table is the same as beside the other parts: each share is of its own part's total.
        String table = all.out().substring(all.out().indexOf("%total"), all.out().indexOf("\n\nasync spans"));
        assertTrue(thread.out().endsWith(table + "\n"), thread.out());
        Cli async = Cli.run("profile", THREE, "--parts", "async", "--format", "json");
        assertTrue(async.out().contains("\"total_inclusive_ns\": 30000,"), async.out());
        assertFalse(async.out().contains("samples_total_inclusive_ns"), async.out());
        assertFalse(async.out().contains("async_total_inclusive_ns"), async.out());
        Cli html = Cli.run("report", THREE, "--parts", "samples,thread", "-o", "-");
        assertTrue(html.out().contains("\"part_totals\":{\"thread\":20000,\"samples\":15000}"), html.out());
    }

    @TempDir
    Path dir;

    @Test
    void mergeAndDiffTakeThePartsToo() throws java.io.IOException {
        Path copy = java.nio.file.Files.copy(Path.of(THREE), dir.resolve("copy.json"));
        Cli merge = Cli.run("merge", THREE, copy.toString(), "--view", "flat", "--format", "csv", "--parts", "samples");
        assertEquals(0, merge.exit(), merge.toString());
        assertTrue(merge.out().lines().skip(1).allMatch(r -> r.startsWith("samples,")), merge.out());
        assertTrue(merge.out().contains("samples,run https://x/a.js:1:1,4,"), merge.out());
        Cli diff = Cli.run("diff", THREE, THREE, "--format", "csv", "--parts", "async");
        assertEquals(0, diff.exit(), diff.toString());
        assertEquals(1, diff.out().lines().skip(1).count(), diff.out());
        assertTrue(diff.out().lines().skip(1).allMatch(r -> r.contains(",fetch,")), diff.out());
    }

    @Test
    void aSavedProfileOfSamplesReadsBackToTheSameRows() throws java.io.IOException {
        // Recursion (main => f => f): a sampled row's subcalls, rebuilt from its children, decide the callers view.
        Path folded = java.nio.file.Files.writeString(dir.resolve("r.folded"), "main;f;f 3\nmain;f 2\nmain;g 4\n");
        Path saved = dir.resolve("saved.json");
        assertEquals(0, Cli.run("profile", folded.toString(), "--format", "json", "-o", saved.toString()).exit());
        String json = java.nio.file.Files.readString(saved);
        assertTrue(json.contains("[\"samples\", 2, 1, 1, \"f\", \"\", null, null, 5, "), json);
        for (List<String> view : List.of(List.of("--view", "tree"), List.of("--view", "callers", "f"),
                List.of("--view", "callees", "f"), List.of("--view", "inverted"))) {
            List<String> direct = new java.util.ArrayList<>(List.of("profile", folded.toString(), "--format", "csv"));
            direct.addAll(view);
            List<String> back = new java.util.ArrayList<>(List.of("profile", saved.toString(), "--format", "csv"));
            back.addAll(view);
            Cli a = Cli.run(direct.toArray(String[]::new));
            assertEquals(0, a.exit(), a.toString());
            assertEquals(a.out(), Cli.run(back.toArray(String[]::new)).out(), view.toString());
        }
        // A saved profile keeps its inputs' names: written again, it is the same file.
        assertEquals(json, Cli.run("profile", saved.toString(), "--format", "json").out());
    }

    @Test
    void anUnknownPartIsAUsageError() {
        Cli wall = Cli.run("profile", THREE, "--parts", "wall");
        assertEquals(2, wall.exit());
        assertEquals("ppw-java: error: --parts wall: a part is thread, async or samples\n"
                + "ppw-java: see 'ppw-java profile --help'\n", wall.err());
    }
}
