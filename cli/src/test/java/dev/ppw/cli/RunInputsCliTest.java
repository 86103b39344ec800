package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code profile}, {@code merge} and {@code diff} keeping their profile as a run ({@code --store}, {@code --label},
 * {@code --session}, {@code --tag}), and stored runs read back as inputs ({@code run:ID}, {@code run:last},
 * {@code run:LABEL}) by every command.
 */
class RunInputsCliTest {
    @TempDir
    Path dir;

    /** main calls solve (recursing once) and io; times in microseconds. */
    private Path trace(String name, int solveMicros) throws Exception {
        return Files.writeString(dir.resolve(name), "{\"traceEvents\":["
                + "{\"name\":\"main\",\"ph\":\"X\",\"ts\":0,\"dur\":" + (solveMicros + 100) + ",\"pid\":1,\"tid\":1},"
                + "{\"name\":\"solve\",\"ph\":\"X\",\"ts\":10,\"dur\":" + solveMicros + ",\"pid\":1,\"tid\":1},"
                + "{\"name\":\"solve\",\"ph\":\"X\",\"ts\":11,\"dur\":" + (solveMicros / 2) + ",\"pid\":1,\"tid\":1},"
                + "{\"name\":\"io\",\"ph\":\"X\",\"ts\":" + (solveMicros + 20) + ",\"dur\":7,\"pid\":1,\"tid\":2}]}");
    }

    private String store() {
        return dir.resolve("runs.db").toString();
    }

    @Test
    void aProfileKeptIsReadBackLosslesslyAndDiffsToZeroAgainstItsInput() throws Exception {
        Path a = trace("a.json", 1234);
        Cli kept = Cli.run("profile", a.toString(), "--format", "csv", "--store", store(), "--label", "base",
                "--session", "s", "--tag", "branch=main");
        assertEquals(0, kept.exit(), kept.toString());
        assertEquals("ppw-java: stored as run:1 in " + store() + "\n", kept.err());
        // the output is the profile's, as without --store
        assertEquals(Cli.run("profile", a.toString(), "--format", "csv").out(), kept.out());
        for (String name : List.of("run:1", "run:last", "run:base")) {
            // read back, not kept again: run:last stays run:1
            for (String view : List.of("tree", "flat", "callpath")) {
                Cli again = Cli.run("profile", name, "--view", view, "--format", "csv", "--store", store());
                assertEquals(0, again.exit(), again.toString());
                assertEquals(Cli.run("profile", a.toString(), "--view", view, "--format", "csv").out(), again.out(),
                        name + " " + view);
            }
        }
        Cli diff = Cli.run("diff", a.toString(), "run:1", "--format", "csv", "--store", store());
        assertEquals(0, diff.exit(), diff.toString());
        List<String> rows = diff.out().lines().toList();
        assertTrue(rows.size() > 3, diff.out());
        List<String> header = List.of(rows.get(0).split(","));
        for (String column : List.of("calls_delta", "inclusive_ns_delta", "exclusive_ns_delta")) {
            int delta = header.indexOf(column);
            assertTrue(delta > 0, rows.get(0));
            for (String row : rows.subList(1, rows.size())) {
                assertEquals("0", row.split(",")[delta], column + " of " + row);
            }
        }
        Cli relabel = Cli.run("profile", "run:1", "--store", store(), "--label", "other");
        assertEquals("ppw-java: note: not stored again: its inputs are stored runs (ppw-java runs tag changes their"
                + " tags)\n", relabel.err());
        Cli listed = Cli.run("runs", "list", "--format", "csv", "--store", store());
        assertTrue(listed.out().contains("base"), listed.out());
        assertTrue(listed.out().contains("branch=main"), listed.out());
    }

