package dev.ppw.spark;

import org.apache.hadoop.fs.FSDataInputStream;

import java.io.IOException;
import java.io.InputStream;

/**
 * A Hadoop file's bytes from an offset to its end, read by positioned reads ({@code PositionedReadable}): each read
 * names its offset, so that the engine's readers may keep several of these open on one file, one per block they parse
 * in parallel, without seeking a shared stream.
 */
final class PositionedStream extends InputStream {
    private final FSDataInputStream in;
    private final long size;
    private long position;

    /** The bytes of {@code in}, a file of {@code size} bytes, from {@code offset}. */
    PositionedStream(FSDataInputStream in, long size, long offset) {
        this.in = in;
        this.size = size;
        this.position = offset;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) == 1 ? one[0] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int n = in.read(position, b, off, len);
        if (n > 0) {
            position += n;
        }
        return n;
    }

    @Override
    public long skip(long n) {
        long skipped = Math.max(0, Math.min(n, size - position));
        position += skipped;
        return skipped;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
