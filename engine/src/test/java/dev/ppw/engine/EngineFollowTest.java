package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.ViewKind;
import dev.ppw.testing.FollowTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link Engine#follow}: a trace read while another thread appends to it gives, once stopped, the profile of the
 * finished file, with snapshots of what was read so far that only grow; an unfinished last event is a note; a file
 * cut or replaced, gzip and formats that cannot be followed are refused in one line. No assertion depends on
 * timing: writers wait for the follow where it matters, and timeouts only guard against hanging.
 */
class EngineFollowTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    /** Fast snapshots and polls, so that the tests do not wait for the defaults. */
    private static final FollowOptions FAST = FollowOptions.defaults().withIntervalNanos(1_000_000)
            .withPollNanos(2_000_000);
    private static final long GUARD_SECONDS = 120;

    @TempDir
    Path dir;

    private static String write(AnalysisResult r, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ENGINE.write(r.report(), format, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static AnalysisResult profileOf(Path file, ViewSpec view) {
        return ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(file.toString()))).withView(view));
    }

    private static <T> T within(Future<T> future) throws Exception {
        return future.get(GUARD_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void aFileAppendedWhileFollowedEndsAsTheProfileOfTheFinishedFile() throws Exception {
        for (int seed = 5; seed < 11; seed++) {
            ViewSpec view = seed % 2 == 0 ? ViewSpec.TREE : ViewSpec.of(ViewKind.FLAT, 2);
            Path file = Files.createFile(dir.resolve("grow-" + seed + ".pfw"));
            String trace = FollowTraces.pfw(seed, 600);
            long piecesSeed = seed * 31L;
            List<AnalysisResult> snapshots = new ArrayList<>();
            CountDownLatch firstSnapshot = new CountDownLatch(1);
            FollowStop stop = new FollowStop();
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<AnalysisResult> followed = pool.submit(() -> ENGINE.follow(FollowedInput.file(file),
                        FAST.withView(view), s -> {
                            snapshots.add(s);
                            firstSnapshot.countDown();
                        }, stop));
                Future<?> writer = pool.submit(() -> {
                    FollowTraces.appendInPieces(file, trace, piecesSeed, firstSnapshot);
                    return null;
                });
                within(writer);
                stop.stop();
                AnalysisResult last = within(followed);

                AnalysisResult finished = profileOf(file, view);
                assertEquals(write(finished, "csv"), write(last, "csv"));
                assertEquals(write(finished, "json"), write(last, "json"));
                assertEquals(write(finished, "text"), write(last, "text"));
                assertFalse(last.diagnostics().hasWarnings(), () -> write(last, "text"));
                assertEquals(0, last.diagnostics().noteCount(Diagnostics.UNFINISHED_EVENT));

                assertFalse(snapshots.isEmpty());
                long calls = 0;
                long time = 0;
                for (AnalysisResult s : snapshots) {
                    long sCalls = callsOf(s);
                    long sTime = s.profile().total(SampleWeights.TIME);
                    assertTrue(sCalls >= calls && sTime >= time, "a snapshot's totals went down");
                    calls = sCalls;
                    time = sTime;
                }
                assertTrue(calls <= callsOf(last) && time <= last.profile().total(SampleWeights.TIME));
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static long callsOf(AnalysisResult r) {
        long calls = 0;
        var tree = r.profile().tree();
        for (int node = 1; node < tree.size(); node++) {
            calls += tree.calls(node);
        }
        return calls;
    }

    @Test
    void anEventLeftUnfinishedWhenFollowingStopsIsLeftOutAsANote() throws Exception {
        String whole = FollowTraces.pfw(3, 40);
        assertCutTailIsLeftOut("pfw", whole, "{\"name\": \"main\", \"ph\": \"B\", \"ts\": 17", ViewSpec.TREE);
    }

    @Test
    void aLineLeftUnfinishedIsLeftOutNotReadAsAShorterCount() throws Exception {
        // Read as a line, "13" would be a valid count of a 13th interval; it is the start of a longer one.
        assertCutTailIsLeftOut("csv", FollowTraces.perfStatCsv(12), "1.300001234,13", ViewSpec.of(ViewKind.COUNTERS, 2));
    }

    /**
     * Follows {@code whole + tail}, the tail an event cut short, and checks that the final profile is the one of
     * {@code whole} alone, with one unfinished-event note and no warning.
     */
    private void assertCutTailIsLeftOut(String extension, String whole, String tail, ViewSpec view) throws Exception {
        Path finished = FollowTraces.write(dir.resolve("finished." + extension), whole);
        Path cut = FollowTraces.write(dir.resolve("cut." + extension), whole + tail);

        AnalysisResult last = ENGINE.follow(FollowedInput.file(cut, finished.toString()),
                FAST.withView(view).withUntilIdleNanos(50_000_000), s -> { }, new FollowStop());

        assertEquals(write(profileOf(finished, view), "csv"), write(last, "csv"));
        assertFalse(last.diagnostics().hasWarnings());
        assertEquals(1, last.diagnostics().noteCount(Diagnostics.UNFINISHED_EVENT));
    }

    @Test
    void chromeJsonOnOneLineWithoutALineEndIsReadWhole() throws Exception {
        String oneLine = "{\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":5,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"b\",\"ph\":\"X\",\"ts\":2,\"dur\":2,\"pid\":1,\"tid\":1}]}";
        Path file = FollowTraces.write(dir.resolve("one-line.json"), oneLine);

        AnalysisResult last = ENGINE.follow(FollowedInput.file(file), FAST.withUntilIdleNanos(50_000_000), s -> { },
                new FollowStop());

        assertEquals(write(profileOf(file, ViewSpec.TREE), "csv"), write(last, "csv"));
        assertEquals(0, last.diagnostics().noteCount(Diagnostics.UNFINISHED_EVENT));
    }

    @Test
    void anEventOverSeveralLinesLeftUnfinishedIsANoteToo() throws Exception {
        String head = "{\"traceEvents\": [\n{\"name\": \"a\", \"ph\": \"X\", \"ts\": 1, \"dur\": 5, \"pid\": 1, \"tid\": 1},\n";
        assertCutTailIsLeftOut("json", head, "{\n  \"name\": \"b\",\n  \"ph\": \"X\",\n", ViewSpec.TREE);
    }

    @Test
    void aFileThatShrinksWhileFollowedIsAOneLineError() throws Exception {
        Path file = FollowTraces.write(dir.resolve("shrinks.pfw"), FollowTraces.pfw(4, 30));
        BadInputException bad = errorAfterFirstSnapshot(file, () -> Files.writeString(file, "[\n"));
        assertTrue(bad.getMessage().startsWith(file + ": the file shrank from "), bad.getMessage());
        assertFalse(bad.getMessage().contains("\n"));
    }

    @Test
    void aFileReplacedWhileFollowedIsAOneLineError() throws Exception {
        Path file = FollowTraces.write(dir.resolve("rotates.pfw"), FollowTraces.pfw(4, 30));
        BadInputException bad = errorAfterFirstSnapshot(file, () -> {
            Path next = FollowTraces.write(dir.resolve("next.pfw"), FollowTraces.pfw(4, 60));
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        });
        assertTrue(bad.getMessage().startsWith(file + ": the path names another file"), bad.getMessage());
    }

    /** A change made to a followed file on disk. */
    private interface FileChange {
        void apply() throws IOException;
    }

    /** Follows {@code file}, applies {@code change} once the first snapshot is out, and returns the follow's error. */
    private static BadInputException errorAfterFirstSnapshot(Path file, FileChange change) throws Exception {
        CountDownLatch read = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<AnalysisResult> followed = pool.submit(() -> ENGINE.follow(FollowedInput.file(file), FAST,
                    s -> read.countDown(), new FollowStop()));
            assertTrue(read.await(GUARD_SECONDS, TimeUnit.SECONDS));
            change.apply();
            Exception e = assertThrows(Exception.class, () -> within(followed));
            return assertInstanceOf(BadInputException.class, e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void perfStatLinesThroughAPipeEndWithThePipe() throws Exception {
        Path sample = FollowTraces.write(dir.resolve("stat.csv"), FollowTraces.perfStatCsv(40));
        byte[] bytes = Files.readAllBytes(sample);
        PipedInputStream in = new PipedInputStream(1 << 16);
        PipedOutputStream pipe = new PipedOutputStream(in);
        ViewSpec counters = ViewSpec.of(ViewKind.COUNTERS, 2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<AnalysisResult> followed = pool.submit(() -> ENGINE.follow(FollowedInput.stream(sample.toString(),
                    in),
                    FAST.withView(counters), s -> { }, new FollowStop()));
            Future<?> writer = pool.submit(() -> {
                try (OutputStream out = pipe) {
                    for (int at = 0; at < bytes.length; at += 37) {
                        out.write(bytes, at, Math.min(37, bytes.length - at));
                        out.flush();
                        Thread.sleep(1);
                    }
                }
                return null;
            });
            within(writer);
            AnalysisResult last = within(followed);
            assertEquals(write(profileOf(sample, counters), "csv"), write(last, "csv"));
            assertFalse(last.diagnostics().hasWarnings());
        } finally {
            pool.shutdownNow();
        }
    }


    @Test
    void aFormatThatCannotBeFollowedIsRefusedNamingThoseThatCan() throws Exception {
        Path saved = dir.resolve("saved.json");
        Path trace = FollowTraces.write(dir.resolve("t.pfw"), FollowTraces.pfw(1, 10));
        Files.writeString(saved, write(profileOf(trace, ViewSpec.TREE), "json"));
        CannotFollowException e = assertThrows(CannotFollowException.class, () -> ENGINE.follow(
                FollowedInput.file(saved), FAST.withUntilIdleNanos(50_000_000), s -> { }, new FollowStop()));
        assertEquals("cannot follow " + saved + ": it is ppw-profile, which cannot be read while it is written;"
                + " --follow reads chrome-json, folded, lttng-text, perf-stat", e.getMessage());
    }

    @Test
    void gzipIsRefused() throws Exception {
        Path gz = dir.resolve("t.pfw.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(FollowTraces.pfw(1, 10).getBytes(StandardCharsets.UTF_8));
        }
        BadInputException e = assertThrows(BadInputException.class, () -> ENGINE.follow(FollowedInput.file(gz),
                FAST.withUntilIdleNanos(50_000_000), s -> { }, new FollowStop()));
        assertEquals("cannot follow " + gz + ": it is gzipped; follow the trace as it is written, uncompressed",
                e.getMessage());
    }

    private static <T> T assertInstanceOf(Class<T> type, Object value) {
        if (!type.isInstance(value)) {
            fail("expected a " + type.getSimpleName() + ", got " + value);
        }
        return type.cast(value);
    }
}
