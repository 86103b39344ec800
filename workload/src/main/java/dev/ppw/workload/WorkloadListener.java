package dev.ppw.workload;

import java.util.List;

/**
 * Told what a running workload does, as it happens ({@link Workloads#start}). Each method is called from a thread
 * of the runner's own, never two at once for one workload, in the order things happened: {@link #started} first,
 * {@link #finished} last and exactly once (also when the workload could not be measured or was cancelled). A method
 * should return quickly (the server hands each call to its clients); what it throws is ignored by the runner, which
 * goes on. Every method does nothing by default.
 */
public interface WorkloadListener {
    /** A listener told nothing. */
    WorkloadListener NONE = new WorkloadListener() {
    };

    /**
     * The workload started: {@code commandLine} is what was run (perf and its options, then the workload's command).
     *
     * @param pid the process started (perf's, or the workload's without perf)
     */
    default void started(long pid, List<String> commandLine) {
    }

    /** perf stat counted one more interval: every event's count in it. */
    default void interval(CounterInterval interval) {
    }

    /** The workload wrote {@code line} (without its line end) on {@code stream}. */
    default void output(WorkloadOutput stream, String line) {
    }

    /** A step after the workload ended ("perf script", "folding 3 traces"), for a progress line. */
    default void step(String what) {
    }

    /** The workload ended and what it left was folded: the result that {@link RunningWorkload#await()} gives. */
    default void finished(WorkloadResult result) {
    }
}
