package dev.ppw.model.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Reads a file's bytes at a position into a heap array through a page-aligned buffer of the calling thread.
 *
 * <p>{@code FileChannel.read(ByteBuffer.wrap(array), position)} has the kernel copy into a temporary native
 * buffer that the JDK allocates with {@code malloc}; one of 128 KiB or more is a fresh mapping whose data
 * starts 16 bytes into a page. On AMD Zen processors the kernel's copy ({@code rep movsb}) from the page
 * cache, which is page-aligned, to a destination 1 to 31 bytes past a page boundary runs at a quarter of its
 * speed: reading a 1 GB file in 1 MiB blocks took 0.5 to 0.7 s of system time that way against 0.1 s into
 * a page-aligned buffer (docs/performance.md, "The kernel's copy"). Here the kernel copies into a
 * page-aligned direct buffer of {@value #PIECE_BYTES} bytes, which stays in the core's cache, and the JVM
 * copies that into the array.
 *
 * <p>Thread-safe: each thread has its own buffer, made on its first read and kept for the thread's life.
 */
public final class PositionalReads {
    /** Bytes the kernel copies per call: small enough to stay in a core's L2 cache. */
    static final int PIECE_BYTES = 128 << 10;
    private static final int PAGE_BYTES = 4096;
    private static final ThreadLocal<ByteBuffer> PIECE = ThreadLocal.withInitial(
            () -> ByteBuffer.allocateDirect(PIECE_BYTES + PAGE_BYTES).alignedSlice(PAGE_BYTES));

    private PositionalReads() {
    }

    /**
     * Reads {@code length} bytes of {@code channel} from byte {@code position} into
     * {@code into[offset, offset + length)}, fewer only where the file ends; the channel's own position is
     * not used or changed.
     *
     * @return the bytes read: {@code length}, or less when the file ends first (0 when it ends at
     *     {@code position})
     */
    public static int readFully(FileChannel channel, long position, byte[] into, int offset, int length)
            throws IOException {
        ByteBuffer piece = PIECE.get();
        int done = 0;
        while (done < length) {
            piece.clear().limit(Math.min(piece.capacity(), length - done));
            int n = channel.read(piece, position + done);
            if (n < 0) {
                break;
            }
            piece.flip().get(into, offset + done, n);
            done += n;
        }
        return done;
    }
}
