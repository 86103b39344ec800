package dev.ppw.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;

/**
 * A stream (standard input, a pipe) read on a daemon thread of its own into a bounded queue, so that whoever
 * follows it never blocks in the stream's {@code read} and notices a stop while no byte comes. The thread ends at
 * the stream's end or failure; after a stop it stays blocked in {@code read} until a byte or the end comes (the
 * queue then takes nothing more). Thread-safe between its one reader and its thread.
 */
final class PipeTail implements Tail {
    /** The queue holds at most this many bytes: a reader that falls behind holds the stream's writer back. */
    private static final int QUEUE_BYTES = 4 << 20;
    private static final int CHUNK_BYTES = 1 << 16;

    private final InputStream in;
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private int queued;
    /** Read position in the first chunk. */
    private int first;
    private boolean ended;
    private boolean closed;
    private IOException failure;

    PipeTail(String name, InputStream in) {
        this.in = in;
        Thread pump = new Thread(this::pump, "ppw-follow " + name);
        pump.setDaemon(true);
        pump.start();
    }

    private void pump() {
        byte[] buf = new byte[CHUNK_BYTES];
        try {
            while (true) {
                int n = in.read(buf);
                synchronized (this) {
                    if (n < 0 || closed) {
                        ended = true;
                        notifyAll();
                        return;
                    }
                    if (n == 0) {
                        continue;
                    }
                    while (queued >= QUEUE_BYTES && !closed) {
                        wait();
                    }
                    chunks.add(java.util.Arrays.copyOf(buf, n));
                    queued += n;
                    notifyAll();
                }
            }
        } catch (IOException e) {
            synchronized (this) {
                failure = e;
                ended = true;
                notifyAll();
            }
        } catch (InterruptedException e) {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
        }
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        byte[] chunk = chunks.peek();
        if (chunk == null) {
            if (failure != null) {
                throw failure;
            }
            return ended ? -1 : 0;
        }
        int n = Math.min(len, chunk.length - first);
        System.arraycopy(chunk, first, b, off, n);
        first += n;
        queued -= n;
        if (first == chunk.length) {
            chunks.poll();
            first = 0;
        }
        notifyAll();
        return n;
    }

    @Override
    public synchronized void await(long nanos) {
        if (!chunks.isEmpty() || ended) {
            return;
        }
        try {
            wait(Math.max(1, nanos / 1_000_000), 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        chunks.clear();
        queued = 0;
        notifyAll();
    }
}
