package dev.ppw.collect.chrome;

/**
 * A small direct-mapped cache from characters to String, so that the names, pids and tids a trace repeats
 * millions of times are turned into Strings once, and the same String instance comes back each time (hash
 * code computed once, equality by identity downstream).
 */
final class TextCache {
    private static final int SLOTS = 1024;
    /** Longer texts are not worth a slot: they rarely repeat and cost a full comparison each time. */
    private static final int MAX_CACHED_LENGTH = 128;

    private final String[] slots = new String[SLOTS];

    String get(char[] buf, int offset, int length) {
        if (length > MAX_CACHED_LENGTH) {
            return new String(buf, offset, length);
        }
        int h = 0;
        for (int i = offset; i < offset + length; i++) {
            h = 31 * h + buf[i];
        }
        int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
        String s = slots[slot];
        if (s != null && s.length() == length && same(s, buf, offset, length)) {
            return s;
        }
        s = new String(buf, offset, length);
        slots[slot] = s;
        return s;
    }

    private static boolean same(String s, char[] buf, int offset, int length) {
        for (int i = 0; i < length; i++) {
            if (s.charAt(i) != buf[offset + i]) {
                return false;
            }
        }
        return true;
    }
}
