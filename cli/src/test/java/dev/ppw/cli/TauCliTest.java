package dev.ppw.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ppw.testing.Golden;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * TAU profiles in and out: Hatchet's 4-rank cpi run (TAU 2.29) read as a run folder, golden; {@code --format tau}
 * read back to the same tree and totals, its files checked line by line against TAU's layout by a reader of this
 * test's own; the rules of {@code -o} for a folder.
 */
class TauCliTest {
    private static final String RUN = "../collectors/src/test/resources/tau/tau-cpi-mpi";
    private static final Path GOLDEN = Golden.ROOT.resolve("tau");

    @TempDir
    Path tmp;

    @Test
    void rankZeroAsCsvIsGolden() throws IOException {
        golden("profile.0.0.0--format-csv.csv", "profile", RUN + "/profile.0.0.0", "--format", "csv");
    }

    @Test
    void theRunFolderMergesItsRanksWithTheirBreakdown() throws IOException {
        golden("tau-cpi-mpi-merge--breakdown.txt", "merge", RUN, "--breakdown");
        golden("tau-cpi-mpi-merge--breakdown--format-csv.csv", "merge", RUN, "--breakdown", "--format", "csv");
        golden("tau-cpi-mpi-merge--view-counters--format-csv.csv", "merge", RUN, "--view", "counters",
                "--format", "csv");
    }

    /**
     * TAU's profiles carry each timer's calls, inclusive and exclusive time, so {@code --style tau} fills its time
     * per call (issue 29: it printed {@code -}): the 4 ranks' 214047 us of {@code .TAU application} over 4 calls.
     */
    @Test
    void tauInputsFillTheTimePerCallOfTausLayout() {
        Cli r = Cli.run("merge", RUN, "--style", "tau", "--unit", "us");
        assertEquals(0, r.exit(), r.toString());
        String total = r.out().substring(r.out().indexOf("FUNCTION SUMMARY (total):"));
        String root = total.lines().filter(l -> l.endsWith("  .TAU application")).findFirst().orElseThrow();
        assertEquals(List.of("100.0", "1706.000", "214047.000", "4", "28", "53511.750", ".TAU", "application"),
                List.of(root.trim().split("\\s+")), root);
        for (String line : r.out().lines().filter(l -> l.matches(" *\\d+\\.\\d +\\d.*")).toList()) {
            assertFalse(line.trim().split("\\s+")[5].equals("-"), "every timer has calls: " + line);
        }
    }

    /**
     * The default layout fills the time per call of a TAU profile too, in text, CSV and JSON alike (issue 29), as TAU
     * times every call: rank 0's {@code MPI_Init()}, one call of 17.983 ms, and {@code .TAU application}'s
     * inclusive time over its one call. A filter may cut a row's calls short of their time: a filtered profile shows
     * none (SEMANTICS.md "Time per call").
     */
    @Test
    void tauInputsFillTheTimePerCallOfTheDefaultLayout() throws IOException {
        String rank0 = RUN + "/profile.0.0.0";
        Cli text = Cli.run("profile", rank0, "--view", "flat");
        assertEquals(0, text.exit(), text.toString());
        String init = text.out().lines().filter(l -> l.endsWith("  MPI_Init()")).findFirst().orElseThrow();
        assertEquals(List.of("17.983", "17.983", "1", "0", "17983.000", "17983.000", "-", "-", "MPI_Init()"),
                List.of(init.trim().split("\\s+")).subList(1, 10), init);
        Cli csv = Cli.run("profile", rank0, "--format", "csv");
        String app = csv.out().lines().filter(l -> l.contains(",.TAU application,")).findFirst().orElseThrow();
        String[] cells = app.split(",");
        long inclusive = Long.parseLong(cells[8]);
        long calls = Long.parseLong(cells[6]);
        String perCall = Long.toString(Math.round((double) inclusive / calls));
        assertEquals(perCall, cells[cells.length - 2], app);
        Cli json = Cli.run("profile", rank0, "--format", "json");
        JsonNode doc = new ObjectMapper().readTree(json.out());
        List<String> columns = new ArrayList<>();
        doc.get("columns").forEach(c -> columns.add(c.asText()));
        JsonNode appRow = null;
        for (JsonNode row : doc.get("rows")) {
            if (row.get(columns.indexOf("name")).asText().equals(".TAU application")) {
                appRow = row;
            }
        }
        assertEquals(perCall, appRow.get(columns.indexOf("inclusive_per_call_ns")).asText(), "JSON's time per call");
        Cli focused = Cli.run("profile", rank0, "--view", "flat", "--focus", "MPI_Init");
        String cut = focused.out().lines().filter(l -> l.endsWith("  MPI_Init()")).findFirst().orElseThrow();
        assertEquals("-", cut.trim().split("\\s+")[5], cut);
    }

