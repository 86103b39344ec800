package dev.ppw.model;

import java.math.BigDecimal;

/**
 * The one place where integer nanoseconds become decimal text, and decimal text becomes nanoseconds again.
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

    /**
     * The integer nearest to {@code nanos}, halves away from zero (a mean or a standard deviation, before it
     * is printed exactly); saturates at the range of {@code long}.
     */
    public static long nearestNanos(double nanos) {
        double magnitude = Math.abs(nanos);
        double floor = Math.floor(magnitude);
        double rounded = magnitude - floor >= 0.5 ? floor + 1 : floor;
        return (long) (nanos < 0 ? -rounded : rounded);
    }

    /**
     * The decimal number {@code text[offset, offset + length)}, a time in {@code unit}, as integer nanoseconds,
     * exactly: {@code 1234.567} us is {@code 1234567}. Any JSON number is accepted (exponents included); digits
     * below the nanosecond must be zeros. Plain decimals of up to 18 digits are read with long arithmetic only,
     * anything else goes through {@link BigDecimal}; a {@code double} is never involved.
     *
     * @throws NumberFormatException saying why: not a number, not a whole number of nanoseconds, out of range
     */
    public static long parseExact(char[] text, int offset, int length, DisplayUnit unit) {
        int i = offset;
        int end = offset + length;
        boolean negative = i < end && text[i] == '-';
        if (negative) {
            i++;
        }
        int scale = unit.scale();
        long magnitude = 0;
        int start = i;
        for (; i < end && isDigit(text[i]); i++) {
            if (magnitude >= FAST_LIMIT) {
                return parseSlow(text, offset, length, unit);
            }
            magnitude = magnitude * 10 + (text[i] - '0');
        }
        if (i == start) {
            return parseSlow(text, offset, length, unit);
        }
        int fractionDigits = 0;
        if (i < end && text[i] == '.') {
            int fractionStart = ++i;
            for (; i < end && isDigit(text[i]); i++) {
                if (fractionDigits < scale) {
                    if (magnitude >= FAST_LIMIT) {
                        return parseSlow(text, offset, length, unit);
                    }
                    magnitude = magnitude * 10 + (text[i] - '0');
                    fractionDigits++;
                } else if (text[i] != '0') {
                    // below the nanosecond, unless an exponent follows: the slow path tells
                    return parseSlow(text, offset, length, unit);
                }
            }
            if (i == fractionStart) {
                return parseSlow(text, offset, length, unit);
            }
        }
        if (i != end) {
            return parseSlow(text, offset, length, unit);
        }
        for (; fractionDigits < scale; fractionDigits++) {
            if (magnitude >= FAST_LIMIT) {
                return parseSlow(text, offset, length, unit);
            }
            magnitude *= 10;
        }
        return negative ? -magnitude : magnitude;
    }

    /** The message of a time with digits below one nanosecond. */
    public static final String NOT_WHOLE = "not a whole number of nanoseconds";
    // Below this, magnitude * 10 + 9 cannot overflow; at or above it the exact slow path decides.
    private static final long FAST_LIMIT = (Long.MAX_VALUE - 9) / 10;

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static long parseSlow(char[] text, int offset, int length, DisplayUnit unit) {
        BigDecimal value;
        try {
            value = new BigDecimal(text, offset, length);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new NumberFormatException("not a decimal number");
        }
        if (value.signum() == 0) {
            return 0;
        }
        // 20 digits before the point are past a long. Checked first: for 1e2000000 movePointRight would
        // build all two million digits, and stripTrailingZeros divide them away one by one.
        if ((long) value.precision() - value.scale() + unit.scale() > MAX_LONG_DIGITS) {
            throw new NumberFormatException(OUT_OF_RANGE);
        }
        BigDecimal nanos;
        try {
            nanos = value.movePointRight(unit.scale());
        } catch (ArithmeticException e) {
            throw new NumberFormatException("not a decimal number");
        }
        if (nanos.stripTrailingZeros().scale() > 0) {
            throw new NumberFormatException(NOT_WHOLE);
        }
        try {
            return nanos.longValueExact();
        } catch (ArithmeticException e) {
            throw new NumberFormatException(OUT_OF_RANGE);
        }
    }

    private static final String OUT_OF_RANGE = "out of range (more than 292 years in nanoseconds)";
    private static final int MAX_LONG_DIGITS = 19;

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
