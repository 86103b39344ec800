package dev.ppw.spark;

import dev.ppw.cli.Main;
import dev.ppw.testing.SplitTraces;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code merge --engine spark --master local[2]} against {@code merge} in this process, on the same inputs and
 * options: the same exit code, stderr and output, byte for byte. The inputs are real PerfFlowAspect traces (test
 * resources: several processes, counters, async spans, unterminated arrays) and generated traces with phase markers.
 * Each case starts and stops one Spark context, as a command does.
 */
class SparkMergeTest {
    private static final String TRACES = "/dev/ppw/spark/traces/";
    private static final List<String> RESOURCES = List.of("compact-perfflow.array.vm.7530.pfw",
            "cpumem_compact-perfflow.array.vm.7538.pfw", "cpumem_verbose-perfflow.array.vm.7534.pfw",
            "future-perfflow.array.vm.7640.pfw", "multiproc-perfflow.array.mp.7555.pfw",
            "nodes4-perfflow.array.node0.fJobA.vm.7541.pfw", "nodes4-perfflow.array.node1.fJobA.vm.7546.pfw",
            "nodes4-perfflow.array.node2.fJobA.vm.7551.pfw", "nodes4-perfflow.array.node3.fJobA.vm.7554.pfw",
            "object-perfflow.object.vm.7635.pfw", "verbose-perfflow.array.vm.7505.pfw");

    @TempDir
    static Path dir;
    static Path real;
    static Path generated;

