package dev.ppw.aggregate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Sums of {@code long}s kept exact as 128-bit two's-complement integers, each a pair of longs in two arrays at one
 * index: the high half signed, the low half read unsigned. A merge's sums (SEMANTICS.md section 4) add one value
 * per node, and a merge has fewer than 2^31 nodes, so such a sum needs at most 95 bits: it never wraps, in any
 * order or grouping, and {@code avg} divides the exact sum ({@link #divideRounded}), whatever the nodes' values.
 * Only the value shown is cut to a long ({@link #clamped}), where a {@code sum} past 2^63 - 1 stops at the limit.
 *
 * <p>Stateless; the arrays are the caller's.
 */
final class WideSum {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private WideSum() {
    }

    /** Adds {@code value} to the sum {@code (high[k], low[k])}. */
    static void add(long[] high, long[] low, int k, long value) {
        add(high, low, k, value >> 63, value);
    }

    /** Adds the 128-bit {@code (valueHigh, valueLow)} to the sum {@code (high[k], low[k])}. */
    static void add(long[] high, long[] low, int k, long valueHigh, long valueLow) {
        long sumLow = low[k] + valueLow;
        long carry = Long.compareUnsigned(sumLow, valueLow) < 0 ? 1 : 0;
        high[k] = high[k] + valueHigh + carry;
        low[k] = sumLow;
    }

    /** True when {@code (high, low)} is a {@code long}: its high half only extends the low half's sign. */
    static boolean fits(long high, long low) {
        return high == low >> 63;
    }

    /** {@code (high, low)} as a long, or the limit it is past: {@link Long#MAX_VALUE} or {@link Long#MIN_VALUE}. */
    static long clamped(long high, long low) {
        if (fits(high, low)) {
            return low;
        }
        return high < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }

    /** {@code (high, low)} as a big integer. */
    static BigInteger big(long high, long low) {
        BigInteger unsignedLow = BigInteger.valueOf(low & Long.MAX_VALUE);
        if (low < 0) {
            unsignedLow = unsignedLow.setBit(63);
        }
        return BigInteger.valueOf(high).multiply(TWO_64).add(unsignedLow);
    }

    /**
     * The sum {@code (high, low)} divided by {@code divisor} ({@code > 0}), rounded to the nearest integer, halves
     * away from zero: a long whenever the sum is one of at most {@code divisor} longs (an average lies between
     * their least and greatest).
     *
     * @throws ArithmeticException when the quotient is no long (the sum held more than {@code divisor} values)
     */
    static long divideRounded(long high, long low, long divisor) {
        if (fits(high, low)) {
            return MergeRows.divideRounded(low, divisor);
        }
        return new BigDecimal(big(high, low))
                .divide(BigDecimal.valueOf(divisor), 0, RoundingMode.HALF_UP).longValueExact();
    }

    /**
     * Checks that a sum read from a merge state is one of {@code values} longs (at least 1): between
     * {@code values * -2^63} and {@code values * (2^63 - 1)}, so that its average is a long and adding such sums of
     * fewer than 2^31 nodes never wraps 128 bits.
     *
     * @throws IllegalArgumentException naming {@code what} when it is not
     */
    static void requireSumOf(long high, long low, long values, String what) {
        if (fits(high, low)) {
            return;
        }
        BigInteger sum = big(high, low);
        BigInteger n = BigInteger.valueOf(values);
        if (sum.compareTo(n.multiply(BigInteger.valueOf(Long.MIN_VALUE))) < 0
                || sum.compareTo(n.multiply(BigInteger.valueOf(Long.MAX_VALUE))) > 0) {
            throw new IllegalArgumentException("merge state: " + what + " is more than a sum of " + values
                    + (values == 1 ? " value" : " values") + " can be");
        }
    }
}
