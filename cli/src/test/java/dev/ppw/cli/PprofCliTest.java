package dev.ppw.cli;

import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * pprof through the command line, checked against the tools of the format: the reader's per-function totals
 * against {@code go tool pprof -top} of the same file, for every sample type; the writer's exports decoded by
 * {@code protoc} with google/pprof's profile.proto and read by {@code go tool pprof}, their per-function totals
 * equal to our flat view's (exclusive: pprof's flat, inclusive: its cumulative, calls: its flat calls). Tests
 * needing go or protoc are skipped with the reason when the tool is missing ({@code .ci/run} installs both).
 */
class PprofCliTest {
    private static final Path PPROF = Path.of("src/test/resources/pprof");
    private static final Path EXAMPLES = examples();

    /** The repository's examples/perfflowaspect, found above the module's folder. */
    private static Path examples() {
        Path d = Path.of("").toAbsolutePath();
        while (d != null && !Files.isDirectory(d.resolve("examples/perfflowaspect"))) {
            d = d.getParent();
        }
        if (d == null) {
            throw new IllegalStateException("no examples/perfflowaspect above " + Path.of("").toAbsolutePath());
        }
        return d.resolve("examples/perfflowaspect");
    }

    /** A sample type of a test profile: its pprof name, pprof's -unit for it, and our flat CSV columns. */
    record Type(String file, String index, String unit, String exclusive, String inclusive,
                Map<String, Long> mappingStarts) {
        Type(String file, String index, String unit, String exclusive, String inclusive) {
            this(file, index, unit, exclusive, inclusive, null);
        }

        @Override
        public String toString() {
            return file + " " + index;
        }
    }

    /** go tool pprof -raw cppbench.contention.pb.gz: the memory starts of its mappings. */
    private static final Map<String, Long> CPPBENCH = Map.of("cppbench_server_main", 0x400000L,
            "libpthread-2.15.so", 0x7fcdc2feb000L);

    static List<Type> readerTypes() {
        return List.of(
                new Type("go-cpu.pb.gz", "cpu", "ns", "exclusive_ns", "inclusive_ns"),
                new Type("go-cpu.pb.gz", "samples", null, "samples_exclusive_count", "samples_inclusive_count"),
                new Type("go-heap.pb.gz", "alloc_space", "byte", "alloc_space_exclusive_bytes", "alloc_space_inclusive_bytes"),
                new Type("go-heap.pb.gz", "alloc_objects", null, "alloc_objects_exclusive_count", "alloc_objects_inclusive_count"),
                new Type("go-heap.pb.gz", "inuse_space", "byte", "inuse_space_exclusive_bytes", "inuse_space_inclusive_bytes"),
                new Type("go-heap.pb.gz", "inuse_objects", null, "inuse_objects_exclusive_count", "inuse_objects_inclusive_count"),
                new Type("java.cpu.pb.gz", "cpu", "ns", "exclusive_ns", "inclusive_ns"),
                // Without symbols: by address (pprof's functions view makes one "[binary]" of them).
                new Type("cppbench.contention.pb.gz", "delay", "ns", "exclusive_ns", "inclusive_ns", CPPBENCH),
                new Type("cppbench.contention.pb.gz", "contentions", null, "contentions_exclusive_count",
                        "contentions_inclusive_count", CPPBENCH),
                new Type("go.nomappings.crash", "inuse_space", "byte", "inuse_space_exclusive_bytes",
                        "inuse_space_inclusive_bytes", Map.of()));
    }

    @TestFactory
    Stream<DynamicTest> theReadersTotalsPerFunctionAreGoToolPprofs() {
        return readerTypes().stream().map(t -> DynamicTest.dynamicTest(t.toString(), () -> {
            assumeTrue(PprofTools.hasGo(), "go is not installed (Debian: golang-go): go tool pprof cannot check");
            Path file = PPROF.resolve(t.file());
            Map<String, long[]> pprof = PprofTools.goTop(file, t.index(), t.unit(), t.mappingStarts());
            Map<String, long[]> ours = PprofTools.ours(List.of("profile", file.toString()), t.exclusive(), t.inclusive());
            assertFalse(pprof.isEmpty());
            assertEquals(PprofTools.text(pprof), PprofTools.text(ours), t.toString());
        }));
    }

