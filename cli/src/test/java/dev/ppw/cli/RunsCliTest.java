package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code runs} and {@code history} on a store in the test's folder: what they print, and their bad inputs. */
class RunsCliTest {
    @TempDir
    Path dir;

    /** main calls solve for {@code solveMicros}, then io for 10 us; times in microseconds. */
    private Path trace(String name, int solveMicros) throws Exception {
        return Files.writeString(dir.resolve(name), "{\"traceEvents\":["
                + "{\"name\":\"main\",\"ph\":\"X\",\"ts\":0,\"dur\":" + (solveMicros + 100) + ",\"pid\":1,\"tid\":1},"
                + "{\"name\":\"solve\",\"ph\":\"X\",\"ts\":10,\"dur\":" + solveMicros + ",\"pid\":1,\"tid\":1},"
                + "{\"name\":\"io\",\"ph\":\"X\",\"ts\":" + (solveMicros + 20) + ",\"dur\":10,\"pid\":1,\"tid\":1}]}");
    }

    private String store() {
        return dir.resolve("runs.db").toString();
    }

    private Cli runs(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--store";
        all[args.length + 1] = store();
        return Cli.run(all);
    }

    @Test
    void runsAreAddedListedShownTaggedAndRemoved() throws Exception {
        Cli added = runs("runs", "add", trace("a.json", 1000).toString(), "--label", "base", "--session", "s",
                "--tag", "branch=main");
        assertEquals(0, added.exit(), added.toString());
        assertEquals("run:1\n", added.out());
        assertEquals("run:2\n", runs("runs", "add", trace("b.json", 1200).toString(), "--tag", "branch=dev").out());
        Cli list = runs("runs", "list");
        assertEquals(0, list.exit(), list.toString());
        List<String> lines = list.out().lines().toList();
        assertTrue(lines.get(0).matches("id +created \\(UTC\\) +label +session +view +op +nodes +total +rows +status"
                + " +git +tags"), lines.get(0));
        assertTrue(lines.get(1).matches(" *1 +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +base +s +tree +sum +1"
                + " +1\\.100 ms +3"
                + " +ok +.*branch=main"), lines.get(1));
        assertEquals("2 runs", lines.get(3));
        Cli csv = runs("runs", "list", "--tag", "branch=dev", "--format", "csv");
        List<String> records = csv.out().lines().toList();
        assertEquals(2, records.size(), csv.out());
        assertTrue(records.get(1).startsWith("2,"), records.get(1));
        assertTrue(records.get(1).contains(",tree,0,sum,zero,1,time,ns,1300000,,3,"), records.get(1));
        Cli json = runs("runs", "show", "base", "--format", "json");
        assertTrue(json.out().contains("\"label\" : \"base\""), json.out());
        assertTrue(json.out().contains("\"command_line\" : [ \"runs\", \"add\""), json.out());
        assertTrue(json.out().contains("\"--label\" : \"base\""), "the settings name the options given: " + json.out());
        Cli show = runs("runs", "show", "run:last");
        assertTrue(show.out().startsWith("run 2\n"), show.out());
        assertTrue(show.out().contains("total:    1.300 ms\n"), show.out());
        assertEquals("run:1 branch=main,good=yes\n", runs("runs", "tag", "1", "good=yes").out());
        assertEquals("run:1 good=yes\n", runs("runs", "tag", "1", "--remove", "branch").out());
        assertEquals("removed 1 run\n", runs("runs", "rm", "2").out());
        assertEquals(List.of("1"), runs("runs", "list", "--format", "csv").out().lines().skip(1)
                .map(l -> l.substring(0, l.indexOf(','))).toList());
        Cli gc = runs("runs", "gc");
        assertEquals(0, gc.exit(), gc.toString());
        assertTrue(gc.out().startsWith("removed 0 contexts, 0 names, 0 raw folders; "), gc.out());
    }

    @Test
    void historyFollowsARegionAndChecksTheNewestRun() throws Exception {
        int[] solve = {1000, 1010, 990, 1005, 995, 1002};
        for (int i = 0; i < solve.length; i++) {
            assertEquals(0, runs("runs", "add", trace("t" + i + ".json", solve[i]).toString()).exit());
        }
        Cli text = runs("history", "main => solve");
        assertEquals(0, text.exit(), text.toString());
        List<String> lines = text.out().lines().toList();
        assertEquals("main => solve: inclusive (ns), 6 runs", lines.get(0));
        assertTrue(lines.get(1).matches("run +created \\(UTC\\) +inclusive +label"), lines.get(1));
        assertTrue(lines.get(2).matches("  1  \\d{4}-.* 1\\.000 ms"), lines.get(2));
        Cli csv = runs("history", "solve", "--metric", "calls", "--format", "csv", "--last", "2");
        assertEquals(List.of("run,created,label,calls,unit", "5,", "6,"), csv.out().lines()
                .map(l -> l.startsWith("run") ? l : l.substring(0, 2)).toList());
        assertTrue(csv.out().contains(",1,calls"), csv.out());
        Cli spark = runs("history", "main => solve", "--format", "sparkline");
        // (value - 990 us) * 7 / 20 us: the bar of each run, from the least value's to the largest's
        assertEquals("main => solve inclusive \u2584\u2588\u2581\u2586\u2582\u2585  min 990.000 us, max 1.010 ms,"
                + " last 1.002 ms (6 runs)\n", spark.out());
        Cli json = runs("history", "main => solve", "--format", "json", "--last", "1");
        assertTrue(json.out().contains("\"value\" : 1002000"), json.out());
        Cli within = runs("history", "main => solve", "--check");
        assertEquals(0, within.exit(), within.toString());
        assertTrue(within.out().contains("check: run:6 1.002 ms is within the spread of the 5 runs before it"),
                within.out());
        assertEquals(0, runs("runs", "add", trace("slow.json", 1500).toString()).exit());
        Cli above = runs("history", "main => solve", "--check", "--format", "csv");
        assertEquals(1, above.exit(), above.toString());
        assertTrue(above.out().contains("check: run:7 1.500 ms is above the spread of the 6 runs before it (median"),
                above.out());
        Cli none = runs("history", "main => nothing");
        assertEquals(0, none.exit());
        assertEquals("ppw-java: note: no stored run has main => nothing (with these filters)\n", none.err());
    }