    /**
     * Hatchet's published expectations for this run (LLNL/hatchet tests/tau.py): one root, {@code .TAU
     * application}, with 7 children; exclusive times of rank 0 (449, 4458 and 218 us for the root,
     * MPI_Finalize() and MPI_Bcast()) and rank 1 (419, 4894, 333).
     */
    @Test
    void theTreeIsHatchets() {
        Map<String, List<Long>> exclusiveMicros = Map.of("0", List.of(449L, 4458L, 218L),
                "1", List.of(419L, 4894L, 333L));
        for (Map.Entry<String, List<Long>> rank : exclusiveMicros.entrySet()) {
            Cli r = Cli.run("profile", RUN + "/profile." + rank.getKey() + ".0.0", "--format", "csv");
            assertEquals(0, r.exit(), r.toString());
            Map<String, Long> exclusive = new HashMap<>();
            int roots = 0;
            int rootChildren = 0;
            for (String line : r.out().split("\r\n")) {
                List<String> f = csvFields(line);
                if (f.get(3).equals("0")) {
                    roots++;
                } else if (f.get(3).equals("1")) {
                    rootChildren++;
                }
                if (!f.get(3).equals("depth")) {
                    exclusive.put(f.get(4), Long.parseLong(f.get(9)));
                }
            }
            assertEquals(1, roots);
            assertEquals(7, rootChildren);
            assertEquals(rank.getValue(), Stream.of(".TAU application", "MPI_Finalize()", "MPI_Bcast()")
                    .map(name -> exclusive.get(name) / 1000).toList(), "rank " + rank.getKey());
        }
    }

    @Test
    void aMergeWrittenAsTauReadsBackToTheSameTreeAndTotals() throws IOException {
        Path out = tmp.resolve("out");
        Cli w = Cli.run("merge", RUN, "--format", "tau", "-o", out.toString());
        assertEquals(0, w.exit(), w.toString());
        assertEquals(List.of("profile.0.0.0", "profile.1.0.0", "profile.2.0.0", "profile.3.0.0"), names(out));
        for (String name : names(out)) {
            checkLayout(Files.readString(out.resolve(name), StandardCharsets.UTF_8));
        }
        assertEquals(csv("merge", RUN, "--breakdown"), csv("merge", out.toString(), "--breakdown"));
        assertEquals(csv("merge", RUN, "--view", "counters"), csv("merge", out.toString(), "--view", "counters"));
    }

