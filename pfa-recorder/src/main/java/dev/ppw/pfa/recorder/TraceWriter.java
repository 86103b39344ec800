package dev.ppw.pfa.recorder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The one thread of trace mode that writes the file: every {@value #PERIOD_MILLIS} ms (sooner when a lane's
 * ring is full) it formats what each lane published as PerfFlowAspect's lines and appends them, so that a
 * {@code kill -9} loses at most the last period's events. At exit ({@link #finish}) it drains what is left
 * and terminates the JSON, which PerfFlowAspect never does.
 *
 * <p>Lines are those of PerfFlowAspect's Python ({@code json.dumps} of a dict, keys in its insertion order,
 * {@code ", "} and {@code ": "} separators), each followed by {@code ","} and a newline, after the header
 * PerfFlowAspect writes before its first event: {@code [} for the array form, the object form's six lines
 * otherwise (events then indented by four spaces). The file is opened for appending when the first event
 * comes, as PerfFlowAspect's logging handler does. {@code ts} is microseconds since the epoch: the wall clock
 * read once, advanced by {@code System.nanoTime}, written exactly to the nanosecond ({@code 1795322503661461.5}).
 */
final class TraceWriter implements Runnable {
    static final long PERIOD_MILLIS = 50;
    private static final long MAX_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);
    private static final long MIN_PERIOD_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    private static final int FLUSH_BYTES = 1 << 20;
    private static final int RELEASE_SLOTS = 512;
    /** What the rings of all threads together may grow by beyond their first size (TraceMode), in bytes. */
    static final long RING_BUDGET_BYTES = 32L << 20;
    private static final int CACHE = 1024;
    private static final byte[] ARRAY_HEADER = "[\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OBJECT_HEADER = ("{\n  \"displayTimeUnit\": \"us\",\n  \"otherData\": {\n\n  },\n"
            + "  \"traceEvents\": [\n").getBytes(StandardCharsets.US_ASCII);

    private static final byte[] TS = ascii(", \"ts\": ");
    private static final byte[] BEGIN_END = ascii(", \"ph\": \"B\"},\n");
    private static final byte[] END_END = ascii(", \"ph\": \"E\"},\n");

    private final PerfFlowRecorder recorder;
    private final Path file;
    private final boolean array;
    private final Consumer<String> err;
    private final long epochNanosAtAnchor;
    private final long nanoTimeAtAnchor;
    private final JsonText text = new JsonText();
    private final String pidText;
    private final ReentrantLock draining = new ReentrantLock();
    private final Object[] cachedNames = new Object[CACHE];
    private final Object[] cachedCats = new Object[CACHE];
    private final byte[][] cachedPrefixes = new byte[CACHE][];
    private final JsonText scratch = new JsonText();
    private final AtomicLong ringBudget = new AtomicLong(RING_BUDGET_BYTES);
    private volatile boolean stopped;
    private volatile Thread thread;
    private FileChannel channel;
    private long writtenEnd = -1;
    private boolean failed;
    private long linesWritten;

    TraceWriter(PerfFlowRecorder recorder, Path file, boolean array, long pid, Consumer<String> err) {
        this.recorder = recorder;
        this.file = file;
        this.array = array;
        this.err = err;
        this.pidText = Long.toString(pid);
        Instant now = Instant.now();
        this.nanoTimeAtAnchor = System.nanoTime();
        this.epochNanosAtAnchor = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    Path file() {
        return file;
    }

    /** Takes {@code bytes} from the budget for growing rings; false (nothing taken) when it has not that much left. */
    boolean takeRingBytes(long bytes) {
        long left = ringBudget.get();
        while (left >= bytes) {
            if (ringBudget.compareAndSet(left, left - bytes)) {
                return true;
            }
            left = ringBudget.get();
        }
        return false;
    }

    boolean stopped() {
        return stopped;
    }

    /** Starts the thread when the first lane is bound. */
    void laneBound() {
        if (thread == null) {
            synchronized (this) {
                if (thread == null && !stopped) {
                    Thread t = new Thread(this, "perfflow-writer");
                    t.setDaemon(true);
                    thread = t;
                    t.start();
                }
            }
        }
    }

    void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Drains, then sleeps for a period that follows the fullest ring: halved while a drain finds a ring more than
     * an eighth full, doubled back up to {@value #PERIOD_MILLIS} ms while it finds less than a thirty-second. So
     * under load the writer comes by itself before a ring fills, and the recording threads seldom have to wake
     * it: a wake is a system call on their hot path when the writer sleeps.
     */
    @Override
    public void run() {
        long period = MAX_PERIOD_NANOS;
        while (!stopped) {
            double fullest = drainAll();
            if (fullest > 1.0 / 8) {
                period = Math.max(MIN_PERIOD_NANOS, period / 2);
            } else if (fullest < 1.0 / 32) {
                period = Math.min(MAX_PERIOD_NANOS, period * 2);
            }
            LockSupport.parkNanos(period);
        }
    }

    /** At exit: stops the thread, writes what is left and terminates the file. Returns the lines written. */
    long finish() {
        stopped = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        drainAll();
        draining.lock();
        try {
            terminate();
        } finally {
            draining.unlock();
        }
        return linesWritten;
    }

    /** Writes every lane's published records; one caller at a time. Returns the fullest ring's fill, 0 to 1. */
    double drainAll() {
        double fullest = 0;
        draining.lock();
        try {
            for (Lane lane : recorder.lanes()) {
                fullest = Math.max(fullest, drain(lane.traceLane()));
                if (text.size >= FLUSH_BYTES) {
                    flush();
                }
            }
            flush();
        } catch (RuntimeException | Error e) {
            fail("internal error in the trace writer: " + e);
        } finally {
            draining.unlock();
        }
        return fullest;
    }

    /** Formats what {@code lane} published; returns how full its ring was, 0 to 1. */
    private double drain(TraceLane lane) {
        long end = lane.published();
        long seq = lane.drained;
        long[] longs = lane.longs;
        Object[] refs = lane.refs;
        int mask = lane.mask;
        double fill = (double) (end - seq) / longs.length;
        long released = seq;
        while (seq < end) {
            if (seq - released >= RELEASE_SLOTS) {
                // room back to a thread that may be waiting for it, before the whole ring is formatted
                lane.consumedUpTo(seq);
                released = seq;
            }
            int i = (int) seq & mask;
            int head = (int) longs[i];
            String name = (String) refs[i];
            int j = (int) (seq + 1) & mask;
            long ts = longs[j];
            String cat = (String) refs[j];
            switch (head & 0xff) {
                case TraceLane.BIND -> {
                    lane.writerTid = ts;
                    seq += 2;
                }
                case TraceLane.BEGIN, TraceLane.END -> {
                    prefix(name, cat, lane.writerTid, ts);
                    text.raw((head & 0xff) == TraceLane.BEGIN ? BEGIN_END : END_END);
                    linesWritten++;
                    seq += 2;
                }
                case TraceLane.COMPLETE -> {
                    prefix(name, cat, lane.writerTid, ts);
                    text.ascii(", \"ph\": \"X\", \"dur\": ").micros(longs[(int) (seq + 2) & mask]).ascii("}");
                    lineEnd();
                    seq += 3;
                }
                case TraceLane.COUNTERS -> {
                    long endTs = longs[(int) (seq + 2) & mask];
                    double cpu = Double.longBitsToDouble(longs[(int) (seq + 3) & mask]);
                    double mem = Double.longBitsToDouble(longs[(int) (seq + 4) & mask]);
                    prefix(name, cat, lane.writerTid, ts);
                    text.ascii(", \"ph\": \"C\", \"args\": {\"cpu_usage\": ").pyFloat(cpu)
                            .ascii(", \"memory_usage\": ").pyFloat(mem).ascii("}}");
                    lineEnd();
                    prefix(name, cat, lane.writerTid, endTs);
                    text.ascii(", \"ph\": \"C\", \"args\": {\"cpu_usage\": 0, \"memory_usage\": 0}}");
                    lineEnd();
                    seq += 5;
                }
                case TraceLane.ASYNC -> {
                    int k = (int) (seq + 2) & mask;
                    asyncLine(head, name, cat, lane.writerTid, ts, longs[k], (String) refs[k]);
                    seq += 3;
                }
                default -> throw new IllegalStateException("record kind " + head);
            }
        }
        lane.drained = seq;
        lane.consumedUpTo(seq);
        return fill;
    }

    private void asyncLine(int head, String name, String cat, long tid, long ts, long id, String scope) {
        String ph = (head & TraceLane.ASYNC_END) != 0 ? "\"e\"" : "\"b\"";
        prefix(name, cat, tid, ts);
        if ((head & TraceLane.EVENT_ORDER) != 0) {
            text.ascii(", \"ph\": ").ascii(ph).ascii(", \"id\": ").number(id);
            if (scope != null && !scope.isEmpty()) {
                text.ascii(", \"scope\": ").string(scope);
            }
            text.ascii("}");
        } else {
            text.ascii(", \"scope\": ").string(scope).ascii(", \"id\": ").number(id).ascii(", \"ph\": ").ascii(ph)
                    .ascii("}");
        }
        lineEnd();
    }

    /** {@code {"name": N, "cat": C, "pid": P, "tid": T, "ts": TS}, without the closing brace. */
    private void prefix(String name, String cat, long tid, long nanoTime) {
        int slot = (System.identityHashCode(name) * 31 + System.identityHashCode(cat)) & (CACHE - 1);
        byte[] cached = cachedPrefixes[slot];
        if (cached == null || cachedNames[slot] != name || cachedCats[slot] != cat) {
            scratch.clear();
            if (!array) {
                scratch.ascii("    ");
            }
            scratch.ascii("{\"name\": ").string(name).ascii(", \"cat\": ").string(cat).ascii(", \"pid\": ")
                    .ascii(pidText).ascii(", \"tid\": ");
            cached = java.util.Arrays.copyOf(scratch.bytes, scratch.size);
            cachedPrefixes[slot] = cached;
            cachedNames[slot] = name;
            cachedCats[slot] = cat;
        }
        text.raw(cached).number(tid).raw(TS).micros(epochNanos(nanoTime));
    }

    private void lineEnd() {
        text.ascii(",\n");
        linesWritten++;
    }

    long epochNanos(long nanoTime) {
        return epochNanosAtAnchor + (nanoTime - nanoTimeAtAnchor);
    }

    private void flush() {
        if (text.size == 0) {
            return;
        }
        if (failed) {
            text.clear();
            return;
        }
        try {
            if (channel == null) {
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.APPEND);
                write(ByteBuffer.wrap(array ? ARRAY_HEADER : OBJECT_HEADER));
            }
            write(ByteBuffer.wrap(text.bytes, 0, text.size));
            writtenEnd = channel.size();
        } catch (IOException e) {
            fail("cannot write " + file + ": " + e.getMessage());
        } finally {
            text.clear();
        }
    }

    private void write(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            channel.write(b);
        }
    }

    /**
     * Ends the JSON: the last line's comma becomes the closing bracket ({@code ]}, or {@code ]} and {@code }} of
     * the object form). Left as PerfFlowAspect leaves it (readable, unterminated) when another process has
     * appended to the same file since.
     */
    private void terminate() {
        if (channel == null) {
            return;
        }
        try {
            // Every write ends with an event line's ",\n": when nobody appended since, that is the file's end.
            if (!failed && linesWritten > 0 && writtenEnd >= 2 && channel.size() == writtenEnd) {
                channel.truncate(writtenEnd - 2);
                write(ByteBuffer.wrap((array ? "\n]\n" : "\n  ]\n}\n").getBytes(StandardCharsets.US_ASCII)));
            }
            channel.close();
        } catch (IOException e) {
            fail("cannot end " + file + ": " + e.getMessage());
        }
    }

    private void fail(String why) {
        if (!failed) {
            failed = true;
            err.accept("perfflow: " + why + "; tracing is off");
        }
    }
}
