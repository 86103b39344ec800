package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.PerCall;
import dev.ppw.model.Profile;
import dev.ppw.model.TimeUnits;

import java.util.List;
import java.util.Optional;
import java.util.function.ToLongBiFunction;

/**
 * The time columns of one call in text tables: the mean inclusive and exclusive time per call
 * ({@link PerCall}) and the smallest and largest call. Each column has a unit of its own, so that a column
 * of microsecond calls under a total of seconds does not print {@code 0.000}: the largest unit in which its
 * smallest non-zero value is at least a tenth (three significant digits with three decimals), nanoseconds
 * below 100 ns; a unit asked for is used instead.
 */
enum CallTime {
    INCLUSIVE("incl"),
    EXCLUSIVE("excl"),
    MIN("min"),
    MAX("max");

    private static final int DECIMALS = 3;
    private static final int SIGNIFICANT = 10;

    private final String heading;

    CallTime(String heading) {
        this.heading = heading;
    }

    /** The column heading with its unit: {@code incl us/call}. */
    String heading(DisplayUnit unit) {
        return heading + " " + unit.label() + "/call";
    }

    /** The node's value in nanoseconds, or {@link CallTree#UNSET} when it has none. */
    long nanos(Profile profile, int node) {
        CallTree t = profile.tree();
        return switch (this) {
            case INCLUSIVE -> PerCall.defined(profile, node) ? PerCall.inclusiveNanos(profile, node) : CallTree.UNSET;
            case EXCLUSIVE -> PerCall.defined(profile, node) ? PerCall.exclusiveNanos(profile, node) : CallTree.UNSET;
            case MIN -> t.minInclusiveNanos(node);
            case MAX -> t.maxInclusiveNanos(node);
        };
    }

    /** The value in {@code unit}, three decimals at most, rounded half away from zero; {@code -} when none. */
    String cell(Profile profile, int node, DisplayUnit unit) {
        return cell(nanos(profile, node), unit);
    }

    /** A time of one call ({@link CallTree#UNSET}: none) as {@link #cell(Profile, int, DisplayUnit)} prints it. */
    static String cell(long nanos, DisplayUnit unit) {
        return nanos == CallTree.UNSET ? "-" : TimeUnits.fixed(nanos, unit, Math.min(DECIMALS, unit.scale()));
    }

    /**
     * The unit of this column over the rows of {@code profiles} (each with its rows): {@code asked} when
     * present, else the one chosen from the smallest non-zero value, else {@code fallback} (no value).
     */
    /**
     * The one unit of the {@code columns} of a table (SEMANTICS.md "Text"): {@code asked} when present, else
     * the finest of the units each column would choose on its own, so that the smallest value of every column
     * keeps three significant digits; {@code fallback} when no column has a value.
     */
    static DisplayUnit sharedUnit(List<CallTime> columns, List<Profile> profiles, List<int[]> rows,
                                  Optional<DisplayUnit> asked, DisplayUnit fallback) {
        if (asked.isPresent()) {
            return asked.get();
        }
        DisplayUnit finest = null;
        for (CallTime c : columns) {
            DisplayUnit u = c.unit(profiles, rows, asked, null);
            if (u != null && (finest == null || u.nanosPerUnit() < finest.nanosPerUnit())) {
                finest = u;
            }
        }
        return finest == null ? fallback : finest;
    }

    DisplayUnit unit(List<Profile> profiles, List<int[]> rows, Optional<DisplayUnit> asked, DisplayUnit fallback) {
        return unitOf(profiles, rows, asked, fallback, this::nanos);
    }

    /** As {@link #unit}, for a column whose values {@code value} gives ({@link CallTree#UNSET}: none). */
    static DisplayUnit unitOf(List<Profile> profiles, List<int[]> rows, Optional<DisplayUnit> asked,
                              DisplayUnit fallback, ToLongBiFunction<Profile, Integer> value) {
        if (asked.isPresent()) {
            return asked.get();
        }
        long smallest = Long.MAX_VALUE;
        for (int p = 0; p < profiles.size(); p++) {
            for (int node : rows.get(p)) {
                long nanos = value.applyAsLong(profiles.get(p), node);
                if (nanos != CallTree.UNSET && nanos != 0) {
                    smallest = Math.min(smallest, nanos == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(nanos));
                }
            }
        }
        if (smallest == Long.MAX_VALUE) {
            return fallback;
        }
        for (DisplayUnit u : DisplayUnit.values()) {
            if (smallest >= u.nanosPerUnit() / SIGNIFICANT) {
                return u;
            }
        }
        return DisplayUnit.NS;
    }
}