    @Test
    void anyTreeSurvivesTheRoundTrip() {
        qt().withExamples(40).forAll(longs().all()).checkAssert(seed -> {
            try {
                Path folded = tmp.resolve("s" + seed + ".json");
                Files.writeString(folded, trace(new SplittableRandom(seed)), StandardCharsets.UTF_8);
                Path out = tmp.resolve("t" + seed);
                Cli w = Cli.run("profile", folded.toString(), "--format", "tau", "-o", out.toString());
                assertEquals(0, w.exit(), w.toString());
                String written = Files.readString(out.resolve("profile.0.0.0"), StandardCharsets.UTF_8);
                long rootsNanos = checkLayout(written);
                String original = csv("profile", folded.toString());
                assertEquals(treeColumns(original), treeColumns(csv("profile", out.toString())),
                        "seed " + seed + "\n" + written);
                assertEquals(rootsTotalNanos(original), rootsNanos, "seed " + seed);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void theOutputFolderMustBeNewOrEmpty() throws IOException {
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        Cli r = Cli.run("merge", RUN, "--format", "tau", "-o", full.toString());
        assertEquals(2, r.exit(), r.toString());
        assertEquals("ppw-java: error: -o " + full + " exists: this format writes a folder of files, name a new or"
                + " empty folder", r.err().lines().findFirst().orElseThrow());
        assertEquals(List.of("keep.txt"), names(full));

        Path file = Files.writeString(tmp.resolve("file"), "mine");
        assertEquals(2, Cli.run("merge", RUN, "--format", "tau", "-o", file.toString()).exit());
        assertEquals("mine", Files.readString(file));

        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Cli ok = Cli.run("profile", RUN + "/profile.2.0.0", "--format", "tau", "-o", empty.toString());
        assertEquals(0, ok.exit(), ok.toString());
        assertEquals(List.of("profile.0.0.0"), names(empty));
        try (Stream<Path> left = Files.list(tmp)) {
            assertFalse(left.anyMatch(p -> p.getFileName().toString().startsWith(".ppw-")), "no temporary folder left");
        }
    }

    @Test
    void aRunOfSeveralMetricsMergesItsTimeFolder() throws IOException {
        Path run = tmp.resolve("multi");
        Path time = Files.createDirectories(run.resolve("MULTI__TIME"));
        Path cycles = Files.createDirectories(run.resolve("MULTI__PAPI_TOT_CYC"));
        for (String rank : List.of("0", "1")) {
            String text = Files.readString(Path.of(RUN, "profile." + rank + ".0.0"), StandardCharsets.UTF_8);
            Files.writeString(time.resolve("profile." + rank + ".0.0"), text, StandardCharsets.UTF_8);
            Files.writeString(cycles.resolve("profile." + rank + ".0.0"), text.replace("<value>TIME</value>",
                    "<value>PAPI_TOT_CYC</value>"), StandardCharsets.UTF_8);
        }
        Cli r = Cli.run("merge", run.toString(), "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("\r\n.TAU application,1,,0,.TAU application,,2,14,107110000,868000,"), r.out());
        Cli alone = Cli.run("profile", cycles.resolve("profile.0.0.0").toString());
        assertEquals(1, alone.exit(), alone.toString());
        assertTrue(alone.err().contains("the metric PAPI_TOT_CYC is not a time"), alone.err());
    }

    @Test
    void toStandardOutputItIsTheWholeProfileAsOneFile() {
        Cli r = Cli.run("merge", RUN, "--format", "tau");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(214_047_000L, checkLayout(r.out()), "the sum of the 4 ranks' roots");
    }

    private void golden(String name, String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exit(), r.toString());
        Golden.check(GOLDEN.resolve(name), r.out());
    }

    private static String csv(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--format", "csv"));
        Cli r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        return r.out();
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static final String[] ROOTS = {"main", "start thread"};
    private static final String[] FRAMES = {"a", "b c", "d\\\"e\\\"", "f(int)", "g::h<T>", "a"};

    /**
     * A Chrome trace of complete events on one thread: calls under two roots that recur nowhere else, with
     * recursion, spaces and quotes below them, times in microseconds with nanosecond fractions.
     */
    private static String trace(SplittableRandom random) {
        StringBuilder sb = new StringBuilder("[");
        long ts = 0;
        int roots = 1 + random.nextInt(4);
        for (int i = 0; i < roots; i++) {
            long dur = 1_000 + random.nextInt(5_000_000);
            call(sb, random, ROOTS[random.nextInt(ROOTS.length)], ts, dur, 0);
            ts += dur + random.nextInt(1000);
        }
        sb.setLength(sb.length() - 1);
        return sb.append("]").toString();
    }

    private static void call(StringBuilder sb, SplittableRandom random, String name, long startNanos, long durNanos,
                             int depth) {
        sb.append("{\"name\":\"").append(name).append("\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":")
                .append(micros(startNanos)).append(",\"dur\":").append(micros(durNanos)).append("},");
        long at = startNanos;
        int children = depth < 4 ? random.nextInt(4) : 0;
        for (int c = 0; c < children; c++) {
            long left = startNanos + durNanos - at;
            if (left < 4) {
                break;
            }
            long gap = random.nextLong(left / 4 + 1);
            long dur = 1 + random.nextLong(Math.max(1, left / 2 - gap));
            call(sb, random, FRAMES[random.nextInt(FRAMES.length)], at + gap, dur, depth + 1);
            at += gap + dur;
        }
    }

    private static String micros(long nanos) {
        return BigDecimal.valueOf(nanos, 3).toPlainString();
    }

    /** Each row's path, calls, subcalls, inclusive and exclusive time: what TAU's format holds of a tree. */
    private static List<String> treeColumns(String csv) {
        String[] lines = csv.split("\r\n");
        List<String> header = List.of(lines[0].split(","));
        int[] columns = Stream.of("path", "calls", "subcalls", "inclusive_ns", "exclusive_ns")
                .mapToInt(header::indexOf).toArray();
        List<String> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            List<String> fields = csvFields(lines[i]);
            StringBuilder sb = new StringBuilder();
            for (int c : columns) {
                sb.append(fields.get(c)).append('|');
            }
            rows.add(sb.toString());
        }
        return rows;
    }

    /** The fields of one RFC 4180 record (quoted fields hold commas and doubled quotes). */
    private static List<String> csvFields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(ch);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static long rootsTotalNanos(String csv) {
        long total = 0;
        for (String line : csv.split("\r\n")) {
            List<String> f = csvFields(line);
            if (f.size() > 8 && f.get(3).equals("0")) {
                total += Long.parseLong(f.get(8));
            }
        }
        return total;
    }

    private static final Pattern FIRST = Pattern.compile("(\\d+) templated_functions_MULTI_TIME");
    private static final Pattern TIMER = Pattern.compile(
            "\"([^\\n]+)\" (\\d+) (\\d+) (-?\\d+(?:\\.\\d+)?) (-?\\d+(?:\\.\\d+)?) 0"
                    + " GROUP=\"(TAU_DEFAULT|TAU_CALLPATH)\"");
    private static final Pattern EVENT = Pattern.compile("\"[^\\n]+\" \\d+ \\S+ \\S+ \\S+ \\S+");

    /**
     * Checks {@code text} against TAU's profile layout (TAU's documentation of profile.N.C.T, and what ParaProf's
     * DataSource reads): the count of timers, the heading with its metadata, the timers, aggregates and user
     * events. Every callpath's prefix must be a timer too (the tree closes) and its flat timers must be the
     * functions named. Returns the sum of the roots' inclusive times, in nanoseconds.
     */
    private static long checkLayout(String text) {
        List<String> lines = text.lines().toList();
        Matcher first = FIRST.matcher(lines.get(0));
        assertTrue(first.matches(), lines.get(0));
        int count = Integer.parseInt(first.group(1));
        assertTrue(lines.get(1).startsWith("# Name Calls Subrs Excl Incl ProfileCalls # <metadata>"), lines.get(1));
        assertTrue(lines.get(1).endsWith("</metadata>"), lines.get(1));
        assertTrue(lines.get(1).contains("<attribute><name>Metric Name</name><value>TIME</value></attribute>"));
        Set<String> flat = new HashSet<>();
        Map<String, String> callpaths = new HashMap<>();
        BigDecimal rootsMicros = BigDecimal.ZERO;
        for (int i = 2; i < 2 + count; i++) {
            Matcher m = TIMER.matcher(lines.get(i));
            assertTrue(m.matches(), "line " + (i + 1) + ": " + lines.get(i));
            String name = m.group(1);
            if (m.group(6).equals("TAU_CALLPATH")) {
                callpaths.put(name, name.substring(0, name.lastIndexOf(" => ")));
            } else {
                assertFalse(name.contains("=>"), name);
                flat.add(name);
            }
        }
        Set<String> ends = new HashSet<>();
        for (Map.Entry<String, String> c : callpaths.entrySet()) {
            String parent = c.getValue();
            assertTrue(callpaths.containsKey(parent) || flat.contains(parent), "the parent of " + c.getKey());
            String[] functions = c.getKey().split(" => ");
            for (String f : functions) {
                assertTrue(flat.contains(f), f + " has a flat timer");
            }
            ends.add(functions[functions.length - 1]);
        }
        for (int i = 2; i < 2 + count; i++) {
            Matcher m = TIMER.matcher(lines.get(i));
            assertTrue(m.matches());
            if (m.group(6).equals("TAU_DEFAULT") && !ends.contains(m.group(1))) {
                rootsMicros = rootsMicros.add(new BigDecimal(m.group(5)));
            }
        }
        int at = 2 + count;
        assertEquals("0 aggregates", lines.get(at++));
        if (at < lines.size()) {
            Matcher m = Pattern.compile("(\\d+) userevents").matcher(lines.get(at++));
            assertTrue(m.matches(), lines.get(at - 1));
            assertEquals("# eventname numevents max min mean sumsqr", lines.get(at++));
            int events = Integer.parseInt(m.group(1));
            for (int e = 0; e < events; e++) {
                assertTrue(EVENT.matcher(lines.get(at++)).matches(), lines.get(at - 1));
            }
        }
        assertEquals(lines.size(), at, "nothing after the user events");
        return rootsMicros.movePointRight(3).longValueExact();
    }
}
