package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Part;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntUnaryOperator;

/**
 * One thread's calls folded as they happen: begins, ends and region counter samples pushed by one writing thread in
 * time order go straight through the replay of SEMANTICS.md section 1 ({@link TrackReplay}) into a tree of the
 * track's own, so that memory grows with the tree, never with the calls; and any other thread may copy what it holds
 * at any time ({@link #copy}) without stopping the writer.
 *
 * <p>The writer pays no lock: each event is bracketed by a sequence number (odd while the state changes), and a
 * copy is taken optimistically and kept only when the number did not move. A writer too busy for that to succeed is
 * asked to copy its own state at its next event, which costs it one volatile read per event the rest of the time.
 *
 * <p>Times are integer nanoseconds of one clock and must not go back: an event earlier than the track's last one is
 * taken at the last time and counted as the warning {@link #TIME_BACKWARDS}. Frames are ids of a {@link FrameTable}
 * the caller shares between tracks and guards ({@code frames} here is only read, for messages).
 */
public final class LiveTrack {
    /** Warning: an event pushed with an earlier time than the track's last; it is taken at the last time. */
    public static final String TIME_BACKWARDS = "live_time_backwards";

    private static final VarHandle SEQ;
    private static final VarHandle REQUESTED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SEQ = lookup.findVarHandle(LiveTrack.class, "seq", int.class);
            REQUESTED = lookup.findVarHandle(LiveTrack.class, "requested", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Optimistic copies tried before the writer is asked for one. */
    private static final int OPTIMISTIC_TRIES = 4;

    private final CallTree tree;
    private final Diagnostics diagnostics;
    private final TrackReplay replay = new TrackReplay();
    private long lastNanos = Long.MIN_VALUE;
    private boolean finished;

    /** Odd while the writer changes the state. Written by the writer only. */
    @SuppressWarnings("unused")
    private int seq;
    /** The last copy a reader asked for (by number); {@link #served} the last the writer made. */
    @SuppressWarnings("unused")
    private volatile long requested;
    private long served;
    private volatile Copy published;
    private long nextRequest;

    /**
     * What a copy holds: the track's tree and diagnostics so far, and its replay (null once the track is finished),
     * which finishing closes.
     */
    public static final class Copy {
        private final long request;
        private final CallTree tree;
        private final Diagnostics diagnostics;
        private final TrackReplay replay;

        private Copy(long request, CallTree tree, Diagnostics diagnostics, TrackReplay replay) {
            this.request = request;
            this.tree = tree;
            this.diagnostics = diagnostics;
            this.replay = replay;
        }

        /**
         * The copy's tree with its open calls closed at the track's last time, each counted as
         * {@link Diagnostics#UNCLOSED_BEGIN}, as the end of a trace closes them; its nodes are over the track's frame
         * table. Call once.
         */
        public CallTree finish() {
            if (replay != null) {
                replay.finish();
            }
            return tree;
        }

        /** What folding the track has counted, the open calls' warnings included once {@link #finish}ed. */
        public Diagnostics diagnostics() {
            return diagnostics;
        }
    }

    /**
     * A track named {@code label} of input {@code input} in messages, its calls in part {@code part} over
     * {@code frames}, keeping {@code warningExamples} examples of each warning kind.
     */
    public LiveTrack(FrameTable frames, String input, String label, Part part, int warningExamples,
                     boolean keepCallTimes) {
        this.tree = new CallTree(frames);
        if (keepCallTimes) {
            tree.keepCallTimes();
        }
        this.diagnostics = new Diagnostics(warningExamples);
        replay.start(tree, diagnostics, input, label, false, -1, part);
    }

    /** Opens a call of frame {@code frameId} at {@code tsNanos}. Writer only. */
    public void begin(int frameId, long tsNanos) {
        long t = time(tsNanos);
        writing();
        replay.event(t, TrackEvents.BEGIN, frameId);
        written();
    }

    /**
     * Closes the innermost open call at {@code tsNanos}; {@code regionId} (a name id of the frame table, or
     * {@link dev.ppw.model.EventSink#NO_NAME}) is compared with its region. Writer only.
     */
    public void end(int regionId, long tsNanos) {
        long t = time(tsNanos);
        writing();
        replay.event(t, TrackEvents.END, regionId);
        written();
    }

    /**
     * A region counter sample at {@code tsNanos} (SEMANTICS.md "Counters"), for the innermost open call of region
     * {@code regionId}; either value may be NaN (absent). Writer only.
     */
    public void regionCounter(int regionId, long tsNanos, double cpuUsage, double memoryUsage) {
        long t = time(tsNanos);
        writing();
        if (!Double.isNaN(cpuUsage)) {
            replay.event(t, TrackEvents.counterDur(cpuUsage), TrackEvents.counterId(regionId, cpuUsage, false, false));
        }
        if (!Double.isNaN(memoryUsage)) {
            replay.event(t, TrackEvents.counterDur(memoryUsage), TrackEvents.counterId(regionId, memoryUsage, true,
                    !Double.isNaN(cpuUsage)));
        }
        written();
    }

    /**
     * Adds {@code source} into {@code target} (over another frame table, {@code frame} mapping each frame id of
     * {@code source}'s to {@code target}'s) node by node, as if the calls that built it had been folded into it.
     */
    public static void addTree(CallTree source, CallTree target, IntUnaryOperator frame) {
        TreeAdd.intoMapped(source, target, frame);
    }

    /** True when no call of the track is open. Writer only. */
    public boolean idle() {
        return replay.idle();
    }

    /**
     * Ends the track: its open calls close at its last time (counted), and its tree and diagnostics are final.
     * Writer only, once; a copy taken after this is of the final state.
     */
    public Copy finish() {
        writing();
        if (!finished) {
            replay.finish();
            finished = true;
        }
        written();
        return new Copy(0, tree, diagnostics, null);
    }

    private long time(long tsNanos) {
        if (finished) {
            throw new IllegalStateException("the track is finished");
        }
        if (tsNanos < lastNanos) {
            diagnostics.warn(TIME_BACKWARDS, "an event at " + tsNanos + " ns after one at " + lastNanos + " ns");
            return lastNanos;
        }
        lastNanos = tsNanos;
        return tsNanos;
    }

    private void writing() {
        SEQ.setOpaque(this, seq + 1);
        // The odd number is seen before any change it announces.
        VarHandle.storeStoreFence();
    }

    private void written() {
        SEQ.setRelease(this, seq + 1);
        long asked = (long) REQUESTED.getAcquire(this);
        if (asked != served) {
            published = state(asked);
            served = asked;
        }
    }

    /** A copy of the state, made on a thread that sees it whole (the writer's, or a reader's that checks). */
    private Copy state(long request) {
        CallTree copyTree = new CallTree(tree.frames(), Math.max(16, tree.size()));
        if (tree.keepsCallTimes()) {
            copyTree.keepCallTimes();
        }
        TreeAdd.intoMapped(tree, copyTree, IntUnaryOperator.identity());
        Diagnostics copyDiagnostics = new Diagnostics(diagnostics.examplesPerKind());
        copyDiagnostics.addAll(diagnostics);
        TrackReplay copyReplay = finished ? null : replay.copyOnto(copyTree, copyDiagnostics);
        return new Copy(request, copyTree, copyDiagnostics, copyReplay);
    }

    /**
     * A copy of what the track holds now, from any thread, while the writer goes on. Copies from several readers
     * are taken one at a time.
     */
    public synchronized Copy copy() {
        for (int attempt = 0; ; attempt++) {
            Copy c = optimistic();
            if (c != null) {
                return c;
            }
            if (attempt >= OPTIMISTIC_TRIES) {
                return asked();
            }
            Thread.onSpinWait();
        }
    }

    /** A copy taken while the writer did not change the state, or null. */
    private Copy optimistic() {
        int before = (int) SEQ.getAcquire(this);
        if ((before & 1) != 0) {
            return null;
        }
        Copy c;
        try {
            c = state(0);
        } catch (RuntimeException racing) {
            // The writer grew a column or a table while it was read: the copy is taken again.
            return null;
        }
        VarHandle.loadLoadFence();
        return (int) SEQ.getOpaque(this) == before ? c : null;
    }

    /** Asks the writer for a copy at its next event, taking one itself if the writer has gone quiet meanwhile. */
    private Copy asked() {
        long request = ++nextRequest;
        REQUESTED.setRelease(this, request);
        while (true) {
            Copy p = published;
            if (p != null && p.request >= request) {
                return p;
            }
            Copy c = optimistic();
            if (c != null) {
                return c;
            }
            LockSupport.parkNanos(50_000);
        }
    }
}
