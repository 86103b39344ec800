package dev.ppw.model;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.mapping.IndexMapping;
import com.datadoghq.sketch.ddsketch.mapping.LogarithmicMapping;
import com.datadoghq.sketch.ddsketch.store.Bin;
import com.datadoghq.sketch.ddsketch.store.CollapsingLowestDenseStore;
import com.datadoghq.sketch.ddsketch.store.Store;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.Iterator;

/**
 * The per-call inclusive times of one row as a mergeable quantile sketch (DDSketch, logarithmic mapping,
 * relative accuracy {@link #RELATIVE_ACCURACY}), for the percentile columns (SEMANTICS.md "Percentiles").
 *
 * <p>Accuracy: while the row's calls span less than {@link #MAX_BINS} bins (a ratio of largest to
 * smallest non-zero call of about 6 * 10^17, so in practice always), {@link #quantileNanos} returns, before
 * rounding, a value v with {@code |v - x| <= 0.01 x}, where x is the exact quantile: the call at 0-based
 * rank {@code floor(q * (n - 1))} of the n calls sorted by time ({@code q * (n - 1)} computed in double).
 * Calls of 0 ns are counted exactly. Beyond that span the lowest bins collapse into one, so the upper
 * quantiles (the tail people ask about) keep the guarantee and the lowest lose it.
 *
 * <p>Memory: at most {@link #MAX_BINS} bins of 8 bytes each whatever the number of calls. Merging adds
 * bin counts, so a sketch merged from parts equals the sketch of all their calls (same encoding, same
 * quantiles) while no bin collapsed. Counts are exact up to 2^53 calls.
 *
 * <p>Not thread-safe.
 */
public final class CallTimeSketch {
    /** The relative accuracy of every quantile: 1 %. */
    public static final double RELATIVE_ACCURACY = 0.01;
    /** The bound on bins per sketch. */
    public static final int MAX_BINS = 2048;

    private static final IndexMapping MAPPING = new LogarithmicMapping(RELATIVE_ACCURACY);
    private static final int MIN_INDEX = MAPPING.index(1.0);
    private static final int MAX_INDEX = MAPPING.index(Long.MAX_VALUE);
    private static final long MAX_COUNT = 1L << 53;
    private static final byte ENCODING = 1;

    private final DDSketch sketch;

    /** An empty sketch. */
    public CallTimeSketch() {
        this(DDSketch.of(MAPPING, newStore(), newStore(), 0));
    }

    private CallTimeSketch(DDSketch sketch) {
        this.sketch = sketch;
    }

    private static Store newStore() {
        return new CollapsingLowestDenseStore(MAX_BINS);
    }

    /** Records one call of {@code inclusiveNanos} (>= 0) nanoseconds. */
    public void add(long inclusiveNanos) {
        if (inclusiveNanos < 0) {
            throw new IllegalArgumentException("a call lasts at least 0 ns, got " + inclusiveNanos);
        }
        sketch.accept(inclusiveNanos);
    }

    /** Adds every call of {@code other} to this sketch; {@code other} is not changed. */
    public void addAll(CallTimeSketch other) {
        sketch.mergeWith(other.sketch);
    }

    /** An independent copy. */
    public CallTimeSketch copy() {
        return new CallTimeSketch(sketch.copy());
    }

    /** Number of calls recorded. */
    public long count() {
        return (long) sketch.getCount();
    }

    /** Number of bins holding calls (the count of 0 ns calls aside): at most {@link #MAX_BINS}. */
    public int bins() {
        return (int) sketch.getPositiveValueStore().getStream().filter(b -> b.getCount() > 0).count();
    }

    /** True when no call was recorded. */
    public boolean isEmpty() {
        return sketch.isEmpty();
    }

    /**
     * The quantile {@code quantile} (0 to 1) of the calls' inclusive times, in nanoseconds: the sketch's
     * value rounded to the nearest integer (halves up), so within {@code 0.01 x + 0.5} ns of the exact x.
     *
     * @throws IllegalStateException when the sketch is empty
     */
    public long quantileNanos(double quantile) {
        if (!(quantile >= 0 && quantile <= 1)) {
            throw new IllegalArgumentException("a quantile is between 0 and 1, got " + quantile);
        }
        if (sketch.isEmpty()) {
            throw new IllegalStateException("no call was recorded");
        }
        return Math.round(sketch.getValueAtQuantile(quantile));
    }

