package dev.ppw.workload;

import dev.ppw.engine.Engine;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs workloads ({@link WorkloadSpec}) under perf stat, perf record or on their own, telling a listener what they do
 * as it happens, and folds what they leave into the run to store ({@link WorkloadResult#toNewRun()}).
 *
 * <pre>{@code
 * WorkloadSpec spec = WorkloadSpec.of(List.of("./solver", "--size", "64")).withTool(WorkloadSpec.Tool.STAT)
 *         .withEvents(List.of("task-clock", "page-faults")).withIntervalMillis(100);
 * try (RunningWorkload running = Workloads.start(spec, listener)) {
 *     WorkloadResult result = running.await();
 *     long id = store.put(result.toNewRun().withLabel("nightly"), engine);
 * }
 * }</pre>
 *
 * <p>What runs: perf stat as {@code perf stat -I MS -x ';' -o FILE [-e EVENTS] -- CMD}, its counts written to a file
 * of the runner's (read as perf writes them, a poll every quarter interval, between 10 and 100 ms), so that the
 * workload's standard output and error stay its own; perf record as
 * {@code perf record -q -F HZ [-g] [-e EVENTS] -o perf.data -- CMD}, then {@code perf script} folded by the engine's
 * {@code perf-script} reader; without perf, the command itself. The workload reads nothing on standard input
 * ({@code /dev/null}). The PATH of this process finds perf and the command; the workload's environment is this
 * process's with the spec's additions, and with a trace folder {@code PERFFLOW_OPTIONS} gets {@code log-dir=DIR}
 * (unless the spec sets {@code PERFFLOW_OPTIONS} itself), where PerfFlowAspect's recorders write their traces.
 *
 * <p>Threads: each workload has a few threads of its own (its output, perf's counts, its end); the listener is told
 * on one of them, one call at a time. Any number of workloads may run at once.
 */
public final class Workloads {
    private Workloads() {
    }

    /**
     * How the runner runs.
     *
     * @param engine        folds what the workload left; empty: {@link Engine#fromClassPath()} when needed
     * @param perf          the perf program: {@code perf} (found on the PATH) or a path to one
     * @param paranoidFile  where {@code perf_event_paranoid} is read
     * @param scratchParent where the runner makes each workload's scratch folder (perf's outputs until they are
     *                      stored); empty: the system's temporary folder
     * @param tailLines     how many last lines of each of the workload's streams the result keeps, at least 1
     */
    public record Options(Optional<Engine> engine, String perf, Path paranoidFile, Optional<Path> scratchParent,
                          int tailLines) {
        public Options {
            Objects.requireNonNull(engine, "engine");
            Objects.requireNonNull(perf, "perf");
            Objects.requireNonNull(paranoidFile, "paranoidFile");
            Objects.requireNonNull(scratchParent, "scratchParent");
            if (tailLines < 1) {
                throw new IllegalArgumentException("tailLines must be at least 1, got " + tailLines);
            }
        }

        /** The engine of the class path, perf on the PATH, Linux's perf_event_paranoid, 20 lines of tail. */
        public static Options defaults() {
            return new Options(Optional.empty(), Perf.DEFAULT, Perf.PARANOID, Optional.empty(), 20);
        }

        public Options withEngine(Engine folding) {
            return new Options(Optional.of(folding), perf, paranoidFile, scratchParent, tailLines);
        }

        public Options withPerf(String program) {
            return new Options(engine, program, paranoidFile, scratchParent, tailLines);
        }

        public Options withParanoidFile(Path file) {
            return new Options(engine, perf, file, scratchParent, tailLines);
        }

        public Options withScratchParent(Path folder) {
            return new Options(engine, perf, paranoidFile, Optional.of(folder), tailLines);
        }

        public Options withTailLines(int lines) {
            return new Options(engine, perf, paranoidFile, scratchParent, lines);
        }
    }

    /** {@link #start(WorkloadSpec, WorkloadListener, Options)} with {@link Options#defaults()}. */
    public static RunningWorkload start(WorkloadSpec spec, WorkloadListener listener) {
        return start(spec, listener, Options.defaults());
    }

    /**
     * Starts {@code spec}'s workload and returns at once; {@code listener} is told what it does, and
     * {@link RunningWorkload#await()} gives how it ended.
     *
     * @throws WorkloadException when it cannot be started: perf missing or not permitted (checked first, when the
     *                           spec asks for perf), a working folder that is not one, a command that does not exist
     *                           (without perf; under perf, perf says so and the workload fails)
     */
    public static RunningWorkload start(WorkloadSpec spec, WorkloadListener listener, Options options) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(options, "options");
        return RunningWorkload.start(spec, listener, options);
    }

    /**
     * Checks, without running anything else, that {@code tool} can measure a workload here: perf runs and its events
     * are permitted. Returns perf's version line ({@code perf version 6.1.192}), or {@code ""} for {@code NONE}.
     *
     * @throws WorkloadException when it cannot (the message says what to install or set)
     */
    public static String checkPerf(WorkloadSpec.Tool tool, Options options) {
        return tool == WorkloadSpec.Tool.NONE ? "" : Perf.check(options.perf(), options.paranoidFile());
    }
}
