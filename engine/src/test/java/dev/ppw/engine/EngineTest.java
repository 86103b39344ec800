package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.BadInputsException;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.Report;
import dev.ppw.model.SortKey;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.work.Cancel;
import dev.ppw.model.work.CancelledException;
import dev.ppw.testing.Examples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library API as a front end other than the command line uses it: calls with different requests at once on one
 * shared executor, a cancel from another thread, progress, inputs that are not files, merges in shares.
 */
class EngineTest {
    private static final Path EXAMPLES = examples();
    private static final Engine ENGINE = Engine.fromClassPath();

    static Path examples() {
        return Examples.folder();
    }

    private static List<InputSource> inputs(String... relative) {
        List<String> args = new ArrayList<>();
        for (String r : relative) {
            args.add(EXAMPLES.resolve(r).toString());
        }
        return ENGINE.inputs(args);
    }

    static String csv(Engine engine, Report report) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            engine.write(report, "csv", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String csv(AnalysisResult result) {
        return csv(ENGINE, result.report());
    }

    @Test
    void callsWithDifferentRequestsRunAtOnceOnOneSmallExecutorAndEachGivesWhatItGivesAlone() throws Exception {
        // Two threads for ten analyses at once, each asking for up to two: tasks wait for threads, never for
        // each other.
        ExecutorService shared = Executors.newFixedThreadPool(2);
        try {
            Engine engine = Engine.fromClassPath(shared);
            List<Callable<String>> calls = List.of(
                    () -> csv(engine, engine.analyze(Analysis.profile(inputs("perfflowaspect/compact.pfw"))
                            .withJobs(1)).report()),
                    () -> csv(engine, engine.analyze(Analysis.profile(inputs("perfflowaspect/multiproc.pfw",
                            "tsc/tsc-projectA.trace.json")).withView(ViewSpec.CALLPATH).withJobs(2)
                            .withReading(ReadingOptions.defaults().withThreads(ThreadMode.SPLIT))).report()),
                    () -> csv(engine, engine.analyze(Analysis.merge(inputs("perfflowaspect/nodes4"), MergeOp.MAX)
                            .withView(ViewSpec.tau(3))).report()),
                    () -> csv(engine, engine.analyze(Analysis.merge(inputs("perfflowaspect/multiproc.pfw"), MergeOp.MIN)
                            .withCombine(Combine.merge(MergeOp.MIN).withNodeBy(Combine.NodeKey.PID).withBreakdown(true))
                            .withRows(RowOptions.defaults().withTopImbalance(1)).withJobs(1)).report()),
                    () -> csv(engine, engine.analyze(Analysis.profile(inputs("perfflowaspect/cpumem.pfw"))
                            .withView(ViewSpec.FLAT).withRows(RowOptions.defaults().withSort(SortKey.NAME)
                                    .withUnit(DisplayUnit.US))).report()));
            List<String> alone = new ArrayList<>();
            for (Callable<String> c : calls) {
                alone.add(c.call());
            }
            ExecutorService callers = Executors.newFixedThreadPool(calls.size() * 2);
            try {
                for (int round = 0; round < 3; round++) {
                    CountDownLatch start = new CountDownLatch(1);
                    List<Future<String>> running = new ArrayList<>();
                    for (int twice = 0; twice < 2; twice++) {
                        for (Callable<String> c : calls) {
                            running.add(callers.submit(() -> {
                                start.await();
                                return c.call();
                            }));
                        }
                    }
                    start.countDown();
                    for (int i = 0; i < running.size(); i++) {
                        assertEquals(alone.get(i % calls.size()), running.get(i).get(60, TimeUnit.SECONDS),
                                "call " + (i % calls.size()));
                    }
                }
            } finally {
                callers.shutdownNow();
            }
            assertEquals(calls.size(), alone.stream().distinct().count(), "the calls differ, so a mix-up would show");
        } finally {
            shared.shutdownNow();
        }
    }

    @Test
    void progressTellsEachInputsBytesUpToItsSizeAndEachInputDoneOnce() {
        for (boolean merge : new boolean[] {false, true}) {
            List<InputSource> sources = inputs("perfflowaspect/nodes4");
            AtomicLongArray bytes = new AtomicLongArray(sources.size());
            AtomicLongArray done = new AtomicLongArray(sources.size());
            ProgressListener listener = new ProgressListener() {
                @Override
                public void bytesRead(int input, long bytesRead) {
                    bytes.accumulateAndGet(input, bytesRead, Math::max);
                }

                @Override
                public void inputDone(int input) {
                    done.incrementAndGet(input);
                }
            };
            long[] sizes = sources.stream().mapToLong(InputSource::sizeBytes).toArray();
            Analysis analysis = merge ? Analysis.merge(sources, MergeOp.SUM) : Analysis.profile(sources);
            ENGINE.analyze(analysis.withJobs(2), listener, Cancel.never());
            for (int i = 0; i < sizes.length; i++) {
                assertEquals(sizes[i], bytes.get(i), (merge ? "merge" : "profile") + ": input " + i);
                assertEquals(1, done.get(i), (merge ? "merge" : "profile") + ": input " + i + " done once");
            }
        }
    }

    @Test
    void aCancelFromAnotherThreadStopsTheAnalysisAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        // Out of order events, so that the fold buffers and spills them to temporary files as it reads.
        StringBuilder text = new StringBuilder("[\n");
        for (int i = 100_000; i > 0; i--) {
            text.append("{\"name\":\"f").append(i % 7).append("\",\"ph\":\"X\",\"pid\":1,\"tid\":").append(i % 3)
                    .append(",\"ts\":").append(i * 3L).append(",\"dur\":1},\n");
        }
        byte[] bytes = text.append("{}]\n").toString().getBytes(StandardCharsets.UTF_8);
        // The bytes past the first MiB come only once the analysis is cancelled: it is surely still reading then.
        CountDownLatch released = new CountDownLatch(1);
        Cancel cancel = Cancel.create();
        cancel.onCancel(released::countDown);
        InputSource.Opener stalling = offset -> new InputStream() {
            private long at = offset;

            @Override
            public int read() throws IOException {
                if (at >= bytes.length) {
                    return -1;
                }
                if (at >= (1 << 20)) {
                    try {
                        released.await();
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException();
                    }
                }
                return bytes[(int) at++] & 0xff;
            }
        };
        Path spill = Files.createDirectory(dir.resolve("spill"));
        CountDownLatch reading = new CountDownLatch(1);
        long[] readWhenCancelled = {0};
        ProgressListener listener = (input, bytesRead) -> {
            if (!cancel.isCancelled()) {
                readWhenCancelled[0] = Math.max(readWhenCancelled[0], bytesRead);
            }
            if (bytesRead > 0) {
                reading.countDown();
            }
        };
        Analysis analysis = Analysis.profile(List.of(InputSource.of("shuffled.json", bytes.length, stalling)))
                .withJobs(2).withReading(ReadingOptions.defaults().withTuning(Tuning.defaults()
                        .withSpillLimitEvents(1000)
                        .withChunkBytes(64 << 10).withSpillDirectory(spill)));
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Future<AnalysisResult> running = caller.submit(() -> ENGINE.analyze(analysis, listener, cancel));
            assertTrue(reading.await(60, TimeUnit.SECONDS), "the analysis started reading");
            cancel.cancel();
            Exception e = assertThrows(Exception.class, () -> running.get(60, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof CancelledException, String.valueOf(e.getCause()));
            assertTrue(readWhenCancelled[0] <= (1 << 20) + (64 << 10), "stopped where the bytes stalled: "
                    + readWhenCancelled[0] + " of " + bytes.length);
            try (var left = Files.list(spill)) {
                assertEquals(List.of(), left.toList(), "no temporary file left behind");
            }
        } finally {
            caller.shutdownNow();
        }
    }

