package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What people read: --top, --ascending, the tree's lines and --ascii, --style tau, -v. */
class TextLayoutCliTest {
    private static final Path TRACES = Path.of("src/test/resources/traces");
    private static final String TSC = TRACES.resolve("tsc-5.9.3-projectA.trace.json").toString();
    private static final String MULTIPROC = TRACES.resolve("perfflowaspect/multiproc").toString();
    private static final String NODES4 = TRACES.resolve("perfflowaspect/nodes4").toString();

    @TempDir
    Path dir;

    @Test
    void topKeepsNRowsAndSaysHowManyThereWere() {
        List<String> all = rows(ok("profile", TSC, "--view", "flat", "--format", "csv"));
        List<String> top = rows(ok("profile", TSC, "--view", "flat", "--format", "csv", "--top", "4"));
        assertEquals(all.subList(0, 4), top);
        String text = ok("profile", TSC, "--view", "flat", "--top", "4");
        assertTrue(text.startsWith("view: flat   total: 1.792 s   rows: 4 of " + all.size()
                + " (the 4 largest by inclusive)\n"), text);
        // In the tree, the 3 rows of most calls come with their callers, in tree order.
        List<String> tree = rows(ok("profile", TSC, "--format", "csv", "--top", "3", "--sort", "calls"));
        assertTrue(tree.size() > 3, tree::toString);
        for (String row : tree) {
            String path = row.substring(0, row.indexOf(','));
            int cut = path.lastIndexOf(" => ");
            assertTrue(cut < 0 || tree.stream().anyMatch(r -> r.startsWith(path.substring(0, cut) + ",")),
                    "the caller of " + path + " is listed: " + tree);
        }
    }

    @Test
    void ascendingSortsSmallestFirstAndContradictionsAreUsageErrors() {
        List<Long> exclusive = new ArrayList<>();
        for (String row : rows(ok("profile", TSC, "--view", "flat", "--format", "csv", "--sort", "exclusive",
                "--ascending"))) {
            exclusive.add(Long.parseLong(row.split(",")[4]));
        }
        List<Long> sorted = new ArrayList<>(exclusive);
        sorted.sort(null);
        assertEquals(sorted, exclusive);
        assertTrue(exclusive.get(0) < exclusive.get(exclusive.size() - 1), exclusive::toString);

        Cli both = Cli.run("profile", TSC, "--ascending", "--descending");
        assertEquals(2, both.exit(), both.toString());
        assertTrue(both.err().startsWith("ppw-java: error: --ascending and --descending contradict each other"),
                both.err());
        Cli none = Cli.run("profile", TSC, "--top", "0");
        assertEquals(2, none.exit(), none.toString());
        assertTrue(none.err().startsWith("ppw-java: error: --top must be at least 1, got 0"), none.err());
    }

