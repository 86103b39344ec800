package dev.ppw.model;

import java.util.Locale;

/** A unit that times are printed in; internally every time is an integer number of nanoseconds. */
public enum DisplayUnit {
    S("s", 9),
    MS("ms", 6),
    US("us", 3),
    NS("ns", 0);

    private final String label;
    private final int scale;
    private final long nanosPerUnit;

    DisplayUnit(String label, int scale) {
        this.label = label;
        this.scale = scale;
        long n = 1;
        for (int i = 0; i < scale; i++) {
            n *= 10;
        }
        this.nanosPerUnit = n;
    }

    /** The name used on the command line and in column names ({@code inclusive_us}). */
    public String label() {
        return label;
    }

    /** Decimal digits of one nanosecond in this unit: 9 for seconds, 0 for nanoseconds. */
    public int scale() {
        return scale;
    }

    public long nanosPerUnit() {
        return nanosPerUnit;
    }

    /** The unit named {@code label} ({@code s}, {@code ms}, {@code us}, {@code ns}), case-insensitive. */
    public static DisplayUnit fromLabel(String label) {
        String l = label.toLowerCase(Locale.ROOT);
        for (DisplayUnit u : values()) {
            if (u.label.equals(l)) {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown unit '" + label + "': expected one of s, ms, us, ns");
    }
}
