package dev.ppw.engine;

import dev.ppw.model.DisplayUnit;
import dev.ppw.model.SortKey;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How {@link Engine#diff} compares two profiles and which of its rows a report shows (SEMANTICS.md "Diff").
 *
 * @param normalize compare inclusive and exclusive values as shares of their part's total instead of as
 *                  absolute values
 * @param rows      the rows shown, as {@code profile} chooses them: {@link RowOptions#sort()} one of
 *                  {@link #SORT_KEYS} (the size of the change of inclusive, exclusive or calls, or the name),
 *                  {@link RowOptions#direction()}, {@link RowOptions#top()} (of each part), {@link RowOptions#maxDepth()},
 *                  {@link RowOptions#minPercent()} (of either side's total) and {@link RowOptions#unit()}; its
 *                  imbalance rows and percentiles are not used
 */
public record DiffOptions(boolean normalize, RowOptions rows) {
    /** The keys a diff's rows can be sorted by: the quantities whose change it prints, and the name. */
    public static final Set<SortKey> SORT_KEYS = Set.of(SortKey.INCLUSIVE, SortKey.EXCLUSIVE, SortKey.CALLS,
            SortKey.NAME);

    public DiffOptions {
        Objects.requireNonNull(rows, "rows");
        if (!SORT_KEYS.contains(rows.sort())) {
            throw new IllegalArgumentException("a diff has no change of " + rows.sort().label() + " to sort by");
        }
    }

    /**
     * Rows by the size of their change of inclusive value, largest first.
     *
     * @param top  only the first N rows of each part; 0 for all
     * @param unit the unit times are printed in; empty lets each format choose (text: readable, others: ns)
     */
    public DiffOptions(boolean normalize, int top, Optional<DisplayUnit> unit) {
        this(normalize, RowOptions.defaults().withTop(top).withUnit(unit.orElse(null)));
    }

    /** Absolute values, every row, each format's own unit. */
    public static DiffOptions defaults() {
        return new DiffOptions(false, RowOptions.defaults());
    }

    /** Only the first N rows of each part; 0 for all. */
    public int top() {
        return rows.top();
    }

    /** The unit times are printed in; empty lets each format choose. */
    public Optional<DisplayUnit> unit() {
        return rows.unit();
    }

    public DiffOptions withNormalize(boolean shares) {
        return new DiffOptions(shares, rows);
    }

    public DiffOptions withTop(int count) {
        return new DiffOptions(normalize, rows.withTop(count));
    }

    public DiffOptions withUnit(Optional<DisplayUnit> printed) {
        return new DiffOptions(normalize, rows.withUnit(printed.orElse(null)));
    }

    public DiffOptions withRows(RowOptions shown) {
        return new DiffOptions(normalize, shown);
    }
}