    @Test
    void theTreeIsDrawnInBoxCharactersOrInAsciiWhenAskedOrWhenTheTerminalCannotShowThem() throws IOException {
        String utf8 = ok("profile", TSC);
        assertTrue(utf8.contains("\u251c\u2500 structuredTypeRelatedTo\n"), utf8);
        assertTrue(utf8.contains("\u2502  \u2514\u2500 structuredTypeRelatedTo\n"), utf8);
        String ascii = ok("profile", TSC, "--ascii");
        assertEquals(utf8.replace("\u251c\u2500", "|-").replace("\u2514\u2500", "`-").replace("\u2502", "|"), ascii);
        assertOnlyAscii(ascii.getBytes(StandardCharsets.UTF_8));

        byte[] onAsciiTerminal = run(StandardCharsets.US_ASCII, "profile", TSC);
        assertEquals(ascii, new String(onAsciiTerminal, StandardCharsets.US_ASCII));
        // A file is UTF-8 whatever the terminal.
        Path file = dir.resolve("tree.txt");
        run(StandardCharsets.US_ASCII, "profile", TSC, "-o", file.toString());
        assertEquals(utf8, Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void tauStyleHasEachThreadThenTotalsEqualToTheFlatView() {
        String tau = ok("profile", MULTIPROC, "--view", "flat", "--style", "tau", "--unit", "ns");
        List<String> titles = tau.lines().filter(l -> l.startsWith("THREAD ") || l.startsWith("FUNCTION")).toList();
        assertEquals(List.of("THREAD 0 (pid 7557 tid 7557):", "THREAD 1 (pid 7556 tid 7556):",
                "THREAD 2 (pid 7559 tid 7559):", "THREAD 3 (pid 7558 tid 7558):", "FUNCTION SUMMARY (total):",
                "FUNCTION SUMMARY (mean):"), titles);
        Map<String, List<String>> total = table(tau, "FUNCTION SUMMARY (total):");
        Map<String, List<String>> flat = new LinkedHashMap<>();
        for (String row : rows(ok("profile", MULTIPROC, "--view", "flat", "--format", "csv"))) {
            String[] f = row.split(",");
            // pprof's order: exclusive, inclusive, calls, subcalls
            flat.put(f[0], List.of(f[4], f[3], f[1], f[2]));
        }
        assertEquals(flat, total);

        Map<String, long[]> threads = new HashMap<>();
        for (int t = 0; t < 4; t++) {
            table(tau, "THREAD " + t + " (").forEach((name, v) -> {
                long[] sum = threads.computeIfAbsent(name, k -> new long[4]);
                for (int i = 0; i < 4; i++) {
                    sum[i] += Long.parseLong(v.get(i));
                }
            });
        }
        threads.forEach((name, sum) -> assertEquals(flat.get(name),
                List.of(Long.toString(sum[0]), Long.toString(sum[1]), Long.toString(sum[2]), Long.toString(sum[3])),
                "the threads' " + name + " add up to the total"));

    }

    @Test
    void theTauMeanDividesByTheThreadsRoundingTimesAndKeepingDecimalsOfCalls() throws IOException {
        // Thread 1 runs f for 3 ns; thread 2 runs f for 4 ns calling g for 1 ns.
        Path t = Files.writeString(dir.resolve("two.json"), """
                [{"name":"f","ph":"X","pid":1,"tid":1,"ts":0,"dur":0.003},
                 {"name":"f","ph":"X","pid":1,"tid":2,"ts":0,"dur":0.004},
                 {"name":"g","ph":"X","pid":1,"tid":2,"ts":0.001,"dur":0.001}]
                """);
        String tau = ok("profile", t.toString(), "--view", "flat", "--style", "tau", "--unit", "ns");
        // f: 6 ns exclusive and 7 ns inclusive over 2 threads are 3 and 3.5, rounded away from zero to 4;
        // g's one call is half a call per thread.
        Map<String, List<String>> mean = table(tau, "FUNCTION SUMMARY (mean):");
        assertEquals(List.of("3", "4", "1", "0.5"), mean.get("f"));
        assertEquals(List.of("1", "1", "0.5", "0"), mean.get("g"));
        assertTrue(tau.lines().anyMatch(l -> l.matches(" *100\\.0 +3 +4 +1 +0\\.5 +4  f")), tau);
    }

    @Test
    void tauStyleOfAMergeHasEachNodeAndCsvIgnoresIt() {
        String tau = ok("merge", NODES4, "--view", "flat", "--style", "tau");
        assertEquals(4, tau.lines().filter(l -> l.startsWith("NODE ")).count(), tau);
        assertTrue(tau.contains("\nNODE 0 (perfflow.array.node0.{fJobA}.vm.7541.pfw):\n"), tau);
        assertTrue(tau.contains("\nFUNCTION SUMMARY (total):\n"), tau);
        assertEquals(ok("merge", NODES4, "--format", "csv"), ok("merge", NODES4, "--format", "csv", "--style", "tau"));
        String max = ok("merge", NODES4, "--view", "flat", "--style", "tau", "--agg", "max");
        assertTrue(max.contains("\nFUNCTION SUMMARY (max):\n") && !max.contains("(mean)"), max);
    }

    @Test
    void verboseListsWhatTheHeaderWouldCount() throws IOException {
        StringBuilder trace = new StringBuilder("[");
        for (int tid = 1; tid <= 30; tid++) {
            trace.append("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":").append(tid)
                    .append(",\"args\":{\"name\":\"worker-").append(tid).append("\"}},");
        }
        trace.append("{\"name\":\"f\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1}]");
        Path t = Files.writeString(dir.resolve("threads.json"), trace);
        String folded = ok("profile", t.toString());
        assertTrue(folded.contains("\nthreads: 30 in 1 process (-v lists them)\n"), folded);
        String verbose = ok("profile", t.toString(), "-v");
        assertTrue(verbose.contains("\nthreads: 1/1 worker-1, 1/2 worker-2, "), verbose);
        assertTrue(verbose.contains(", 1/30 worker-30\n"), verbose);
    }

    /** Rows of a table in {@code text} after the line {@code title} starts with: name to the other cells. */
    private static Map<String, List<String>> table(String text, String title) {
        List<String> lines = text.lines().toList();
        int at = 0;
        while (!lines.get(at).startsWith(title)) {
            at++;
        }
        Map<String, List<String>> rows = new LinkedHashMap<>();
        // title, rule, headings, rule, then rows up to a blank line
        for (int i = at + 4; i < lines.size() && !lines.get(i).isBlank(); i++) {
            String[] cells = lines.get(i).trim().split(" +");
            rows.put(cells[6], List.of(cells[1], cells[2], cells[3], cells[4]));
        }
        return rows;
    }

    private static List<String> rows(String csv) {
        return csv.lines().skip(1).toList();
    }

    private static String ok(String... args) {
        return CliRunner.out(args);
    }

    /** Runs ppw-java with a standard output decoded as {@code charset}; returns its bytes. */
    private static byte[] run(java.nio.charset.Charset charset, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, charset); PrintStream e = new PrintStream(err, true, charset)) {
            exit = Main.run(args, InputStream.nullInputStream(), o, e, charset);
        }
        assertEquals(0, exit, err.toString(charset));
        return out.toByteArray();
    }

    private static void assertOnlyAscii(byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            assertTrue(bytes[i] >= 0, "byte " + i + " is not ASCII");
        }
    }
}
