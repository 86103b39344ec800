package dev.ppw.cli;

import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The filters and the callers and callees views against {@code go tool pprof} on real profiles: a V8 CPU profile of
 * Node.js (samples) and a TypeScript compiler trace (calls). The expected figures below were read from pprof's output
 * on our pprof export of each file ({@code ppw-java profile FILE -o x.pb.gz}, then the command in each comment), so
 * they hold without Go; with Go installed, every function of every case is compared as well. A pattern is anchored
 * where pprof would also find it in a file name, which ppw-java does not match.
 */
class FiltersMatchPprofTest {
    private static final String NODE = "src/test/resources/traces/nodejs/node-workload-A.cpuprofile";
    private static final String TSC = "src/test/resources/traces/tsc-5.9.3-projectA.trace.json";
    /** The script of the Node.js profile: a V8 function's region is its name and place, {@code name url:line:column}. */
    private static final String SCRIPT = "file:///work/steering/datagen/node_workload_a.js";

    /** One filter on one file, and rows pprof printed for it: name, flat ns, cum ns. */
    record Case(String file, String option, String regex, List<Object[]> rows) {
        String pprofFlag() {
            return "-" + option.substring(2).replace('-', '_') + "=" + regex;
        }

        @Override
        public String toString() {
            return Path.of(file).getFileName() + " " + option + " " + regex;
        }
    }

    private static Object[] row(String name, long flat, long cum) {
        return new Object[] {name, flat, cum};
    }

    static List<Case> cases() {
        return List.of(
                // go tool pprof -unit=ns -top -cum -focus=writeAndReadBack node.pb.gz
                new Case(NODE, "--focus", "writeAndReadBack", List.of(
                        row("writeAndReadBack " + SCRIPT + ":25:32", 129986000, 293618000),
                        row("syncBufferWrapper node:zlib:766:38", 0, 133184000),
                        row("processChunkSync node:zlib:393:26", 129815000, 132067000),
                        row("zlibBufferSync node:zlib:164:24", 0, 132067000))),
                // go tool pprof -unit=ns -top -cum -ignore=writeAndReadBack node.pb.gz
                new Case(NODE, "--ignore", "writeAndReadBack", List.of(
                        row("(idle)", 306946000, 306946000), row("(garbage collector)", 53569000, 53569000),
                        row("(anonymous) node:internal/main/run_main_module:1:1", 0, 17018000),
                        row("main " + SCRIPT + ":40:20", 2869000, 25586000))),
                // go tool pprof -unit=ns -top -cum -hide=^write node.pb.gz
                new Case(NODE, "--hide", "^write", List.of(
                        row("(idle)", 306946000, 306946000), row("syncBufferWrapper node:zlib:766:38", 0, 133184000),
                        row("processChunkSync node:zlib:393:26", 129815000, 132067000))),
                // go tool pprof -unit=ns -top -cum -show_from='^main ' node.pb.gz (a V8 function's name, then its place)
                new Case(NODE, "--show-from", "^main ", List.of(
                        row("main " + SCRIPT + ":40:20", 2869000, 105748000),
                        row("writeAndReadBack " + SCRIPT + ":25:32", 56701000, 80162000),
                        row("(anonymous) " + SCRIPT + ":59:38", 0, 13177000),
                        row("makeRecords " + SCRIPT + ":13:21", 13412000, 13412000))),
                // go tool pprof -unit=ns -top -cum -show='Sync|write' node.pb.gz
                new Case(NODE, "--show", "Sync|write", List.of(
                        row("writeAndReadBack " + SCRIPT + ":25:32", 147029000, 293618000),
                        row("processChunkSync node:zlib:393:26", 132067000, 132067000),
                        row("write node:buffer:634:12", 8992000, 8992000))),
                // go tool pprof -unit=ns -top -cum -focus=findSourceFile tsc.pb.gz
                new Case(TSC, "--focus", "findSourceFile", List.of(
                        row("createProgram", 0, 275716403), row("findSourceFile", 34965330, 275716403),
                        row("createSourceFile", 236262121, 236262121), row("processRootFiles", 0, 11788456))),
                // go tool pprof -unit=ns -top -cum -ignore=checkSourceFile tsc.pb.gz
                new Case(TSC, "--ignore", "checkSourceFile", List.of(
                        row("createProgram", 15054363, 292924305), row("findSourceFile", 34965330, 275716403),
                        row("createSourceFile", 237265918, 237265918), row("bindSourceFile", 121929923, 121929923))),
                // go tool pprof -unit=ns -top -cum -hide=SourceFile tsc.pb.gz
                new Case(TSC, "--hide", "SourceFile", List.of(
                        row("createProgram", 274493358, 292924305), row("structuredTypeRelatedTo", 285233195, 286270060),
                        row("checkVariableDeclaration", 26038851, 33131103), row("emit", 7162656, 30235143))),
                // go tool pprof -unit=ns -top -cum -show_from='^createProgram$' tsc.pb.gz
                new Case(TSC, "--show-from", "^createProgram$", List.of(
                        row("createProgram", 15054363, 292924305), row("findSourceFile", 34965330, 275716403),
                        row("createSourceFile", 237265918, 237265918), row("processRootFiles", 945310, 13737563))));
    }

