package dev.ppw.report;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Counts, bytes and plain numbers as text tables print them for people (SEMANTICS.md "Text"): whole numbers
 * with thousands separators ({@code 1,948,727}), other numbers with separators and at most two decimals
 * ({@code 1,948,727.49}, halves away from zero), bytes with binary prefixes ({@code 1.50 MiB}: two decimals,
 * halves away from zero; fewer than 1,024 bytes as {@code 512 B}). CSV and JSON print every value exactly
 * instead ({@link RowField#plain}). Stateless.
 */
final class Readable {
    private static final String[] BINARY = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    private static final int DECIMALS = 2;

    private Readable() {
    }

    /** {@code 1948727} as {@code 1,948,727}. */
    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** A number that may have a fraction: separators, at most two decimals, no trailing zeros; "" for NaN. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        BigDecimal rounded = new BigDecimal(value).setScale(DECIMALS, RoundingMode.HALF_UP).stripTrailingZeros();
        if (rounded.scale() < 0) {
            rounded = rounded.setScale(0);
        }
        String plain = rounded.abs().toPlainString();
        int dot = plain.indexOf('.');
        String whole = String.format(Locale.ROOT, "%,d", new BigInteger(dot < 0 ? plain : plain.substring(0, dot)));
        return (rounded.signum() < 0 ? "-" : "") + whole + (dot < 0 ? "" : plain.substring(dot));
    }

    /** {@code 1572864} bytes as {@code 1.50 MiB}; below 1,024 as {@code 512 B}. */
    static String bytes(long value) {
        long magnitude = value == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(value);
        if (magnitude < 1024) {
            return value + " B";
        }
        int prefix = 0;
        BigDecimal unit = BigDecimal.valueOf(1024);
        while (prefix + 1 < BINARY.length && magnitude >= unit.multiply(BigDecimal.valueOf(1024)).longValue()) {
            unit = unit.multiply(BigDecimal.valueOf(1024));
            prefix++;
        }
        return BigDecimal.valueOf(value).divide(unit, DECIMALS, RoundingMode.HALF_UP).toPlainString() + " "
                + BINARY[prefix];
    }
}
