package dev.ppw.collect.chrome;

import dev.ppw.collect.Quote;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes bytes through and keeps the last 64 KiB of them, so that an error found by the JSON parser can
 * quote the input at the byte offset it reports, without the parser (or we) holding the file.
 */
final class RecentBytesInputStream extends FilterInputStream {
    private static final int SIZE = 1 << 16;
    private static final int MASK = SIZE - 1;
    /** Bytes quoted on each side of an error offset, at most. */
    private static final int QUOTE_REACH = 24;

    private final byte[] ring = new byte[SIZE];
    private long total;

    RecentBytesInputStream(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            ring[(int) (total & MASK)] = (byte) b;
            total++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            record(b, off, n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Read instead of skipping, so that the window stays complete.
        byte[] scratch = new byte[(int) Math.min(n, 8192)];
        long skipped = 0;
        while (skipped < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void record(byte[] b, int off, int n) {
        if (n >= SIZE) {
            off += n - SIZE;
            total += n - SIZE;
            n = SIZE;
        }
        int pos = (int) (total & MASK);
        int first = Math.min(n, SIZE - pos);
        System.arraycopy(b, off, ring, pos, first);
        System.arraycopy(b, off + first, ring, 0, n - first);
        total += n;
    }

    /**
     * A one-line quote of the input around byte {@code offset} (the text of its line within a few dozen
     * bytes either side), or "" when those bytes are no longer (or not yet) held.
     */
    String quoteAround(long offset) {
        long oldest = Math.max(0, total - SIZE);
        if (offset < oldest || offset > total || total == 0) {
            return "";
        }
        long from = Math.max(oldest, offset - QUOTE_REACH);
        long to = Math.min(total, offset + QUOTE_REACH);
        for (long i = offset - 1; i >= from; i--) {
            if (at(i) == '\n' || at(i) == '\r') {
                from = i + 1;
                break;
            }
        }
        for (long i = offset; i < to; i++) {
            if (at(i) == '\n' || at(i) == '\r') {
                to = i;
                break;
            }
        }
        // Do not start or end inside a UTF-8 sequence.
        while (from < to && (at(from) & 0xc0) == 0x80 && from < offset) {
            from++;
        }
        for (long i = to - 1; i >= Math.max(from, to - 3); i--) {
            int b = at(i) & 0xff;
            if (b >= 0xc0) {
                int len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
                if (i + len > to) {
                    to = i;
                }
                break;
            }
            if (b < 0x80) {
                break;
            }
        }
        byte[] out = new byte[(int) (to - from)];
        for (int k = 0; k < out.length; k++) {
            out[k] = at(from + k);
        }
        return Quote.utf8(out, 0, out.length).strip();
    }

    private byte at(long i) {
        return ring[(int) (i & MASK)];
    }
}
