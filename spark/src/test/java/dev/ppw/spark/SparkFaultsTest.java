package dev.ppw.spark;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a merge on Spark does where the cluster matters: a fold past its memory spills under {@code spark.local.dir}
 * and leaves nothing there; a task attempt that fails, and an executor JVM killed mid-job, make Spark run the task
 * again, and change no byte of the output. The inputs are {@code file://} URIs read through {@link WatchedFileSystem},
 * which sees every open and can fail a task attempt, or through {@link StallingFileSystem}, which holds a task in its
 * executor until the test kills it.
 */
class SparkFaultsTest {
    private static final List<String> PROPERTIES = List.of("spark.local.dir", "spark.hadoop.fs.file.impl",
            "spark.hadoop.fs.file.impl.disable.cache", "ppw.fold.spillEvents", "ppw.fold.windowNanos",
            "spark.hadoop." + StallingFileSystem.MARKER, "spark.executor.extraClassPath");

    @TempDir
    static Path dir;
    static Path traces;

    @BeforeAll
    static void inputs() throws IOException {
        traces = Files.createDirectories(dir.resolve("traces"));
        Random random = new Random(30);
        for (int n = 0; n < 6; n++) {
            Files.write(traces.resolve("node" + n + ".json"), shuffledTrace(random, 300 + 50 * n));
        }
    }

    @AfterEach
    void restore() {
        PROPERTIES.forEach(System::clearProperty);
        WatchedFileSystem.onOpen = p -> {
        };
        WatchedFileSystem.failTask = t -> false;
    }

    @Test
    void aSpillingMergeWritesUnderSparksLocalDirAndLeavesNothingThere() throws IOException, InterruptedException {
        Path local = Files.createDirectories(dir.resolve("spark-local"));
        String[] options = {"--agg", "max", "--breakdown", "--format", "csv"};
        MergeCli inMemory = run(false, options);
        assertEquals(0, inMemory.code(), inMemory.err());

        // SparkConf reads spark.* system properties, as spark-submit --conf sets them; the cli's tuning reads ppw.*
        System.setProperty("spark.local.dir", local.toString());
        System.setProperty("spark.hadoop.fs.file.impl", WatchedFileSystem.class.getName());
        System.setProperty("spark.hadoop.fs.file.impl.disable.cache", "true");
        System.setProperty("ppw.fold.spillEvents", "7");
        System.setProperty("ppw.fold.windowNanos", "0");
        List<String> created = Collections.synchronizedList(new ArrayList<>());
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            // a task makes its spill folder before it opens an input: watched from its first open on, no file is missed
            Set<Path> watched = ConcurrentHashMap.newKeySet();
            WatchedFileSystem.onOpen = p -> {
                try (Stream<Path> folders = Files.list(local)) {
                    for (Path f : folders.filter(f -> f.getFileName().toString().startsWith("ppw-spill-")).toList()) {
                        if (watched.add(f)) {
                            f.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
                        }
                    }
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            };
            MergeCli spilled = run(true, options);
            assertEquals(inMemory, spilled);
            // the default partitions: twice local[2]'s parallelism, four tasks of the six inputs
            assertEquals(4, watched.size(), "one spill folder per task: " + watched);
            for (WatchKey key; (key = watch.poll()) != null; ) {
                for (WatchEvent<?> e : key.pollEvents()) {
                    created.add(String.valueOf(e.context()));
                }
            }
        } catch (ClosedWatchServiceException e) {
            throw new AssertionError(e);
        }
        assertTrue(created.stream().anyMatch(n -> n.startsWith("ppw-fold-") && n.endsWith(".runs")),
                "spill files made under spark.local.dir: " + created);
        try (Stream<Path> left = Files.list(local)) {
            assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("ppw-")).toList());
        }
    }

    @Test
    void aTaskAttemptLostOnceIsRunAgainAndGivesTheSameBytes() {
        System.setProperty("spark.hadoop.fs.file.impl", WatchedFileSystem.class.getName());
        System.setProperty("spark.hadoop.fs.file.impl.disable.cache", "true");
        AtomicInteger failed = new AtomicInteger();
        WatchedFileSystem.failTask = t -> t.partitionId() == 1 && t.attemptNumber() == 0
                && failed.incrementAndGet() > 0;
        for (String[] options : List.of(new String[] {"--agg", "sum", "--format", "csv"},
                new String[] {"--agg", "avg", "--breakdown", "--format", "json"})) {
            MergeCli local = run(false, options);
            // local[2,2]: two task slots, and a task may fail once (spark.task.maxFailures 2) before the job does
            MergeCli spark = run(true, "local[2,2]", options);
            assertEquals(0, local.code(), local.err());
            assertEquals(local, spark);
        }
        assertEquals(2, failed.get(), "one failed attempt per merge");
    }

    /**
     * {@code local-cluster[2,1,1024]}: two workers in this JVM, each starting an executor JVM of its own through the
     * SPARK_HOME the build makes under target/ (its {@code jars/} the jars Maven resolved, linked, as a Spark
     * distribution has them; this module's classes on {@code spark.executor.extraClassPath}). The first task to open
     * an input stalls in its executor ({@link StallingFileSystem}), which is killed with SIGKILL mid-job; Spark runs
     * the task again on an executor left or started anew, and the output is the local merge's, byte for byte.
     */
    @Test
    void anExecutorKilledMidJobChangesNoByte() throws Exception {
        String[] options = {"--agg", "avg", "--breakdown", "--format", "csv"};
        MergeCli local = run(false, options);
        assertEquals(0, local.code(), local.err());

        Path marker = dir.resolve("stalled-executor.pid");
        sparkHome(Path.of(System.getenv("SPARK_HOME")));
        System.setProperty("spark.executor.extraClassPath", String.join(File.pathSeparator, folders(classPath())));
        System.setProperty("spark.hadoop.fs.file.impl", StallingFileSystem.class.getName());
        System.setProperty("spark.hadoop.fs.file.impl.disable.cache", "true");
        System.setProperty("spark.hadoop." + StallingFileSystem.MARKER, marker.toString());
        CompletableFuture<Long> killed = CompletableFuture.supplyAsync(() -> killWhenStalled(marker));
        MergeCli spark = run(true, "local-cluster[2,1,1024]", options);
        long pid = killed.get(1, TimeUnit.MINUTES);
        assertTrue(pid != ProcessHandle.current().pid(), "the stalled task ran in an executor JVM of its own");
        assertTrue(ProcessHandle.of(pid).isEmpty(), "executor " + pid + " is gone");
        assertEquals(local, spark);
    }

    /**
     * A Spark installation as far as a worker needs one to start an executor: {@code jars/} holding (as links) the jars
     * of this test's class path, which are the Spark jars Maven resolved and ppw-java's dependencies.
     */
    private static void sparkHome(Path home) throws IOException {
        Path jars = Files.createDirectories(home.resolve("jars"));
        for (String entry : classPath()) {
            Path jar = Path.of(entry);
            Path link = jars.resolve(jar.getFileName().toString());
            if (entry.endsWith(".jar") && Files.isRegularFile(jar) && !Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(link, jar.toAbsolutePath());
            }
        }
    }

    /** Waits for the stalled task's marker, then kills its executor's process with SIGKILL; returns its pid. */
    private static long killWhenStalled(Path marker) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        try {
            while (!Files.exists(marker) || Files.size(marker) == 0) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no task stalled within 5 minutes");
                }
                Thread.sleep(100);
            }
            long pid = Long.parseLong(Files.readString(marker).trim());
            ProcessHandle executor = ProcessHandle.of(pid).orElseThrow();
            assertTrue(executor.destroyForcibly(), "SIGKILL sent to " + pid);
            executor.onExit().get(1, TimeUnit.MINUTES);
            return pid;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** This test's class path as surefire runs it (its manifest-only jar names it in a property of its own). */
    private static List<String> classPath() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return List.of(path.split(File.pathSeparator));
    }

    /** The folders of {@code path} (this reactor's classes): a SPARK_HOME's jars/ holds the jars. */
    private static List<String> folders(List<String> path) {
        return path.stream().filter(p -> Files.isDirectory(Path.of(p))).toList();
    }

    private static MergeCli run(boolean spark, String... options) {
        return spark ? run(true, "local[2]", options) : run(false, null, options);
    }

    /** The merge of the traces with {@code options}: on Spark at {@code master} (as URIs), or in this process. */
    private static MergeCli run(boolean spark, String master, String... options) {
        List<String> args = new ArrayList<>(spark ? List.of("--master", master) : List.of());
        args.addAll(List.of(options));
        args.add(spark ? "file://" + traces.toAbsolutePath() + "/" : traces.toString());
        // a folder URI's files are named by their qualified paths, file:/...: the same files
        return MergeCli.run(spark, args).replacing("file:" + traces.toAbsolutePath(), traces.toString());
    }

    /**
     * A Chrome trace of about {@code n} properly nested X events on two threads, written in random order: a fold of it
     * cannot replay its tracks in order, so past a few events it spills.
     */
    private static List<String> shuffledTrace(Random random, int n) {
        List<String> events = new ArrayList<>();
        for (int tid = 1; tid <= 2; tid++) {
            long clock = 0;
            while (events.size() < n * tid / 2) {
                clock = call(random, events, tid, clock, 0) + random.nextInt(3);
            }
        }
        Collections.shuffle(events, random);
        List<String> lines = new ArrayList<>();
        lines.add("[");
        for (int i = 0; i < events.size(); i++) {
            lines.add(events.get(i) + (i + 1 < events.size() ? "," : ""));
        }
        lines.add("]");
        return lines;
    }

    /** One call from {@code start} and its callees, nested within it; returns its end. */
    private static long call(Random random, List<String> events, int tid, long start, int depth) {
        long clock = start + 1 + random.nextInt(2);
        int callees = depth < 4 ? random.nextInt(4) : 0;
        for (int c = 0; c < callees; c++) {
            clock = call(random, events, tid, clock, depth + 1) + random.nextInt(2);
        }
        long end = clock + 1 + random.nextInt(3);
        events.add("{\"name\":\"f" + random.nextInt(4) + "\",\"ph\":\"X\",\"pid\":1,\"tid\":" + tid
                + ",\"ts\":" + start + ",\"dur\":" + (end - start) + "}");
        return end;
    }
}
