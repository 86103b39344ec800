package dev.ppw.pfa.recorder;

import dev.ppw.pfa.PerfFlow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The recorder in a JVM of its own, found through ServiceLoader by {@link PerfFlow}: killed with SIGKILL mid-run,
 * and with nothing on its class path but pfa-api and pfa-recorder.
 */
class ChildJvmTest {
    @TempDir
    Path dir;

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** pfa-api, pfa-recorder and the test classes: what a traced application has. */
    private static String minimalClassPath() {
        return String.join(File.pathSeparator, location(PerfFlow.class), location(PerfFlowRecorder.class),
                location(ChildWorkload.class));
    }

    private Process start(String classPath, String options, String what, String... jvmOptions) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvmOptions));
        cmd.addAll(List.of("-cp", classPath, "-Dperfflow.options=log-dir=" + dir + ":log-filename-include=name:"
                + options, ChildWorkload.class.getName(), what));
        return new ProcessBuilder(cmd).redirectError(dir.resolve("stderr.txt").toFile()).start();
    }

    @Test
    void killMinusNineLeavesATraceWithEveryRegionClosed200MsBefore() throws Exception {
        Process p = start(minimalClassPath(), "", "steps");
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<long[]> seen = new ArrayList<>(); // step number, when its line was read
        long started = System.nanoTime();
        String line;
        while ((line = out.readLine()) != null) {
            seen.add(new long[] {Long.parseLong(line), System.nanoTime()});
            if (System.nanoTime() - started > TimeUnit.MILLISECONDS.toNanos(2500) && seen.size() > 200) {
                break;
            }
        }
        long killedAt = System.nanoTime();
        p.destroyForcibly(); // SIGKILL on Linux: no shutdown hook runs
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assertEquals(137, p.exitValue());
        long closedBefore = -1;
        for (long[] s : seen) {
            if (s[1] <= killedAt - TimeUnit.MILLISECONDS.toNanos(200)) {
                closedBefore = s[0];
            }
        }
        assertTrue(closedBefore > 100, "steps seen 200 ms before the kill: " + closedBefore);
        Path trace = dir.resolve("perfflow.array.generic.pfw");
        Map<String, Long> calls = Traces.calls(Traces.profile(trace));
        long written = calls.getOrDefault("THREAD step", 0L);
        assertTrue(written >= closedBefore + 1, "written " + written + " of the " + (closedBefore + 1)
                + " steps closed 200 ms before the kill");
        assertFalse(Files.readString(trace).endsWith("]\n"), "killed: never terminated");
    }

    @Test
    void traceModeLoadsNeitherFoldModeNorTheModel() throws Exception {
        Path log = dir.resolve("classes.log");
        Process p = start(minimalClassPath(), "", "regions", "-Xlog:class+load=info:file=" + log);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("stderr.txt")));
        String loaded = Files.readString(log);
        assertTrue(loaded.contains("dev.ppw.pfa.recorder.TraceWriter"), "the log lists our classes");
        for (String absent : List.of("dev.ppw.pfa.recorder.FoldMode", "dev.ppw.pfa.recorder.FoldLane",
                "dev.ppw.pfa.recorder.SavedProfileOutput", "dev.ppw.model.", "dev.ppw.engine.")) {
            assertFalse(loaded.contains(absent), absent + " was loaded in trace mode");
        }
        Path trace = dir.resolve("perfflow.array.generic.pfw");
        Map<String, Long> traced = Traces.calls(Traces.profile(trace));
        assertEquals(Map.of("THREAD outer", 300L, "THREAD outer => inner", 300L), traced);

        // the same program in fold mode (ppw-java's classes on the class path): the same tree, and it did load them
        Path foldLog = dir.resolve("fold-classes.log");
        Process f = start(System.getProperty("java.class.path"), "ppw-mode=fold", "regions",
                "-Xlog:class+load=info:file=" + foldLog);
        assertTrue(f.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, f.exitValue(), Files.readString(dir.resolve("stderr.txt")));
        assertTrue(Files.readString(foldLog).contains("dev.ppw.pfa.recorder.FoldMode"));
        Path saved = dir.resolve("perfflow.profile.generic.ppw.json");
        assertEquals(traced, Traces.calls(Traces.profile(saved)));
    }

    @Test
    void foldModeWithoutPpwJavaSaysSoAndTheProgramRuns() throws Exception {
        Process p = start(minimalClassPath(), "ppw-mode=fold", "regions");
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals(List.of("perfflow: ppw-mode=fold needs ppw-java's jar (cli/target/ppw-java.jar) on the class path;"
                + " tracing is off"), Files.readAllLines(dir.resolve("stderr.txt")));
    }
}
