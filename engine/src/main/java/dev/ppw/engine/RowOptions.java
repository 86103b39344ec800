package dev.ppw.engine;

import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Percentile;
import dev.ppw.model.Report;
import dev.ppw.model.SortDirection;
import dev.ppw.model.SortKey;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which rows of a view a report shows, in which order and unit.
 *
 * @param sort          the order of siblings (of all rows, for flat and tau views)
 * @param direction     which way {@code sort} sorts; empty for the key's own ({@link SortKey#defaultDirection}:
 *                      largest first, names from A)
 * @param maxDepth      levels of a tree shown, roots being level 1; 0 for all
 * @param minPercent    rows below this share of the total time (0 to 100) are left out with their subtrees
 * @param top           only the first N rows ({@link RowOrder#top}: in tree views the N first by {@code sort}
 *                      with their callers); 0 for all
 * @param unit          the unit times are printed in; empty lets each format choose (text: readable, others: ns)
 * @param topImbalance  for a merge with a breakdown: how many rows of largest imbalance to list (0: none)
 * @param percentiles   the percentile columns of the report ({@link Report#percentiles()}), in order; empty for
 *                      none. The profile's tree must keep call-time sketches for them to have values
 *                      ({@link dev.ppw.aggregate.FoldOptions#keepCallTimes()})
 */
public record RowOptions(SortKey sort, Optional<SortDirection> direction, int maxDepth,
                         double minPercent, int top, Optional<DisplayUnit> unit, int topImbalance,
                         List<Percentile> percentiles) {
    public RowOptions {
        percentiles = List.copyOf(percentiles);
        Objects.requireNonNull(sort, "sort");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(unit, "unit");
        if (maxDepth < 0) {
            throw new IllegalArgumentException("the maximum depth must be at least 0 (0: all), got " + maxDepth);
        }
        if (!(minPercent >= 0 && minPercent <= 100)) {
            throw new IllegalArgumentException("the minimum percent must be from 0 to 100, got " + minPercent);
        }
        if (top < 0) {
            throw new IllegalArgumentException("the number of rows must be at least 0 (0: all), got " + top);
        }
        if (topImbalance < 0) {
            throw new IllegalArgumentException("the number of imbalance rows must be at least 0, got " + topImbalance);
        }
    }

    /** Options without percentile columns. */
    public RowOptions(SortKey sort, Optional<SortDirection> direction, int maxDepth,
                      double minPercent, int top, Optional<DisplayUnit> unit, int topImbalance) {
        this(sort, direction, maxDepth, minPercent, top, unit, topImbalance, List.of());
    }

    /** The options of earlier callers: the key's own direction, every row that depth and percent keep. */
    public RowOptions(SortKey sort, int maxDepth, double minPercent, Optional<DisplayUnit> unit,
                      int topImbalance) {
        this(sort, Optional.empty(), maxDepth, minPercent, 0, unit, topImbalance);
    }

    /** Every row, largest inclusive time first, each format's own unit, no imbalance list. */
    public static RowOptions defaults() {
        return new RowOptions(SortKey.INCLUSIVE, Optional.empty(), 0, 0, 0, Optional.empty(), 0);
    }

    /** The direction rows sort in: the one asked for, else the sort key's own. */
    public SortDirection effectiveDirection() {
        return direction.orElse(sort.defaultDirection());
    }

    public RowOptions withSort(SortKey key) {
        return new RowOptions(key, direction, maxDepth, minPercent, top, unit, topImbalance, percentiles);
    }

    /** Rows sorted {@code way}; null for the sort key's own direction. */
    public RowOptions withDirection(SortDirection way) {
        return new RowOptions(sort, Optional.ofNullable(way), maxDepth, minPercent, top, unit, topImbalance,
                percentiles);
    }

    public RowOptions withMaxDepth(int levels) {
        return new RowOptions(sort, direction, levels, minPercent, top, unit, topImbalance, percentiles);
    }

    public RowOptions withMinPercent(double percent) {
        return new RowOptions(sort, direction, maxDepth, percent, top, unit, topImbalance, percentiles);
    }

    /** Only the first {@code rows} rows (0: all). */
    public RowOptions withTop(int rows) {
        return new RowOptions(sort, direction, maxDepth, minPercent, rows, unit, topImbalance, percentiles);
    }

    public RowOptions withUnit(DisplayUnit timeUnit) {
        return new RowOptions(sort, direction, maxDepth, minPercent, top, Optional.ofNullable(timeUnit), topImbalance,
                percentiles);
    }

    public RowOptions withTopImbalance(int rows) {
        return new RowOptions(sort, direction, maxDepth, minPercent, top, unit, rows, percentiles);
    }

    /** With the columns of these percentiles (empty: none). */
    public RowOptions withPercentiles(List<Percentile> asked) {
        return new RowOptions(sort, direction, maxDepth, minPercent, top, unit, topImbalance, asked);
    }
}
