package dev.ppw.collect.jfr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A cursor over one chunk's bytes that never reads past a limit: the end of the record being decoded. Every
 * read checks it, so a length or count that a damaged file makes up ends as a {@link Damage} at the byte where
 * the record stops fitting, never as a read of another record's bytes or an allocation the bytes cannot
 * justify: a count is first checked against the bytes left ({@link #count}).
 *
 * <p>Integers are LEB128 varints when the chunk header says so (every JDK since 11 and async-profiler), else
 * big-endian of their width; a varlong's ninth byte carries eight bits. Positions are offsets in the chunk;
 * {@link Damage#fileOffset} adds the chunk's place in the file.
 */
final class JfrBytes {
    /** A place in a chunk where its bytes stop making sense, and why. */
    static final class Damage extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final long fileOffset;

        Damage(long fileOffset, String what) {
            super(what, null, false, false);
            this.fileOffset = fileOffset;
        }
    }

    /** Bytes read from the file at a time, unless a record needs more: big enough that a chunk of the JDK's is one. */
    static final int WINDOW_BYTES = 16 << 20;

    private final FileChannel channel;
    private final long chunkOffset;
    private final int chunkSize;
    private final boolean compressed;
    /** The bytes of the chunk from {@link #base}, {@link #filled} of them. */
    private byte[] window = new byte[0];
    private int base;
    private int filled;
    int pos;
    int limit;

    /**
     * The chunk of {@code chunkSize} bytes (at least its 68-byte header) at {@code chunkOffset} in
     * {@code channel}. Reads the header at once; its flags say whether integers are varints.
     */
    JfrBytes(FileChannel channel, long chunkOffset, int chunkSize) {
        this(channel, chunkOffset, chunkSize, null);
    }

    /**
     * As {@link #JfrBytes(FileChannel, long, int)}, reading into the window of {@code previous} (when not null), a
     * chunk done with: one array for all the chunks of a recording, not one per chunk.
     */
    JfrBytes(FileChannel channel, long chunkOffset, int chunkSize, JfrBytes previous) {
        if (previous != null) {
            this.window = previous.window;
        }
        this.channel = channel;
        this.chunkOffset = chunkOffset;
        this.chunkSize = chunkSize;
        this.limit = chunkSize;
        window(0, Math.min(chunkSize, JfrChunks.HEADER_BYTES));
        this.compressed = (headerByte(JfrChunks.HEADER_BYTES - 1) & 1) != 0;
    }

    /**
     * Makes bytes {@code from .. from + length} of the chunk readable, reading a window of the file that starts at
     * {@code from} when they are not: memory holds {@link #WINDOW_BYTES} or one record, never the whole file.
     */
    void window(int from, int length) {
        if (from >= base && from + length <= base + filled) {
            return;
        }
        int n = Math.min(chunkSize - from, Math.max(length, WINDOW_BYTES));
        if (window.length < n) {
            window = new byte[Math.max(n, Math.min(chunkSize, WINDOW_BYTES))];
        }
        ByteBuffer target = ByteBuffer.wrap(window, 0, n);
        try {
            while (target.hasRemaining()) {
                if (channel.read(target, chunkOffset + from + target.position()) < 0) {
                    throw damage(from + target.position(), "the file ends before its chunk does: it shrank while"
                            + " being read");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        base = from;
        filled = n;
    }

    /** The chunk's header field of eight bytes at {@code at} (big-endian, in the first window). */
    long headerLong(int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (window[at - base + i] & 0xff);
        }
        return v;
    }

    int headerByte(int at) {
        return window[at - base] & 0xff;
    }

    int chunkSize() {
        return chunkSize;
    }

    long fileOffset(int chunkPos) {
        return chunkOffset + chunkPos;
    }

    Damage damage(int at, String what) {
        return new Damage(chunkOffset + at, what);
    }

    private Damage pastEnd() {
        return damage(pos, "a value runs past the end of its record (at byte " + (chunkOffset + limit) + ")");
    }

    /** True when the chunk's bytes from {@code from} (in the window) are {@code bytes}. */
    boolean sameBytes(int from, byte[] bytes) {
        return Arrays.equals(window, from - base, from - base + bytes.length, bytes, 0, bytes.length);
    }

    byte[] copy(int from, int length) {
        return Arrays.copyOfRange(window, from - base, from - base + length);
    }

    /** True when the chunk writes its integers as varints (its header's flag). */
    boolean compressed() {
        return compressed;
    }

    int remaining() {
        return limit - pos;
    }

    int u1() {
        if (pos >= limit) {
            throw pastEnd();
        }
        return window[pos++ - base] & 0xff;
    }

    void skip(long n) {
        if (n < 0 || n > limit - pos) {
            throw pastEnd();
        }
        pos += (int) n;
    }

    long varlong() {
        if (compressed && limit - pos >= 9) {
            // The varlong ends before the limit whatever its bytes (it takes at most 9): no check per byte. Most
            // are one or two bytes (constant pool keys, line numbers), and a pool's frames are most of a chunk of
            // async-profiler's. Here rather than in a method of its own: the reader runs on C1, which would not
            // inline it.
            byte[] w = window;
            int i = pos - base;
            long b = w[i++];
            if (b >= 0) {
                pos++;
                return b;
            }
            long result = b & 0x7f;
            for (int shift = 7; shift < 56; shift += 7) {
                b = w[i++];
                result |= (b & 0x7fL) << shift;
                if (b >= 0) {
                    pos = i + base;
                    return result;
                }
            }
            pos = i + 1 + base;
            return result | (w[i] & 0xffL) << 56;
        }
        if (!compressed) {
            if (limit - pos < 8) {
                throw pastEnd();
            }
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = v << 8 | (window[pos++ - base] & 0xff);
            }
            return v;
        }
        long result = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            if (pos >= limit) {
                throw pastEnd();
            }
            byte b = window[pos++ - base];
            result |= (b & 0x7fL) << shift;
            if (b >= 0) {
                return result;
            }
        }
        if (pos >= limit) {
            throw pastEnd();
        }
        return result | (window[pos++ - base] & 0xffL) << 56;
    }

    /** An {@code int} field (or a {@code short}, {@code char}: {@code width} 2) as written. */
    long integer(int width) {
        if (compressed) {
            return varlong();
        }
        if (limit - pos < width) {
            throw pastEnd();
        }
        long v = 0;
        for (int i = 0; i < width; i++) {
            v = v << 8 | (window[pos++ - base] & 0xff);
        }
        // Sign-extends a short or an int as Java reads it.
        return width == 8 ? v : v << (64 - 8 * width) >> (64 - 8 * width);
    }

    /** An {@code int}: a record's size, a count. */
    long int32() {
        return integer(4);
    }

    /**
     * A count of things that follow, each taking at least one byte: refused when the bytes left in the record
     * cannot hold them, so that no array is ever sized by a number the file made up.
     */
    int count(String what) {
        int at = pos;
        long n = int32();
        if (n < 0 || n > limit - pos) {
            throw damage(at, what + " count " + n + " is more than the " + (limit - pos) + " bytes left in its record"
                    + " can hold");
        }
        return (int) n;
    }

    /** Skips a string in any of JFR's encodings. */
    void skipString() {
        int at = pos;
        int encoding = u1();
        switch (encoding) {
            case 0, 1 -> {
            }
            case 2 -> varlong();
            case 3, 5 -> skip(count("string byte"));
            case 4 -> {
                int n = count("string char");
                for (int i = 0; i < n; i++) {
                    integer(2);
                }
            }
            default -> throw damage(at, "unknown string encoding " + encoding);
        }
    }

    /**
     * A string: null for encoding 0, the pool's entry for a reference (2), which {@code pool} looks up (null when
     * absent), else the text.
     */
    String string(StringPool pool) {
        int at = pos;
        int encoding = u1();
        switch (encoding) {
            case 0 -> {
                return null;
            }
            case 1 -> {
                return "";
            }
            case 2 -> {
                return pool == null ? null : pool.string(varlong());
            }
            case 3, 5 -> {
                int n = count("string byte");
                String text = new String(window, pos - base, n,
                        encoding == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
                pos += n;
                return text;
            }
            case 4 -> {
                int n = count("string char");
                char[] chars = new char[n];
                for (int i = 0; i < n; i++) {
                    chars[i] = (char) integer(2);
                }
                return new String(chars);
            }
            default -> throw damage(at, "unknown string encoding " + encoding);
        }
    }

    /**
     * A string as {@link #string} reads it, UTF-8 text taken from {@code symbols} (one object per distinct text
     * of the recording).
     */
    String symbol(StringPool pool, JfrSymbols symbols) {
        if (pos < limit && window[pos - base] == 3) {
            pos++;
            int n = count("string byte");
            String s = symbols.of(window, pos - base, n, fileOffset(pos));
            pos += n;
            return s;
        }
        return string(pool);
    }

    /** Strings interned by a constant pool, as a string field's reference (encoding 2) finds them. */
    interface StringPool {
        String string(long key);
    }
}
