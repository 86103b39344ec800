package dev.ppw.report;

import dev.ppw.model.CounterSeries;
import dev.ppw.model.Report;
import dev.ppw.model.TimeBins;

import java.io.IOException;
import java.util.List;

/**
 * The long form of a report's time bins, shared by CSV and JSON: bin by bin, each listed row's inclusive and
 * exclusive nanoseconds and calls ({@code inclusive_ns}, {@code exclusive_ns}, {@code calls}), then each counter
 * series' mean, max and last value in the bin ({@code counter_mean}, {@code counter_max}, {@code counter_last}).
 * A row without time and calls in a bin, and a counter without samples in it, are left out of that bin: the
 * values left out are all 0, so sums over bins are the same.
 */
final class BinValues {
    static final String INCLUSIVE = "inclusive_ns";
    static final String EXCLUSIVE = "exclusive_ns";
    static final String CALLS = "calls";
    static final String COUNTER_MEAN = "counter_mean";
    static final String COUNTER_MAX = "counter_max";
    static final String COUNTER_LAST = "counter_last";

    /**
     * One value: in bin {@code bin}, of listed row {@code rowIndex} (node {@code node}) or of counter series
     * {@code counter} (the other being -1), metric {@code metric}, its exact text.
     */
    record Value(int bin, int rowIndex, int node, int counter, String metric, String value) {
    }

    private BinValues() {
    }

    /** Where the values go, one at a time: a writer prints each as it comes, holding none. */
    interface Sink {
        void accept(Value value) throws IOException;
    }

    /**
     * Every value of {@code report}'s bins to {@code sink}, in bin order, rows in listed order, then counters:
     * one at a time (a merge of many rows over many bins has millions of them).
     */
    static void each(Report report, Sink sink) throws IOException {
        TimeBins bins = report.timeBins().orElseThrow();
        int[] rows = report.listedRows();
        long[][] inclusive = new long[rows.length][];
        long[][] exclusive = new long[rows.length][];
        long[][] calls = new long[rows.length][];
        for (int r = 0; r < rows.length; r++) {
            inclusive[r] = bins.inclusiveNanos(rows[r]);
            exclusive[r] = bins.exclusiveNanos(rows[r]);
            calls[r] = bins.calls(rows[r]);
        }
        List<TimeBins.CounterBins> counters = bins.counters();
        for (int b = 0; b < bins.size(); b++) {
            for (int r = 0; r < rows.length; r++) {
                if (inclusive[r][b] == 0 && exclusive[r][b] == 0 && calls[r][b] == 0) {
                    continue;
                }
                sink.accept(new Value(b, r, rows[r], -1, INCLUSIVE, Long.toString(inclusive[r][b])));
                sink.accept(new Value(b, r, rows[r], -1, EXCLUSIVE, Long.toString(exclusive[r][b])));
                sink.accept(new Value(b, r, rows[r], -1, CALLS, Long.toString(calls[r][b])));
            }
            for (int c = 0; c < counters.size(); c++) {
                CounterSeries inBin = counters.get(c).perBin().get(b);
                if (inBin == null) {
                    continue;
                }
                sink.accept(new Value(b, -1, -1, c, COUNTER_MEAN, RowField.plain(inBin.mean())));
                sink.accept(new Value(b, -1, -1, c, COUNTER_MAX, RowField.plain(inBin.max())));
                sink.accept(new Value(b, -1, -1, c, COUNTER_LAST, RowField.plain(inBin.last())));
            }
        }
    }

    /**
     * How a counter series is named in a row key column: {@code pid 7 memory[id] used}, without the pid when it
     * has none ({@code perf stat}'s {@code cycles count}).
     */
    static String counterName(CounterSeries c) {
        return (c.pid().isEmpty() ? "" : "pid " + c.pid() + " ") + c.counter()
                + (c.id().isEmpty() ? "" : "[" + c.id() + "]") + " " + c.series();
    }
}
