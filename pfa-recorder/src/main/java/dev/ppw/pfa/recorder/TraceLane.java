package dev.ppw.pfa.recorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A lane of trace mode: its thread's events as records in a single-producer, single-consumer ring that the
 * {@link TraceWriter} drains. A record is a few slots, each a {@code long} and a reference: the first slot's
 * long is the kind, its reference the name; the second's the {@code System.nanoTime} of the event and the
 * category; kinds with more fields take more slots. The owner publishes each record with one release store;
 * the writer gives slots back the same way. When the ring is full the owner waits for the writer (every
 * event is written), unless the writer has stopped at exit, when the event is dropped and counted.
 */
public final class TraceLane extends Lane {
    static final int BIND = 1;
    static final int BEGIN = 2;
    static final int END = 3;
    static final int COMPLETE = 4;
    static final int COUNTERS = 5;
    static final int ASYNC = 6;
    /** Flag of an {@link #ASYNC} record: an {@code e}, not a {@code b}. */
    static final int ASYNC_END = 1 << 8;
    /** Flag of an {@link #ASYNC} record: keys in {@code async_event}'s order ({@code ph}, {@code id}, {@code scope}). */
    static final int EVENT_ORDER = 1 << 9;

    /** Bytes of a slot: a long and a (compressed) reference. */
    static final int SLOT_BYTES = 12;

