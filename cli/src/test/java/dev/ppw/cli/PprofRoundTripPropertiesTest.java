package dev.ppw.cli;

import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Our profile, written by the pprof writer and read back by the pprof reader, has the same tree: every path with
 * the same inclusive and exclusive time (random nested Chrome X events), or the same calls and samples (random
 * folded stacks, whose samples/count the reader takes as the samples of each record).
 */
class PprofRoundTripPropertiesTest {
    private static final int EXAMPLES = 30;
    private static final String[] NAMES = {"main", "compute", "io", "a => b", "naïve função", "f(int, long)", "x;y",
            "[async]", "std::vector<int>::push_back", "0x4a3b2c"};

    @TempDir
    Path dir;

    @Test
    void tracedTimesSurviveTheRoundTrip() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Path trace = write("t.json", chrome(new SplittableRandom(seed)));
            assertEquals(rows(trace, "inclusive_ns", "exclusive_ns"), rows(roundTrip(trace), "inclusive_ns", "exclusive_ns"));
        });
    }

    @Test
    void foldedSamplesSurviveTheRoundTrip() {
        qt().withExamples(EXAMPLES).forAll(longs().all()).checkAssert(seed -> {
            Path folded = write("s.folded", folded(new SplittableRandom(seed)));
            List<String> columns = List.of("samples", "samples_inclusive_count", "samples_exclusive_count");
            assertEquals(rows(folded, columns.toArray(String[]::new)),
                    rows(roundTrip(folded), columns.toArray(String[]::new)));
        });
    }

    private Path roundTrip(Path input) {
        Path out = dir.resolve("rt.pb.gz");
        Cli r = Cli.run("profile", input.toString(), "--format", "pprof", "-o", out.toString());
        assertEquals(0, r.exit(), r.toString());
        return out;
    }

    /** The tree view's rows as "path | values", sorted. */
    private static List<String> rows(Path input, String... columns) {
        Cli r = Cli.run("profile", input.toString(), "--view", "tree", "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        List<String> rows = new ArrayList<>();
        for (CSVRecord rec : PprofTools.csv(r.out())) {
            StringBuilder b = new StringBuilder(rec.get("path"));
            for (String c : columns) {
                b.append(" | ").append(rec.get(c));
            }
            rows.add(b.toString());
        }
        rows.sort(null);
        return rows;
    }

    private Path write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One thread's nested complete events, times in whole microseconds, some lasting 0. */
    private static String chrome(SplittableRandom r) {
        StringBuilder b = new StringBuilder("[");
        long t = 0;
        int roots = 1 + r.nextInt(3);
        for (int i = 0; i < roots; i++) {
            t = event(b, r, t, 0) + r.nextInt(3);
        }
        return b.append("]\n").toString();
    }

    private static long event(StringBuilder b, SplittableRandom r, long start, int depth) {
        String name = NAMES[r.nextInt(NAMES.length)];
        int children = depth < 4 ? r.nextInt(4) : 0;
        long t = start + r.nextInt(3);
        for (int i = 0; i < children; i++) {
            t = event(b, r, t, depth + 1) + r.nextInt(3);
        }
        long end = t + r.nextInt(5);
        if (b.length() > 1) {
            b.append(",\n");
        }
        b.append("{\"name\": \"").append(name).append("\", \"ph\": \"X\", \"ts\": ").append(start)
                .append(", \"dur\": ").append(end - start).append(", \"pid\": 1, \"tid\": 1}");
        return end;
    }

    /** Random stacks of folded lines with counts from 1 to 50. */
    private static String folded(SplittableRandom r) {
        StringBuilder b = new StringBuilder();
        int lines = 1 + r.nextInt(12);
        for (int i = 0; i < lines; i++) {
            int depth = 1 + r.nextInt(5);
            for (int d = 0; d < depth; d++) {
                String name = NAMES[r.nextInt(NAMES.length)].replace(';', ':');
                b.append(d == 0 ? "" : ";").append(name);
            }
            b.append(' ').append(1 + r.nextInt(50)).append('\n');
        }
        return b.toString();
    }
}
