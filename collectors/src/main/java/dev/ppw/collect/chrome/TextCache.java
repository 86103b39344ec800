package dev.ppw.collect.chrome;

import java.util.Arrays;

/**
 * A small direct-mapped cache from characters to String, so that the names, pids and tids a trace repeats
 * millions of times are turned into Strings once, and the same String instance comes back each time (hash
 * code computed once, equality by identity downstream).
 */
final class TextCache {
    private static final int SLOTS = 1024;
    /** Longer texts are not worth a slot: they rarely repeat and cost a full comparison each time. */
    private static final int MAX_CACHED_LENGTH = 128;

    private final char[][] keys = new char[SLOTS][];
    private final String[] values = new String[SLOTS];

    String get(char[] buf, int offset, int length) {
        if (length > MAX_CACHED_LENGTH) {
            return new String(buf, offset, length);
        }
        int slot = slot(buf, offset, length);
        char[] key = keys[slot];
        if (key != null && Arrays.equals(key, 0, key.length, buf, offset, offset + length)) {
            return values[slot];
        }
        String s = new String(buf, offset, length);
        keys[slot] = Arrays.copyOfRange(buf, offset, offset + length);
        values[slot] = s;
        return s;
    }

    /** Hashes the length and up to 16 characters from each end: cheap, and enough to spread trace names. */
    private static int slot(char[] buf, int offset, int length) {
        int h = length;
        int end = offset + length;
        int head = Math.min(end, offset + 16);
        for (int i = offset; i < head; i++) {
            h = 31 * h + buf[i];
        }
        for (int i = Math.max(head, end - 16); i < end; i++) {
            h = 31 * h + buf[i];
        }
        h ^= h >>> 16;
        return (h ^ (h >>> 8)) & (SLOTS - 1);
    }
}
