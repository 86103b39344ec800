package dev.ppw.report;

import dev.ppw.model.DisplayUnit;
import dev.ppw.model.TimeUnits;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A sum a writer makes of a tree's values (TAU's flat timers summing a region's contexts, speedscope's total of the
 * stacks), kept exact however large: in a {@code long} while it fits, past the limit in a {@link BigInteger}. Such a
 * sum is written as it is, never stopped at the limit of a {@code long} (SEMANTICS.md section 5, "Limits"): no
 * value of the profile stops there, so there would be nothing to count. Mutable, not thread-safe.
 */
final class ExactSum {
    private long value;
    private BigInteger wide;

    void add(long v) {
        if (wide != null) {
            wide = wide.add(BigInteger.valueOf(v));
            return;
        }
        long r = value + v;
        if (((value ^ r) & (v ^ r)) < 0) {
            wide = BigInteger.valueOf(value).add(BigInteger.valueOf(v));
        } else {
            value = r;
        }
    }

    /** The sum as plain decimal digits in {@code unit} (exact: {@code 30500} ns is {@code 30.5} us). */
    String in(DisplayUnit unit) {
        if (wide == null) {
            return TimeUnits.exact(value, unit);
        }
        BigDecimal d = new BigDecimal(wide, unit.scale()).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }

    /** The sum as a whole number (a count). */
    String count() {
        return wide == null ? Long.toString(value) : wide.toString();
    }
}
