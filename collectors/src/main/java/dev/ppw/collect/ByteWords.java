package dev.ppw.collect;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte-array scans eight bytes at a time, for the hot loops of the text readers (a perf script file is mostly
 * frame lines whose every byte is looked at): a zero byte found, a hash of a byte range, in a word per step
 * instead of a byte. Stateless.
 */
public final class ByteWords {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private ByteWords() {
    }

    /** The index of the first byte {@code value} of {@code b[from .. to-1]}, or -1. */
    public static int indexOf(byte[] b, int from, int to, byte value) {
        long pattern = (value & 0xffL) * ONES;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long v = (long) LONGS.get(b, i) ^ pattern;
            long found = (v - ONES) & ~v & HIGHS;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == value) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the first zero byte of {@code b[from .. to-1]}, or -1. */
    public static int indexOfZero(byte[] b, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long v = (long) LONGS.get(b, i);
            if (((v - ONES) & ~v & HIGHS) != 0) {
                break;
            }
        }
        for (; i < to; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    /** A hash of {@code b[from .. to-1]}: equal ranges hash equal; mixed so that its low bits index a table. */
    public static int hash(byte[] b, int from, int to) {
        long h = to - from;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            h = (h ^ (long) LONGS.get(b, i)) * GOLDEN;
        }
        long tail = 0;
        for (int shift = 0; i < to; i++, shift += Byte.SIZE) {
            tail |= (b[i] & 0xffL) << shift;
        }
        h = (h ^ tail) * GOLDEN;
        return (int) (h ^ (h >>> 32));
    }
}
