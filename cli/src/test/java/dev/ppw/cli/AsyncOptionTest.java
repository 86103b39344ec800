package dev.ppw.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.ppw.cli.Cli.csv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --async apart|inside|off} (SEMANTICS.md section 2, "Parts") on a cut of a real Node.js trace, whose
 * async_hooks spans overlap: apart, the threads' total is thread time and the spans have a total of their own.
 */
class AsyncOptionTest {
    private static final Path NODE = Path.of("src/test/resources/traces/nodejs/node-trace-A-cut.json");
    private static final Path FUTURE = Path.of("src/test/resources/traces/perfflowaspect/future/perfflow.array.vm.7640.pfw");
    private static final Path VERBOSE = Path.of("src/test/resources/traces/perfflowaspect/verbose/perfflow.array.vm.7505.pfw");
    private static final JsonFactory JSON = new JsonFactory();

    @TempDir
    Path dir;

    @Test
    void apartTheThreadTotalIsThreadTimeAndTheAsyncSpansHaveTheirOwn() throws IOException {
        String apart = run("profile", NODE.toString(), "--format", "json");
        String inside = run("profile", NODE.toString(), "--format", "json", "--async", "inside");
        long threadNanos = member(apart, "total_inclusive_ns");
        long asyncNanos = member(apart, "async_total_inclusive_ns");
        Span span = span(NODE);
        assertEquals(40_237_000L, threadNanos);
        assertEquals(716_034_000L, asyncNanos);
        assertTrue(threadNanos <= span.nanos() * span.threads(),
                threadNanos + " ns of thread time in " + span.nanos() + " ns on " + span.threads() + " threads");
        assertTrue(asyncNanos > span.nanos(), "the async spans overlap: their sum exceeds the trace's span");
        assertEquals(threadNanos + asyncNanos, member(inside, "total_inclusive_ns"), "inside adds the parts up");
        assertFalse(inside.contains("async_total_inclusive_ns"));
        assertEquals(1, member(inside, "version"), "inside, the file is what version 1 was");
        assertEquals(2, member(apart, "version"));
    }

    @Test
    void offLeavesTheAsyncEventsOutAsANote() {
        Cli off = Cli.run("profile", NODE.toString(), "--async", "off");
        assertEquals(0, off.exit(), off.toString());
        assertTrue(off.out().contains("not in the tree: 146 async events left out (--async off), 5 instant events,"
                + " 4 metadata events (process and thread names)\n"), off.out());
        assertFalse(off.out().contains("async spans"), off.out());
        assertTrue(off.out().startsWith("view: tree   total: 40.237 ms   rows: 13\n"), off.out());
    }

    @Test
    void aMergeOfNodesWithAndWithoutAnAsyncPartCountsTheMissingRowsByTheRule() {
        // future.pfw: thread foo 5001904600 ns, async bar 3000456400 ns. verbose.pfw: threads only, no bar.
        String header = "part,path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns,"
                + "agg,missing,nodes,inclusive_per_call_ns,exclusive_per_call_ns";
        Cli zero = Cli.run("merge", FUTURE.toString(), VERBOSE.toString(), "--agg", "min", "--view", "flat",
                "--format", "csv");
        assertEquals(0, zero.exit(), zero.toString());
        assertTrue(zero.out().startsWith(header + "\r\n"), zero.out());
        // a min aggregate has no time per call: the two columns are empty
        assertTrue(zero.out().endsWith("async,bar,1,0,0,0,3000456400,3000456400,min,zero,2,,\r\n"), zero.out());
        Cli present = Cli.run("merge", FUTURE.toString(), VERBOSE.toString(), "--agg", "min", "--present-only",
                "--view", "flat", "--format", "csv");
        assertTrue(present.out().endsWith("async,bar,1,0,3000456400,3000456400,3000456400,3000456400,min,present,2,,"
                        + "\r\n"),
                present.out());
        assertTrue(present.out().contains("\r\nthread,bar,4,4,"), "verbose.pfw's thread bar is another row: "
                + present.out());
    }

