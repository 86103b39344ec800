package dev.ppw.model.format;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * An input's plain content (no compression, no byte order mark) read at offsets, so that a format may parse it in
 * blocks on several threads: a regular file, or anything that opens its bytes at an offset (an object in a store,
 * a file of a distributed file system, a split handed to a cluster task). {@link InputSource#openRanges()} gives
 * one; the caller closes it.
 *
 * <p>Thread-safe: blocks may be read from several threads at once.
 */
public interface ByteRanges extends Closeable {
    /** The content's length in bytes. */
    long size() throws IOException;

    /**
     * Reads {@code length} bytes from byte {@code position} into {@code into[offset, offset + length)}, fewer only
     * where the content ends.
     *
     * @return the bytes read: {@code length}, or less when the content ends first (0 at or past its end)
     */
    int readFully(long position, byte[] into, int offset, int length) throws IOException;

    /** The content from byte {@code position} to its end, as one stream; the caller closes it. */
    default InputStream openAt(long position) throws IOException {
        return new RangeStream(this, position);
    }

    /** Releases what the ranges hold (a file channel); a no-op by default. */
    @Override
    default void close() throws IOException {
    }

    /** A stream over {@link #readFully}, in blocks of 64 KiB. */
    final class RangeStream extends InputStream {
        private final ByteRanges ranges;
        private final byte[] block = new byte[64 << 10];
        private long next;
        private int at;
        private int end;

        RangeStream(ByteRanges ranges, long position) {
            this.ranges = ranges;
            this.next = position;
        }

        private boolean fill() throws IOException {
            if (at < end) {
                return true;
            }
            end = ranges.readFully(next, block, 0, block.length);
            at = 0;
            next += end;
            return end > 0;
        }

        @Override
        public int read() throws IOException {
            return fill() ? block[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (!fill()) {
                return -1;
            }
            int n = Math.min(len, end - at);
            System.arraycopy(block, at, b, off, n);
            at += n;
            return n;
        }
    }
}
