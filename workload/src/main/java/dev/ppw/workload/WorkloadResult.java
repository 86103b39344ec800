package dev.ppw.workload;

import dev.ppw.model.Profile;
import dev.ppw.store.CounterPoint;
import dev.ppw.store.NewRun;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * How a workload ended and what it left, folded ({@link RunningWorkload#await()}): the run to store.
 *
 * @param spec        what was run
 * @param started     when it was started
 * @param wallNanos   from its start to its end, in nanoseconds (the folding after it not included)
 * @param exitStatus  its exit status (perf's, which is the workload's; 128 + N for a signal N); empty when it was
 *                    never started
 * @param failed      true when it did not end well: a non-zero exit status, a signal, cancelled, or perf's output
 *                    could not be folded ({@code notes} say why)
 * @param cancelled   true when {@link RunningWorkload#cancel()} or {@link RunningWorkload#kill()} ended it
 * @param stdoutTail  the last lines of its standard output, {@code ""} when none
 * @param stderrTail  the last lines of its standard error (perf's own messages among them), {@code ""} when none
 * @param intervals   how many perf stat intervals were counted (0 without perf stat)
 * @param profile     what it left, folded: perf record's samples as a tree, the collected traces merged as nodes, or
 *                    an empty tree; perf stat's counts as its counter series. Empty (no rows) when nothing was left
 * @param rawFiles    the files to keep beside the store with the run, by name: {@code perf-stat.csv},
 *                    {@code perf.data}, each trace collected; they live in the runner's scratch folder until
 *                    {@link RunningWorkload#close()}
 * @param notes       what went wrong after the workload ended, one line each (a trace that could not be read, perf
 *                    script's complaint), and the warnings folding met
 * @param counterPoints perf stat's counts over time: each interval's value of each series of the profile's counter
 *                    series that perf counted (named as the series are); empty without perf stat
 */
public record WorkloadResult(WorkloadSpec spec, Instant started, long wallNanos, OptionalInt exitStatus,
                             boolean failed, boolean cancelled, String stdoutTail, String stderrTail, int intervals,
                             Profile profile, Map<String, Path> rawFiles, List<String> notes,
                             List<CounterPoint> counterPoints) {
    public WorkloadResult {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(exitStatus, "exitStatus");
        Objects.requireNonNull(stdoutTail, "stdoutTail");
        Objects.requireNonNull(stderrTail, "stderrTail");
        Objects.requireNonNull(profile, "profile");
        rawFiles = Collections.unmodifiableMap(new LinkedHashMap<>(rawFiles));
        notes = List.copyOf(notes);
        counterPoints = List.copyOf(counterPoints);
    }

    /** How the workload ended, as the store keeps it: failed or not, its exit status, its standard error's tail. */
    public NewRun.Outcome outcome() {
        return new NewRun.Outcome(failed, exitStatus.isPresent() ? exitStatus.getAsInt() : null, stderrTail);
    }

    /**
     * The run to store: the profile, its outcome, the spec as settings ({@link WorkloadSpec#toSettings()}, read back
     * by {@link WorkloadSpec#fromSettings} to run it again), the environment additions, the workload's command as
     * the command line, the raw files, the counter points and the time it started. The caller adds label, session,
     * tags and the rest.
     */
    public NewRun toNewRun() {
        NewRun run = NewRun.of(profile).withOutcome(outcome()).withSettings(spec.toSettings())
                .withEnvironment(spec.environment()).withCommandLine(spec.command()).withCreated(started)
                .withCounterPoints(counterPoints);
        for (Map.Entry<String, Path> raw : rawFiles.entrySet()) {
            run = run.withRawFile(raw.getKey(), raw.getValue());
        }
        return run;
    }
}