    @Test
    void anInputMadeFromAnOpenerIsReadInParallelBlocksLikeTheFileItHolds(@TempDir Path dir) throws IOException {
        Path file = EXAMPLES.resolve("tsc/tsc-projectA.trace.json");
        byte[] bytes = Files.readAllBytes(file);
        List<Long> offsets = new java.util.concurrent.CopyOnWriteArrayList<>();
        InputSource.Opener opener = offset -> {
            offsets.add(offset);
            InputStream in = new ByteArrayInputStream(bytes);
            in.skipNBytes(offset);
            return in;
        };
        Tuning blocks = Tuning.defaults().withParallelFromBytes(0).withChunkBytes(4096);
        Analysis fromOpener = Analysis.profile(List.of(InputSource.of(file.toString(), bytes.length, opener)))
                .withView(ViewSpec.FLAT).withJobs(2).withReading(ReadingOptions.defaults().withTuning(blocks));
        String expected = csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(file.toString())))
                .withView(ViewSpec.FLAT)));
        assertEquals(expected, csv(ENGINE.analyze(fromOpener)));
        assertTrue(offsets.stream().filter(o -> o > 0).count() > 10, "blocks read at their offsets: " + offsets.size());
    }

    @Test
    void sharesOfAMergeAccumulatedApartCombineIntoTheWholeMerge() throws IOException {
        Analysis merge = Analysis.merge(inputs("perfflowaspect/nodes4", "perfflowaspect/compact.pfw"), MergeOp.AVG)
                .withCombine(Combine.merge(MergeOp.AVG).withBreakdown(true)).withView(ViewSpec.CALLPATH)
                .withRows(RowOptions.defaults().withTopImbalance(3));
        AnalysisResult whole = ENGINE.analyze(merge);
        MergeShares shares = ENGINE.shares(merge);
        List<MergeShares.Input> all = MergeShares.inputs(inputs("perfflowaspect/nodes4", "perfflowaspect/compact.pfw"));
        MergeShare first = shares.accumulate(all.subList(0, 4), Optional.empty(), ProgressListener.NONE,
                Cancel.never());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        shares.accumulate(all.subList(4, 5), Optional.empty(), ProgressListener.NONE, Cancel.never()).writeTo(bytes);
        MergeShare second = MergeShare.readFrom(new ByteArrayInputStream(bytes.toByteArray()));
        second.combine(first);
        assertEquals(csv(whole), csv(shares.finish(second, Optional.empty())));
        assertEquals(5, whole.profile().nodes());
    }

    @Test
    void badInputsAndBadRequestsSayWhatIsWrongInOneLine() {
        BadInputException missing = assertThrows(BadInputException.class,
                () -> ENGINE.inputs(List.of(EXAMPLES.resolve("no-such.pfw").toString())));
        assertEquals("cannot read " + EXAMPLES.resolve("no-such.pfw") + ": no such file", missing.getMessage());
        IllegalArgumentException format = assertThrows(IllegalArgumentException.class,
                () -> ENGINE.analyze(Analysis.profile(inputs("perfflowaspect/compact.pfw"))
                        .withReading(ReadingOptions.defaults().withInputFormat("xml"))));
        assertTrue(format.getMessage().startsWith("unknown input format 'xml': expected one of "), format.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ENGINE.writer("xml"));
        assertThrows(IllegalArgumentException.class, () -> Analysis.merge(List.of(), MergeOp.SUM)
                .withView(ViewSpec.FLAT).withCombine(Combine.merge(MergeOp.SUM).withRecomputeInclusive(true)));
        assertThrows(IllegalArgumentException.class, () -> new ViewSpec(ViewKind.TAU, 0));
        assertThrows(IllegalArgumentException.class, () -> Analysis.merge(List.of(), MergeOp.SUM)
                .withRows(RowOptions.defaults().withTopImbalance(2)));
        assertThrows(IllegalArgumentException.class, () -> Combine.profile().withMissing(MissingRule.PRESENT));
        assertThrows(IllegalArgumentException.class, () -> ENGINE.shares(Analysis.profile(List.of())));
    }

    @Test
    void aMergeChecksEveryInputAndSkipBadLeavesOutTheUnreadableOnes(@TempDir Path dir) throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.pfw"), "");
        Path broken = Files.writeString(dir.resolve("broken.json"), "[{\"name\":\"a\" \"ph\":\"X\"}]");
        List<String> names = List.of(EXAMPLES.resolve("perfflowaspect/compact.pfw").toString(), empty.toString(),
                EXAMPLES.resolve("perfflowaspect/cpumem.pfw").toString(), broken.toString());
        BadInputsException bad = assertThrows(BadInputsException.class,
                () -> ENGINE.analyze(Analysis.merge(ENGINE.inputs(names), MergeOp.SUM).withJobs(2)));
        assertEquals(4, bad.inputs());
        assertEquals(2, bad.bad().count());
        assertEquals(List.of(empty + ": the input is empty"), bad.bad().examples().subList(0, 1));
        assertEquals("2 of 4 inputs cannot be read (not valid JSON 1, the input is empty 1)", bad.getMessage());

        Combine withBreakdown = Combine.merge(MergeOp.SUM).withBreakdown(true);
        AnalysisResult merged = ENGINE.analyze(Analysis.merge(ENGINE.inputs(names), MergeOp.SUM)
                .withCombine(withBreakdown).withReading(ReadingOptions.defaults().withSkipBad(true)));
        assertEquals(2, merged.profile().nodes());
        assertEquals(4, merged.inputCount());
        assertEquals(bad.bad(), merged.droppedInputs());
        assertEquals(bad.bad(), merged.profile().droppedInputs());
        String good = csv(ENGINE.analyze(Analysis.merge(inputs("perfflowaspect/compact.pfw",
                "perfflowaspect/cpumem.pfw"),
                MergeOp.SUM).withCombine(withBreakdown)));
        assertEquals(good.replace(",sum,zero,2,", ",sum,zero,2,2,\"not valid JSON 1, the input is empty 1\",")
                .replace(",nodes,", ",nodes,dropped_inputs,dropped_reasons,"), csv(merged));
    }

    @Test
    void anInputThatBreaksHalfwayLeavesNothingInTheMergeAndNoTemporaryFile(@TempDir Path spill) throws IOException {
        // Events out of order, so the folder buffers and spills them, then garbage: broken halfway.
        StringBuilder trace = new StringBuilder("[\n");
        for (int i = 40; i > 0; i--) {
            trace.append("{\"name\":\"f\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":").append(i).append(",\"dur\":1},\n");
        }
        byte[] broken = (trace + "#garbage\n").getBytes(StandardCharsets.UTF_8);
        List<InputSource> sources = new ArrayList<>(inputs("perfflowaspect/compact.pfw"));
        sources.add(InputSource.once("broken.json", new ByteArrayInputStream(broken)));
        AnalysisResult merged = ENGINE.analyze(Analysis.merge(sources, MergeOp.SUM).withJobs(1)
                .withReading(ReadingOptions.defaults().withSkipBad(true).withTuning(Tuning.defaults()
                        .withSpillLimitEvents(2).withSpillDirectory(spill))));
        assertEquals(1, merged.profile().nodes());
        assertEquals(List.of("broken.json:42:1: not valid JSON"), merged.droppedInputs().examples().stream()
                .map(m -> m.substring(0, m.indexOf(" JSON") + 5)).toList());
        assertEquals(csv(ENGINE.analyze(Analysis.merge(inputs("perfflowaspect/compact.pfw"), MergeOp.SUM))),
                csv(merged).replace(",1,not valid JSON 1", "").replace(",dropped_inputs,dropped_reasons", ""));
        try (var left = Files.list(spill)) {
            assertEquals(List.of(), left.toList(), "no temporary file left behind");
        }
    }

    @Test
    void eachStepOfAnAnalysisRunsOnTheEnginesExecutor() throws InterruptedException {
        AtomicInteger tasks = new AtomicInteger();
        ConcurrentHashMap<String, Boolean> threads = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "caller-pool");
            t.setDaemon(true);
            return t;
        });
        try {
            Engine engine = Engine.fromClassPath(task -> {
                tasks.incrementAndGet();
                pool.execute(() -> {
                    threads.put(Thread.currentThread().getName(), true);
                    task.run();
                });
            });
            engine.analyze(Analysis.merge(inputs("perfflowaspect/nodes4"), MergeOp.SUM).withJobs(2));
            assertTrue(tasks.get() > 0, "the merge read its inputs on the executor");
            // A joined task may run inline before the pool picks it up; what the pool runs, it runs
            // on its own threads, and it may start only after analyze returned.
            pool.shutdown();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
            assertEquals(Set.of("caller-pool"), threads.keySet());
        } finally {
            pool.shutdownNow();
        }
    }
}
