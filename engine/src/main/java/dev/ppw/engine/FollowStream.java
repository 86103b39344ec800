package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Head;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The content of a followed input as a blocking stream: {@code read} hands over the bytes that have come and,
 * at the input's current end, waits for more instead of ending, until it is told to stop or the input ends for
 * good. Readers that block in {@code read} thus wait for the writer, whatever state their parse is in. A stop
 * still reads the bytes that have come (a file up to its size then, a stream what is queued) before it ends.
 *
 * <p>Only whole lines are handed over, unless told otherwise ({@link #handOverAsBytesCome}): the bytes after the
 * last line end wait for theirs, unless more than {@value #HOLD_LIMIT} bytes come without a line end, which are then
 * handed over as they come. So when following stops, an event
 * its writer had not finished is not in what was read: the bytes after the last line end are left out and
 * {@link #unfinishedBytes() counted}, unless they are only white space, commas and closing brackets (a file that
 * ends in {@code ]} without a line end). A UTF-8 byte order mark at the start is skipped; gzip cannot be followed.
 *
 * <p>{@link Listener#poll} is called on the reading thread on every {@code read} and on every wait: where the
 * follow takes its snapshots, between two reads of the parser, when every event read so far is in the sink.
 * Not thread-safe: one reading thread.
 */
final class FollowStream extends InputStream {
    /** Bytes without a line end after which they are handed over anyway. */
    static final int HOLD_LIMIT = 1 << 20;
    private static final int READ_BYTES = 1 << 16;

    /** Told, on the reading thread, how long no byte has come. */
    interface Listener {
        /**
         * Called on every read and every wait at the input's end.
         *
         * @param idleNanos how long no new byte has come (0 when bytes are coming)
         * @return true to stop following
         */
        boolean poll(long idleNanos);
    }

    private final String name;
    private final Tail tail;
    private final Listener listener;
    private final long pollNanos;

    /** Bytes read from the tail: {@code [start, handable)} may be handed over, {@code [handable, end)} wait. */
    private byte[] buf = new byte[READ_BYTES * 2];
    private int start;
    private int handable;
    private int end;
    private boolean sawFirstBytes;
    /** Only whole lines are handed over (until {@link #handOverAsBytesCome}). */
    private boolean wholeLines = true;
    private boolean ended;
    private boolean stopped;
    /** A stop was asked: the bytes that have come are read, then following ends. */
    private boolean stopping;
    private long unfinishedBytes;
    private long lastGrowthNanos = System.nanoTime();
    private long handedOver;
    private BadInputException failure;

    FollowStream(String name, Tail tail, Listener listener, long pollNanos) {
        this.name = name;
        this.tail = tail;
        this.listener = listener;
        this.pollNanos = pollNanos;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (handable == start) {
            if (ended) {
                settleTail();
                if (handable == start) {
                    return -1;
                }
                break;
            }
            step();
        }
        int n = Math.min(len, handable - start);
        System.arraycopy(buf, start, b, off, n);
        start += n;
        handedOver += n;
        return n;
    }

    @Override
    public int available() {
        return handable - start;
    }

    /**
     * One step of following: a look at the listener, then the bytes that have come, or a wait for them, or the
     * end. Nothing is handed over here; the stream (or {@link #head}) takes what became handable.
     */
    void step() throws IOException {
        if (ended) {
            return;
        }
        long now = System.nanoTime();
        if (!stopping && (listener.poll(0) || Thread.currentThread().isInterrupted())) {
            // What was written before the stop is read still: the bytes at hand, up to the end they reach now.
            stopping = true;
        }
        if (buf.length - end < READ_BYTES) {
            makeRoom();
        }
        int n;
        try {
            n = tail.read(buf, end, buf.length - end);
        } catch (BadInputException e) {
            failure = e;
            finish(true);
            return;
        }
        if (n < 0) {
            finish(false);
            return;
        }
        if (n > 0) {
            end += n;
            lastGrowthNanos = now;
            if (!sawFirstBytes) {
                checkFirstBytes();
            }
            markHandable();
            return;
        }
        if (stopping) {
            finish(true);
            return;
        }
        if (listener.poll(now - lastGrowthNanos)) {
            // The stop may have been asked after the writer's last bytes came but after the read above looked:
            // one more read takes them, and only a read that finds nothing then ends following.
            stopping = true;
            return;
        }
        tail.await(pollNanos);
    }

    /** Gzip cannot be followed (its stream is not readable up to an arbitrary point); a byte order mark is skipped. */
    private void checkFirstBytes() {
        int n = end - start;
        if (n < 3 && buf[start] == (byte) 0xef) {
            return; // maybe the start of a byte order mark: look again once three bytes have come
        }
        sawFirstBytes = true;
        if (n >= 2 && buf[start] == 0x1f && buf[start + 1] == (byte) 0x8b) {
            failure = new BadInputException("cannot follow " + name + ": it is gzipped; follow the trace as it is"
                    + " written, uncompressed");
            stopped = true;
            ended = true;
            end = start;
            return;
        }
        if (n >= 3 && buf[start] == (byte) 0xef && buf[start + 1] == (byte) 0xbb && buf[start + 2] == (byte) 0xbf) {
            start += 3;
            handable = start;
        }
    }

    private void makeRoom() {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            handable -= start;
            start = 0;
        }
        if (buf.length - end < READ_BYTES) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
    }

    /**
     * From now on every byte is handed over as it comes, an unfinished last line too: for a format whose reader
     * tells an input cut inside an event from a whole one ({@code InputFormat.readsCutEvents}).
     */
    void handOverAsBytesCome() {
        wholeLines = false;
        markHandable();
    }

    /** Everything up to the last line end may be handed over; a long run without one, all of it. */
    private void markHandable() {
        if (!sawFirstBytes || ended) {
            return;
        }
        if (!wholeLines) {
            handable = end;
            return;
        }
        for (int i = end - 1; i >= handable; i--) {
            if (buf[i] == '\n') {
                handable = i + 1;
                return;
            }
        }
        if (end - handable > HOLD_LIMIT) {
            handable = end;
        }
    }

    /** Following ends; what becomes of an unfinished last line is settled when the reader comes to it. */
    private void finish(boolean stop) {
        stopped = stop;
        ended = true;
        if (failure != null) {
            end = handable;
        }
    }

    /**
     * The bytes after the last line end, once following has ended: handed over when the reader takes a cut event
     * for what it is ({@link #handOverAsBytesCome}) or when they cannot be an unfinished event (white space,
     * commas, closing brackets), else left out and counted.
     */
    private void settleTail() {
        if (!wholeLines || handable == end) {
            handable = end;
            return;
        }
        for (int i = handable; i < end; i++) {
            byte c = buf[i];
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != ',' && c != ']' && c != '}') {
                unfinishedBytes = end - handable;
                end = handable;
                return;
            }
        }
        handable = end;
    }

    /**
     * The first bytes for detection: the whole lines that have come (up to {@link Head#PROBE_BYTES}, or that many
     * bytes when a line is longer, or every byte once following has ended), past a byte order mark; nothing is
     * taken from the stream.
     */
    Head head() {
        int to = Math.min(handable, start + Head.PROBE_BYTES);
        if (to - start < Head.PROBE_BYTES && (end - start >= Head.PROBE_BYTES || ended) && sawFirstBytes) {
            to = Math.min(end, start + Head.PROBE_BYTES);
        }
        boolean whole = ended && to == end;
        return new Head(name, Arrays.copyOfRange(buf, start, to), 0, false, false, whole);
    }

    /** True when {@link #head} has as many bytes as detection looks at, or the input will give no more. */
    boolean headComplete() {
        return ended || end - start >= Head.PROBE_BYTES;
    }

    /** Whether following has ended (stopped, the input's end, a failure): nothing more will come. */
    boolean ended() {
        return ended;
    }

    /** Whether it ended by a stop (asked, idle, a failure) rather than at the input's own end. */
    boolean stopped() {
        return stopped;
    }

    /** The bytes of an unfinished last line left out when following ended; 0 when none. */
    long unfinishedBytes() {
        return unfinishedBytes;
    }

    /** The bytes handed over so far (past a byte order mark). */
    long handedOver() {
        return handedOver;
    }

    /** What made following impossible (the file cut or replaced, gzip), or null. */
    BadInputException failure() {
        return failure;
    }

    @Override
    public void close() throws IOException {
        tail.close();
    }
}
