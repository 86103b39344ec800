package dev.ppw.engine;

import dev.ppw.cli.CliRunner;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * examples/api/ProfileAndMerge.java, run as a user runs it (a single-file Java program on the library's
 * class path, in a JVM of its own), prints what the equivalent commands print.
 */
class ExampleProgramTest {
    @Test
    void theApiExampleRunsAndPrintsWhatTheCommandsPrint() throws IOException, InterruptedException {
        Path examples = EngineTest.examples();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                examples.resolve("api/ProfileAndMerge.java").toString(), examples.toString())
                .redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the example did not finish");
        assertEquals(0, p.exitValue(), err);
        String flat = CliRunner.out("profile", examples.resolve("perfflowaspect/smoketest.pfw").toString(),
                "--view", "flat", "--sort", "exclusive");
        String merged = CliRunner.out("merge", examples.resolve("perfflowaspect/nodes4").toString(), "--agg", "max",
                "--breakdown", "--top-imbalance", "3", "--format", "csv");
        String printed = new String(out, StandardCharsets.UTF_8);
        assertTrue(printed.startsWith(flat + merged), printed);
        List<String> last = printed.substring((flat + merged).length()).lines().toList();
        assertEquals(1, last.size(), printed);
        assertTrue(last.get(0).matches("nodes merged: 4, total of the max tree: [1-9][0-9]* ns"), last.get(0));
    }
}
