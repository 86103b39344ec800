package dev.ppw.collect.jfr;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The symbols of a recording (class and method names, as {@code jdk.types.Symbol} pools write them in UTF-8),
 * one {@link String} per distinct text across its chunks: each chunk writes its pools anew, and decoding and
 * hashing the same names again for every chunk of a recording of many small chunks was a fifth of its reading.
 * A symbol is looked up by its bytes, so a repeated one costs a hash and a compare, and the strings handed out
 * are the same objects chunk after chunk (their hash codes computed once). Memory: the distinct symbols of the
 * recording, which its bytes hold. Not thread-safe.
 */
final class JfrSymbols {
    private byte[][] bytes = new byte[1024][];
    private String[] strings = new String[1024];
    private int size;

    /** The string of {@code length} UTF-8 bytes at {@code window[from..]}. */
    String of(byte[] window, int from, int length) {
        int hash = 1;
        for (int i = from; i < from + length; i++) {
            hash = 31 * hash + window[i];
        }
        int mask = bytes.length - 1;
        int slot = (hash ^ hash >>> 16) & mask;
        while (true) {
            byte[] b = bytes[slot];
            if (b == null) {
                break;
            }
            if (b.length == length && Arrays.equals(b, 0, length, window, from, from + length)) {
                return strings[slot];
            }
            slot = (slot + 1) & mask;
        }
        byte[] copy = Arrays.copyOfRange(window, from, from + length);
        String s = new String(copy, StandardCharsets.UTF_8);
        bytes[slot] = copy;
        strings[slot] = s;
        if (++size * 2 > bytes.length) {
            grow();
        }
        return s;
    }

    private void grow() {
        byte[][] oldBytes = bytes;
        String[] oldStrings = strings;
        bytes = new byte[2 * oldBytes.length][];
        strings = new String[2 * oldBytes.length];
        int mask = bytes.length - 1;
        for (int i = 0; i < oldBytes.length; i++) {
            byte[] b = oldBytes[i];
            if (b == null) {
                continue;
            }
            int hash = 1;
            for (byte x : b) {
                hash = 31 * hash + x;
            }
            int slot = (hash ^ hash >>> 16) & mask;
            while (bytes[slot] != null) {
                slot = (slot + 1) & mask;
            }
            bytes[slot] = b;
            strings[slot] = oldStrings[i];
        }
    }
}