    @BeforeAll
    static void inputs() throws IOException {
        real = Files.createDirectories(dir.resolve("real"));
        for (String name : RESOURCES) {
            try (InputStream in = SparkMergeTest.class.getResourceAsStream(TRACES + name)) {
                Files.copy(in, real.resolve(name));
            }
        }
        // one of them gzipped, read as a local one is
        byte[] plain = Files.readAllBytes(real.resolve(RESOURCES.get(2)));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(real.resolve("gzipped.pfw.gz")))) {
            out.write(plain);
        }
        generated = Files.createDirectories(dir.resolve("generated"));
        SplittableRandom r = new SplittableRandom(30);
        for (int n = 0; n < 9; n++) {
            SplitTraces.write(generated, "node" + n + ".json", SplitTraces.generate(r, 1 + r.nextInt(2),
                    5 + r.nextInt(30), r.nextInt(0, 200), List.of("solve", "init")).json());
        }
    }

    @Test
    void everyOperatorWithAndWithoutBreakdownPrintsTheLocalBytes() {
        same("--agg", "sum", "--format", "text", real.toString());
        same("--agg", "min", "--present-only", "--format", "csv", "--partitions", "1", real.toString());
        same("--agg", "max", "--breakdown", "--format", "json", "--partitions", "2", real.toString());
        same("--agg", "avg", "--breakdown", "--view", "flat", "--format", "text", "--partitions", "7",
                real.toString());
        same("--agg", "max", "--node-by", "pid", "--format", "csv", "--partitions", "64", real.toString());
    }

    @Test
    void timeBinsPhasesAndEachNodesSectionPrintTheLocalBytes() {
        same("--agg", "max", "--bin-width", "50us", "--format", "csv", "--partitions", "3", generated.toString());
        same("--agg", "avg", "--breakdown", "--phase-by", "solve", "--phase-by", "init", "--format", "json",
                generated.toString());
        // the HTML page keeps each node's view, which travels in the shares' bytes
        same("--agg", "sum", "--time-bins", "4", "--format", "html", "--partitions", "4", generated.toString());
    }

    @Test
    void aBadInputIsTheLocalErrorOrLeftOutWithSkipBad() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), "this is not a trace\n");
        MergeCli failed = same("--agg", "max", real.toString(), bad.toString());
        assertEquals(1, failed.code(), failed.err());
        assertTrue(failed.err().contains("bad.json: unrecognized format"), failed.err());
        MergeCli skipped = same("--agg", "max", "--skip-bad", "--format", "csv", bad.toString(), real.toString());
        assertEquals(0, skipped.code(), skipped.err());
        assertTrue(skipped.err().contains("left out 1 of 13 inputs"), skipped.err());
    }

    @Test
    void hadoopUrisAreGlobbedAndReadAtOffsets() {
        String uri = "file://" + real.toAbsolutePath() + "/*";
        MergeCli spark = run(true, "--agg", "max", "--breakdown", "--format", "csv", "--master", "local[2]", uri);
        MergeCli local = run(false, "--agg", "max", "--breakdown", "--format", "csv", real.toString());
        assertEquals(0, spark.code(), spark.err());
        // Hadoop names a file it globbed by its qualified path, file:/...: the same files, the same numbers
        assertEquals(local.out(), spark.out().replace("file:" + real.toAbsolutePath(), real.toString()));
        assertEquals(1, run(true, "--master", "local[2]", "nosuchscheme://host/x.pfw").code());
    }

    @Test
    void aFolderUriClaimsTextFilesByTheirContentAsALocalFolderDoes() throws IOException {
        // perf script text (real heads of two recordings, one gzipped) beside text that no format reads: the engine's
        // rule for a local folder, detection on each head read through Hadoop, decides, not the ending
        Path folder = Files.createDirectories(dir.resolve("perf-folder"));
        Path first = folder.resolve("a-work.txt");
        Path second = folder.resolve("b-node.txt.gz");
        try (InputStream in = SparkMergeTest.class.getResourceAsStream("/dev/ppw/spark/perf/perf-work-fp.default.head.txt")) {
            Files.copy(in, first);
        }
        try (InputStream in = SparkMergeTest.class.getResourceAsStream(
                "/dev/ppw/spark/perf/perf-node-perfbasicprof-A.default.head.txt");
             OutputStream out = new GZIPOutputStream(Files.newOutputStream(second))) {
            in.transferTo(out);
        }
        Files.writeString(folder.resolve("README.txt"), "Recorded with perf record -g on node 3.\n");
        String qualified = "file:" + folder.toAbsolutePath();
        MergeCli spark = run(true, "--agg", "sum", "--format", "csv", "--master", "local[2]", "file://" + folder + "/");
        MergeCli local = run(false, "--agg", "sum", "--format", "csv", folder.toString());
        MergeCli both = run(false, "--agg", "sum", "--format", "csv", first.toString(), second.toString());
        assertEquals(0, local.code(), local.err());
        assertEquals(local.code(), spark.code(), spark.err());
        assertEquals(both.out(), local.out());
        assertEquals(local.out(), spark.out().replace(qualified, folder.toString()));
        assertTrue(local.out().lines().count() > 3, local.out());

        Path nothing = Files.createDirectories(dir.resolve("text-only"));
        Files.writeString(nothing.resolve("notes.txt"), "nothing to merge\n");
        MergeCli none = run(true, "--master", "local[2]", "file://" + nothing + "/");
        assertEquals(1, none.code(), none.err());
        assertTrue(none.err().contains("no trace or saved profile in directory"), none.err());
    }

    @Test
    void aStateLargerThanTheDriversLimitIsOneLineNamingTheSetting() {
        // SparkConf reads spark.* system properties, as spark-submit --conf sets them
        System.setProperty("spark.driver.maxResultSize", "2k");
        try {
            MergeCli r = run(true, "--master", "local[2]", real.toString());
            assertEquals(Main.BAD_USAGE, r.code(), r.err());
            String first = r.err().lines().findFirst().orElse("");
            assertTrue(first.contains("spark.driver.maxResultSize") && first.contains("bigger than"), r.err());
            assertEquals(2, r.err().lines().count(), r.err());
        } finally {
            System.clearProperty("spark.driver.maxResultSize");
        }
    }

    /**
     * The merge with {@code options} on Spark local[2] and here (without {@code --partitions}, Spark's alone): asserts
     * the same code, stderr and stdout.
     */
    private static MergeCli same(String... options) {
        List<String> spark = new ArrayList<>(List.of(options));
        spark.addAll(0, List.of("--master", "local[2]"));
        List<String> here = new ArrayList<>(List.of(options));
        int at = here.indexOf("--partitions");
        if (at >= 0) {
            here.subList(at, at + 2).clear();
        }
        MergeCli onSpark = run(true, spark.toArray(String[]::new));
        MergeCli local = run(false, here.toArray(String[]::new));
        String what = String.join(" ", options);
        assertEquals(local.code(), onSpark.code(), what + "\n" + onSpark.err());
        assertEquals(local.err(), onSpark.err(), what);
        assertEquals(local.out(), onSpark.out(), what);
        assertTrue(local.code() != 0 || !local.out().isEmpty(), what);
        return onSpark;
    }

    private static MergeCli run(boolean spark, String... options) {
        return MergeCli.run(spark, List.of(options));
    }
}
