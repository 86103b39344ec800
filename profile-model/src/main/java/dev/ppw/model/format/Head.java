package dev.ppw.model.format;

import dev.ppw.model.Quote;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The first bytes of an input's content, what format probes look at ({@link InputFormat#probe}): as the
 * format's reader will see them, with every gzip layer removed and past a UTF-8 byte order mark. At least
 * {@link #PROBE_BYTES} bytes when the content has that many; when those are all whitespace, up to
 * {@link #MAX_BYTES} (counting a byte order mark), so that a probe sees the first real byte if there is one.
 *
 * <p>The input's name comes along as a weak hint only: the content decides (Chromium writes Perfetto
 * protobuf into files named {@code .json}), and a format suggested by its name alone says
 * {@link Confidence#NAME_ONLY}.
 *
 * <p>Immutable and thread-safe.
 */
public final class Head {
    /** Bytes of content a head holds at least, when the content has them. */
    public static final int PROBE_BYTES = 4096;
    /** Bytes read at most (a byte order mark included), when the first ones are all whitespace. */
    public static final int MAX_BYTES = 1 << 16;
    /**
     * Bytes of Perfetto's first packet examined for a binary byte: text never has one, a {@code TracePacket}
     * nearly always has one at once.
     */
    private static final int BINARY_SCAN = 256;

    private final String inputName;
    private final byte[] bytes;
    private final int gzipLayers;
    private final boolean byteOrderMark;
    private final boolean cut;
    private final boolean whole;

    /**
     * @param inputName     how messages name the input (its path as given); its last segment is the file name hint
     * @param bytes         the first bytes of the content (copied)
     * @param gzipLayers    how many gzip layers were removed to reach the content (0 to 3)
     * @param byteOrderMark whether a UTF-8 byte order mark was skipped before {@code bytes}
     * @param cut           whether the gzip data ended early (a cut {@code .gz}) within these bytes
     * @param whole         whether {@code bytes} is the whole content (it ended, normally or cut, within them)
     */
    public Head(String inputName, byte[] bytes, int gzipLayers, boolean byteOrderMark, boolean cut, boolean whole) {
        this.inputName = Objects.requireNonNull(inputName, "inputName");
        this.bytes = bytes.clone();
        if (gzipLayers < 0) {
            throw new IllegalArgumentException("gzipLayers must be >= 0, got " + gzipLayers);
        }
        if (cut && !whole) {
            throw new IllegalArgumentException("a content cut within the head ends there: it is whole");
        }
        this.gzipLayers = gzipLayers;
        this.byteOrderMark = byteOrderMark;
        this.cut = cut;
        this.whole = whole;
    }

    /** The head of a plain (uncompressed, unmarked) content that is all of {@code bytes}: for tests and probes. */
    public static Head of(String inputName, byte[] bytes) {
        return new Head(inputName, bytes, 0, false, false, true);
    }

    /** How messages name the input, usually its path as given. */
    public String inputName() {
        return inputName;
    }

    /** The last segment of {@link #inputName()}: a weak hint of the format, never proof of it. */
    public String fileName() {
        int slash = Math.max(inputName.lastIndexOf('/'), inputName.lastIndexOf('\\'));
        return inputName.substring(slash + 1);
    }

    /** Number of bytes held: at most {@link #MAX_BYTES}. */
    public int length() {
        return bytes.length;
    }

    /** The byte at {@code index}, from 0 to {@link #length()} - 1. */
    public byte byteAt(int index) {
        return bytes[index];
    }

    /** A copy of the bytes held. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** How many gzip layers were removed to reach the content (0 for a plain input). */
    public int gzipLayers() {
        return gzipLayers;
    }

    /** Whether a UTF-8 byte order mark preceded the content (it is not among the bytes). */
    public boolean byteOrderMark() {
        return byteOrderMark;
    }

    /** Whether the gzip data ended early within the head: the content is cut, and this is all of it. */
    public boolean cut() {
        return cut;
    }

    /** Whether the head is the whole content (it ended within the bytes read). */
    public boolean whole() {
        return whole;
    }

    /** The index of the first byte that is not JSON whitespace (space, tab, CR, LF), or -1 when none. */
    public int firstNonWhitespace() {
        for (int i = 0; i < bytes.length; i++) {
            byte c = bytes[i];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return i;
            }
        }
        return -1;
    }

    /** The bytes as ISO-8859-1 text, one char per byte: for patterns over ASCII signatures. */
    public String latin1() {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /**
     * UTF-16 or UTF-32 text: a byte order mark of either (when no UTF-8 one was skipped), or JSON's first
     * character {@code [} or <code>&#123;</code> with a zero byte beside it.
     */
    public boolean looksLikeUtf16Or32() {
        if (byteOrderMark) {
            return false;
        }
        byte[] b = bytes;
        int n = b.length;
        if (n >= 2 && ((b[0] == (byte) 0xff && b[1] == (byte) 0xfe) || (b[0] == (byte) 0xfe && b[1] == (byte) 0xff))) {
            return true;
        }
        if (n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == (byte) 0xfe && b[3] == (byte) 0xff) {
            return true;
        }
        return n >= 2 && (isJsonStart(b[0]) && b[1] == 0 || b[0] == 0 && isJsonStart(b[1]));
    }

    private static boolean isJsonStart(byte c) {
        return c == '[' || c == '{';
    }

    /**
     * A Perfetto protobuf trace: a sequence of {@code TracePacket}s, each written as protobuf field 1 (tag
     * {@code 0x0a}) with a varint length. True when the bytes start so, the first packet's fields parse as
     * protobuf as far as the bytes go, and the bytes hold a non-text control byte: text that happens to
     * start with a newline fails one of the two.
     */
    public boolean looksLikePerfettoProtobuf() {
        byte[] b = bytes;
        int n = b.length;
        if (n < 3 || b[0] != 0x0a) {
            return false;
        }
        long[] pos = {1};
        long length = varint(b, pos, n);
        if (length <= 0) {
            return false;
        }
        long end = Math.min(n, pos[0] + length);
        int fields = 0;
        while (pos[0] < end) {
            long tag = varint(b, pos, n);
            if (tag == -2) {
                return false;
            }
            if (tag == -1) {
                break; // the head ends inside the packet: what we saw was fine
            }
            if ((tag >>> 3) == 0) {
                return false;
            }
            switch ((int) (tag & 7)) {
                case 0 -> {
                    if (varint(b, pos, n) == -2) {
                        return false;
                    }
                }
                case 1 -> pos[0] += 8;
                case 2 -> {
                    long l = varint(b, pos, n);
                    if (l == -2) {
                        return false;
                    }
                    pos[0] += Math.max(0, l);
                }
                case 5 -> pos[0] += 4;
                default -> {
                    return false;
                }
            }
            fields++;
        }
        if (pos[0] > end && end < n) {
            return false; // a field overruns its packet within the bytes we hold
        }
        boolean binary = false;
        for (int i = 0; i < Math.min(n, BINARY_SCAN) && !binary; i++) {
            int c = b[i] & 0xff;
            binary = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f;
        }
        return fields > 0 && binary;
    }

    /** Reads a varint at {@code pos[0]}: its value, -1 when the bytes end first, -2 when malformed. */
    private static long varint(byte[] b, long[] pos, int n) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos[0] >= n) {
                return -1;
            }
            int c = b[(int) pos[0]++] & 0xff;
            value |= (long) (c & 0x7f) << shift;
            if (c < 0x80) {
                return value < 0 ? -2 : value;
            }
        }
        return -2;
    }

    /**
     * The first {@code maxBytes} bytes quoted on one printable line, for messages about input of unknown
     * encoding: printable ASCII as it is, {@code "} and {@code \} escaped, every other byte as {@code \xNN};
     * {@code ...} follows when there are more bytes.
     */
    public String quote(int maxBytes) {
        int n = Math.min(bytes.length, maxBytes);
        String quoted = Quote.bytes(bytes, 0, n);
        return bytes.length > n ? quoted + "..." : quoted;
    }

    @Override
    public String toString() {
        return inputName + ": " + bytes.length + " bytes" + (gzipLayers > 0 ? " after " + gzipLayers + " gzip layers" : "")
                + (byteOrderMark ? ", after a byte order mark" : "") + (cut ? ", cut" : whole ? ", whole" : "")
                + ": \"" + quote(24) + "\"";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Head h && inputName.equals(h.inputName) && Arrays.equals(bytes, h.bytes)
                && gzipLayers == h.gzipLayers && byteOrderMark == h.byteOrderMark && cut == h.cut && whole == h.whole;
    }

    @Override
    public int hashCode() {
        return Objects.hash(inputName, Arrays.hashCode(bytes), gzipLayers, byteOrderMark, cut, whole);
    }
}
