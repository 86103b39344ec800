package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end merges of small traces whose expected numbers are worked out by hand (SEMANTICS.md section 4). */
class MergeCommandTest {
    private static final String HEADER = "path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_ns,"
            + "exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,inclusive_per_call_ns,exclusive_per_call_ns";

    @TempDir
    Path dir;

    /** main (10 us) calls A then B, as B/E and X events: the PPW terminology's two-node example. */
    private Path node(String name, String aMicros, String bMicros) throws IOException {
        String trace = "[\n"
                + "{\"ph\":\"B\",\"name\":\"main\",\"ts\":0,\"pid\":1,\"tid\":1},\n"
                + "{\"ph\":\"X\",\"name\":\"A\",\"ts\":0,\"dur\":" + aMicros + ",\"pid\":1,\"tid\":1},\n"
                + "{\"ph\":\"X\",\"name\":\"B\",\"ts\":" + aMicros + ",\"dur\":" + bMicros + ",\"pid\":1,\"tid\":1},\n"
                + "{\"ph\":\"E\",\"name\":\"main\",\"ts\":10,\"pid\":1,\"tid\":1}\n]\n";
        return write(name, trace);
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static Cli merge(Object... args) {
        String[] all = new String[args.length + 1];
        all[0] = "merge";
        for (int i = 0; i < args.length; i++) {
            all[i + 1] = args[i].toString();
        }
        return Cli.run(all);
    }

    @Test
    void eachOperatorOnThePpwExample() throws IOException {
        Path n1 = node("n1.json", "7.5", "2.5");
        Path n2 = node("n2.json", "2.5", "7.5");
        Cli sum = merge(n1, n2, "--format", "csv");
        assertEquals(0, sum.exit(), sum.toString());
        assertEquals(Cli.csv(HEADER,
                "main,1,,0,main,,2,4,20000,0,10000,10000,sum,zero,2,10000,0",
                "main => A,2,1,1,A,,2,0,10000,10000,2500,7500,sum,zero,2,5000,5000",
                "main => B,3,1,1,B,,2,0,10000,10000,2500,7500,sum,zero,2,5000,5000"), sum.out());
        Cli max = merge(n1, n2, "--agg", "max", "--format", "csv");
        assertEquals(Cli.csv(HEADER,
                "main,1,,0,main,,2,4,10000,0,10000,10000,max,zero,2,,",
                "main => A,2,1,1,A,,2,0,7500,7500,2500,7500,max,zero,2,,",
                "main => B,3,1,1,B,,2,0,7500,7500,2500,7500,max,zero,2,,"), max.out());
        Cli min = merge(n1, n2, "--agg", "min", "--format", "csv", "--recompute-inclusive");
        assertEquals(Cli.csv(HEADER,
                "main,1,,0,main,,2,4,5000,0,10000,10000,min,zero,2,,",
                "main => A,2,1,1,A,,2,0,2500,2500,2500,7500,min,zero,2,,",
                "main => B,3,1,1,B,,2,0,2500,2500,2500,7500,min,zero,2,,"), min.out());
    }

    @Test
    void missingRowsCountAsZeroUnlessPresentOnly() throws IOException {
        Path n1 = node("n1.json", "7.5", "2.5");
        Path bare = write("bare.json", "[{\"ph\":\"X\",\"name\":\"main\",\"ts\":0,\"dur\":3,\"pid\":1,\"tid\":1}]");
        Cli avg = merge(n1, bare, "--agg", "avg", "--view", "flat", "--format", "csv", "--sort", "name");
        String flatHeader = "path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,"
                + "inclusive_per_call_ns,exclusive_per_call_ns";
        // A: (7500 + 0) / 2 = 3750; B: 1250; main: (10000 + 3000) / 2 = 6500, exclusive (0 + 3000) / 2 = 1500
        assertEquals(Cli.csv(flatHeader,
                "A,1,0,3750,3750,7500,7500,avg,zero,2,,",
                "B,1,0,1250,1250,2500,2500,avg,zero,2,,",
                "main,2,2,6500,1500,3000,10000,avg,zero,2,,"), avg.out(), avg.toString());
        Cli present = merge(n1, bare, "--agg", "avg", "--present-only", "--view", "flat", "--format", "csv",
                "--sort", "name");
        assertEquals(Cli.csv(flatHeader,
                "A,1,0,7500,7500,7500,7500,avg,present,2,,",
                "B,1,0,2500,2500,2500,2500,avg,present,2,,",
                "main,2,2,6500,1500,3000,10000,avg,present,2,,"), present.out(), present.toString());
    }

    @Test
    void savedProfilesMergeLikeTheTracesTheyCameFrom() throws IOException {
        Path n1 = node("n1.json", "7.5", "2.5");
        Path n2 = node("n2.json", "2.5", "7.5");
        Path n3 = node("n3.json", "1", "1");
        Path saved1 = dir.resolve("n1.ppw.json");
        assertEquals(0, Cli.run("profile", n1.toString(), "--format", "json", "-o", saved1.toString()).exit());
        for (String op : new String[] {"sum", "min", "max", "avg"}) {
            Cli fromTraces = merge(n1, n2, "--agg", op, "--format", "csv");
            Cli mixed = merge(saved1, n2, "--agg", op, "--format", "csv");
            assertEquals(fromTraces.out(), mixed.out(), op);
        }
        // A merged result saved and merged again: sum is associative.
        Path pair = dir.resolve("pair.ppw.json");
        assertEquals(0, merge(n1, n2, "--format", "json", "-o", pair).exit());
        Cli again = merge(pair, n3, "--format", "csv");
        Cli once = merge(n1, n2, n3, "--format", "csv");
        assertEquals(once.out().replace(",sum,zero,3", ""), again.out().replace(",sum,zero,2", ""));
    }

    @Test
    void nodeByPidSplitsAFileIntoProcesses() throws IOException {
        String trace = "[\n"
                + "{\"ph\":\"X\",\"name\":\"work\",\"ts\":0,\"dur\":4,\"pid\":10,\"tid\":10},\n"
                + "{\"ph\":\"X\",\"name\":\"work\",\"ts\":0,\"dur\":6,\"pid\":11,\"tid\":11},\n"
                + "{\"ph\":\"X\",\"name\":\"extra\",\"ts\":1,\"dur\":1,\"pid\":11,\"tid\":11},\n"
                + "{\"ph\":\"i\",\"name\":\"note\",\"ts\":1,\"pid\":12,\"tid\":12}\n]";
        Path file = write("multi.json", trace);
        Cli byFile = merge(file, "--agg", "max", "--format", "csv", "--view", "flat", "--sort", "name");
        Cli byPid = merge(file, "--node-by", "pid", "--agg", "max", "--format", "csv", "--view", "flat", "--sort", "name");
        String flatHeader = "path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,"
                + "inclusive_per_call_ns,exclusive_per_call_ns";
        // One node: work is 4 + 6 us, extra (1 us) runs inside pid 11's work. By pid (pid 12 has no timed
        // event, so no node): work's inclusive max(4000, 6000), exclusive max(4000, 6000 - 1000).
        assertEquals(Cli.csv(flatHeader,
                "extra,1,0,1000,1000,1000,1000,max,zero,1,,",
                "work,2,1,10000,9000,4000,6000,max,zero,1,,"), byFile.out(), byFile.toString());
        assertEquals(Cli.csv(flatHeader,
                "extra,1,0,1000,1000,1000,1000,max,zero,2,,",
                "work,2,1,6000,5000,4000,6000,max,zero,2,,"), byPid.out(), byPid.toString());
    }

    @Test
    void foldersAndQuotedGlobsAreExpanded() throws IOException {
        Files.createDirectories(dir.resolve("run/sub"));
        node("run/a.pfw", "7.5", "2.5");
        node("run/sub/b.pfw", "2.5", "7.5");
        Files.writeString(dir.resolve("run/notes.txt"), "not a trace");
        Cli folder = merge(dir.resolve("run"), "--format", "csv");
        assertEquals(0, folder.exit(), folder.toString());
        assertTrue(folder.out().contains("main,1,,0,main,,2,4,20000,0,"), folder.out());
        Cli glob = merge(dir.resolve("run") + "/**.pfw", "--format", "csv");
        assertEquals(folder.out(), glob.out());
        Cli none = merge(dir.resolve("run") + "/*.nothing");
        assertEquals(1, none.exit());
        assertTrue(none.err().contains("no file matches"), none.err());
    }

    @Test
    void usageAndCompatibilityErrors() throws IOException {
        Path n1 = node("n1.json", "7.5", "2.5");
        Cli flatRecompute = merge(n1, "--view", "flat", "--recompute-inclusive");
        assertEquals(2, flatRecompute.exit());
        assertTrue(flatRecompute.err().contains("--recompute-inclusive applies to the tree and callpath views only"));
        assertEquals(2, merge(n1, "--agg", "median").exit());
        Path flatSaved = dir.resolve("flat.ppw.json");
        assertEquals(0, Cli.run("profile", n1.toString(), "--view", "flat", "--format", "json", "-o",
                flatSaved.toString()).exit());
        Cli mismatch = merge(n1, flatSaved, "--view", "tree");
        assertEquals(1, mismatch.exit());
        assertTrue(mismatch.err().contains("cannot merge " + flatSaved + ", a flat profile, with " + n1
                + ", a trace: it cannot give the tree view"), mismatch.err());
        Cli first = merge(flatSaved, n1, "--view", "tree");
        assertTrue(first.err().contains("with the merge asks for the tree view"), first.err());
        Cli sameView = merge(flatSaved, n1, "--view", "flat", "--format", "csv");
        assertEquals(0, sameView.exit(), sameView.toString());
    }

    @Test
    void textNamesTheAggregation() throws IOException {
        Cli text = merge(node("n1.json", "7.5", "2.5"), node("n2.json", "2.5", "7.5"), "--agg", "max");
        assertEquals(0, text.exit());
        assertTrue(text.out().contains("max over 2 nodes"), text.out());
    }

    /**
     * The text breakdown prints what --breakdown's help promises (issue 29): per row the nodes' min, max, mean and
     * standard deviation of inclusive time, the same numbers CSV gives (in ns, mean and deviation rounded to the ns).
     */
    @Test
    void theTextBreakdownShowsMinMaxMeanAndStddevAsCsvDoes() {
        String nodes = "src/test/resources/traces/perfflowaspect/nodes4";
        Cli text = Cli.run("merge", nodes, "--breakdown", "--view", "flat", "--unit", "ns");
        Cli csv = Cli.run("merge", nodes, "--breakdown", "--view", "flat", "--format", "csv");
        assertEquals(0, text.exit(), text.toString());
        assertEquals(0, csv.exit(), csv.toString());
        java.util.List<String> lines = text.out().lines().toList();
        int header = 0;
        while (!lines.get(header).startsWith("%total")) {
            header++;
        }
        java.util.List<String> heading = java.util.Arrays.asList(lines.get(header).split("\\s{2,}"));
        java.util.List<org.apache.commons.csv.CSVRecord> records = PprofTools.csv(csv.out());
        java.util.Map<String, String> expected = new java.util.TreeMap<>();
        java.util.Map<String, String> shown = new java.util.TreeMap<>();
        String[][] columns = {{"node min ns", "node_min_inclusive_ns"}, {"node max ns", "node_max_inclusive_ns"},
                {"node mean ns", "node_mean_inclusive_ns"}, {"node stddev ns", "node_stddev_inclusive_ns"}};
        for (org.apache.commons.csv.CSVRecord r : records) {
            for (String[] c : columns) {
                expected.put(r.get("path") + " " + c[0], r.get(c[1]));
            }
        }
        for (String line : lines.subList(header + 1, header + 1 + records.size())) {
            String[] cells = line.trim().split("\\s{2,}");
            for (String[] c : columns) {
                shown.put(cells[cells.length - 1] + " " + c[0], cells[heading.indexOf(c[0])]);
            }
        }
        assertEquals(expected, shown, text.out());
        assertTrue(expected.values().stream().anyMatch(v -> !v.equals("0")), "a spread to show: " + expected);
    }
}
