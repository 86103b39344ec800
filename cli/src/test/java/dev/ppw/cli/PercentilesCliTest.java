package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --percentiles} end to end (SEMANTICS.md "Percentiles"): values within 1% of the exact percentiles
 * worked out by hand, the same whether nodes are merged from traces or from saved profiles (the sketches
 * travel in the JSON), the same under every operator, absent without the option.
 */
class PercentilesCliTest {
    @TempDir
    Path dir;

    /** Region f called once per duration (microseconds), one call after the other, on one thread. */
    private Path node(String name, int firstMicros, int lastMicros) throws IOException {
        StringBuilder sb = new StringBuilder("[\n");
        long ts = 0;
        for (int d = firstMicros; d <= lastMicros; d++) {
            sb.append("{\"ph\":\"X\",\"name\":\"f\",\"ts\":").append(ts).append(",\"dur\":").append(d)
                    .append(",\"pid\":1,\"tid\":1}").append(d < lastMicros ? ",\n" : "\n");
            ts += d + 1;
        }
        sb.append("]\n");
        Path p = dir.resolve(name);
        Files.writeString(p, sb.toString(), StandardCharsets.UTF_8);
        return p;
    }

    private static Cli run(Object... args) {
        Cli r = Cli.run(Arrays.stream(args).map(Object::toString).toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        return r;
    }

    /** The values of the named CSV columns in the single data row of {@code csv}. */
    private static List<Long> columns(String csv, String... names) {
        String[] lines = csv.split("\r?\n");
        assertEquals(2, lines.length, csv);
        List<String> header = List.of(lines[0].split(",", -1));
        String[] row = lines[1].split(",", -1);
        List<Long> values = new ArrayList<>();
        for (String n : names) {
            assertTrue(header.contains(n), n + " in " + lines[0]);
            values.add(Long.parseLong(row[header.indexOf(n)]));
        }
        return values;
    }

    private static void assertWithinOnePercent(long exact, long printed) {
        assertTrue(Math.abs(printed - exact) <= 0.01 * exact + 0.5, "printed " + printed + ", exact " + exact);
    }

    @Test
    void aMergeOfNodesGivesThePercentilesOfAllTheirCalls() throws IOException {
        Path a = node("a.json", 1, 10);
        Path b = node("b.json", 11, 20);
        String csv = run("merge", a, b, "--percentiles", "50,90,100", "--format", "csv").out();
        List<Long> p = columns(csv, "p50_ns", "p90_ns", "p100_ns");
        // 20 calls of 1..20 us: ranks floor(q * 19) = 9, 17, 19
        assertWithinOnePercent(10_000, p.get(0));
        assertWithinOnePercent(18_000, p.get(1));
        // the largest call: the sketch's value is brought within the exact per-call maximum
        assertEquals(20_000, p.get(2));
        for (String op : List.of("min", "max", "avg")) {
            String other = run("merge", a, b, "--percentiles", "50,90,100", "--format", "csv", "--agg", op).out();
            assertEquals(p, columns(other, "p50_ns", "p90_ns", "p100_ns"), op);
        }
    }

    @Test
    void aMergedRealRunIsWithinOnePercentOfTheExactPercentiles() {
        String csv = run("merge", "src/test/resources/traces/perfflowaspect/nodes4", "--view", "flat",
                "--percentiles", "50,90,100", "--format", "csv").out();
        // Exact per-call times from the four nodes' B/E pairs (16 calls per region), sorted, ranks 7 and 13.
        long[][] exact = {{2_390_700, 2_710_200, 2_833_800}, {1_217_700, 1_301_700, 1_304_700}, {44_800, 61_600, 74_300}};
        List<String> lines = csv.lines().toList();
        assertEquals(4, lines.size(), csv);
        for (int r = 0; r < 3; r++) {
            List<Long> p = columns(lines.get(0) + "\n" + lines.get(r + 1), "p50_ns", "p90_ns", "p100_ns");
            assertWithinOnePercent(exact[r][0], p.get(0));
            assertWithinOnePercent(exact[r][1], p.get(1));
            assertEquals(exact[r][2], p.get(2), lines.get(r + 1));
        }
    }

    @Test
    void savedProfilesKeepTheSketchesThroughMergesOfMerges() throws IOException {
        Path a = node("a.json", 1, 10);
        Path b = node("b.json", 11, 20);
        Path c = node("c.json", 100, 130);
        String fromTraces = run("merge", a, b, c, "--percentiles", "25,50,99.9", "--format", "csv").out();
        Path savedA = dir.resolve("a.ppw.json");
        Path savedBc = dir.resolve("bc.ppw.json");
        run("profile", a, "--percentiles", "50", "-o", savedA);
        // a merge without the option still saves the sketches it read
        run("profile", b, "--percentiles", "50", "-o", dir.resolve("b.ppw.json"));
        run("profile", c, "--percentiles", "50", "-o", dir.resolve("c.ppw.json"));
        run("merge", dir.resolve("b.ppw.json"), dir.resolve("c.ppw.json"), "-o", savedBc);
        String saved = Files.readString(savedBc);
        assertTrue(saved.contains("\"version\": 3"), saved);
        assertTrue(saved.contains("\"call_times\""), saved);
        String fromSaved = run("merge", savedA, savedBc, "--percentiles", "25,50,99.9", "--format", "csv").out();
        assertEquals(columns(fromTraces, "calls", "p25_ns", "p50_ns", "p99_9_ns"),
                columns(fromSaved, "calls", "p25_ns", "p50_ns", "p99_9_ns"));
    }

    @Test
    void withoutTheOptionThereAreNoPercentileColumnsAndNoSketches() throws IOException {
        Path a = node("a.json", 1, 10);
        String csv = run("profile", a, "--format", "csv").out();
        assertFalse(csv.contains("p50"), csv);
        String json = run("profile", a, "--format", "json").out();
        assertFalse(json.contains("call_times"), json);
        assertTrue(json.contains("\"version\": 1"), json);
    }

    @Test
    void aPercentileOutsideZeroToHundredIsAUsageError() throws IOException {
        Path a = node("a.json", 1, 3);
        Cli r = Cli.run("profile", a.toString(), "--percentiles", "50,0");
        assertEquals(2, r.exit(), r.toString());
        assertEquals("ppw-java: error: Invalid value for option '--percentiles' (P[,P...]): percentile '0' is not a"
                + " plain number above 0 and at most 100", r.err().lines().findFirst().orElseThrow());
        assertEquals("", r.out());
    }
}
