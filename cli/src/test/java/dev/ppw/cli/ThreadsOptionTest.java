package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.ppw.cli.Cli.csv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code profile --threads merge|split}. */
class ThreadsOptionTest {
    private static final String TREE = "path,id,parent_id,depth,name,callsite,calls,subcalls,"
            + "inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,inclusive_per_call_ns,"
            + "exclusive_per_call_ns";
    /** With an async part, each row says which part it is in. */
    private static final String PARTS = "part," + TREE;

    /*
     * Thread (1,1) runs work [0, 4000] then work [5000, 6000]; thread (1,2) runs work [1000, 3000] holding
     * io [2000, 2500]; an async request [0, 9000]. Thread (1,1) is named "main" by an M event written last,
     * as PerfFlowAspect and Chrome often write names.
     */
    private static final String TWO_THREADS = """
            [
            {"name":"work","ph":"X","pid":1,"tid":1,"ts":0,"dur":4},
            {"name":"io","ph":"X","pid":1,"tid":2,"ts":2,"dur":0.5},
            {"name":"work","ph":"X","pid":1,"tid":2,"ts":1,"dur":2},
            {"name":"req","ph":"b","pid":1,"cat":"net","id":7,"ts":0},
            {"name":"work","ph":"X","pid":1,"tid":1,"ts":5,"dur":1},
            {"name":"req","ph":"e","pid":1,"cat":"net","id":7,"ts":9},
            {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"main"}}
            ]
            """;

    @TempDir
    Path dir;

    @Test
    void mergeIsTheDefaultAndAddsTheThreadsUp() throws IOException {
        Path t = Files.writeString(dir.resolve("t.json"), TWO_THREADS);
        // The async request is not thread time: it is the async part, after the threads' rows.
        String merged = csv(PARTS,
                "thread,work,1,,0,work,,3,1,7000,6500,1000,4000,sum,zero,1,2333,2167",
                "thread,work => io,2,1,1,io,,1,0,500,500,500,500,sum,zero,1,500,500",
                "async,req,3,,0,req,,1,0,9000,9000,9000,9000,sum,zero,1,9000,9000");
        assertCsv(merged, "profile", t.toString(), "--format", "csv");
        assertCsv(merged, "profile", t.toString(), "--format", "csv", "--threads", "merge");
        assertCsv(csv(TREE,
                "req,3,,0,req,,1,0,9000,9000,9000,9000,sum,zero,1,9000,9000",
                "work,1,,0,work,,3,1,7000,6500,1000,4000,sum,zero,1,2333,2167",
                "work => io,2,1,1,io,,1,0,500,500,500,500,sum,zero,1,500,500"),
                "profile", t.toString(), "--format", "csv", "--async", "inside");
    }

    @Test
    void splitMakesEachThreadATopLevelNamedAfterIt() throws IOException {
        Path t = Files.writeString(dir.resolve("t.json"), TWO_THREADS);
        // A top level has one call per thread and file, as long as the thread's top frames together.
        assertCsv(csv(PARTS,
                "thread,main,1,,0,main,,1,2,5000,0,5000,5000,sum,zero,1,5000,0",
                "thread,main => work,2,1,1,work,,2,0,5000,5000,1000,4000,sum,zero,1,2500,2500",
                "thread,pid 1 tid 2,3,,0,pid 1 tid 2,,1,1,2000,0,2000,2000,sum,zero,1,2000,0",
                "thread,pid 1 tid 2 => work,4,3,1,work,,1,1,2000,1500,2000,2000,sum,zero,1,2000,1500",
                "thread,pid 1 tid 2 => work => io,5,4,2,io,,1,0,500,500,500,500,sum,zero,1,500,500",
                "async,async pid 1,6,,0,async pid 1,,1,1,9000,0,9000,9000,sum,zero,1,9000,0",
                "async,async pid 1 => req,7,6,1,req,,1,0,9000,9000,9000,9000,sum,zero,1,9000,9000"),
                "profile", t.toString(), "--format", "csv", "--threads", "split");
        assertCsv(csv(TREE,
                "async pid 1,6,,0,async pid 1,,1,1,9000,0,9000,9000,sum,zero,1,9000,0",
                "async pid 1 => req,7,6,1,req,,1,0,9000,9000,9000,9000,sum,zero,1,9000,9000",
                "main,1,,0,main,,1,2,5000,0,5000,5000,sum,zero,1,5000,0",
                "main => work,2,1,1,work,,2,0,5000,5000,1000,4000,sum,zero,1,2500,2500",
                "pid 1 tid 2,3,,0,pid 1 tid 2,,1,1,2000,0,2000,2000,sum,zero,1,2000,0",
                "pid 1 tid 2 => work,4,3,1,work,,1,1,2000,1500,2000,2000,sum,zero,1,2000,1500",
                "pid 1 tid 2 => work => io,5,4,2,io,,1,0,500,500,500,500,sum,zero,1,500,500"),
                "profile", t.toString(), "--format", "csv", "--threads", "split", "--async", "inside");
    }

    @Test
    void anUnknownModeIsAUsageError() throws IOException {
        Path t = Files.writeString(dir.resolve("t.json"), TWO_THREADS);
        Cli r = Cli.run("profile", t.toString(), "--threads", "each");
        assertEquals(2, r.exit(), r.toString());
        assertTrue(r.err().contains("unknown threads mode 'each': expected merge, split or by-name"), r.toString());
    }

    private static void assertCsv(String expected, String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exit(), r.toString());
        assertEquals(expected, r.out(), r.toString());
        assertEquals("", r.err(), r.toString());
    }
}
