package dev.ppw.collect.saved;

import dev.ppw.model.NameTable;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Interns names straight from a parser's character buffer into a {@link NameTable}: a saved profile
 * repeats a few hundred region names over thousands of rows, so a String is made only the first time a
 * name is seen. Open addressing over the name ids, with each slot's hash kept to skip most comparisons.
 * Names read from chars and names read from ASCII bytes have tables of their own; both give the ids of
 * the one {@link NameTable}.
 */
final class NameCache {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final NameTable names;
    private int[] slots = new int[1024]; // name id + 1; 0 is a free slot
    private int[] hashes = new int[1024];
    private int used;
    // The ASCII names met as bytes, in a table of their own (see internAscii).
    private int[] asciiSlots = new int[1024]; // name id + 1; 0 is a free slot
    private int[] asciiLengths = new int[1024];
    private long[] asciiFirsts = new long[1024];
    private long[] asciiLasts = new long[1024];
    private byte[][] asciiBytes = new byte[1024][]; // names longer than 16 bytes
    private int asciiUsed;

    NameCache(NameTable names) {
        this.names = names;
    }

    /** The {@link NameTable} id of {@code text[offset, offset + length)}. */
    int intern(char[] text, int offset, int length) {
        int h = hash(text, offset, length);
        int mask = slots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int slot = slots[i];
            if (slot == 0) {
                int id = names.intern(new String(text, offset, length));
                slots[i] = id + 1;
                hashes[i] = h;
                if (++used * 2 > slots.length) {
                    grow();
                }
                return id;
            }
            if (hashes[i] == h && sameText(names.name(slot - 1), text, offset, length)) {
                return slot - 1;
            }
        }
    }

    /**
     * The {@link NameTable} id of the ASCII text {@code text[offset, offset + length)}: every byte below
     * 0x80, each one char, so it names the same string as its chars would. A table of its own, keyed by
     * the bytes: a slot keeps the length and the first and last eight bytes, which are the whole name up
     * to 16 bytes, so most names are found without looking at their bytes again.
     */
    int internAscii(byte[] text, int offset, int length) {
        if (length == 0) {
            return NameTable.EMPTY;
        }
        long first;
        long last;
        if (length >= Long.BYTES) {
            first = (long) LONGS.get(text, offset);
            last = (long) LONGS.get(text, offset + length - Long.BYTES);
        } else {
            first = offset + Long.BYTES <= text.length
                    ? (long) LONGS.get(text, offset) & (-1L >>> (Long.SIZE - Byte.SIZE * length))
                    : bytesOf(text, offset, length);
            last = 0;
        }
        int h = asciiHash(first, last, length);
        int mask = asciiSlots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int slot = asciiSlots[i];
            if (slot == 0) {
                int id = names.intern(new String(text, offset, length, StandardCharsets.ISO_8859_1));
                asciiSlots[i] = id + 1;
                asciiLengths[i] = length;
                asciiFirsts[i] = first;
                asciiLasts[i] = last;
                asciiBytes[i] = length > 2 * Long.BYTES ? Arrays.copyOfRange(text, offset, offset + length) : null;
                if (++asciiUsed * 2 > asciiSlots.length) {
                    growAscii();
                }
                return id;
            }
            if (asciiFirsts[i] == first && asciiLasts[i] == last && asciiLengths[i] == length
                    && (length <= 2 * Long.BYTES
                        || Arrays.equals(asciiBytes[i], 0, length, text, offset, offset + length))) {
                return slot - 1;
            }
        }
    }

    private static int asciiHash(long first, long last, int length) {
        long h = (first * 0x9e3779b97f4a7c15L) ^ (last * 0xc2b2ae3d27d4eb4fL) ^ length;
        h ^= h >>> 29;
        h *= 0xbf58476d1ce4e5b9L;
        return (int) (h ^ (h >>> 32));
    }

    private static long bytesOf(byte[] text, int offset, int length) {
        long v = 0;
        for (int i = 0; i < length; i++) {
            v |= (text[offset + i] & 0xffL) << (Byte.SIZE * i);
        }
        return v;
    }

    private void growAscii() {
        int[] oldSlots = asciiSlots;
        int[] oldLengths = asciiLengths;
        long[] oldFirsts = asciiFirsts;
        long[] oldLasts = asciiLasts;
        byte[][] oldBytes = asciiBytes;
        int capacity = oldSlots.length * 2;
        asciiSlots = new int[capacity];
        asciiLengths = new int[capacity];
        asciiFirsts = new long[capacity];
        asciiLasts = new long[capacity];
        asciiBytes = new byte[capacity][];
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] != 0) {
                int i = asciiHash(oldFirsts[j], oldLasts[j], oldLengths[j]) & (capacity - 1);
                while (asciiSlots[i] != 0) {
                    i = (i + 1) & (capacity - 1);
                }
                asciiSlots[i] = oldSlots[j];
                asciiLengths[i] = oldLengths[j];
                asciiFirsts[i] = oldFirsts[j];
                asciiLasts[i] = oldLasts[j];
                asciiBytes[i] = oldBytes[j];
            }
        }
    }

    private static int hash(char[] text, int offset, int length) {
        int h = 0;
        for (int i = offset, end = offset + length; i < end; i++) {
            h = 31 * h + text[i];
        }
        return h ^ (h >>> 16);
    }

    private static boolean sameText(String name, char[] text, int offset, int length) {
        if (name.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (name.charAt(i) != text[offset + i]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        int[] oldSlots = slots;
        int[] oldHashes = hashes;
        slots = new int[oldSlots.length * 2];
        hashes = new int[oldSlots.length * 2];
        int mask = slots.length - 1;
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] != 0) {
                int i = oldHashes[j] & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = oldSlots[j];
                hashes[i] = oldHashes[j];
            }
        }
    }
}
