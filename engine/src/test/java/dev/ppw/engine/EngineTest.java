package dev.ppw.engine;

import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.model.SortKey;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.BadInputException;
import dev.ppw.model.BadInputsException;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.Report;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library API as a program other than the command line uses it: the same numbers as the commands,
 * calls with different options at once in one JVM, and merges split into shares that combine.
 */
class EngineTest {
    private static final Path EXAMPLES = examples();
    private static final Engine ENGINE = Engine.fromClassPath();

    static Path examples() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("examples/perfflowaspect"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no examples/ folder above " + Path.of("").toAbsolutePath());
        }
        return dir.resolve("examples");
    }

    private static List<InputSource> inputs(String... relative) {
        List<String> args = new ArrayList<>();
        for (String r : relative) {
            args.add(EXAMPLES.resolve(r).toString());
        }
        return ENGINE.inputs(args);
    }

    private static String csv(Report report) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ENGINE.write(report, "csv", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String profileCsv(ProfileOptions options, ViewSpec view, String... files) {
        ProfileResult r = ENGINE.profile(inputs(files), options);
        return csv(ENGINE.report(ENGINE.view(r.profile(), view), r.diagnostics(), RowOptions.defaults()));
    }

    private static String mergeCsv(MergeOptions options, int topImbalance, String... files) {
        return csv(ENGINE.report(ENGINE.merge(inputs(files), options), RowOptions.defaults().withTopImbalance(topImbalance)));
    }

    @Test
    void callsWithDifferentOptionsRunAtOnceAndEachGivesWhatItGivesAlone() throws Exception {
        List<Callable<String>> calls = List.of(
                () -> profileCsv(ProfileOptions.defaults().withJobs(1), ViewSpec.TREE, "perfflowaspect/compact.pfw"),
                () -> profileCsv(ProfileOptions.defaults().withThreads(ThreadMode.SPLIT).withJobs(2), ViewSpec.CALLPATH,
                        "perfflowaspect/multiproc.pfw", "tsc/tsc-projectA.trace.json"),
                () -> mergeCsv(MergeOptions.defaults().withOp(MergeOp.MAX).withView(ViewSpec.tau(3)), 0,
                        "perfflowaspect/nodes4"),
                () -> mergeCsv(MergeOptions.defaults().withOp(MergeOp.MIN).withSplitByPid(true).withBreakdown(true)
                        .withJobs(1), 1, "perfflowaspect/multiproc.pfw"),
                () -> csv(ENGINE.report(ENGINE.view(ENGINE.profile(inputs("perfflowaspect/cpumem.pfw"),
                        ProfileOptions.defaults()).profile(), ViewSpec.FLAT), new dev.ppw.model.Diagnostics(),
                        RowOptions.defaults().withSort(SortKey.NAME).withUnit(DisplayUnit.US))));
        List<String> alone = new ArrayList<>();
        for (Callable<String> c : calls) {
            alone.add(c.call());
        }
        ExecutorService pool = Executors.newFixedThreadPool(calls.size() * 2);
        try {
            for (int round = 0; round < 5; round++) {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<String>> running = new ArrayList<>();
                for (int twice = 0; twice < 2; twice++) {
                    for (Callable<String> c : calls) {
                        running.add(pool.submit(() -> {
                            start.await();
                            return c.call();
                        }));
                    }
                }
                start.countDown();
                for (int i = 0; i < running.size(); i++) {
                    assertEquals(alone.get(i % calls.size()), running.get(i).get(), "call " + (i % calls.size()));
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(alone.stream().distinct().count() == calls.size(), "the calls differ, so a mix-up would show");
    }

    @Test
    void sharesOfAMergeAccumulatedApartCombineIntoTheWholeMerge() {
        MergeOptions options = MergeOptions.defaults().withOp(MergeOp.AVG).withBreakdown(true)
                .withView(ViewSpec.CALLPATH);
        List<InputSource> all = inputs("perfflowaspect/nodes4", "perfflowaspect/compact.pfw");
        MergeAccumulator.Merged whole = ENGINE.merge(all, options);
        MergeAccumulator first = ENGINE.accumulate(inputs("perfflowaspect/nodes4"), 0, options);
        MergeAccumulator second = MergeAccumulator.fromBytes(
                ENGINE.accumulate(inputs("perfflowaspect/compact.pfw"), 4, options).toBytes());
        second.combine(first);
        assertEquals(csv(ENGINE.report(whole, RowOptions.defaults().withTopImbalance(3))),
                csv(ENGINE.report(second.result(false), RowOptions.defaults().withTopImbalance(3))));
        assertEquals(5, whole.profile().nodes());
    }

    @Test
    void badInputsAndBadOptionsSayWhatIsWrongInOneLine() {
        BadInputException missing = assertThrows(BadInputException.class,
                () -> ENGINE.inputs(List.of(EXAMPLES.resolve("no-such.pfw").toString())));
        assertEquals("cannot read " + EXAMPLES.resolve("no-such.pfw") + ": no such file", missing.getMessage());
        IllegalArgumentException format = assertThrows(IllegalArgumentException.class,
                () -> ENGINE.profile(inputs("perfflowaspect/compact.pfw"), ProfileOptions.defaults().withInputFormat("xml")));
        assertTrue(format.getMessage().startsWith("unknown input format 'xml': expected one of "), format.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ENGINE.writer("xml"));
        assertThrows(IllegalArgumentException.class, () -> MergeOptions.defaults().withView(ViewSpec.FLAT)
                .withRecomputeInclusive(true));
        assertThrows(IllegalArgumentException.class, () -> new ViewSpec(ViewKind.TAU, 0));
        assertThrows(IllegalArgumentException.class, () -> ENGINE.report(ENGINE.merge(inputs("perfflowaspect/nodes4"),
                MergeOptions.defaults()), RowOptions.defaults().withTopImbalance(2)));
    }

    @Test
    void aMergeChecksEveryInputAndSkipBadLeavesOutTheUnreadableOnes() throws IOException {
        Path dir = Files.createTempDirectory("ppw-engine-bad");
        try {
            Path empty = Files.writeString(dir.resolve("empty.pfw"), "");
            Path broken = Files.writeString(dir.resolve("broken.json"), "[{\"name\":\"a\" \"ph\":\"X\"}]");
            List<InputSource> sources = ENGINE.inputs(List.of(EXAMPLES.resolve("perfflowaspect/compact.pfw").toString(),
                    empty.toString(), EXAMPLES.resolve("perfflowaspect/cpumem.pfw").toString(), broken.toString()));
            BadInputsException bad = assertThrows(BadInputsException.class,
                    () -> ENGINE.merge(sources, MergeOptions.defaults().withJobs(2)));
            assertEquals(4, bad.inputs());
            assertEquals(2, bad.bad().count());
            assertEquals(List.of(empty + ": the input is empty"), bad.bad().examples().subList(0, 1));
            assertEquals("2 of 4 inputs cannot be read (not valid JSON 1, the input is empty 1)", bad.getMessage());

            MergeAccumulator.Merged merged = ENGINE.merge(ENGINE.inputs(sources.stream().map(InputSource::name).toList()),
                    MergeOptions.defaults().withSkipBad(true).withBreakdown(true));
            assertEquals(2, merged.profile().nodes());
            assertEquals(bad.bad(), merged.droppedInputs());
            assertEquals(bad.bad(), merged.profile().droppedInputs());
            assertEquals(mergeCsv(MergeOptions.defaults().withBreakdown(true), 0, "perfflowaspect/compact.pfw",
                    "perfflowaspect/cpumem.pfw").replace(",sum,zero,2,", ",sum,zero,2,2,\"not valid JSON 1, the input is"
                    + " empty 1\",").replace(",nodes,", ",nodes,dropped_inputs,dropped_reasons,"),
                    csv(ENGINE.report(merged, RowOptions.defaults())));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    @Test
    void anInputThatBreaksHalfwayLeavesNothingInTheMergeAndNoTemporaryFile() throws IOException {
        Path spill = Files.createTempDirectory("ppw-engine-spill");
        try {
            // Events out of order, so the folder buffers and spills them, then garbage: broken halfway.
            StringBuilder trace = new StringBuilder("[\n");
            for (int i = 40; i > 0; i--) {
                trace.append("{\"name\":\"f\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":").append(i).append(",\"dur\":1},\n");
            }
            byte[] broken = (trace + "#garbage\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            MergeOptions options = MergeOptions.defaults().withSkipBad(true).withJobs(1).withFold(
                    dev.ppw.aggregate.FoldOptions.defaults().withSpillLimitEvents(2).withSpillDirectory(spill));
            List<InputSource> sources = new ArrayList<>(inputs("perfflowaspect/compact.pfw"));
            sources.add(InputSource.once("broken.json", new java.io.ByteArrayInputStream(broken)));
            MergeAccumulator.Merged merged = ENGINE.merge(sources, options);
            assertEquals(1, merged.profile().nodes());
            assertEquals(List.of("broken.json:42:1: not valid JSON"), merged.droppedInputs().examples().stream()
                    .map(m -> m.substring(0, m.indexOf(" JSON") + 5)).toList());
            assertEquals(mergeCsv(MergeOptions.defaults(), 0, "perfflowaspect/compact.pfw"), csv(ENGINE.report(
                    merged, RowOptions.defaults())).replace(",1,not valid JSON 1", "").replace(
                    ",dropped_inputs,dropped_reasons", ""));
            try (var left = Files.list(spill)) {
                assertEquals(List.of(), left.toList(), "no temporary file left behind");
            }
        } finally {
            Files.delete(spill);
        }
    }
}