    @TempDir
    Path dir;

    /** Inputs of every kind exported: traced time, a merge, sampled weights without time, folded samples. */
    private List<List<String>> exportedInputs() throws IOException {
        Path folded = Files.writeString(dir.resolve("s.folded"), "main;a;b 5\nmain;a 3\nmain;c;a;b 2\nmain 1\n");
        return List.of(
                List.of("profile", EXAMPLES.resolve("smoketest.pfw").toString()),
                List.of("profile", EXAMPLES.resolve("multiproc.pfw").toString()),
                List.of("merge", EXAMPLES.resolve("nodes4").toString(), "--agg", "max"),
                List.of("profile", PPROF.resolve("go-heap.pb.gz").toString()),
                List.of("profile", PPROF.resolve("go-cpu.pb.gz").toString()),
                List.of("profile", folded.toString()));
    }

    private Path export(List<String> args, String name) {
        Path out = dir.resolve(name);
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--format", "pprof", "-o", out.toString()));
        Cli r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        return out;
    }

    /** The exports decoded by protoc: each sample type's total is the sum of our rows' exclusive values. */
    @Test
    void protocDecodesTheExportsWithTheirTotals() throws IOException {
        assumeTrue(PprofTools.hasProtoc(), "protoc is not installed (Debian: protobuf-compiler)");
        int n = 0;
        for (List<String> args : exportedInputs()) {
            Path file = export(args, "p" + n++ + ".pb.gz");
            PprofTools.Decoded d = PprofTools.protocDecode(file);
            List<String> tree = new ArrayList<>(args);
            tree.addAll(List.of("--view", "tree", "--format", "csv"));
            Cli r = Cli.run(tree.toArray(String[]::new));
            Map<String, Long> expected = new TreeMap<>();
            Map<String, String> units = new TreeMap<>();
            TreeSet<String> regions = new TreeSet<>();
            for (CSVRecord rec : PprofTools.csv(r.out())) {
                regions.add(rec.get("name"));
                // A sampled row holds the samples that end at it (its samples less its children's): over the
                // tree they add up to the roots' samples.
                boolean sampled = r.out().startsWith("part,") && rec.get("part").equals("samples");
                if (!sampled) {
                    expected.merge("calls", Long.parseLong(rec.get("calls")), Long::sum);
                } else if (rec.get("parent_id").isEmpty()) {
                    expected.merge("calls", Long.parseLong(rec.get("samples")), Long::sum);
                }
                units.put("calls", "count");
                for (String column : rec.getParser().getHeaderNames()) {
                    if (column.equals("exclusive_ns") && d.totals().containsKey("time")) {
                        expected.merge("time", Long.parseLong(rec.get(column)), Long::sum);
                        units.put("time", "nanoseconds");
                    } else if (column.contains("_exclusive_") && !column.endsWith("_per_call_ns")) {
                        String metric = column.substring(0, column.indexOf("_exclusive_"));
                        expected.merge(metric, Long.parseLong(rec.get(column)), Long::sum);
                        units.put(metric, column.substring(column.indexOf("_exclusive_") + "_exclusive_".length()));
                    }
                }
            }
            assertEquals(expected, d.totals(), args.toString());
            assertEquals(units, d.units(), args.toString());
            assertEquals(List.copyOf(regions), d.functions(), args.toString());
            assertEquals(expected.containsKey("time") ? "time" : args.toString().contains("go-heap") ? "inuse_space"
                    : "samples", d.defaultType(), args.toString());
        }
    }

