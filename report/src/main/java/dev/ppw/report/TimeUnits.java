package dev.ppw.report;

/**
 * The one place where integer nanoseconds become decimal text.
 *
 * <p>{@link #exact} is what machine-readable outputs print (SEMANTICS.md section 5): a plain decimal with
 * no exponent, no grouping and no trailing zeros, equal to the nanoseconds to the last digit
 * ({@code 1234567} ns is {@code 1234.567} us). {@link #fixed} is for people: a fixed number of decimals,
 * rounded half away from zero, so that a column of numbers lines up.
 */
public final class TimeUnits {
    private TimeUnits() {
    }

    /** {@code nanos} in {@code unit}, exactly: {@code exact(1234000, US)} is {@code "1234"}. */
    public static String exact(long nanos, DisplayUnit unit) {
        if (unit.scale() == 0) {
            return Long.toString(nanos);
        }
        long per = unit.nanosPerUnit();
        long whole = nanos / per;
        // |nanos % per| < per, so abs cannot overflow even for Long.MIN_VALUE.
        long fraction = Math.abs(nanos % per);
        StringBuilder sb = new StringBuilder(24);
        if (nanos < 0 && whole == 0) {
            sb.append('-');
        }
        sb.append(whole);
        if (fraction != 0) {
            int digits = unit.scale();
            while (fraction % 10 == 0) {
                fraction /= 10;
                digits--;
            }
            sb.append('.');
            appendPadded(sb, fraction, digits);
        }
        return sb.toString();
    }

    /**
     * {@code nanos} in {@code unit} with exactly {@code decimals} decimals (at most the unit's scale),
     * rounded half away from zero: {@code fixed(1234567, MS, 3)} is {@code "1.235"}.
     */
    public static String fixed(long nanos, DisplayUnit unit, int decimals) {
        if (decimals < 0 || decimals > unit.scale()) {
            throw new IllegalArgumentException("decimals " + decimals + " outside 0.." + unit.scale());
        }
        long step = pow10(unit.scale() - decimals);
        long q = nanos / step;
        long r = nanos % step;
        if (step > 1 && Math.abs(r) * 2 >= step) {
            q += nanos < 0 ? -1 : 1;
        }
        if (decimals == 0) {
            return Long.toString(q);
        }
        long per = pow10(decimals);
        long whole = q / per;
        long fraction = Math.abs(q % per);
        StringBuilder sb = new StringBuilder(24);
        if (q < 0 && whole == 0) {
            sb.append('-');
        }
        sb.append(whole).append('.');
        appendPadded(sb, fraction, decimals);
        return sb.toString();
    }

    /** The largest unit in which {@code totalNanos} is at least 1 (nanoseconds for anything smaller). */
    public static DisplayUnit readable(long totalNanos) {
        long magnitude = totalNanos == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(totalNanos);
        for (DisplayUnit u : DisplayUnit.values()) {
            if (magnitude >= u.nanosPerUnit()) {
                return u;
            }
        }
        return DisplayUnit.NS;
    }

    private static void appendPadded(StringBuilder sb, long value, int digits) {
        String s = Long.toString(value);
        for (int i = s.length(); i < digits; i++) {
            sb.append('0');
        }
        sb.append(s);
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }
}