    @Test
    void diffOfTwoRunsAndEachSideKept() throws Exception {
        Path a = trace("a.json", 1000);
        Path b = trace("b.json", 1500);
        Cli kept = Cli.run("diff", a.toString(), b.toString(), "--store=" + store(), "--tag", "side=both");
        assertEquals(0, kept.exit(), kept.toString());
        assertEquals(List.of("ppw-java: stored as run:1 in " + store(), "ppw-java: stored as run:2 in " + store()),
                kept.err().lines().toList());
        Cli byRuns = Cli.run("diff", "run:1", "run:last", "--store", store());
        assertEquals(0, byRuns.exit(), byRuns.toString());
        // each run's profile names the inputs it was read from
        assertEquals(Cli.run("diff", a.toString(), b.toString()).out(), byRuns.out());
        // a side that is a run is not kept again
        Cli again = Cli.run("diff", "run:1", b.toString(), "--store", store());
        assertEquals(List.of("ppw-java: stored as run:3 in " + store()), again.err().lines().toList());
    }

    @Test
    void aMergeThatIsNoSumKeepsItsOwnFlatRows() throws Exception {
        Path nodes = Files.createDirectories(dir.resolve("nodes"));
        Files.move(trace("n0.json", 1000), nodes.resolve("n0.json"));
        Files.move(trace("n1.json", 3000), nodes.resolve("n1.json"));
        Cli kept = Cli.run("merge", nodes.toString(), "--agg", "max", "--view", "tree", "--store", store(), "-q");
        assertEquals(0, kept.exit(), kept.toString());
        // the flat row of solve counts its recursion once, and is the larger node's: 3000 us, not 1000 + 3000
        Cli flat = Cli.run("merge", nodes.toString(), "--agg", "max", "--view", "flat", "--format", "csv", "-q");
        assertTrue(flat.out().contains(",3000000,"), flat.out());
        Cli history = Cli.run("history", "solve", "--format", "csv", "--store", store());
        assertEquals(0, history.exit(), history.toString());
        assertTrue(history.out().lines().skip(1).findFirst().orElseThrow().contains(",3000000"), history.out());
    }

    @Test
    void anUnknownRunIsOneLineAndExit1() throws Exception {
        assertEquals(0, Cli.run("profile", trace("a.json", 1000).toString(), "--store", store()).exit());
        for (List<String> command : List.of(List.of("profile", "run:99"), List.of("diff", "run:1", "run:99"),
                List.of("merge", "run:nope"), List.of("report", "run:99", "-o", dir.resolve("r.html").toString()))) {
            List<String> args = new java.util.ArrayList<>(command);
            args.addAll(List.of("--store", store()));
            Cli bad = Cli.run(args.toArray(String[]::new));
            assertEquals(1, bad.exit(), bad.toString());
            assertEquals(1, bad.err().lines().count(), bad.err());
            assertTrue(bad.err().startsWith("ppw-java: error: store " + store() + " has no run run:"), bad.err());
            assertTrue(bad.out().isEmpty(), bad.out());
        }
        assertFalse(Files.exists(dir.resolve("r.html")));
        Cli noStore = Cli.run("profile", "run:1", "--store", dir.resolve("none.db").toString());
        assertEquals(1, noStore.exit(), noStore.toString());
        assertEquals(1, noStore.err().lines().count(), noStore.err());
        assertFalse(Files.exists(dir.resolve("none.db")));
    }

    @Test
    void storeAfterASpaceTakesOnlyWhatLooksLikeAStore() throws Exception {
        Path a = trace("a.json", 1000);
        assertTrue(KeepOptions.StoreValue.looksLikeStore("runs.db"));
        assertTrue(KeepOptions.StoreValue.looksLikeStore("sqlite:x"));
        assertTrue(KeepOptions.StoreValue.looksLikeStore("postgresql://h/db"));
        assertFalse(KeepOptions.StoreValue.looksLikeStore(a.toString()));
        assertFalse(KeepOptions.StoreValue.looksLikeStore("run:1"));
        Path plain = dir.resolve("plainname");
        assertEquals(0, Cli.run("runs", "add", a.toString(), "--store", plain.toString()).exit());
        assertTrue(KeepOptions.StoreValue.looksLikeStore(plain.toString()), "an SQLite file of any name");
        Cli kept = Cli.run("profile", a.toString(), "--store", plain.toString(), "--format", "csv");
        assertEquals(0, kept.exit(), kept.toString());
        assertEquals("ppw-java: stored as run:2 in " + plain + "\n", kept.err());
    }
}
