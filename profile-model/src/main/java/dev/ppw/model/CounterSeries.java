package dev.ppw.model;

import java.util.Comparator;

/**
 * The summary of one generic counter series (SEMANTICS.md "Counters"): the finite values of args key
 * {@code series} of the {@code C} events named {@code counter} (with {@code id}, {@code ""} when absent) of
 * process {@code pid}. {@code last} is the value of the sample with the largest time {@code lastNanos} (the
 * later one in input order on ties). {@code sum} is kept so that summaries combine: the mean is
 * {@code sum / samples}.
 */
public record CounterSeries(String pid, String counter, String id, String series, long samples, double min,
                            double max, double sum, long lastNanos, double last) {
    /** Order of output: by pid, counter, id, series (text order). */
    public static final Comparator<CounterSeries> ORDER = Comparator.comparing(CounterSeries::pid)
            .thenComparing(CounterSeries::counter).thenComparing(CounterSeries::id)
            .thenComparing(CounterSeries::series);

    /** A series of one sample. */
    public static CounterSeries of(String pid, String counter, String id, String series, long tsNanos, double value) {
        return new CounterSeries(pid, counter, id, series, 1, value, value, value, tsNanos, value);
    }

    /** The key of the series: pid, counter, id and series joined by NUL. */
    public String key() {
        return pid + '\u0000' + counter + '\u0000' + id + '\u0000' + series;
    }

    /** Mean of the samples. */
    public double mean() {
        return sum / samples;
    }

    /** This series followed by {@code later} (same key): {@code later}'s last wins ties of time. */
    public CounterSeries plus(CounterSeries later) {
        boolean laterLast = later.lastNanos >= lastNanos;
        return new CounterSeries(pid, counter, id, series, samples + later.samples, Math.min(min, later.min),
                Math.max(max, later.max), sum + later.sum, laterLast ? later.lastNanos : lastNanos,
                laterLast ? later.last : last);
    }
}
