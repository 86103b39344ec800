package dev.ppw.cli;

import dev.ppw.testing.Golden;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * perf script and perf stat through the command line: the four shared perf files (traces/perf, MANIFEST in
 * the shared collection) as golden trees, their sample counts against an independent count of their sample
 * headers and against the counts perf itself gave when they were made, per-process nodes, and a perf stat
 * CSV as counter series. With {@code -Dppw.updateGolden=true} the goldens are rewritten; never by hand.
 */
class PerfInputTest {
    private static final Path TRACES = Path.of("src/test/resources/traces/perf");
    /** Outside traces/: the saved-profile round trip walks those, and a profile of counters alone has no rows. */
    private static final Path STAT = Path.of("src/test/resources/perf-stat/perf-stat-I100-x.csv");
    private static final Path GOLDEN = Golden.ROOT.resolve("perf");

    /** Samples per file, as the shared MANIFEST says perf script printed them. */
    private static final Map<String, Long> SAMPLES = Map.of(
            "perf-node-perfbasicprof-A.default.txt", 717L,
            "perf-python3.default.txt", 558L,
            "perf-work-fp.default.txt", 1842L,
            "perf-work-fp.fields.txt", 1842L);

    @TestFactory
    Stream<DynamicTest> sharedFilesAsGoldenTrees() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : SAMPLES.keySet().stream().sorted().toList()) {
            tests.add(golden(name, List.of("--view", "tree", "--format", "csv"), "csv"));
            tests.add(golden(name, List.of("--view", "flat", "--format", "csv"), "csv"));
        }
        tests.add(golden("perf-work-fp.default.txt", List.of("--view", "tree", "--max-depth", "4"), "txt"));
        tests.add(golden("perf-node-perfbasicprof-A.default.txt", List.of("--view", "flat", "--top", "15"), "txt"));
        return tests.stream();
    }

    /** The roots' calls of the tree are the samples: as many as the file has sample headers, and as perf said. */
    @TestFactory
    Stream<DynamicTest> sampleCountsMatchAnIndependentCount() {
        return SAMPLES.keySet().stream().sorted().map(name -> DynamicTest.dynamicTest(name, () -> {
            long headers;
            try (Stream<String> lines = Files.lines(TRACES.resolve(name), StandardCharsets.UTF_8)) {
                headers = lines.filter(l -> !l.isBlank() && !l.startsWith("\t") && !l.startsWith("#")).count();
            }
            assertEquals(SAMPLES.get(name), headers, "grep -c of the headers");
            assertEquals(headers, rootCalls(run(name, "--view", "tree", "--format", "csv").out()));
        }));
    }

    @TempDir
    Path dir;

    /** pid/tid printed (-F +pid): merge --node-by pid makes one node per process, the comm naming it. */
    @Test
    void nodeByPidGivesOneNodePerProcess() throws IOException {
        Path f = Files.writeString(dir.resolve("two.txt"), "a 10/10 1.0: 5 cpu-clock:\n\t1 f+0x1 (/x)\n\t2 main+0x2 (/x)\n\n"
                + "b 20/21 2.0: 7 cpu-clock:\n\t1 g+0x1 (/x)\n\t2 main+0x2 (/x)\n\n", StandardCharsets.UTF_8);
        Cli r = Cli.run("merge", f.toString(), "--node-by", "pid", "--agg", "max", "--view", "flat", "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        // Every row is in the sampled part, which CSV names so that a saved profile reads back into it.
        assertEquals(List.of("samples,f,1,0,5,5,,,max,zero,2,,", "samples,g,1,0,7,7,,,max,zero,2,,",
                        "samples,main,2,2,7,0,,,max,zero,2,,"),
                r.out().lines().skip(1).sorted().toList());
        assertTrue(Cli.run("merge", f.toString(), "--node-by", "pid").out()
                .contains("nodes: two.txt#10, two.txt#20"));
    }

    @Test
    void theFieldsLayoutFoldsToTheDefaultLayoutsTreeWithoutCallsites() {
        Cli fields = run("perf-work-fp.fields.txt", "--view", "callpath", "--format", "csv");
        Cli defaults = run("perf-work-fp.default.txt", "--view", "callpath", "--format", "csv");
        // Same recording: the same paths with the same calls; only the weight differs (no period in -F).
        assertEquals(pathsAndCalls(defaults.out()), pathsAndCalls(fields.out()));
    }

    /** perf stat -I 100 -x, of the workload (resources/perf/README.md): one series per event and unit, exact. */
    @Test
    void perfStatIntervalsAreCounterSeries() throws IOException {
        Cli r = Cli.run("profile", STAT.toString(), "--view", "counters",
                "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        Golden.check(GOLDEN.resolve("perf-stat-I100-x.csv--view-counters--format-csv.csv"), r.out());
    }

    /**
     * A thread is its (pid, tid): the 9 threads of node's perf recording, all named node, are 9 top levels under
     * --threads split (perf report --sort tid), one under by-name, on profile, merge and report alike.
     */
    @Test
    void namesakeThreadsStayApartUnlessByName() throws IOException {
        String file = TRACES.resolve("perf-node-perfbasicprof-A.default.txt").toString();
        for (String command : List.of("profile", "merge")) {
            Cli split = Cli.run(command, file, "--threads", "split", "--view", "tree", "--max-depth", "1",
                    "--format", "csv");
            assertEquals(0, split.exit(), split.toString());
            List<String> tops = column(split.out(), "name");
            assertEquals(9, tops.size(), tops.toString());
            assertTrue(tops.stream().allMatch(n -> n.startsWith("node (") && n.contains("tid ")), tops.toString());
            assertEquals(717, rootCalls(split.out()));
            Cli byName = Cli.run(command, file, "--threads", "by-name", "--view", "tree", "--max-depth", "1",
                    "--format", "csv");
            assertEquals(0, byName.exit(), byName.toString());
            assertEquals(List.of("node"), column(byName.out(), "name"));
            assertEquals(717, rootCalls(byName.out()));
        }
        Path page = dir.resolve("threads.html");
        Cli report = Cli.run("report", file, "--threads", "split", "-o", page.toString());
        assertEquals(0, report.exit(), report.toString());
        assertTrue(Files.readString(page).contains("node (tid 23252)"), "the page names each thread");
    }

    private static List<String> column(String csv, String name) {
        List<String> header = Arrays.asList(csv.lines().findFirst().orElseThrow().split(","));
        int at = header.indexOf(name);
        return csv.lines().skip(1).map(l -> l.split(",", -1)[at]).toList();
    }

    private static long rootCalls(String treeCsv) {
        List<String> header = Arrays.asList(treeCsv.lines().findFirst().orElseThrow().split(","));
        int depth = header.indexOf("depth");
        int calls = header.indexOf("calls");
        return treeCsv.lines().skip(1).map(l -> l.split(",", -1))
                .filter(f -> f[depth].equals("0")).mapToLong(f -> Long.parseLong(f[calls])).sum();
    }

    private static List<String> pathsAndCalls(String csv) {
        List<String> header = Arrays.asList(csv.lines().findFirst().orElseThrow().split(","));
        int calls = header.indexOf("calls");
        return csv.lines().skip(1).map(l -> l.split(",", -1)).map(f -> f[0] + " " + f[calls]).sorted().toList();
    }

    private static Cli run(String name, String... args) {
        List<String> all = new ArrayList<>(List.of("profile", TRACES.resolve(name).toString()));
        all.addAll(List.of(args));
        Cli r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        return r;
    }

    private static DynamicTest golden(String name, List<String> args, String extension) {
        String file = name + Golden.invocation(args) + "." + extension;
        return DynamicTest.dynamicTest(file, () -> Golden.check(GOLDEN.resolve(file),
                run(name, args.toArray(String[]::new)).out()));
    }
}
