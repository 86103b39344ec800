package dev.ppw.collect;

import java.util.Arrays;

/**
 * Byte strings to ints (a frame's bytes to its frame id), so that a text reader knows a name it read before by its
 * bytes, with one hash and one compare and no string. Bounded in entries and key bytes: emptied when full, so
 * memory stays what the bounds allow whatever the input. Not thread-safe.
 */
public final class BytesToInt {
    /** What {@link #get} returns for bytes not in the map. */
    public static final int ABSENT = Integer.MIN_VALUE;

    private final int maxEntries;
    private final long maxKeyBytes;
    private byte[][] keys = new byte[1 << 10][];
    private int[] hashes = new int[1 << 10];
    private int[] values = new int[1 << 10];
    private int size;
    private long keyBytes;

    /** A map of at most {@code maxEntries} entries and {@code maxKeyBytes} bytes of keys. */
    public BytesToInt(int maxEntries, long maxKeyBytes) {
        this.maxEntries = maxEntries;
        this.maxKeyBytes = maxKeyBytes;
    }

    /** The value of {@code b[from .. to-1]}, or {@link #ABSENT}. */
    public int get(byte[] b, int from, int to) {
        int h = ByteWords.hash(b, from, to);
        int mask = keys.length - 1;
        for (int slot = h & mask; keys[slot] != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == h && Arrays.equals(keys[slot], 0, keys[slot].length, b, from, to)) {
                return values[slot];
            }
        }
        return ABSENT;
    }

    /** Maps {@code b[from .. to-1]}, which is not in the map, to {@code value}. */
    public void put(byte[] b, int from, int to, int value) {
        if (size >= maxEntries || keyBytes > maxKeyBytes) {
            keys = new byte[keys.length][];
            hashes = new int[keys.length];
            values = new int[keys.length];
            size = 0;
            keyBytes = 0;
        } else if (2 * (size + 1) > keys.length) {
            byte[][] oldKeys = keys;
            int[] oldHashes = hashes;
            int[] oldValues = values;
            keys = new byte[2 * oldKeys.length][];
            hashes = new int[keys.length];
            values = new int[keys.length];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != null) {
                    insert(oldKeys[i], oldHashes[i], oldValues[i]);
                }
            }
        }
        byte[] key = Arrays.copyOfRange(b, from, to);
        insert(key, ByteWords.hash(key, 0, key.length), value);
        size++;
        keyBytes += key.length;
    }

    private void insert(byte[] key, int h, int value) {
        int mask = keys.length - 1;
        int slot = h & mask;
        while (keys[slot] != null) {
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        hashes[slot] = h;
        values[slot] = value;
    }
}