    @TestFactory
    Stream<DynamicTest> flatViewThroughEachFilterHasPprofsFlatAndCum() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> {
            Map<String, long[]> ours = flat(c.file(), List.of(c.option(), c.regex()));
            for (Object[] r : c.rows()) {
                long[] got = ours.get((String) r[0]);
                assertArrayEquals(new long[] {(long) r[1], (long) r[2]}, got, c + ": " + r[0]);
            }
        }));
    }

    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> everyFunctionOfEveryCaseAsGoToolPprofHasIt() {
        assumeTrue(PprofTools.hasGo(), "go is not installed: the recorded figures are checked without it");
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> {
            Path pb = dir.resolve(Path.of(c.file()).getFileName() + ".pb.gz");
            if (!pb.toFile().exists()) {
                Cli r = Cli.run("profile", c.file(), "--format", "pprof", "-o", pb.toString());
                assertEquals(0, r.exit(), r.toString());
            }
            Map<String, long[]> pprof = PprofTools.goTop(pb, "time", "ns", null, List.of(c.pprofFlag()));
            Map<String, long[]> ours = flat(c.file(), List.of(c.option(), c.regex()));
            assertEquals(PprofTools.text(pprof), PprofTools.text(ours), c.toString());
        }));
    }

    /**
     * {@code go tool pprof -unit=ns -peek '^processRootFiles$' tsc.pb.gz}: its one caller createProgram 13737563 ns;
     * flat 945310 ns, cum 13737563 ns; its callees findSourceFile 11788456 ns and createSourceFile 1003797 ns. And
     * {@code -peek '^findSourceFile$'}: its callers createProgram 263927947 ns and processRootFiles 11788456 ns.
     */
    @Test
    void callersAndCalleesAreWhatPprofPeekLists() {
        assertEquals(Map.of("processRootFiles", new Row(13737563, 0), "processRootFiles => createProgram",
                new Row(13737563, 13737563)), view("callers", "processRootFiles"));
        Map<String, Row> callees = view("callees", "processRootFiles");
        assertEquals(new Row(13737563, 945310), callees.get("processRootFiles"));
        assertEquals(11788456, callees.get("processRootFiles => findSourceFile").inclusive());
        assertEquals(1003797, callees.get("processRootFiles => createSourceFile").inclusive());
        Map<String, Row> callers = view("callers", "findSourceFile");
        assertEquals(263927947, callers.get("findSourceFile => createProgram").inclusive());
        assertEquals(11788456, callers.get("findSourceFile => processRootFiles").inclusive());
        assertEquals(275716403, callers.get("findSourceFile").inclusive());
    }

    @Test
    void aPatternThatMatchesNoRegionIsSaid() {
        Cli r = Cli.run("profile", TSC, "--focus", "noSuchRegion", "--hide", "SourceFile");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("(no rows)"), r.toString());
        assertTrue(r.out().contains("1 filter whose pattern matched no region name"), r.toString());
    }

    record Row(long inclusive, long exclusive) {
    }

    /** Rows of depth 1 and 2 of the view, by path. */
    private static Map<String, Row> view(String view, String region) {
        Cli r = Cli.run("profile", TSC, "--view", view, region, "--max-depth", "2", "--format", "csv", "--unit", "ns");
        assertEquals(0, r.exit(), r.toString());
        Map<String, Row> rows = new java.util.TreeMap<>();
        for (CSVRecord rec : PprofTools.csv(r.out())) {
            rows.put(rec.get("path"), new Row(Long.parseLong(rec.get("inclusive_ns")),
                    Long.parseLong(rec.get("exclusive_ns"))));
        }
        return rows;
    }

    /** Our flat view through {@code options}: region to {exclusive, inclusive} in ns, rows of no time left out. */
    private static Map<String, long[]> flat(String file, List<String> options) {
        List<String> args = new ArrayList<>(List.of("profile", file, "--unit", "ns"));
        args.addAll(options);
        Map<String, long[]> rows = PprofTools.ours(args, "exclusive_ns", "inclusive_ns");
        Map<String, long[]> copy = new HashMap<>(rows);
        return new java.util.TreeMap<>(copy);
    }
}
