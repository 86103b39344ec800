package dev.ppw.collect.jfr;

import java.util.Arrays;

/**
 * Resolved stacks of a recording by their keys: a key is an {@code int[]} its maker chooses (the JFR reader: each
 * frame's method id and caller's line), its value the stack's frame ids. Open addressing with linear probing in a
 * power-of-two table at most half full; a slot is free when its key is null. Memory: one key and one value per
 * distinct stack of the recording, which the call tree holds as paths anyway. Not thread-safe.
 */
final class JfrStacks {
    private int[][] keys = new int[1024][];
    private int[][] values = new int[1024][];
    private int[] hashes = new int[1024];
    private int size;

    /** The value of the key {@code key[0 .. length)} whose hash is {@code hash}, null when absent. */
    int[] get(int[] key, int length, int hash) {
        int mask = keys.length - 1;
        for (int slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
            int[] k = keys[slot];
            if (k == null) {
                return null;
            }
            if (hashes[slot] == hash && k.length == length && Arrays.equals(k, 0, length, key, 0, length)) {
                return values[slot];
            }
        }
    }

    /** Maps {@code key} (absent, its hash {@code hash}) to {@code value}. */
    void put(int[] key, int hash, int[] value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(key, hash, value);
        size++;
    }

    private void insert(int[] key, int hash, int[] value) {
        int mask = keys.length - 1;
        int slot = mix(hash) & mask;
        while (keys[slot] != null) {
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        hashes[slot] = hash;
        values[slot] = value;
    }

    private void grow() {
        int[][] oldKeys = keys;
        int[][] oldValues = values;
        int[] oldHashes = hashes;
        keys = new int[2 * oldKeys.length][];
        values = new int[2 * oldKeys.length][];
        hashes = new int[2 * oldKeys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                insert(oldKeys[i], oldHashes[i], oldValues[i]);
            }
        }
    }

    private static int mix(int hash) {
        int h = hash * 0x9e3779b9;
        return h ^ h >>> 16;
    }
}
