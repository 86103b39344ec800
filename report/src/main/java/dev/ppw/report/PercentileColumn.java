package dev.ppw.report;

import dev.ppw.model.CallTimeSketch;
import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Percentile;
import dev.ppw.model.Report;
import dev.ppw.model.TimeUnits;

/**
 * A percentile column asked for ({@link Report#percentiles()}): per row, that percentile of its calls'
 * inclusive times from the row's {@link CallTimeSketch}, a time in the unit of the time columns, named
 * {@code p50_us} in CSV and JSON ({@code p50 us/call} in text). A row without timed calls (no sketch, or
 * a tree that keeps none) has no value: null here, an empty CSV field, JSON null, {@code -} in text.
 *
 * <p>The value is the sketch's, rounded to the nearest nanosecond, then brought into the row's exact
 * per-call minimum and maximum when they are set: the exact percentile lies between them, so this never
 * takes the value farther from it; {@code p100} is the exact maximum (SEMANTICS.md "Percentiles").
 *
 * @param percentile which percentile
 */
record PercentileColumn(Percentile percentile) implements RowColumn {

    /** The row's value in nanoseconds, or {@link CallTree#UNSET} when it has none. */
    static long nanos(CallTree tree, int node, Percentile percentile) {
        CallTimeSketch sketch = tree.callTimes(node);
        if (sketch == null || sketch.isEmpty()) {
            return CallTree.UNSET;
        }
        long min = tree.minInclusiveNanos(node);
        long max = tree.maxInclusiveNanos(node);
        if (percentile.quantile() == 1 && max != CallTree.UNSET) {
            // the call of rank n - 1 is the largest, which the row knows exactly
            return max;
        }
        long value = sketch.quantileNanos(percentile.quantile());
        if (min != CallTree.UNSET && value < min) {
            value = min;
        }
        if (max != CallTree.UNSET && value > max) {
            value = max;
        }
        return value;
    }

    @Override
    public String columnName(DisplayUnit unit) {
        return percentile.columnName() + "_" + unit.label();
    }

    @Override
    public String text(Report report, int node, DisplayUnit unit) {
        long nanos = nanos(report.profile().tree(), node, percentile);
        return nanos == CallTree.UNSET ? null : TimeUnits.exact(nanos, unit);
    }

    @Override
    public boolean isText() {
        return false;
    }
}