    /**
     * The sketch as compact text (docs/profile-json.md): base64url without padding of a version byte, the
     * count of 0 ns calls, the number of bins, then per bin in ascending order its index step and count,
     * all unsigned LEB128 varints except the first step (zigzag). Equal sketches encode equally.
     */
    public String encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(ENCODING);
        writeVarint(out, zeroCount());
        Store store = sketch.getPositiveValueStore();
        writeVarint(out, bins());
        int previous = 0;
        boolean first = true;
        for (Iterator<Bin> it = store.getAscendingIterator(); it.hasNext(); ) {
            Bin b = it.next();
            if (b.getCount() <= 0) {
                continue;
            }
            if (first) {
                writeVarint(out, (b.getIndex() << 1) ^ (b.getIndex() >> 31));
                first = false;
            } else {
                writeVarint(out, b.getIndex() - previous);
            }
            previous = b.getIndex();
            writeVarint(out, (long) b.getCount());
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(out.toByteArray());
    }

    private long zeroCount() {
        return count() - (long) sketch.getPositiveValueStore().getTotalCount();
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IllegalArgumentException naming what is wrong, when {@code text} is no such encoding
     */
    public static CallTimeSketch decode(String text) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a call-time sketch is base64url text");
        }
        int[] at = {0};
        if (bytes.length == 0 || bytes[0] != ENCODING) {
            throw new IllegalArgumentException("a call-time sketch starts with encoding " + ENCODING);
        }
        at[0] = 1;
        long zeros = readVarint(bytes, at);
        long bins = readVarint(bytes, at);
        if (bins > MAX_INDEX - MIN_INDEX + 1) {
            throw new IllegalArgumentException("a call-time sketch has at most " + (MAX_INDEX - MIN_INDEX + 1)
                    + " bins, this one says " + bins);
        }
        Store store = newStore();
        long total = zeros;
        long index = 0;
        for (long b = 0; b < bins; b++) {
            long step = readVarint(bytes, at);
            if (b == 0) {
                index = (step >>> 1) ^ -(step & 1);
            } else if (step < 1) {
                throw new IllegalArgumentException("the bins of a call-time sketch ascend");
            } else {
                index += step;
            }
            if (index < MIN_INDEX || index > MAX_INDEX) {
                throw new IllegalArgumentException("bin " + index + " of a call-time sketch is outside "
                        + MIN_INDEX + ".." + MAX_INDEX);
            }
            long count = readVarint(bytes, at);
            if (count < 1) {
                throw new IllegalArgumentException("a bin of a call-time sketch counts at least 1 call");
            }
            total += count;
            if (total > MAX_COUNT || total < 0) {
                throw new IllegalArgumentException("a call-time sketch counts at most 2^53 calls");
            }
            store.add((int) index, count);
        }
        if (at[0] != bytes.length) {
            throw new IllegalArgumentException("a call-time sketch has " + (bytes.length - at[0]) + " bytes too many");
        }
        if (zeros > MAX_COUNT) {
            throw new IllegalArgumentException("a call-time sketch counts at most 2^53 calls");
        }
        return new CallTimeSketch(DDSketch.of(MAPPING, newStore(), store, zeros));
    }

    private static void writeVarint(ByteArrayOutputStream out, long value) {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static long readVarint(byte[] bytes, int[] at) {
        long value = 0;
        for (int shift = 0; shift < 63; shift += 7) {
            if (at[0] >= bytes.length) {
                throw new IllegalArgumentException("a call-time sketch ends inside a number");
            }
            byte b = bytes[at[0]++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("a call-time sketch holds a number of more than 63 bits");
    }

    /** Equal when they encode equally: the same calls per bin. */
    @Override
    public boolean equals(Object o) {
        return o instanceof CallTimeSketch other && encode().equals(other.encode());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encode().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    @Override
    public String toString() {
        return "CallTimeSketch[" + count() + " calls]";
    }
}
