package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;

import java.nio.charset.StandardCharsets;

/**
 * A position in bits within one packet's bytes, with what decoding the packet carries along: the stream's clock
 * value (updated by every integer mapped to a clock) and the id of the event whose header is being read. Reads
 * never pass {@link #limitBits()}: a field that would is a {@link BadInputException} at its byte offset in the file.
 * Not thread-safe: one per stream.
 */
final class BitCursor {
    private final String fileName;
    byte[] bytes = new byte[0];
    /** The file offset of {@code bytes[0]}: positions in messages are in the file. */
    long fileOffset;
    long positionBits;
    long limitBits;
    /** Where the current packet starts in {@code bytes}, in bits: alignments are relative to it. */
    long originBits;
    /** The stream's clock value in cycles, as the CTF rule rebuilds it from partial values. */
    long clockCycles;
    /** The event id the event header being read declares. */
    long eventId;

    BitCursor(String fileName) {
        this.fileName = fileName;
    }

    String fileName() {
        return fileName;
    }

    long limitBits() {
        return limitBits;
    }

    /** The byte offset in the file of the current position (rounded down). */
    long fileByte() {
        return fileOffset + (positionBits >>> 3);
    }

    BadInputException error(String problem) {
        return new BadInputException(fileName + ": byte " + fileByte() + ": " + problem);
    }

    void align(int alignBits) {
        if (alignBits > 1) {
            long aligned = originBits + ((positionBits - originBits + alignBits - 1) & -alignBits);
            if (aligned > limitBits) {
                throw pastEnd(aligned - positionBits);
            }
            positionBits = aligned;
        }
    }

    private BadInputException pastEnd(long bits) {
        return error("a field of " + bits + " bits runs past the end of the packet's content (a cut or corrupt"
                + " packet)");
    }

    /** Skips {@code bits}, failing past the limit. */
    void skip(long bits) {
        if (bits > limitBits - positionBits) {
            throw pastEnd(bits);
        }
        positionBits += bits;
    }

    /** An unsigned integer of {@code size} bits (1 to 64) in the given byte order, at the current position. */
    long read(int size, boolean little) {
        if (size > limitBits - positionBits) {
            throw pastEnd(size);
        }
        long pos = positionBits;
        positionBits = pos + size;
        int index = (int) (pos >>> 3);
        if ((pos & 7) == 0 && (size & 7) == 0) {
            int n = size >>> 3;
            long v = 0;
            if (little) {
                for (int i = n - 1; i >= 0; i--) {
                    v = (v << 8) | (bytes[index + i] & 0xffL);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    v = (v << 8) | (bytes[index + i] & 0xffL);
                }
            }
            return v;
        }
        long v = 0;
        if (little) {
            for (int i = size - 1; i >= 0; i--) {
                long bit = pos + i;
                v = (v << 1) | ((bytes[(int) (bit >>> 3)] >>> (bit & 7)) & 1);
            }
        } else {
            for (int i = 0; i < size; i++) {
                long bit = pos + i;
                v = (v << 1) | ((bytes[(int) (bit >>> 3)] >>> (7 - (bit & 7))) & 1);
            }
        }
        return v;
    }

    /** A NUL-terminated UTF-8 string at a byte boundary, the NUL read past. */
    String readString() {
        align(8);
        int start = (int) (positionBits >>> 3);
        int end = (int) (limitBits >>> 3);
        for (int i = start; i < end; i++) {
            if (bytes[i] == 0) {
                positionBits = (long) (i + 1) << 3;
                return text(start, i - start);
            }
        }
        throw error("a string with no terminating NUL before the end of the packet's content");
    }

    /** {@code count} bytes at a byte boundary as text, up to the first NUL (as babeltrace2 prints char arrays). */
    String readText(long count) {
        if (count > (limitBits - positionBits) >>> 3) {
            throw pastEnd(count * 8);
        }
        int start = (int) (positionBits >>> 3);
        int n = (int) count;
        positionBits += count << 3;
        int len = 0;
        while (len < n && bytes[start + len] != 0) {
            len++;
        }
        return text(start, len);
    }

    /** The last texts read (LTTng's procname repeats event after event), as bytes and Strings. */
    private final byte[][] recentBytes = new byte[4][];
    private final String[] recentTexts = new String[4];
    private int nextRecent;

    /** The UTF-8 text of {@code bytes[start, start + len)}: a recent String when it is the same. */
    private String text(int start, int len) {
        for (int k = 0; k < recentBytes.length; k++) {
            byte[] b = recentBytes[k];
            if (b != null && b.length == len && java.util.Arrays.equals(b, 0, len, bytes, start, start + len)) {
                return recentTexts[k];
            }
        }
        int k = nextRecent;
        nextRecent = (k + 1) % recentBytes.length;
        recentBytes[k] = java.util.Arrays.copyOfRange(bytes, start, start + len);
        recentTexts[k] = new String(bytes, start, len, StandardCharsets.UTF_8);
        return recentTexts[k];
    }

    /**
     * The clock rule of CTF 1.8: a clock field of {@code size} bits holds the low bits of the clock; when they are
     * below the low bits of the value so far, the clock wrapped once.
     */
    void updateClock(long value, int size) {
        if (size >= 64) {
            clockCycles = value;
            return;
        }
        long mask = (1L << size) - 1;
        long high = clockCycles & ~mask;
        if (value < (clockCycles & mask)) {
            high += 1L << size;
        }
        clockCycles = high | value;
    }
}
