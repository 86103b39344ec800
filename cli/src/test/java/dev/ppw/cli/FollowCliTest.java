package dev.ppw.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.format.InputSource;
import dev.ppw.testing.FollowTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sun.misc.Signal;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code profile --follow} on the command line: snapshots written whole one after another to a byte stream (JSON
 * documents that each read back as a profile, totals never going down), the final one equal byte for byte to
 * {@code profile} of the finished file; Ctrl-C, {@code --until-idle} and the end of standard input end it; usage
 * errors. Writers wait for the follow where order matters; timeouts only guard against hanging.
 */
class FollowCliTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final long GUARD_SECONDS = 120;

    @TempDir
    Path dir;

    /** Runs ppw-java on a thread of its own, its output kept in {@code out}. */
    private static Future<Integer> start(ExecutorService pool, java.io.InputStream in, ByteArrayOutputStream out,
                                         ByteArrayOutputStream err, String... args) {
        return pool.submit(() -> {
            try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                 PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                return Main.run(args, in, o, e);
            }
        });
    }

    /** Appends {@code text} in pieces of 1 to 97 bytes, after the first third waiting until {@code out} has a snapshot. */
    private static void append(Path file, String text, ByteArrayOutputStream out) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Random random = new Random(9);
        try (OutputStream o = Files.newOutputStream(file, java.nio.file.StandardOpenOption.APPEND)) {
            int at = 0;
            boolean waited = false;
            while (at < bytes.length) {
                int n = Math.min(bytes.length - at, 1 + random.nextInt(97));
                o.write(bytes, at, n);
                o.flush();
                at += n;
                if (!waited && at > bytes.length / 3) {
                    waited = true;
                    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(GUARD_SECONDS);
                    while (out.size() == 0 && System.nanoTime() < until) {
                        Thread.sleep(5);
                    }
                }
                if (random.nextInt(8) == 0) {
                    Thread.sleep(2);
                }
            }
        }
    }

    /** The JSON documents written one after the other, each as its bytes. */
    private static List<byte[]> documents(byte[] stream) throws Exception {
        List<byte[]> docs = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(stream)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                assertEquals(JsonToken.START_OBJECT, t);
                int from = (int) p.currentTokenLocation().getByteOffset();
                p.skipChildren();
                int to = (int) p.currentLocation().getByteOffset();
                docs.add(Arrays.copyOfRange(stream, from, to));
            }
        }
        return docs;
    }

    @Test
    void jsonSnapshotsAreWholeProfilesThatGrowAndCtrlCEndsWithTheFinishedFilesProfile() throws Exception {
        Path file = Files.createFile(dir.resolve("run.pfw"));
        String trace = FollowTraces.pfw(21, 500);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> run = start(pool, java.io.InputStream.nullInputStream(), out, err, "profile", "--follow",
                    file.toString(), "--format", "json", "--interval", "1ms");
            append(file, trace, out);
            // What Ctrl-C sends: the follow reads what was written, then writes the final profile and exits 0.
            Signal.raise(new Signal("INT"));
            assertEquals(0, run.get(GUARD_SECONDS, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));
        } finally {
            pool.shutdownNow();
        }
        Cli finished = Cli.run("profile", file.toString(), "--format", "json");
        assertEquals(0, finished.exit());

        List<byte[]> docs = documents(out.toByteArray());
        assertTrue(docs.size() >= 2, "a snapshot, then the final profile");
        assertEquals(finished.out(), new String(docs.get(docs.size() - 1), StandardCharsets.UTF_8) + "\n");
        long time = 0;
        long calls = 0;
        for (byte[] doc : docs) {
            AnalysisResult back = ENGINE.analyze(Analysis.profile(List.of(InputSource.of("snapshot.json", doc))));
            long t = back.profile().total(SampleWeights.TIME);
            long c = 0;
            for (int node = 1; node < back.profile().tree().size(); node++) {
                c += back.profile().tree().calls(node);
            }
            assertTrue(t >= time && c >= calls, "the totals went down");
            time = t;
            calls = c;
        }
    }

    @Test
    void perfStatOnStandardInputInPiecesEndsWithTheInput() throws Exception {
        String stat = FollowTraces.perfStatCsv(30);
        Path file = Files.writeString(dir.resolve("stat.csv"), stat);
        PipedInputStream in = new PipedInputStream(1 << 16);
        PipedOutputStream pipe = new PipedOutputStream(in);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        byte[] bytes = stat.getBytes(StandardCharsets.UTF_8);
        try {
            Future<Integer> run = start(pool, in, out, err, "profile", "--follow", "-", "--view", "counters",
                    "--format", "csv", "--interval", "1ms");
            try (OutputStream o = pipe) {
                for (int at = 0; at < bytes.length; at += 29) {
                    o.write(bytes, at, Math.min(29, bytes.length - at));
                    o.flush();
                    Thread.sleep(1);
                }
            }
            assertEquals(0, run.get(GUARD_SECONDS, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));
        } finally {
            pool.shutdownNow();
        }
        Cli finished = Cli.runWithInput(bytes, "profile", "-", "--view", "counters", "--format", "csv");
        String all = out.toString(StandardCharsets.UTF_8);
        assertTrue(all.endsWith(finished.out()), all);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void untilIdleEndsAFileNoLongerWrittenWithTextSnapshotsAndOutputFileReplaced() throws Exception {
        Path file = Files.writeString(dir.resolve("done.pfw"), FollowTraces.pfw(2, 60));
        Cli followed = Cli.run("profile", "--follow", file.toString(), "--until-idle", "100ms");
        assertEquals(0, followed.exit(), followed.toString());
        String text = Cli.run("profile", file.toString()).out();
        String marker = FollowOutput.SEPARATOR + "final profile ---\n";
        assertTrue(followed.out().endsWith(marker + text), followed.out());

        Path csv = dir.resolve("out.csv");
        Cli toFile = Cli.run("profile", "--follow", file.toString(), "--until-idle", "100ms", "-o", csv.toString());
        assertEquals(0, toFile.exit(), toFile.toString());
        assertEquals("", toFile.out());
        assertEquals(Cli.run("profile", file.toString(), "--format", "csv").out(), Files.readString(csv));
    }

    @Test
    void onATerminalEachSnapshotRedrawsTheScreenAndTheLastDrawingIsTheFinalProfile() throws Exception {
        Path file = Files.writeString(dir.resolve("tty.pfw"), FollowTraces.pfw(8, 80));
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder b = new ProcessBuilder(java, "-Dstdout.encoding=UTF-8", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "profile", "--follow", file.toString(),
                "--until-idle", "100ms", "--top", "3");
        // The launcher's word that standard output is a terminal; no colour, to compare with plain text.
        b.environment().put("PPW_STDOUT_TTY", "1");
        b.environment().put("NO_COLOR", "1");
        Process p = b.redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(GUARD_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith(FollowOutput.REDRAW), out);
        String lastDrawing = out.substring(out.lastIndexOf(FollowOutput.REDRAW) + FollowOutput.REDRAW.length());
        assertEquals(Cli.run("profile", file.toString(), "--top", "3").out(), lastDrawing);
    }

    @Test
    void usageErrors() throws Exception {
        Path a = Files.writeString(dir.resolve("a.pfw"), FollowTraces.pfw(2, 10));
        Path b = Files.writeString(dir.resolve("b.pfw"), FollowTraces.pfw(3, 10));
        Path saved = dir.resolve("saved.json");
        Files.writeString(saved, Cli.run("profile", a.toString(), "--format", "json").out());
        assertUsage("--follow follows one input, a trace file being written or '-' for standard input; got 2",
                "profile", "--follow", a.toString(), b.toString());
        assertUsage("--follow follows one file, and " + dir + " is a folder", "profile", "--follow", dir.toString());
        assertUsage("--interval is for --follow: add --follow to read the input while it is written",
                "profile", a.toString(), "--interval", "2s");
        assertUsage("--until-idle is for --follow: add --follow to read the input while it is written",
                "profile", a.toString(), "--until-idle", "2s");
        assertUsage("cannot follow " + saved + ": it is ppw-profile, which cannot be read while it is written;"
                        + " --follow reads chrome-json, folded, lttng-text, perf-stat",
                "profile", "--follow", saved.toString(), "--until-idle", "50ms");
        Cli badTime = Cli.run("profile", "--follow", a.toString(), "--interval", "5parsecs");
        assertEquals(2, badTime.exit(), badTime.toString());
        assertTrue(badTime.err().contains("unknown time unit in '5parsecs'"), badTime.err());
    }

    @Test
    void optionsOfSeveralInputsAreRemarkedAsIgnored() throws Exception {
        Path a = Files.writeString(dir.resolve("a.pfw"), FollowTraces.pfw(2, 10));
        Cli r = Cli.run("profile", "--follow", a.toString(), "--until-idle", "50ms", "-j", "2", "-q");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(List.of("ppw-java: warning: --jobs reads several inputs or chunks side by side, and a followed"
                        + " input is read on one thread, in order; ignored with --follow",
                "ppw-java: warning: --quiet hides the progress bar, and --follow shows none; ignored with --follow"),
                r.err().lines().toList());
        assertTrue(r.out().endsWith(Cli.run("profile", a.toString()).out()));
    }

    private static void assertUsage(String message, String... args) {
        Cli r = Cli.run(args);
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals("ppw-java: error: " + message, r.err().lines().findFirst().orElse(""), r.toString());
    }

    @Test
    void periodsTakeUnitsAndAreWholeNanoseconds() {
        Converters.Period p = new Converters.Period();
        assertEquals(1_000_000_000L, p.convert("1s"));
        assertEquals(1_000_000_000L, p.convert("1"));
        assertEquals(500_000_000L, p.convert("500ms"));
        assertEquals(1_500_000_000L, p.convert("1.5s"));
        assertEquals(120_000_000_000L, p.convert("2m"));
        assertEquals(250L, p.convert("250ns"));
        assertEquals(3_000L, p.convert("3us"));
        for (String bad : List.of("0s", "-1s", "0.5ns", "s", "1x", "")) {
            try {
                p.convert(bad);
                throw new AssertionError(bad + " was taken");
            } catch (picocli.CommandLine.TypeConversionException expected) {
                assertTrue(!expected.getMessage().isEmpty());
            }
        }
    }
}
