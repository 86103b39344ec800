package dev.ppw.report;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each way {@code --threads split} names a thread tells its process, or says it cannot. */
class ThreadLabelsTest {
    private static final Map<String, String> THREADS = Map.of("7/1", "CrBrowserMain", "9/2", "node", "9/3", "node",
            "8/4", "node", "/5", "perf_work");
    private static final Map<String, String> PROCESSES = Map.of("7", "Browser", "9", "Renderer");

    @Test
    void everyLabelFormTellsItsPid() {
        assertEquals("7", ThreadLabels.pidOf("CrBrowserMain", THREADS, PROCESSES));
        assertEquals("9", ThreadLabels.pidOf("node (pid 9 tid 3)", THREADS, PROCESSES));
        assertEquals("12", ThreadLabels.pidOf("pid 12 tid 12", THREADS, PROCESSES));
        assertEquals("9", ThreadLabels.pidOf("async Renderer", THREADS, PROCESSES));
        assertEquals("4", ThreadLabels.pidOf("async pid 4", THREADS, PROCESSES));
        // Namesakes in two processes joined by name, and perf's pid-less threads: no one process.
        assertEquals("", ThreadLabels.pidOf("node", THREADS, PROCESSES));
        assertEquals("", ThreadLabels.pidOf("perf_work (tid 5)", THREADS, PROCESSES));
    }
}
