package dev.ppw.collect.ctf;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Writes CTF stream bytes bit by bit in one byte order, for hand-built traces in tests. */
final class CtfBytes {
    private final boolean little;
    private byte[] bytes = new byte[1 << 12];
    private long bit;

    CtfBytes(boolean little) {
        this.little = little;
    }

    long bitPosition() {
        return bit;
    }

    CtfBytes align(int bits) {
        bit = (bit + bits - 1) & -bits;
        return this;
    }

    /** {@code size} bits of {@code value} at the current position, aligned to {@code align} bits first. */
    CtfBytes uint(long value, int size, int align) {
        align(align);
        putAt(bit, value, size);
        bit += size;
        return this;
    }

    CtfBytes u8(long v) {
        return uint(v, 8, 8);
    }

    CtfBytes u16(long v) {
        return uint(v, 16, 8);
    }

    CtfBytes u32(long v) {
        return uint(v, 32, 8);
    }

    CtfBytes u64(long v) {
        return uint(v, 64, 8);
    }

    CtfBytes string(String s) {
        align(8);
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            u8(b & 0xff);
        }
        return u8(0);
    }

    /** Writes {@code size} bits of {@code value} at bit {@code position}, leaving the current position. */
    void putAt(long position, long value, int size) {
        grow(position + size);
        for (int i = 0; i < size; i++) {
            long p = position + i;
            int b = (int) (p >>> 3);
            long v = little ? (value >>> i) & 1 : (value >>> (size - 1 - i)) & 1;
            int shift = little ? (int) (p & 7) : 7 - (int) (p & 7);
            bytes[b] = (byte) ((bytes[b] & ~(1 << shift)) | (v << shift));
        }
    }

    /** Zero bytes up to byte {@code length} from the start. */
    CtfBytes padTo(long lengthBytes) {
        grow(lengthBytes * 8);
        bit = lengthBytes * 8;
        return this;
    }

    private void grow(long bits) {
        int need = (int) ((bits + 7) >>> 3);
        if (need > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(need, bytes.length * 2));
        }
    }

    byte[] toBytes() {
        return Arrays.copyOf(bytes, (int) ((bit + 7) >>> 3));
    }
}
