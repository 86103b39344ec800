package dev.ppw.engine;

import dev.ppw.model.DisplayUnit;

import java.util.Objects;
import java.util.Optional;

/**
 * How {@link Engine#diff} compares two profiles and which of its rows a report shows.
 *
 * @param normalize compare inclusive and exclusive values as shares of their part's total instead of as
 *                  absolute values (SEMANTICS.md "Diff")
 * @param top       only the first N rows of each part, by size of change; 0 for all
 * @param unit      the unit times are printed in; empty lets each format choose (text: readable, others: ns)
 */
public record DiffOptions(boolean normalize, int top, Optional<DisplayUnit> unit) {
    public DiffOptions {
        Objects.requireNonNull(unit, "unit");
        if (top < 0) {
            throw new IllegalArgumentException("the number of rows must be at least 0 (0: all), got " + top);
        }
    }

    /** Absolute values, every row, each format's own unit. */
    public static DiffOptions defaults() {
        return new DiffOptions(false, 0, Optional.empty());
    }

    public DiffOptions withNormalize(boolean shares) {
        return new DiffOptions(shares, top, unit);
    }

    public DiffOptions withTop(int rows) {
        return new DiffOptions(normalize, rows, unit);
    }

    public DiffOptions withUnit(Optional<DisplayUnit> printed) {
        return new DiffOptions(normalize, top, printed);
    }
}
