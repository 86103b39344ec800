package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs that do not end as planned (issue 26): out of memory is one line and exit 3, whatever the heap; SIGTERM while
 * {@code -o} is written leaves no temporary file and the target as it was or whole; a temporary file left by a run
 * that died is removed by the next write beside it once stale. The command line runs in a child JVM, so that its
 * heap and its signals are its own.
 */
class StoppedRunTest {
    private static final long GUARD_SECONDS = 120;

    @TempDir
    Path dir;

    @Test
    void outOfMemoryIsOneLineNamingTheInputAndTheHeapAndExitsThree() throws Exception {
        Path input = distinctRegions("many.folded", 200_000);
        Path target = dir.resolve("out.csv");
        Process p = child(List.of("-Xmx16m"), "profile", input.toString(), "--format", "csv", "-o", target.toString());
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(GUARD_SECONDS, TimeUnit.SECONDS));
        assertEquals(3, p.exitValue(), err);
        List<String> lines = err.lines().toList();
        assertEquals(1, lines.size(), err);
        assertTrue(lines.get(0).startsWith("ppw-java: error: out of memory reading " + input + " (heap "), err);
        assertTrue(lines.get(0).matches(".* MiB\\): give it more with --max-memory \\d+[mg] \\(the ppw-java launcher\\)"
                + " or JAVA_OPTS=-Xmx\\d+[mg]"), err);
        assertEquals(List.of(input.getFileName().toString()), names(dir), "no output, no temporary file");
    }

    @Test
    void outOfMemoryAmongSeveralInputsNamesTheOneBeingRead() throws Exception {
        Path small = distinctRegions("a-small.folded", 3);
        Path big = distinctRegions("b-big.folded", 200_000);
        Path other = distinctRegions("c-small.folded", 3);
        for (String command : List.of("profile", "merge")) {
            Process p = child(List.of("-Xmx16m"), command, small.toString(), big.toString(), other.toString(),
                    "--format", "csv");
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(GUARD_SECONDS, TimeUnit.SECONDS));
            assertEquals(3, p.exitValue(), command + ": " + err);
            List<String> lines = err.lines().toList();
            assertEquals(1, lines.size(), err);
            assertTrue(lines.get(0).startsWith("ppw-java: error: out of memory reading " + big + " (heap "),
                    command + ": " + err);
        }
    }

    @Test
    void sigtermWhileWritingLeavesNoTemporaryFileAndTheTargetAsItWasOrWhole() throws Exception {
        Path input = distinctRegions("big.folded", 400_000);
        Path target = Files.writeString(dir.resolve("out.csv"), "before\n");
        Process p = child(List.of(), "profile", input.toString(), "--format", "csv", "-o", target.toString());
        p.getInputStream().close();
        Instant guard = Instant.now().plus(Duration.ofSeconds(GUARD_SECONDS));
        boolean caught = false;
        while (p.isAlive() && Instant.now().isBefore(guard)) {
            if (names(dir).stream().anyMatch(n -> n.startsWith(".ppw-"))) {
                p.destroy(); // SIGTERM
                caught = true;
                break;
            }
            Thread.onSpinWait();
        }
        assertTrue(p.waitFor(GUARD_SECONDS, TimeUnit.SECONDS));
        assertTrue(caught, "the run ended before its temporary output appeared (exit " + p.exitValue() + ")");
        assertEquals(List.of("big.folded", "out.csv"), names(dir), "no temporary file is left");
        String left = Files.readString(target);
        if (!left.equals("before\n")) {
            assertEquals(Cli.run("profile", input.toString(), "--format", "csv").out(), left, "whole, if replaced");
        }
    }

    @Test
    void aTemporaryFileOlderThanADayBesideTheTargetIsRemovedByTheNextWrite() throws IOException {
        Path input = distinctRegions("small.folded", 3);
        Path stale = Files.writeString(dir.resolve(".ppw-00112233445566aa.tmp"), "left by a run that died");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofHours(25))));
        Path recent = Files.writeString(dir.resolve(".ppw-00112233445566bb.tmp"), "another run writing now");
        Path other = Files.writeString(dir.resolve(".ppw-notes.txt"), "not ours");
        Files.setLastModifiedTime(other, FileTime.from(Instant.now().minus(Duration.ofDays(3))));
        Cli r = Cli.run("profile", input.toString(), "--format", "csv", "-o", dir.resolve("out.csv").toString());
        assertEquals(0, r.exit(), r::toString);
        assertFalse(Files.exists(stale), "stale temporary file removed");
        assertTrue(Files.exists(recent), "a recent one may be another run's: kept");
        assertTrue(Files.exists(other), "a file not named as ours is kept");
        assertTrue(Files.readString(dir.resolve("out.csv")).contains("main => region-2"));
    }

    /** A folded file of {@code count} stacks {@code main;region-i}: a tree of that many distinct rows. */
    private Path distinctRegions(String name, int count) throws IOException {
        Path file = dir.resolve(name);
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int i = 0; i < count; i++) {
                w.write("main;region-" + i + " 1\n");
            }
        }
        return file;
    }

    private static List<String> names(Path folder) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            entries.forEach(e -> names.add(e.getFileName().toString()));
        }
        names.sort(null);
        return names;
    }

    private static Process child(List<String> jvm, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("-XX:+UseSerialGC");
        cmd.addAll(jvm);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }
}
