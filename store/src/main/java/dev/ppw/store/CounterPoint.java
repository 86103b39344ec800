package dev.ppw.store;

import java.util.Comparator;
import java.util.Objects;

/**
 * One value of a run's counter series at one time: a perf stat -I interval's count, kept beside the series'
 * summary ({@link dev.ppw.model.CounterSeries}), so that the run's page can draw the counters over time. The series
 * is named as its summary names it (SEMANTICS.md "Counters").
 *
 * @param pid     the process the series belongs to, {@code ""} when none (perf stat counts the workload as a whole)
 * @param counter the counter's name (perf's event, {@code task-clock})
 * @param id      the counter's id ({@code -A}'s CPU, {@code --per-thread}'s thread), {@code ""} when none
 * @param series  the series of the counter: its unit ({@code msec}, {@code count}) or perf's metric unit
 * @param atNanos when the value was taken, in nanoseconds from the start of counting (the interval's end)
 * @param value   the value, finite
 */
public record CounterPoint(String pid, String counter, String id, String series, long atNanos, double value) {
    /** Series by series (pid, counter, id, series), each in time. */
    public static final Comparator<CounterPoint> ORDER = Comparator.comparing(CounterPoint::pid)
            .thenComparing(CounterPoint::counter).thenComparing(CounterPoint::id).thenComparing(CounterPoint::series)
            .thenComparingLong(CounterPoint::atNanos);

    public CounterPoint {
        Objects.requireNonNull(pid, "pid");
        Objects.requireNonNull(counter, "counter");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(series, "series");
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("a counter point's value is finite, got " + value + " for " + counter);
        }
    }
}
