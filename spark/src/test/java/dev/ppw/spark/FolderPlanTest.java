package dev.ppw.spark;

import dev.ppw.engine.Engine;
import dev.ppw.engine.InputList;
import dev.ppw.engine.MergeShares;
import dev.ppw.model.format.InputSource;
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
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plan of a merge on Spark lists a folder's inputs as {@code ppw-java merge} lists a local folder's, whether the
 * folder is named by a path or by a {@code file://} URI read through Hadoop's file system: the same files in the same
 * order, the same node labels, the same files skipped. The folder mixes what a folder's rule decides by ending, by
 * name and by content: traces, gzipped and not; perf script text as {@code .txt} and {@code .txt.gz} beside prose in
 * {@code .txt}; TAU profiles as {@code profile.N.C.T}, renamed ({@code profile.1.0.0.bak}: read by content), in a
 * {@code MULTI__TIME} folder and in another metric's folder (left out), and a {@code profile.*} that is no TAU
 * profile; a log; a hidden file.
 */
class FolderPlanTest {
    @TempDir
    static Path dir;
    static Path runs;

    @BeforeAll
    static void folder() throws IOException {
        runs = Files.createDirectories(dir.resolve("runs"));
        copy("traces/compact-perfflow.array.vm.7530.pfw", runs.resolve("a.pfw"), false);
        copy("traces/verbose-perfflow.array.vm.7505.pfw", runs.resolve("b.pfw.gz"), true);
        copy("traces/future-perfflow.array.vm.7640.pfw", runs.resolve(".hidden.pfw"), false);
        Path perf = Files.createDirectories(runs.resolve("perf"));
        copy("perf/perf-work-fp.default.head.txt", perf.resolve("work.txt"), false);
        copy("perf/perf-node-perfbasicprof-A.default.head.txt", perf.resolve("node.TXT.gz"), true);
        Files.writeString(perf.resolve("README.txt"), "Recorded with perf record -g on node 3.\n");
        Files.writeString(runs.resolve("notes.log"), "job 42 ran on 4 nodes\n");
        Path tau = Files.createDirectories(runs.resolve("tau"));
        copy("tau/profile.0.0.0", tau.resolve("profile.0.0.0"), false);
        copy("tau/profile.1.0.0", tau.resolve("profile.1.0.0.bak"), false);
        Files.writeString(tau.resolve("profile.txt"), "not a TAU profile\n");
        copy("tau/profile.2.0.0", Files.createDirectories(runs.resolve("MULTI__TIME")).resolve("profile.2.0.0"),
                false);
        copy("tau/profile.2.0.0", Files.createDirectories(runs.resolve("MULTI__PAPI_L1_DCM"))
                .resolve("profile.2.0.0"), false);
    }

    @Test
    void aFolderUriListsTheInputsTheLabelsAndTheSkippedFilesOfTheLocalFolder() {
        Engine engine = Engine.fromClassPath();
        InputList local = engine.inputs(List.of(runs.toString()));
        String uri = "file://" + runs.toAbsolutePath() + "/";
        InputList spark = new SparkBackend().inputs(engine, List.of(uri), InputStream.nullInputStream());

        List<String> localNames = names(local);
        // what the folder's rule takes: by ending, by TAU's name, by content for .txt and profile.*
        assertEquals(List.of("MULTI__TIME/profile.2.0.0", "a.pfw", "b.pfw.gz", "perf/node.TXT.gz", "perf/work.txt",
                        "tau/profile.0.0.0", "tau/profile.1.0.0.bak"),
                localNames.stream().map(n -> runs.relativize(Path.of(n)).toString()).toList());
        // Hadoop names a folder's files by their qualified paths, file:/...: the same files, in the same order
        String qualified = "file:" + runs.toAbsolutePath();
        assertEquals(localNames, names(spark).stream().map(n -> n.replace(qualified, runs.toString())).toList());
        assertEquals(MergeShares.labels(localNames), MergeShares.labels(names(spark)));
        assertEquals(Map.of(runs + ": 4 files that no format reads, skipped: " + runs + "/MULTI__PAPI_L1_DCM/"
                        + "profile.2.0.0, " + runs + "/notes.log, " + runs + "/perf/README.txt, ...", 4L),
                local.skipped());
        assertEquals(Map.of(uri + ": 4 files that no format reads, skipped: " + qualified
                        + "/MULTI__PAPI_L1_DCM/profile.2.0.0, " + qualified + "/notes.log, " + qualified
                        + "/perf/README.txt, ...", 4L),
                spark.skipped());

        // a local path on Spark is the engine's own expansion
        InputList path = new SparkBackend().inputs(engine, List.of(runs.toString()), InputStream.nullInputStream());
        assertEquals(localNames, names(path));
        assertEquals(local.skipped(), path.skipped());
    }

    @Test
    void aFolderOfAnotherFileSystemListsWhatTheLocalFolderHolds() {
        // Hadoop's view file system, viewfs://, mounting the folder: a scheme other than file:// whose file system
        // lists, globs and opens, as an hdfs:// or s3a:// folder is searched on a machine without either
        String mount = "spark.hadoop.fs.viewfs.mounttable.ppw.link./runs";
        System.setProperty(mount, "file://" + runs.toAbsolutePath());
        try {
            Engine engine = Engine.fromClassPath();
            InputList local = engine.inputs(List.of(runs.toString()));
            InputList other = new SparkBackend().inputs(engine, List.of("viewfs://ppw/runs/"),
                    InputStream.nullInputStream());
            assertEquals(names(local), names(other).stream().map(n -> n.replace("viewfs://ppw/runs", runs.toString()))
                    .toList());
            assertEquals(List.copyOf(local.skipped().values()), List.copyOf(other.skipped().values()));
            // a glob there takes what it matches, by name, as the shell's would
            InputList globbed = new SparkBackend().inputs(engine, List.of("viewfs://ppw/runs/tau/profile.*"),
                    InputStream.nullInputStream());
            assertEquals(List.of("viewfs://ppw/runs/tau/profile.0.0.0", "viewfs://ppw/runs/tau/profile.1.0.0.bak",
                    "viewfs://ppw/runs/tau/profile.txt"), names(globbed));
        } finally {
            System.clearProperty(mount);
        }
    }

    @Test
    void aMergeOfTheFolderUriOnSparkPrintsWhatTheLocalMergeOfTheFolderPrints() {
        String uri = "file://" + runs.toAbsolutePath() + "/";
        String qualified = "file:" + runs.toAbsolutePath();
        for (String[] options : List.of(new String[] {"--agg", "max", "--format", "csv"},
                new String[] {"--agg", "sum", "--format", "json", "--skip-bad"})) {
            MergeCli local = run(false, options, runs.toString());
            MergeCli spark = run(true, options, uri);
            assertEquals(0, local.code(), local.err());
            assertTrue(local.out().contains("TAU application") && local.out().contains("MPI_Init"), local.out());
            assertEquals(local.code(), spark.code(), spark.err());
            assertEquals(local.out(), spark.out().replace(qualified, runs.toString()));
            assertEquals(local.err(), spark.err().replace(uri, runs.toString()).replace(qualified, runs.toString()));
        }
    }

    private static List<String> names(InputList inputs) {
        return inputs.stream().map(InputSource::name).toList();
    }

    private static void copy(String resource, Path to, boolean gzip) throws IOException {
        try (InputStream in = FolderPlanTest.class.getResourceAsStream("/dev/ppw/spark/" + resource);
             OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(to)) : Files.newOutputStream(to)) {
            in.transferTo(out);
        }
    }

    private static MergeCli run(boolean spark, String[] options, String input) {
        List<String> args = new ArrayList<>(spark ? List.of("--master", "local[2]") : List.of());
        args.addAll(List.of(options));
        args.add(input);
        return MergeCli.run(spark, args);
    }
}
