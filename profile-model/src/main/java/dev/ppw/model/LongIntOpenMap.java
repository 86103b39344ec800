package dev.ppw.model;

/**
 * A map from {@code long} keys to {@code int} values, by open addressing: the child index of
 * {@link CallTree} (key: parent node and frame, packed) and the frame index of {@link FrameTable} (key:
 * region and callsite, packed). Those keys are dense small ints side by side, so the slot comes from a
 * full 64-bit mixer (every key bit moves every slot bit), and collisions are resolved by linear probing
 * in a power-of-two table, at most half full, whose probes stay in one or two cache lines.
 *
 * <p>Any {@code long} is a key and any {@code int} a value. Slots hold 0 when free, so the key 0 is kept
 * apart. Nothing is removed, except all at once ({@link #clear}). Presize with the expected number of entries to
 * avoid rehashing while filling. Not thread-safe.
 */
public final class LongIntOpenMap {
    private static final int MIN_SLOTS = 16;
    private static final int MAX_SLOTS = 1 << 30;

    private long[] keys;
    private int[] values;
    private int mask;
    private int inSlots; // entries held in the slots: all but the key 0
    private int growAt;
    private boolean hasZeroKey;
    private int zeroKeyValue;

    /** An empty map for a few entries. */
    public LongIntOpenMap() {
        this(0);
    }

    /**
     * An empty map that holds {@code expectedEntries} without rehashing.
     *
     * @throws IllegalArgumentException when {@code expectedEntries} is negative or beyond 2^29
     */
    public LongIntOpenMap(int expectedEntries) {
        if (expectedEntries < 0 || expectedEntries > MAX_SLOTS / 2) {
            throw new IllegalArgumentException("expected entries must be in 0.." + MAX_SLOTS / 2 + ", got "
                    + expectedEntries);
        }
        allocate(Math.max(MIN_SLOTS, Integer.highestOneBit(Math.max(1, 2 * expectedEntries - 1)) << 1));
    }

    /**
     * Forgets every key, keeping the table's size: a map filled again with about as many keys (the constant pools
     * of one JFR chunk after another) neither allocates nor rehashes.
     */
    public void clear() {
        if (inSlots > 0) {
            java.util.Arrays.fill(keys, 0L);
        }
        inSlots = 0;
        hasZeroKey = false;
        zeroKeyValue = 0;
    }

    /** Number of keys mapped. */
    public int size() {
        return inSlots + (hasZeroKey ? 1 : 0);
    }

    /** The value of {@code key}, or {@code absent} when the key is not mapped. */
    public int get(long key, int absent) {
        if (key == 0) {
            return hasZeroKey ? zeroKeyValue : absent;
        }
        long[] k = keys;
        int m = mask;
        for (int i = slot(key) & m; ; i = (i + 1) & m) {
            long here = k[i];
            if (here == key) {
                return values[i];
            }
            if (here == 0) {
                return absent;
            }
        }
    }

    /** Whether {@code key} is mapped. */
    public boolean containsKey(long key) {
        if (key == 0) {
            return hasZeroKey;
        }
        long[] k = keys;
        int m = mask;
        for (int i = slot(key) & m; ; i = (i + 1) & m) {
            long here = k[i];
            if (here == key) {
                return true;
            }
            if (here == 0) {
                return false;
            }
        }
    }

    /** Maps {@code key} to {@code value}, replacing any value it had. */
    public void put(long key, int value) {
        if (key == 0) {
            hasZeroKey = true;
            zeroKeyValue = value;
            return;
        }
        int i = find(key);
        if (keys[i] == key) {
            values[i] = value;
        } else {
            insert(i, key, value);
        }
    }

    /**
     * The value of {@code key}; when it is not mapped, maps it to {@code value} and returns {@code value}.
     * One probe sequence for both the lookup and the insertion: the find-or-create of a tree child.
     */
    public int getIfAbsentPut(long key, int value) {
        if (key == 0) {
            if (!hasZeroKey) {
                hasZeroKey = true;
                zeroKeyValue = value;
            }
            return zeroKeyValue;
        }
        int i = find(key);
        if (keys[i] == key) {
            return values[i];
        }
        insert(i, key, value);
        return value;
    }

    /** The slot holding {@code key} (not 0), or the free slot where it would go. */
    private int find(long key) {
        long[] k = keys;
        int m = mask;
        int i = slot(key) & m;
        while (k[i] != key && k[i] != 0) {
            i = (i + 1) & m;
        }
        return i;
    }

    private void insert(int freeSlot, long key, int value) {
        keys[freeSlot] = key;
        values[freeSlot] = value;
        if (++inSlots > growAt) {
            grow();
        }
    }

    private void grow() {
        if (keys.length == MAX_SLOTS) {
            throw new IllegalStateException("map full: " + size() + " entries");
        }
        long[] oldKeys = keys;
        int[] oldValues = values;
        allocate(oldKeys.length * 2);
        long[] k = keys;
        int m = mask;
        for (int j = 0; j < oldKeys.length; j++) {
            long key = oldKeys[j];
            if (key != 0) {
                int i = slot(key) & m;
                while (k[i] != 0) {
                    i = (i + 1) & m;
                }
                k[i] = key;
                values[i] = oldValues[j];
            }
        }
    }

    private void allocate(int slots) {
        keys = new long[slots];
        values = new int[slots];
        mask = slots - 1;
        growAt = slots / 2;
    }

    /** The finalizer of MurmurHash3 (fmix64): each input bit flips each output bit with probability about 1/2. */
    static int slot(long key) {
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h;
    }
}
