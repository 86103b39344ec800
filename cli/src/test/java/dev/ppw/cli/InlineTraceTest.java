package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.ppw.cli.Cli.csv;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Small traces in, CSV out: every expected number worked out by hand from SEMANTICS.md. */
class InlineTraceTest {
    private static final String TREE = "path,id,parent_id,depth,name,callsite,calls,subcalls,"
            + "inclusive_%1$s,exclusive_%1$s,min_inclusive_%1$s,max_inclusive_%1$s,agg,missing,nodes,"
            + "inclusive_per_call_%1$s,exclusive_per_call_%1$s";
    private static final String KEYED = "path,calls,subcalls,"
            + "inclusive_%1$s,exclusive_%1$s,min_inclusive_%1$s,max_inclusive_%1$s,agg,missing,nodes,"
            + "inclusive_per_call_%1$s,exclusive_per_call_%1$s";

    /*
     * main B at 1000.0005 us = 1000000.5 ns, rounded half away from zero to 1000001 ns; work from 1001250 to
     * 1003750.4 -> 1003750 (2500 ns) and from 1004000 to 1004001 (1 ns); main ends at 1010000: 9999 ns, of
     * which 9999 - 2501 = 7498 ns its own.
     */
    private static final String NESTED_BE = """
            [
            {"name":"main","ph":"B","pid":1,"tid":1,"ts":1000.0005},
            {"name":"work","ph":"B","pid":1,"tid":1,"ts":1001.25},
            {"name":"work","ph":"E","pid":1,"tid":1,"ts":1003.7504},
            {"name":"work","ph":"B","pid":1,"tid":1,"ts":1004},
            {"name":"work","ph":"E","pid":1,"tid":1,"ts":1004.001},
            {"name":"main","ph":"E","pid":1,"tid":1,"ts":1010}
            ]
            """;

    /*
     * PerfFlowAspect compact style: each X written when it ends, children first, no closing bracket.
     * root [9000, 19000] holds mid [10000, 15000] (holding leaf [10500, 11750]) and mid [16000, 18000].
     */
    private static final String CHILDREN_FIRST = """
            [
            {"name":"leaf","ph":"X","pid":1,"tid":1,"ts":10.5,"dur":1.25},
            {"name":"mid","ph":"X","pid":1,"tid":1,"ts":10,"dur":5},
            {"name":"mid","ph":"X","pid":1,"tid":1,"ts":16,"dur":2},
            {"name":"root","ph":"X","pid":1,"tid":1,"ts":9,"dur":10},
            """;

    /* f [0, 10000] calls f [1000, 5000], which calls g [2000, 3000]. */
    private static final String RECURSION = """
            [{"name":"f","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
             {"name":"f","ph":"X","pid":1,"tid":1,"ts":1,"dur":4},
             {"name":"g","ph":"X","pid":1,"tid":1,"ts":2,"dur":1}]
            """;

    @TempDir
    Path dir;

    @Test
    void nestedBeginEndWithFractionalMicroseconds() throws IOException {
        Path t = write("nested.json", NESTED_BE);
        assertCsv(csv(TREE.formatted("ns"),
                "main,1,,0,main,,1,2,9999,7498,9999,9999,sum,zero,1,9999,7498",
                "main => work,2,1,1,work,,2,0,2501,2501,1,2500,sum,zero,1,1251,1251"),
                "profile", t.toString(), "--format", "csv");
        assertCsv(csv(TREE.formatted("us"),
                "main,1,,0,main,,1,2,9.999,7.498,9.999,9.999,sum,zero,1,9.999,7.498",
                "main => work,2,1,1,work,,2,0,2.501,2.501,0.001,2.5,sum,zero,1,1.251,1.251"),
                "profile", t.toString(), "--format", "csv", "--unit", "us");
    }

