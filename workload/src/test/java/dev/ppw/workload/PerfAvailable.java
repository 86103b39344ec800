package dev.ppw.workload;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.util.List;

/**
 * Whether the tests that run real perf can run here: perf installed and its events permitted. They are skipped with
 * the reason otherwise (a machine without perf, a container without perf events), except under CI, where
 * {@code .ci/run} installs perf and they fail.
 */
final class PerfAvailable {
    private static final String PROBLEM = problem();

    private PerfAvailable() {
    }

    private static String problem() {
        try {
            Workloads.checkPerf(WorkloadSpec.Tool.STAT, Workloads.Options.defaults());
        } catch (WorkloadException e) {
            return e.getMessage();
        }
        // perf runs, but a container may still refuse its events: one tiny count says
        Perf.Output probe = Perf.run(Perf.DEFAULT, List.of("stat", "-x", ";", "-e", "task-clock", "--", "true"));
        if (probe.exitStatus() != 0) {
            return "perf stat -e task-clock fails here: " + Perf.firstLine(probe.stderr());
        }
        return null;
    }

    /** Skips the calling test, with the reason, unless perf can count here; under CI ({@code CI=true}) fails. */
    static void assume() {
        if ("true".equals(System.getenv("CI"))) {
            Assertions.assertNull(PROBLEM, () -> "perf cannot count here (.ci/run installs linux-perf): " + PROBLEM);
        }
        Assumptions.assumeTrue(PROBLEM == null, () -> "perf cannot count here: " + PROBLEM);
    }
}
