package dev.ppw.model;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A report's rows over time ({@code --time-bins N}, {@code --bin-width W}): consecutive bins of equal width,
 * and per listed row of the report its inclusive time, exclusive time and calls in each bin (SEMANTICS.md
 * "Time bins"), with each counter series summarised per bin.
 *
 * <p>Invariants: bins are contiguous ({@code end(i) == start(i + 1)}), of one width, in increasing time;
 * a row's inclusive and exclusive times over all bins add up exactly to the row's own inclusive and exclusive
 * time in the report (a call is cut at the bins' edges to the nanosecond, a sample goes whole to the bin of
 * its timestamp). A row's calls in a bin are the calls that overlap the bin, so calls do not add up over bins
 * when a call crosses an edge. Times are integer nanoseconds.
 *
 * <p>Bin times are relative to each node's first event ({@code absoluteTime} false: bin 0 starts at 0) or
 * the trace clock's own times ({@code absoluteTime} true). Rows are nodes of the report's profile tree; a row
 * without values in this table ({@link #has}) has none in any bin, and reads 0 everywhere.
 *
 * <p>Immutable once built; the builder methods ({@link #putRow}, {@link #putCounter}) are for the code that
 * computes the table, before it is handed to a report. Not thread-safe while being built.
 */
public final class TimeBins {
    private final boolean absoluteTime;
    private final long[] startNanos;
    private final long widthNanos;
    private final Map<Integer, long[][]> rows = new LinkedHashMap<>();
    private final Map<String, CounterBins> counters = new LinkedHashMap<>();

    /**
     * The values of one counter series in each bin: {@code perBin[i]} summarises the samples whose time is in
     * bin {@code i}, null where there is none.
     *
     * @param whole  the series over the whole profile (its key, pid, names)
     * @param perBin one summary per bin, null for a bin without samples
     */
    public record CounterBins(CounterSeries whole, List<CounterSeries> perBin) {
        public CounterBins {
            Objects.requireNonNull(whole, "whole");
            perBin = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(perBin));
        }
    }

    /**
     * Bins of {@code widthNanos} starting at {@code firstStartNanos}, {@code count} of them.
     *
     * @param absoluteTime true when bin times are the trace clock's, false when relative to each node's start
     * @throws IllegalArgumentException when {@code count < 1} or {@code widthNanos < 1}, or the last bin's end
     *     does not fit in a long
     */
    public TimeBins(boolean absoluteTime, long firstStartNanos, long widthNanos, int count) {
        if (count < 1 || widthNanos < 1) {
            throw new IllegalArgumentException(count + " bins of " + widthNanos + " ns");
        }
        Math.addExact(firstStartNanos, Math.multiplyExact(widthNanos, (long) count));
        this.absoluteTime = absoluteTime;
        this.widthNanos = widthNanos;
        this.startNanos = new long[count];
        for (int i = 0; i < count; i++) {
            startNanos[i] = firstStartNanos + i * widthNanos;
        }
    }

    /** True when bin times are the trace clock's own, false when relative to each node's first event. */
    public boolean absoluteTime() {
        return absoluteTime;
    }

    /** How many bins. */
    public int size() {
        return startNanos.length;
    }

    /** The width of every bin, nanoseconds (>= 1). */
    public long widthNanos() {
        return widthNanos;
    }

    /** Where bin {@code bin} starts, nanoseconds (inclusive). */
    public long startNanos(int bin) {
        return startNanos[bin];
    }

    /** Where bin {@code bin} ends, nanoseconds (exclusive): the next bin's start. */
    public long endNanos(int bin) {
        return startNanos[bin] + widthNanos;
    }

    /**
     * Sets the values of {@code row} (a node of the report's profile tree), one per bin in each array: inclusive
     * and exclusive nanoseconds and calls. The arrays are copied.
     */
    public void putRow(int row, long[] inclusiveNanos, long[] exclusiveNanos, long[] calls) {
        if (inclusiveNanos.length != size() || exclusiveNanos.length != size() || calls.length != size()) {
            throw new IllegalArgumentException("a row has one value per bin: " + size());
        }
        rows.put(row, new long[][] {inclusiveNanos.clone(), exclusiveNanos.clone(), calls.clone()});
    }

    /** Sets the per-bin summaries of a counter series, keyed by {@link CounterSeries#key()}. */
    public void putCounter(CounterBins series) {
        if (series.perBin().size() != size()) {
            throw new IllegalArgumentException("a counter has one summary per bin: " + size());
        }
        counters.put(series.whole().key(), series);
    }

    /** True when the table holds values of {@code row}. */
    public boolean has(int row) {
        return rows.containsKey(row);
    }

    /** The rows the table holds values of, in the order they were put. */
    public int[] rows() {
        return rows.keySet().stream().mapToInt(Integer::intValue).toArray();
    }

    /** Inclusive nanoseconds of {@code row} in each bin (a copy); zeros for a row without values. */
    public long[] inclusiveNanos(int row) {
        return column(row, 0);
    }

    /** Exclusive nanoseconds of {@code row} in each bin (a copy); zeros for a row without values. */
    public long[] exclusiveNanos(int row) {
        return column(row, 1);
    }

    /** Calls of {@code row} overlapping each bin (a copy); zeros for a row without values. */
    public long[] calls(int row) {
        return column(row, 2);
    }

    private long[] column(int row, int which) {
        long[][] values = rows.get(row);
        return values == null ? new long[size()] : Arrays.copyOf(values[which], size());
    }

    /** The counter series, each with its per-bin summaries, in the order they were put. */
    public List<CounterBins> counters() {
        return List.copyOf(counters.values());
    }
}
