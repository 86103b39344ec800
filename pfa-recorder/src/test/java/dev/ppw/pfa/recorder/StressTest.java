package dev.ppw.pfa.recorder;

import dev.ppw.pfa.PerfFlow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31's stress targets, each in a JVM of its own with a 256 MB heap: every event written, no error. Minutes
 * long and gigabytes of trace, so run only when asked: {@code -Dppw.stress=true} (for example
 * {@code ./mvnw -pl pfa-recorder -am test -Dtest=StressTest -Dppw.stress=true -Dsurefire.failIfNoSpecifiedTests=false}).
 */
@EnabledIfSystemProperty(named = "ppw.stress", matches = "true")
class StressTest {
    @TempDir
    Path dir;

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs the workload; the B and E lines of its trace, counted, and the trace deleted. */
    private long[] run(String... workload) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", String.join(File.pathSeparator, location(PerfFlow.class),
                        location(PerfFlowRecorder.class), location(ChildWorkload.class)),
                "-Dperfflow.options=log-dir=" + dir + ":log-filename-include=name", ChildWorkload.class.getName()));
        cmd.addAll(List.of(workload));
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(err.toFile()).start();
        assertTrue(p.waitFor(20, TimeUnit.MINUTES), "the workload ends");
        assertEquals(0, p.exitValue(), Files.readString(err));
        assertEquals("", Files.readString(err), "nothing said: no error, no event dropped");
        Path trace = dir.resolve("perfflow.array.generic.pfw");
        long begins = 0;
        long ends = 0;
        String last = "";
        try (BufferedReader r = Files.newBufferedReader(trace, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.endsWith("\"ph\": \"B\"},")) {
                    begins++;
                } else if (line.endsWith("\"ph\": \"E\"},") || line.endsWith("\"ph\": \"E\"}")) {
                    ends++;
                }
                last = line;
            }
        }
        assertEquals("]", last, "the trace is ended at exit");
        Files.delete(trace);
        return new long[] {begins, ends};
    }

    @Test
    void aThousandThreadsOfTenThousandRegionsIn256Mb() throws Exception {
        long[] counted = run("threads", "1000", "10000");
        assertEquals(10_000_000L, counted[0]);
        assertEquals(10_000_000L, counted[1]);
    }

    /** A virtual thread's lane goes back to a pool when it ends: a million threads need lanes for those in flight. */
    @Test
    void aMillionVirtualThreadsOfOneRegionIn256Mb() throws Exception {
        long[] counted = run("virtual", "1000000", "10000");
        assertEquals(1_000_000L, counted[0]);
        assertEquals(1_000_000L, counted[1]);
    }
}
