package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code profile --jobs N} on a file large enough for the parallel chunk reader prints exactly what one
 * thread prints, and what the sequential reader (the same bytes gzipped) prints: tree, warnings and all.
 */
class ProfileJobsTest {
    @TempDir
    Path dir;

    @Test
    void anyNumberOfJobsPrintsTheSame() throws IOException {
        byte[] trace = trace(new Random(11), 20_000);
        assertTrue(trace.length > 1 << 20, "large enough to be read in parallel: " + trace.length);
        Path plain = Files.write(dir.resolve("t.json"), trace);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(trace);
        }
        Path gzipped = Files.write(dir.resolve("t.json.gz"), gz.toByteArray());
        for (String view : new String[] {"tree", "flat"}) {
            Cli one = Cli.run("profile", plain.toString(), "--format", "csv", "--view", view, "--threads", "split",
                    "-j", "1");
            assertEquals(0, one.exit(), one.toString());
            for (String jobs : new String[] {"2", "3", "8"}) {
                Cli many = Cli.run("profile", plain.toString(), "--format", "csv", "--view", view, "--threads",
                        "split", "-j", jobs);
                assertEquals(one.toString(), many.toString(), "-j " + jobs);
            }
            Cli sequential = Cli.run("profile", gzipped.toString(), "--format", "csv", "--view", view, "--threads",
                    "split");
            assertEquals(one.toString(), sequential.toString().replace(gzipped.toString(), plain.toString()));
        }
        assertEquals(2, Cli.run("profile", plain.toString(), "-j", "0").exit());
    }

    @Test
    void severalFilesFoldedApartPrintWhatOneThreadPrints() throws IOException {
        // Small and large files, a gzipped one, a PerfFlowAspect one with region counters, and display units
        // that disagree: folded on workers and added in input order, they print what one thread prints.
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("profile"));
        for (int i = 0; i < 5; i++) {
            byte[] trace = trace(new Random(20 + i), i == 2 ? 20_000 : 300 + 200 * i);
            Path file = Files.write(dir.resolve("t" + i + ".json"), i == 3 ? new String(trace, StandardCharsets.UTF_8)
                    .replace("\"displayTimeUnit\": \"ns\"", "\"displayTimeUnit\": \"ms\"").getBytes(StandardCharsets.UTF_8)
                    : trace);
            args.add(file.toString());
        }
        Path cpumem = dir.resolve("cpumem.pfw");
        try (var in = ProfileJobsTest.class.getResourceAsStream(
                "/traces/perfflowaspect/cpumem_compact/perfflow.array.vm.7538.pfw")) {
            Files.write(cpumem, in.readAllBytes());
        }
        args.add(cpumem.toString());
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(trace(new Random(30), 500));
        }
        args.add(Files.write(dir.resolve("t.json.gz"), gz.toByteArray()).toString());
        for (String format : new String[] {"json", "text"}) {
            for (String view : new String[] {"tree", "flat"}) {
                java.util.List<String> base = new java.util.ArrayList<>(args);
                base.addAll(java.util.List.of("--format", format, "--view", view));
                Cli one = Cli.run(with(base, "-j", "1"));
                assertEquals(0, one.exit(), one.toString());
                assertTrue(one.toString().contains(format.equals("json") ? "display_time_units_differ"
                        : "1 disagreement of the inputs' displayTimeUnits (ignored)"), one.toString());
                for (String jobs : new String[] {"2", "4"}) {
                    assertEquals(one.toString(), Cli.run(with(base, "-j", jobs)).toString(), format + " " + view + " -j " + jobs);
                }
            }
        }
    }

    private static String[] with(java.util.List<String> args, String... more) {
        java.util.List<String> all = new java.util.ArrayList<>(args);
        all.addAll(java.util.List.of(more));
        return all.toArray(String[]::new);
    }

    /** Mostly plain X, B and E on a few threads, with thread names, counters, instants and a few bad events. */
    private static byte[] trace(Random random, int events) {
        StringBuilder b = new StringBuilder("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n");
        b.append("{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": \"worker\"}},\n");
        long[] clock = new long[4];
        for (int i = 0; i < events; i++) {
            int tid = random.nextInt(4);
            clock[tid] += 1 + random.nextInt(50);
            String common = "\"pid\": 1, \"tid\": " + tid + ", \"ts\": " + (1795322503741605L + clock[tid]) + "."
                    + random.nextInt(1000);
            String name = "\"name\": \"f" + random.nextInt(6) + (random.nextInt(50) == 0 ? "\\u00e9" : "") + "\"";
            switch (random.nextInt(40)) {
                case 0 -> b.append("{").append(name).append(", \"ph\": \"C\", ").append(common)
                        .append(", \"args\": {\"v\": 3}}");
                case 1 -> b.append("{").append(name).append(", \"ph\": \"i\", ").append(common).append("}");
                case 2 -> b.append("{").append(name).append(", \"ph\": \"E\", \"pid\": 1, \"tid\": ").append(tid)
                        .append("}"); // no ts: a warning with its line and column
                case 3, 4, 5 -> b.append("{").append(name).append(", \"ph\": \"B\", ").append(common).append("}");
                case 6, 7, 8 -> b.append("{").append(name).append(", \"ph\": \"E\", ").append(common).append("}");
                default -> b.append("{").append(name).append(", \"cat\": \"c\", \"ph\": \"X\", ").append(common)
                        .append(", \"dur\": ").append(random.nextInt(30)).append(".").append(random.nextInt(1000))
                        .append("}");
            }
            b.append(",\n");
        }
        b.append("{}],\n\"metadata\": {\"source\": \"test\"}}\n");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }
}