    /** The exports read by go tool pprof: per function, flat and cumulative time, weights and flat calls are ours. */
    @Test
    void goToolPprofReadsTheExportsWithOurTotals() throws IOException {
        assumeTrue(PprofTools.hasGo(), "go is not installed (Debian: golang-go): go tool pprof cannot check");
        int n = 0;
        for (List<String> args : exportedInputs()) {
            Path file = export(args, "g" + n++ + ".pb.gz");
            String all = args.toString();
            if (all.contains(".pfw") || all.contains("nodes4") || all.contains("go-cpu")) {
                assertEquals(PprofTools.text(PprofTools.ours(args, "exclusive_ns", "inclusive_ns")),
                        PprofTools.text(PprofTools.goTop(file, "time", "ns")), all);
            }
            if (all.contains("go-heap")) {
                assertEquals(PprofTools.text(PprofTools.ours(args, "alloc_space_exclusive_bytes",
                                "alloc_space_inclusive_bytes")),
                        PprofTools.text(PprofTools.goTop(file, "alloc_space", "byte")), all);
            }
            if (all.contains(".folded")) {
                assertEquals(PprofTools.text(PprofTools.ours(args, "samples_exclusive_count", "samples_inclusive_count")),
                        PprofTools.text(PprofTools.goTop(file, "samples", null)), all);
            }
            Map<String, long[]> calls = PprofTools.goTop(file, "calls", null);
            boolean sampled = all.contains("go-") || all.contains(".folded");
            String counted = sampled ? "samples" : "calls";
            Map<String, long[]> ourCalls = PprofTools.ours(args, counted, counted);
            assertEquals(ourCalls.keySet(), calls.keySet(), all);
            // Traced calls: pprof's flat calls are ours. Samples: its cumulative calls are the flat view's
            // samples, a sample through a recursive function counted once (go-cpu's sort.pdqsort: 14, not 45).
            ourCalls.forEach((region, v) -> assertEquals(v[0], calls.get(region)[sampled ? 1 : 0],
                    all + " " + region));
        }
    }

    /** -o x.pb.gz is gzipped once (pprof reads one layer), and read back by ppw-java to the same flat view. */
    @Test
    void aGzNamedExportIsGzippedOnceAndReadsBack() throws IOException {
        List<String> args = List.of("profile", EXAMPLES.resolve("multiproc.pfw").toString());
        Path file = export(args, "once.pb.gz");
        byte[] bytes = Files.readAllBytes(file);
        assertArrayEquals(new byte[] {0x1f, (byte) 0x8b}, new byte[] {bytes[0], bytes[1]});
        byte[] inner = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes)).readNBytes(2);
        assertFalse(inner[0] == 0x1f && inner[1] == (byte) 0x8b, "gzipped twice");
        assertEquals(PprofTools.text(PprofTools.ours(args, "exclusive_ns", "inclusive_ns")),
                PprofTools.text(PprofTools.ours(List.of("profile", file.toString()), "exclusive_ns", "inclusive_ns")));
        Cli stdout = Cli.run("profile", EXAMPLES.resolve("multiproc.pfw").toString(), "--format", "pprof");
        assertEquals(0, stdout.exit(), stdout.toString());
    }

    /**
     * {@code -o cpu.pb.gz} and {@code -o cpu.pb}, pprof's own names, choose the pprof writer without {@code --format}:
     * the file is gzip around profile.proto, whose samples are those of {@code --format pprof} (issue 29: they were
     * a text table). go tool pprof reads both when it is installed.
     */
    @Test
    void pprofsOwnFileNamesChooseThePprofWriter() throws IOException {
        String trace = EXAMPLES.resolve("multiproc.pfw").toString();
        String asked = PprofDump.of(Files.readAllBytes(export(List.of("profile", trace), "asked.bin")));
        for (String name : List.of("cpu.pb.gz", "cpu.pb", "CPU.PB.GZ")) {
            Path file = dir.resolve(name);
            Cli r = Cli.run("profile", trace, "-o", file.toString());
            assertEquals(0, r.exit(), r.toString());
            assertEquals("", r.err(), name);
            byte[] bytes = Files.readAllBytes(file);
            assertArrayEquals(new byte[] {0x1f, (byte) 0x8b}, new byte[] {bytes[0], bytes[1]}, name);
            assertEquals(asked, PprofDump.of(bytes), name);
            if (PprofTools.hasGo()) {
                assertEquals(PprofTools.text(PprofTools.ours(List.of("profile", trace), "exclusive_ns", "inclusive_ns")),
                        PprofTools.text(PprofTools.goTop(file, "time", "ns")), name);
            }
        }
    }
}