    @Test
    void completeEventsListedBeforeTheirParents() throws IOException {
        Path t = write("compact.pfw", CHILDREN_FIRST);
        assertCsv(csv(TREE.formatted("ns"),
                "root,1,,0,root,,1,2,10000,3000,10000,10000,sum,zero,1,10000,3000",
                "root => mid,2,1,1,mid,,2,1,7000,5750,2000,5000,sum,zero,1,3500,2875",
                "root => mid => leaf,3,2,2,leaf,,1,0,1250,1250,1250,1250,sum,zero,1,1250,1250"),
                "profile", t.toString(), "--format", "csv");
        assertCsv(csv(KEYED.formatted("ms"),
                "root,1,2,0.01,0.003,0.01,0.01,sum,zero,1,0.01,0.003",
                "mid,2,1,0.007,0.00575,0.002,0.005,sum,zero,1,0.0035,0.002875",
                "leaf,1,0,0.00125,0.00125,0.00125,0.00125,sum,zero,1,0.00125,0.00125"),
                "profile", t.toString(), "--view", "flat", "--format", "csv", "--unit", "ms");
    }

    @Test
    void twoFilesAreSummedIntoOneProfile() throws IOException {
        Path a = write("a.json", NESTED_BE);
        // main [0, 3000] calling other [1000, 2000], in another process: the same path adds up.
        Path b = write("b.json", """
                [{"name":"main","ph":"X","pid":2,"tid":2,"ts":0,"dur":3},
                 {"name":"other","ph":"X","pid":2,"tid":2,"ts":1,"dur":1}]
                """);
        assertCsv(csv(TREE.formatted("ns"),
                "main,1,,0,main,,2,3,12999,9498,3000,9999,sum,zero,2,6500,4749",
                "main => work,2,1,1,work,,2,0,2501,2501,1,2500,sum,zero,2,1251,1251",
                "main => other,3,1,1,other,,1,0,1000,1000,1000,1000,sum,zero,2,1000,1000"),
                "profile", a.toString(), b.toString(), "--format", "csv");
    }

    @Test
    void recursionCountsInclusiveTimeOnceInFlatAndTau() throws IOException {
        Path t = write("rec.json", RECURSION);
        assertCsv(csv(TREE.formatted("ns"),
                "f,1,,0,f,,1,1,10000,6000,10000,10000,sum,zero,1,10000,6000",
                "f => f,2,1,1,f,,1,1,4000,3000,4000,4000,sum,zero,1,4000,3000",
                "f => f => g,3,2,2,g,,1,0,1000,1000,1000,1000,sum,zero,1,1000,1000"),
                "profile", t.toString(), "--format", "csv", "--view", "callpath");
        assertCsv(csv(KEYED.formatted("ns"),
                "f,2,2,10000,9000,4000,10000,sum,zero,1,5000,4500",
                "g,1,0,1000,1000,1000,1000,sum,zero,1,1000,1000"),
                "profile", t.toString(), "--format", "csv", "--view", "flat");
        assertCsv(csv(KEYED.formatted("ns"),
                "f,1,1,10000,6000,10000,10000,sum,zero,1,10000,6000",
                "f => f,1,1,4000,3000,4000,4000,sum,zero,1,4000,3000",
                "f => g,1,0,1000,1000,1000,1000,sum,zero,1,1000,1000"),
                "profile", t.toString(), "--format", "csv", "--view", "tau");
    }

    @Test
    void sortAndTrimChooseTheRows() throws IOException {
        Path t = write("compact.pfw", CHILDREN_FIRST);
        assertCsv(csv(KEYED.formatted("ns"),
                "leaf,1,0,1250,1250,1250,1250,sum,zero,1,1250,1250",
                "mid,2,1,7000,5750,2000,5000,sum,zero,1,3500,2875",
                "root,1,2,10000,3000,10000,10000,sum,zero,1,10000,3000"),
                "profile", t.toString(), "--view", "flat", "--format", "csv", "--sort", "name");
        assertCsv(csv(TREE.formatted("ns"),
                "root,1,,0,root,,1,2,10000,3000,10000,10000,sum,zero,1,10000,3000",
                "root => mid,2,1,1,mid,,2,1,7000,5750,2000,5000,sum,zero,1,3500,2875"),
                "profile", t.toString(), "--format", "csv", "--max-depth", "2");
        assertCsv(csv(TREE.formatted("ns"),
                "root,1,,0,root,,1,2,10000,3000,10000,10000,sum,zero,1,10000,3000",
                "root => mid,2,1,1,mid,,2,1,7000,5750,2000,5000,sum,zero,1,3500,2875"),
                "profile", t.toString(), "--format", "csv", "--min-percent", "12.6");
    }

    private void assertCsv(String expected, String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exit(), r.toString());
        assertEquals(expected, r.out(), r.toString());
        assertEquals("", r.err(), r.toString());
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
