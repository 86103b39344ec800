package dev.ppw.collect;

/**
 * Exact conversion of a decimal number of microseconds, as text, to integer nanoseconds.
 *
 * <p>Chrome trace times are decimal microseconds, often around 1.8e15 (epoch microseconds with a
 * fraction), where a {@code double} no longer holds the sub-microsecond digits. This class reads the
 * decimal text itself: {@code value * 1000}, rounded to the nearest integer, halves away from zero
 * ({@code 0.0005} us is 1 ns, {@code -0.0005} us is -1 ns, {@code 0.0004999} us is 0 ns). It accepts an
 * optional sign, digits with an optional fraction ({@code .5} and {@code 5.} included) and an optional
 * exponent ({@code 1.5e3}, {@code 2E-3}); anything else (NaN, Infinity, empty text, stray characters) is
 * {@link #UNUSABLE}, as is a result outside {@code (Long.MIN_VALUE, Long.MAX_VALUE]}.
 *
 * <p>No allocation: it reads straight from the parser's character buffer.
 */
public final class DecimalNanos {
    /** Returned for text that is not a finite decimal number, or whose nanoseconds do not fit a long. */
    public static final long UNUSABLE = Long.MIN_VALUE;

    /** Exponents are clamped here: far beyond any digit count that could still matter, far from overflow. */
    private static final long EXPONENT_CLAMP = 1L << 40;

    private DecimalNanos() {
    }

    /** Nanoseconds of the decimal microseconds {@code text}, or {@link #UNUSABLE}. */
    public static long parseMicros(CharSequence text) {
        char[] chars = text.toString().toCharArray();
        return parseMicros(chars, 0, chars.length);
    }

    /** Nanoseconds of the decimal microseconds in {@code buf[offset .. offset+length-1]}, or {@link #UNUSABLE}. */
    public static long parseMicros(char[] buf, int offset, int length) {
        int i = offset;
        int end = offset + length;
        if (i >= end) {
            return UNUSABLE;
        }
        boolean negative = false;
        char c = buf[i];
        if (c == '-' || c == '+') {
            negative = c == '-';
            i++;
        }
        // Pass 1: syntax, digit spans and the exponent.
        int intStart = i;
        while (i < end && isDigit(buf[i])) {
            i++;
        }
        int intEnd = i;
        int fracStart = i;
        int fracEnd = i;
        if (i < end && buf[i] == '.') {
            i++;
            fracStart = i;
            while (i < end && isDigit(buf[i])) {
                i++;
            }
            fracEnd = i;
        }
        int intDigits = intEnd - intStart;
        int fracDigits = fracEnd - fracStart;
        if (intDigits + fracDigits == 0) {
            return UNUSABLE;
        }
        long exponent = 0;
        if (i < end && (buf[i] == 'e' || buf[i] == 'E')) {
            i++;
            boolean expNegative = false;
            if (i < end && (buf[i] == '-' || buf[i] == '+')) {
                expNegative = buf[i] == '-';
                i++;
            }
            int expStart = i;
            while (i < end && isDigit(buf[i])) {
                if (exponent < EXPONENT_CLAMP) {
                    exponent = exponent * 10 + (buf[i] - '0');
                }
                i++;
            }
            if (i == expStart) {
                return UNUSABLE;
            }
            if (expNegative) {
                exponent = -exponent;
            }
        }
        if (i != end) {
            return UNUSABLE;
        }
        // The digits d[0..n-1] (integer digits then fraction digits) read as one integer D; the value in
        // nanoseconds is D * 10^shift. Digits 0..keep-1 form the integer part, digit keep decides rounding.
        int n = intDigits + fracDigits;
        long shift = exponent - fracDigits + 3;
        long keep = Math.max(0, Math.min(n, n + shift));
        long magnitude = 0;
        for (int k = 0; k < keep; k++) {
            int d = digit(buf, k, intStart, intDigits, fracStart);
            if (magnitude > (Long.MAX_VALUE - d) / 10) {
                return UNUSABLE;
            }
            magnitude = magnitude * 10 + d;
        }
        if (shift > 0 && magnitude != 0) {
            for (long s = 0; s < shift; s++) {
                if (magnitude > Long.MAX_VALUE / 10) {
                    return UNUSABLE;
                }
                magnitude *= 10;
            }
        }
        long roundIndex = n + shift; // index of the first digit below one nanosecond
        if (shift < 0 && roundIndex >= 0 && roundIndex < n
                && digit(buf, (int) roundIndex, intStart, intDigits, fracStart) >= 5) {
            if (magnitude == Long.MAX_VALUE) {
                return UNUSABLE;
            }
            magnitude++;
        }
        return negative ? -magnitude : magnitude;
    }

    /**
     * Whether {@code buf[offset .. offset+length-1]} is a decimal number by the syntax {@link #parseMicros} reads
     * (an optional sign, digits with an optional fraction, at least one digit, an optional exponent), whatever
     * its magnitude: a number text in a string that does not fit a long of nanoseconds is still a number.
     */
    public static boolean isDecimal(char[] buf, int offset, int length) {
        int i = offset;
        int end = offset + length;
        if (i < end && (buf[i] == '-' || buf[i] == '+')) {
            i++;
        }
        int digits = 0;
        while (i < end && isDigit(buf[i])) {
            i++;
            digits++;
        }
        if (i < end && buf[i] == '.') {
            i++;
            while (i < end && isDigit(buf[i])) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < end && (buf[i] == 'e' || buf[i] == 'E')) {
            i++;
            if (i < end && (buf[i] == '-' || buf[i] == '+')) {
                i++;
            }
            int expStart = i;
            while (i < end && isDigit(buf[i])) {
                i++;
            }
            if (i == expStart) {
                return false;
            }
        }
        return i == end;
    }

    private static int digit(char[] buf, int k, int intStart, int intDigits, int fracStart) {
        return (k < intDigits ? buf[intStart + k] : buf[fracStart + k - intDigits]) - '0';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