    @Test
    void historyOfSampledRunsReadsTheirSamplesPart() throws Exception {
        // Folded stacks are samples only: their main part is the samples part, never thread time.
        for (int i = 1; i <= 2; i++) {
            Path folded = Files.writeString(dir.resolve("s" + i + ".folded"), "main;solve " + (10 * i) + "\nmain;io 3\n");
            assertEquals(0, runs("runs", "add", folded.toString()).exit());
        }
        Cli text = runs("history", "main => solve", "--metric", "calls");
        assertEquals(0, text.exit(), text.toString());
        assertEquals("main => solve [samples]: calls, 2 runs", text.out().lines().findFirst().orElseThrow(), text.out());
        Cli csv = runs("history", "solve", "--metric", "calls", "--format", "csv");
        assertEquals(List.of("1,10,calls", "2,20,calls"), csv.out().lines().skip(1)
                .map(l -> l.substring(0, l.indexOf(',')) + l.substring(l.indexOf(",,") + 1)).toList(), csv.out());
        Cli asked = runs("history", "main => solve", "--part", "thread");
        assertEquals("ppw-java: note: no stored run has main => solve (with these filters)\n", asked.err());
        assertEquals(2, runs("history", "main", "--part", "wall").exit());
    }

    @Test
    void aStoreProblemIsOneLineNamingTheStoreAndExitOne() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "not a database");
        Cli notAStore = Cli.run("runs", "list", "--store", notes.toString());
        assertEquals(1, notAStore.exit());
        assertEquals("ppw-java: error: " + notes + " is not a ppw-java store: not an SQLite database\n",
                notAStore.err());
        assertArrayEquals("not a database".getBytes(), Files.readAllBytes(notes));
        Cli missing = runs("history", "main");
        assertEquals(1, missing.exit());
        assertEquals("ppw-java: error: no store at " + store() + ": it is made when the first run is stored"
                + " (ppw-java runs add INPUT --store " + store() + ")\n", missing.err());
        assertEquals(0, runs("runs", "add", trace("a.json", 10).toString()).exit());
        Cli unknown = runs("runs", "show", "99");
        assertEquals(1, unknown.exit());
        assertEquals("ppw-java: error: store " + store() + " has no run run:99: its runs are 1 to 1 (ppw-java runs"
                + " list)\n", unknown.err());
        System.setProperty(StoreOptions.LOCK_TIMEOUT, "200");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + store()); Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            Cli locked = runs("runs", "add", trace("b.json", 10).toString());
            assertEquals(1, locked.exit());
            assertEquals("ppw-java: error: store " + store() + " is locked by another process: gave up after 0.2 s\n",
                    locked.err());
            assertEquals("", locked.out());
        } finally {
            System.clearProperty(StoreOptions.LOCK_TIMEOUT);
        }
        assertEquals(2, runs("runs", "list", "--format", "csv").out().lines().count(), "still one run");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + store()); Statement s = c.createStatement()) {
            s.execute("UPDATE store_meta SET value = '7' WHERE key = 'schema_version'");
        }
        Cli newer = runs("runs", "list");
        assertEquals(1, newer.exit());
        assertTrue(newer.err().matches("ppw-java: error: store .* has schema version 7, newer than this ppw-java's"
                + " \\(\\d+\\): use a newer ppw-java\n"), newer.err());
    }

    @Test
    void badValuesAreUsageErrors() throws Exception {
        assertEquals(0, runs("runs", "add", trace("a.json", 10).toString()).exit());
        assertEquals(2, runs("runs", "list", "--tag", "novalue").exit());
        assertEquals(2, runs("runs", "list", "--format", "xml").exit());
        assertEquals(2, runs("runs", "list", "--since", "yesterday").exit());
        assertEquals(2, runs("history", "main", "--metric", "speed").exit());
        assertEquals(2, runs("history", "a => => b").exit());
        assertEquals(2, runs("runs", "tag", "1").exit());
        assertEquals(2, Cli.run("runs").exit());
    }
}
