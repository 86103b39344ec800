package dev.ppw.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Workloads without perf: how they end, what the listener hears, cancelling, and perf that cannot be used. */
class WorkloadRunTest {
    @TempDir
    Path scratch;

    private Workloads.Options options() {
        return Workloads.Options.defaults().withScratchParent(scratch).withTailLines(2);
    }

    @Test
    void aFailingWorkloadEndsFailedWithItsStatusAndTheTailOfItsStderr() throws Exception {
        WorkloadSpec spec = WorkloadSpec.of(List.of("sh", "-c", "echo out; for i in 1 2 3; do echo err$i >&2; done;"
                + " exit 3"));
        Recorder told = new Recorder();
        WorkloadResult result;
        try (RunningWorkload running = Workloads.start(spec, told, options())) {
            result = running.await();
        }
        assertTrue(result.failed());
        assertFalse(result.cancelled());
        assertEquals(3, result.exitStatus().getAsInt());
        assertEquals("err2\nerr3\n", result.stderrTail(), "the last 2 lines");
        assertEquals("out\n", result.stdoutTail());
        assertEquals(List.of("err1", "err2", "err3"), told.stderr);
        assertEquals("started", told.calls.get(0));
        assertEquals("finished", told.calls.get(told.calls.size() - 1));
        assertEquals(result, told.finished);
        assertTrue(result.toNewRun().outcome().failed());
        assertEquals(3, result.toNewRun().outcome().exitStatus());
        assertEquals(0, result.profile().tree().size() - 1, "nothing to fold: an empty tree");
    }

    @Test
    void aCancelledWorkloadEndsSoonMarkedCancelledAndFailed() throws Exception {
        WorkloadSpec spec = WorkloadSpec.of(List.of("sleep", "30"));
        try (RunningWorkload running = Workloads.start(spec, WorkloadListener.NONE, options())) {
            assertTrue(running.isAlive());
            running.cancel();
            Optional<WorkloadResult> result = running.await(Duration.ofSeconds(10));
            assertTrue(result.isPresent(), "ended within 10 s of the cancel");
            assertTrue(result.get().cancelled());
            assertTrue(result.get().failed());
            assertTrue(result.get().wallNanos() < 10_000_000_000L, "wall " + result.get().wallNanos());
        }
    }

    @Test
    void theScratchFolderGoesWithClose() throws Exception {
        Path folder;
        try (RunningWorkload running = Workloads.start(WorkloadSpec.of(List.of("true")), WorkloadListener.NONE,
                options())) {
            folder = running.scratch();
            assertTrue(Files.isDirectory(folder));
            assertFalse(running.await().failed());
        }
        assertFalse(Files.exists(folder));
    }

    @Test
    void thingsThatCannotRunAreOneLineAndStartNothing() {
        WorkloadException noCommand = assertThrows(WorkloadException.class, () -> Workloads.start(
                WorkloadSpec.of(List.of(scratch.resolve("nothing").toString())), WorkloadListener.NONE, options()));
        assertEquals("cannot run " + scratch.resolve("nothing") + ": no such program",
                noCommand.getMessage());
        WorkloadException notOnPath = assertThrows(WorkloadException.class, () -> Workloads.start(
                WorkloadSpec.of(List.of("ppw-no-such-program")), WorkloadListener.NONE, options()));
        assertEquals("cannot run ppw-no-such-program: no such program on the PATH", notOnPath.getMessage());
        WorkloadException noPerf = assertThrows(WorkloadException.class, () -> Workloads.start(
                WorkloadSpec.of(List.of("true")).withTool(WorkloadSpec.Tool.STAT), WorkloadListener.NONE,
                options().withPerf("/no/such/perf")));
        assertEquals("perf is not installed (no /no/such/perf): " + Perf.INSTALL, noPerf.getMessage());
        WorkloadException noFolder = assertThrows(WorkloadException.class, () -> Workloads.start(
                WorkloadSpec.of(List.of("true")).withWorkingFolder(scratch.resolve("none")), WorkloadListener.NONE,
                options()));
        assertEquals("cannot run the workload in " + scratch.resolve("none") + ": no such folder",
                noFolder.getMessage());
        try (var left = Files.list(scratch)) {
            assertEquals(0, left.count(), "no scratch folder left behind");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void perfRefusedItsEventsSaysWhichParanoidLevelIsNeeded() throws Exception {
        Path paranoid = Files.writeString(scratch.resolve("perf_event_paranoid"), "3\n");
        String stderr = "Error:\nAccess to performance monitoring and observability operations is limited.\n"
                + "Consider adjusting /proc/sys/kernel/perf_event_paranoid setting";
        assertEquals(Optional.of("perf was refused its events (" + paranoid + " is 3): it needs 2 or less (sudo sysctl"
                + " kernel.perf_event_paranoid=2), or root"), Perf.refusal(stderr, paranoid));
        assertEquals(Optional.empty(), Perf.refusal("Workload failed: No such file or directory", paranoid));
    }

    @Test
    void aSpecKeptInSettingsIsReadBackWhole() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("OMP_NUM_THREADS", "4");
        env.put("ODD", "a=b, \"c\"");
        WorkloadSpec spec = WorkloadSpec.of(List.of("sh", "-c", "echo \"hi\"; exit 0", "ü"))
                .withTool(WorkloadSpec.Tool.RECORD).withEvents(List.of("cpu-clock")).withFrequencyHz(999)
                .withCallGraph(true).withIntervalMillis(250).withEnvironment(env).withTraceDir(Path.of("traces"))
                .withWorkingFolder(Path.of("/tmp"));
        Map<String, String> settings = new LinkedHashMap<>(spec.toSettings());
        settings.put("--store", "runs.db");
        assertEquals(Optional.of(spec), WorkloadSpec.fromSettings(settings));
        assertEquals(Optional.empty(), WorkloadSpec.fromSettings(Map.of("--view", "flat")));
    }
}
