package dev.ppw.collect.chrome;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Passes bytes through, except a run of zero bytes that lasts to the end of the input: that run is held
 * back, the input seems to end where it starts, and {@link #zeroTailBytes()} tells its length.
 *
 * <p>A file whose writer was killed (or whose node crashed) before its data reached the disk often ends in
 * zero bytes: the file system had already recorded the new size. The reader then keeps every complete event
 * before the zeros, with one {@code truncated} warning, instead of failing on the first zero byte. A run of
 * zeros followed by other bytes is passed on unchanged (the JSON parser then rejects it); it is counted, not
 * stored, so memory stays constant whatever its length.
 */
final class ZeroTailInputStream extends InputStream {
    private static final int SIZE = 1 << 16;

    private final InputStream in;

    private final byte[] buf = new byte[SIZE];
    private final byte[] one = new byte[1];
    private int pos;
    private int limit;
    /** Zeros read at the end of the last refill; passed on only if other bytes follow them. */
    private long zerosHeld;
    /** Zeros known to be followed by other bytes, still to pass on before {@code buf[pos, limit)}. */
    private long zerosToPass;
    private boolean ended;

    ZeroTailInputStream(InputStream in) {
        this.in = in;
    }

    @Override
    public int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (zerosToPass > 0) {
                int n = (int) Math.min(len, zerosToPass);
                Arrays.fill(b, off, off + n, (byte) 0);
                zerosToPass -= n;
                return n;
            }
            if (pos < limit) {
                int n = Math.min(len, limit - pos);
                System.arraycopy(buf, pos, b, off, n);
                pos += n;
                return n;
            }
            int r = in.read(buf, 0, SIZE);
            if (r < 0) {
                ended = true;
                return -1;
            }
            int end = r;
            while (end > 0 && buf[end - 1] == 0) {
                end--;
            }
            if (end > 0) {
                zerosToPass = zerosHeld;
                zerosHeld = r - end;
                pos = 0;
                limit = end;
            } else {
                zerosHeld += r;
            }
        }
    }

    /** Once the end was met: the length of the run of zero bytes held back before it (0 for none). */
    long zeroTailBytes() {
        return ended ? zerosHeld : 0;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
