package dev.ppw.aggregate;

import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The exact sum of some doubles, rounded to a double only when read: so that sums of non-integral metrics
 * (a region's cpu percent, a counter series' values) come out the same, bit for bit, however the nodes
 * behind them were grouped and in whatever order they were added. Every finite double is a finite binary
 * fraction, so the finite part is held exactly as a {@link BigDecimal}; infinities and NaN, which no
 * finite sum can hold, are added apart as IEEE addition does ({@code +inf + -inf} is NaN), which is
 * associative on those values. Immutable.
 *
 * @param finite  the exact sum of the finite values added
 * @param special 0 when no value added was infinite or NaN; else the IEEE sum of those values
 */
record ExactSum(BigDecimal finite, double special) {
    static final ExactSum ZERO = new ExactSum(BigDecimal.ZERO, 0.0);

    /** The sum of this one's values and {@code value}. */
    ExactSum plus(double value) {
        if (Double.isFinite(value)) {
            return new ExactSum(finite.add(new BigDecimal(value)), special);
        }
        return new ExactSum(finite, special + value);
    }

    /** The sum of both sums' values. */
    ExactSum plus(ExactSum other) {
        return new ExactSum(finite.add(other.finite), special + other.special);
    }

    /** The sum rounded once to the nearest double (the IEEE sum of the non-finite values when there were any). */
    double doubleValue() {
        return special != 0 ? special : finite.doubleValue();
    }

    void write(DataOutput out) throws IOException {
        byte[] unscaled = finite.unscaledValue().toByteArray();
        out.writeInt(finite.scale());
        out.writeInt(unscaled.length);
        out.write(unscaled);
        out.writeDouble(special);
    }

    static ExactSum read(DataInputStream in) throws IOException {
        int scale = in.readInt();
        byte[] unscaled = MergeCodec.bytes(in, MergeCodec.length(in));
        return new ExactSum(new BigDecimal(new BigInteger(unscaled), scale), in.readDouble());
    }
}
