package dev.ppw.collect.jfr;

import dev.ppw.collect.Utf8;

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
    private long notUtf8;
    private long firstNotUtf8At = -1;
    private String firstNotUtf8;

    /**
     * The string of {@code length} UTF-8 bytes at {@code window[from..]}, which sit at byte {@code fileOffset} of
     * the file. A distinct symbol whose bytes are not UTF-8 is decoded with U+FFFD for each bad byte and counted
     * ({@link #notUtf8()}): a damaged name is never taken silently.
     */
    String of(byte[] window, int from, int length, long fileOffset) {
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
        int bad = Utf8.firstInvalid(copy, 0, length);
        if (bad >= 0 && notUtf8++ == 0) {
            firstNotUtf8At = fileOffset + bad;
            firstNotUtf8 = Utf8.quote(copy, 0, length);
        }
        String s = new String(copy, StandardCharsets.UTF_8);
        bytes[slot] = copy;
        strings[slot] = s;
        if (++size * 2 > bytes.length) {
            grow();
        }
        return s;
    }

    /** How many distinct symbols so far were not UTF-8 text (each read with U+FFFD in place of its bad bytes). */
    long notUtf8() {
        return notUtf8;
    }

    /** The file offset of the first bad byte of the first such symbol, -1 when none. */
    long firstNotUtf8At() {
        return firstNotUtf8At;
    }

    /** The first such symbol quoted with its bad bytes as {@code \xNN}, null when none. */
    String firstNotUtf8() {
        return firstNotUtf8;
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
