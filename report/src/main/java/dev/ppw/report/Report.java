package dev.ppw.report;

import dev.ppw.model.Profile;

import java.util.Objects;
import java.util.Optional;

/**
 * What a reporter prints: a profile, the rows to print in display order, and the total that percentages
 * are relative to.
 *
 * @param profile the view to print
 * @param rows node indices of {@code profile.tree()} in display order (chosen elsewhere, e.g. by RowOrder)
 * @param totalInclusiveNanos the whole profile's time, the tree's sum of roots' inclusive time: a flat or
 *     tau view cannot give it, since its rows' inclusive times overlap
 * @param unit the unit asked for; empty lets each format choose (text: readable, CSV and JSON: ns)
 */
public record Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit) {
    public Report {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(unit, "unit");
    }

    /** Every real node of the profile's tree in index order: for tests and simple callers. */
    public static int[] allRows(Profile profile) {
        int[] rows = new int[profile.tree().size() - 1];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i + 1;
        }
        return rows;
    }

    /** The unit asked for, or nanoseconds: the default of machine-readable formats. */
    public DisplayUnit unitOrNanos() {
        return unit.orElse(DisplayUnit.NS);
    }
}