    @Test
    void aSavedProfileWithAnAsyncPartMergesBackAsTheModeSays() throws IOException {
        Path saved = dir.resolve("node.ppw.json");
        assertEquals(0, Cli.run("profile", NODE.toString(), "--format", "json", "-o", saved.toString()).exit());
        for (String mode : List.of("apart", "inside", "off")) {
            Cli profiled = Cli.run("profile", NODE.toString(), "--async", mode, "--view", "flat", "--format", "csv");
            Cli merged = Cli.run("merge", saved.toString(), "--async", mode, "--view", "flat", "--format", "csv");
            assertEquals(0, merged.exit(), merged.toString());
            assertEquals(sorted(profiled.out()), sorted(merged.out()), mode);
        }
        Cli off = Cli.run("merge", saved.toString(), "--async", "off");
        assertTrue(off.out().contains("not in the tree: 7 async events left out (--async off)\n"),
                "one note per async row: " + off.out());
    }

    @Test
    void anUnknownModeIsAUsageError() {
        Cli r = Cli.run("profile", NODE.toString(), "--async", "beside");
        assertEquals(2, r.exit(), r.toString());
        assertTrue(r.err().contains("unknown async mode 'beside': expected one of apart, inside, off"), r.toString());
        Cli m = Cli.run("merge", NODE.toString(), "--async", "beside");
        assertEquals(2, m.exit(), m.toString());
    }

    @Test
    void aTraceWithoutAsyncEventsIsTheSameInEveryMode() {
        String apart = Cli.run("profile", VERBOSE.toString(), "--format", "csv").out();
        assertEquals(apart, Cli.run("profile", VERBOSE.toString(), "--format", "csv", "--async", "inside").out());
        assertEquals(apart, Cli.run("profile", VERBOSE.toString(), "--format", "csv", "--async", "off").out());
        assertEquals(csv("path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_ns,exclusive_ns,"
                + "min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,inclusive_per_call_ns,exclusive_per_call_ns"),
                apart.substring(0, apart.indexOf('\n') + 1));
    }

    private static List<String> sorted(String csv) {
        return csv.lines().sorted().toList();
    }

    private static String run(String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exit(), r.toString());
        return r.out();
    }

    /** A top-level integer member of a saved profile, as ppw-java lays it out (one member per line). */
    private static long member(String json, String name) {
        Matcher m = Pattern.compile("\\n  \"" + name + "\": (-?\\d+),").matcher(json);
        assertTrue(m.find(), name + " in " + json);
        return Long.parseLong(m.group(1));
    }

    /** From the earliest start to the latest end of a trace's timed events, and how many threads have any. */
    private record Span(long nanos, int threads) {
    }

    /** The trace's events read with Jackson's streaming parser (its times are whole microseconds). */
    private static Span span(Path trace) throws IOException {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        Set<String> threads = new HashSet<>();
        try (JsonParser p = JSON.createParser(trace.toFile())) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME && !"traceEvents".equals(p.currentName())) {
                p.nextToken();
                p.skipChildren();
            }
            p.nextToken();
            while (p.nextToken() == JsonToken.START_OBJECT) {
                Map<String, String> e = new HashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    e.put(field, p.getText());
                    p.skipChildren();
                }
                if (e.get("ph").equals("M")) {
                    continue;
                }
                long ts = Long.parseLong(e.get("ts")) * 1000;
                first = Math.min(first, ts);
                last = Math.max(last, ts + Long.parseLong(e.getOrDefault("dur", "0")) * 1000);
                if (List.of("B", "E", "X").contains(e.get("ph"))) {
                    threads.add(e.get("pid") + "/" + e.get("tid"));
                }
            }
        }
        return new Span(last - first, threads.size());
    }
}
