package dev.ppw.engine;

import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.DisplayUnit;

import java.util.Objects;
import java.util.Optional;

/**
 * Which rows of a view a report shows, in which order and unit.
 *
 * @param sort          the order of siblings (of all rows, for flat and tau views), largest first except by name
 * @param maxDepth      levels of a tree shown, roots being level 1; 0 for all
 * @param minPercent    rows below this share of the total time (0 to 100) are left out with their subtrees
 * @param unit          the unit times are printed in; empty lets each format choose (text: readable, others: ns)
 * @param topImbalance  for a merge with a breakdown: how many rows of largest imbalance to list (0: none)
 */
public record RowOptions(RowOrder.SortKey sort, int maxDepth, double minPercent, Optional<DisplayUnit> unit,
                         int topImbalance) {
    public RowOptions {
        Objects.requireNonNull(sort, "sort");
        Objects.requireNonNull(unit, "unit");
        if (maxDepth < 0) {
            throw new IllegalArgumentException("the maximum depth must be at least 0 (0: all), got " + maxDepth);
        }
        if (!(minPercent >= 0 && minPercent <= 100)) {
            throw new IllegalArgumentException("the minimum percent must be from 0 to 100, got " + minPercent);
        }
        if (topImbalance < 0) {
            throw new IllegalArgumentException("the number of imbalance rows must be at least 0, got " + topImbalance);
        }
    }

    /** Every row, largest inclusive time first, each format's own unit, no imbalance list. */
    public static RowOptions defaults() {
        return new RowOptions(RowOrder.SortKey.INCLUSIVE, 0, 0, Optional.empty(), 0);
    }

    public RowOptions withSort(RowOrder.SortKey key) {
        return new RowOptions(key, maxDepth, minPercent, unit, topImbalance);
    }

    public RowOptions withMaxDepth(int levels) {
        return new RowOptions(sort, levels, minPercent, unit, topImbalance);
    }

    public RowOptions withMinPercent(double percent) {
        return new RowOptions(sort, maxDepth, percent, unit, topImbalance);
    }

    public RowOptions withUnit(DisplayUnit timeUnit) {
        return new RowOptions(sort, maxDepth, minPercent, Optional.ofNullable(timeUnit), topImbalance);
    }

    public RowOptions withTopImbalance(int rows) {
        return new RowOptions(sort, maxDepth, minPercent, unit, rows);
    }
}