    private static final VarHandle PUBLISHED;
    private static final VarHandle CONSUMED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PUBLISHED = lookup.findVarHandle(TraceLane.class, "published", long.class);
            CONSUMED = lookup.findVarHandle(TraceLane.class, "consumed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The ring: replaced by one twice as large only when it is empty (every record consumed), so that the writer,
     * which reads these fields after acquiring {@link #published()}, never reads a record from the wrong one.
     */
    long[] longs;
    Object[] refs;
    int mask;
    private final TraceWriter writer;
    private final boolean compact;
    private final boolean cpuMem;
    private final int maxSlots;
    private int halfSlots;
    private long head;
    private long consumedSeen;
    private long nudgedAt;
    @SuppressWarnings("unused") // through PUBLISHED
    private long published;
    @SuppressWarnings("unused") // through CONSUMED
    private long consumed;
    /** The writer's own: the tid of the records it is formatting. */
    long writerTid;
    /** The writer's own: how far it has read. */
    long drained;

    TraceLane(PerfFlowRecorder recorder, boolean virtual, TraceWriter writer, int slots, int maxSlots,
              boolean compact, boolean cpuMem) {
        super(recorder, virtual);
        this.longs = new long[slots];
        this.refs = new Object[slots];
        this.mask = slots - 1;
        this.halfSlots = slots / 2;
        this.maxSlots = maxSlots;
        this.writer = writer;
        this.compact = compact;
        this.cpuMem = cpuMem;
    }

    @Override
    TraceLane traceLane() {
        return this;
    }

    long published() {
        return (long) PUBLISHED.getAcquire(this);
    }

    void consumedUpTo(long seq) {
        CONSUMED.setRelease(this, seq);
    }

    /**
     * Room for {@code n} slots; false when the event must be dropped (the writer stopped at exit). A full ring
     * doubles, while the writer's budget for rings lasts, once the writer has emptied it: a thread that records
     * faster than the writer's period (or than the writer gets a core on a busy machine) then seldom waits.
     */
    private boolean reserve(int n) {
        return head + n - consumedSeen <= longs.length || waitForRoom(n);
    }

    /** Out of {@link #reserve}, so that the hot path the JIT inlines into each caller stays small. */
    private boolean waitForRoom(int n) {
        int size = longs.length;
        boolean grow = size < maxSlots && writer.takeRingBytes((long) size * SLOT_BYTES);
        for (int tries = 0; ; tries++) {
            consumedSeen = (long) CONSUMED.getAcquire(this);
            if (grow && consumedSeen == head) {
                longs = new long[size * 2];
                refs = new Object[size * 2];
                mask = size * 2 - 1;
                halfSlots = size;
                return true;
            }
            if (!grow && head + n - consumedSeen <= size) {
                return true;
            }
            if (writer.stopped()) {
                recorder.countDropped();
                return false;
            }
            // one wake, then a few yields (the writer frees a quarter of a ring in tens of microseconds), then
            // short sleeps: a long one would idle this thread well after the writer made room
            if (tries == 0) {
                writer.wake();
            }
            if (tries < 16) {
                Thread.yield();
            } else {
                writer.wake();
                LockSupport.parkNanos(50_000);
            }
        }
    }

    private void publish() {
        PUBLISHED.setRelease(this, head);
        if (head - consumedSeen > halfSlots) {
            nudge();
        }
    }

    /**
     * Past half full, the writer is woken (once per quarter of the ring), so that under load it drains as the ring
     * fills instead of every period, and a thread seldom waits; the test reads a possibly old count of what the
     * writer took, so it errs towards waking.
     */
    private void nudge() {
        consumedSeen = (long) CONSUMED.getAcquire(this);
        if (head - consumedSeen > halfSlots && head - nudgedAt >= halfSlots / 2) {
            nudgedAt = head;
            writer.wake();
        }
    }

    private void put(int kind, Object name, long ts, Object cat) {
        long h = head;
        int i = (int) h & mask;
        longs[i] = kind;
        ref(i, name);
        int j = (int) (h + 1) & mask;
        longs[j] = ts;
        ref(j, cat);
        head = h + 2;
    }

    private void extra(long value, Object ref) {
        int i = (int) head & mask;
        longs[i] = value;
        ref(i, ref);
        head++;
    }

    /**
     * Stores a reference only when the slot holds another: a thread that repeats its regions (a loop) finds the
     * same names a ring ago in the same slots, and each reference store into the ring (an old object) costs
     * G1's write barrier a memory fence.
     */
    private void ref(int i, Object ref) {
        if (refs[i] != ref) {
            refs[i] = ref;
        }
    }

    @Override
    protected void bound() {
        if (reserve(2)) {
            put(BIND, null, tid, null);
            publish();
        }
        writer.laneBound();
    }

    @Override
    protected void abandon() {
        // Their B events stay unclosed in the trace, as PerfFlowAspect's would.
    }

    @Override
    protected void begun(Frame f, long now) {
        if (cpuMem && f.kind == Frame.REGION) {
            f.cpuStartNanos = Usage.processCpuNanos();
        }
        if (!compact || f.kind == Frame.LOOSE) {
            if (reserve(2)) {
                put(BEGIN, f.name, now, f.cat);
                publish();
            }
        }
    }

    @Override
    protected void ended(Frame f, long now) {
        if (f.kind == Frame.LOOSE) {
            if (reserve(2)) {
                put(END, f.name, now, f.cat);
                publish();
            }
            return;
        }
        if (cpuMem) {
            long cpu = Usage.processCpuNanos() - f.cpuStartNanos;
            long wall = now - f.startNanos;
            double percent = wall > 0 ? cpu * 100.0 / wall : 0.0;
            if (reserve(5)) {
                put(COUNTERS, f.name, f.startNanos, f.cat);
                extra(now, null);
                extra(Double.doubleToRawLongBits(percent), null);
                extra(Double.doubleToRawLongBits(Usage.residentKilobytes()), null);
                publish();
            }
        }
        if (compact) {
            if (reserve(3)) {
                put(COMPLETE, f.name, f.startNanos, f.cat);
                extra(now - f.startNanos, null);
                publish();
            }
        } else if (reserve(2)) {
            put(END, f.name, now, f.cat);
            publish();
        }
    }

    @Override
    protected void looseEnded(Frame popped, String name, String cat, long now) {
        if (reserve(2)) {
            put(END, name, now, cat);
            publish();
        }
    }

    @Override
    protected boolean looseEndSkipsRegions() {
        return compact;
    }

    @Override
    protected void endedElsewhere(String name, String cat, long startNanos, long endNanos) {
        long id = recorder.nextAsyncId();
        asyncRecord(0, name, cat, null, id, startNanos);
        asyncRecord(ASYNC_END, name, cat, null, id, endNanos);
    }

    @Override
    protected void asyncSpanBegun(AsyncSpan span) {
        asyncRecord(0, span.name, span.cat, span.scope, span.id, span.startNanos);
    }

    @Override
    protected void asyncSpanEnded(AsyncSpan span, long now) {
        asyncRecord(ASYNC_END, span.name, span.cat, span.scope, span.id, now);
    }

    @Override
    protected void asyncFrameBegun(AsyncFrame f) {
        asyncRecord(0, f.name, f.cat, null, tid, f.startNanos);
    }

    @Override
    protected void asyncFrameEnded(AsyncFrame f, long now) {
        asyncRecord(ASYNC_END, f.name, f.cat, null, tid, now);
    }

    @Override
    protected void asyncPointcut(boolean begin, String name, String cat, String scope, long now) {
        asyncRecord(begin ? 0 : ASYNC_END, name, cat, scope, tid, now);
    }

    @Override
    protected void asyncEvent(boolean begin, String name, String cat, String scope, long id, long now) {
        asyncRecord((begin ? 0 : ASYNC_END) | EVENT_ORDER, name, cat, scope, id, now);
    }

    private void asyncRecord(int flags, String name, String cat, String scope, long id, long ts) {
        if (reserve(3)) {
            put(ASYNC | flags, name, ts, cat);
            extra(id, scope);
            publish();
        }
    }
}
