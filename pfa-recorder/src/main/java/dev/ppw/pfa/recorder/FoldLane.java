package dev.ppw.pfa.recorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A lane of fold mode: its thread's regions folded straight into a {@link FoldTree}, replayed as ppw-java
 * replays a trace's thread track (SEMANTICS.md section 1), so that the profile equals that of the trace the
 * same run would write in verbose trace mode. Async spans with the thread's id ({@code around_async},
 * {@code before_async}/{@code after_async}) nest per category, as their track is (pid, cat, id).
 *
 * <p>A snapshot on another thread reads the tree through a sequence lock: the owner makes {@link #version} odd
 * while it changes the tree and even after, two plain stores on x86, and the reader copies again when the
 * version moved.
 */
final class FoldLane extends Lane {
    private static final VarHandle VERSION;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(FoldLane.class, "version", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final FoldMode mode;
    private final boolean cpuMem;
    final FoldTree tree = new FoldTree();
    @SuppressWarnings("unused") // through VERSION
    private long version;
    /** The largest time of the current thread's kept events: where frames left open are closed. */
    long lastNanos;
    long lastAsyncNanos;
    // The open b events of the tracks (pid, cat, this thread's id), innermost last.
    private String[] asyncCats = new String[4];
    private int[] asyncNodes = new int[4];
    private long[] asyncStarts = new long[4];
    private int asyncOpen;
    long unclosed;
    long unmatched;

    FoldLane(PerfFlowRecorder recorder, boolean virtual, FoldMode mode, boolean cpuMem) {
        super(recorder, virtual);
        this.mode = mode;
        this.cpuMem = cpuMem;
    }

    @Override
    FoldLane foldLane() {
        return this;
    }

    private void change() {
        long v = version;
        version = v + 1;
        VarHandle.storeStoreFence();
    }

    private void changed() {
        VERSION.setRelease(this, (long) VERSION.get(this) + 1);
    }

    /** A consistent copy of the tree, with the frames open now closed at their thread's last time (when asked). */
    FoldTree snapshot(boolean closeOpen) {
        for (int attempt = 0; ; attempt++) {
            long before = (long) VERSION.getAcquire(this);
            if ((before & 1) == 0) {
                try {
                    FoldTree copy = tree.copy();
                    int open = closeOpen ? depth : 0;
                    long last = lastNanos;
                    long[] starts = new long[open];
                    int[] nodes = new int[open];
                    for (int d = 0; d < open; d++) {
                        starts[d] = frames[d].startNanos;
                        nodes[d] = frames[d].node;
                    }
                    VarHandle.loadLoadFence();
                    if ((long) VERSION.get(this) == before) {
                        for (int d = 0; d < open; d++) {
                            copy.addCall(nodes[d], last - starts[d]);
                        }
                        mode.countUnclosed(open);
                        return copy;
                    }
                } catch (RuntimeException e) {
                    // a torn read of arrays being grown: read again
                }
            }
            if (attempt > 10_000) {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    protected void bound() {
        closeOpenAsync();
    }

    @Override
    protected void abandon() {
        change();
        for (int d = depth - 1; d >= 0; d--) {
            tree.addCall(frames[d].node, lastNanos - frames[d].startNanos);
            unclosed++;
        }
        closeOpenAsync();
        changed();
    }

    private void closeOpenAsync() {
        if (asyncOpen > 0) {
            change();
            for (int i = asyncOpen - 1; i >= 0; i--) {
                tree.addCall(asyncNodes[i], lastAsyncNanos - asyncStarts[i]);
                unclosed++;
            }
            asyncOpen = 0;
            changed();
        }
    }

    @Override
    protected void begun(Frame f, long now) {
        change();
        // the stack is the frame's lane's, which is this one except where a test lane feeds two modes at once
        int p = f.depth >= 1 ? f.lane.frames[f.depth - 1].node : FoldTree.ROOT;
        f.node = tree.child(p, f.name, FoldTree.THREAD);
        lastNanos = now;
        changed();
        if (cpuMem && f.kind == Frame.REGION) {
            f.cpuStartNanos = Usage.processCpuNanos();
        }
    }

    @Override
    protected void ended(Frame f, long now) {
        double cpu = 0;
        double memory = 0;
        boolean counters = cpuMem && f.kind == Frame.REGION;
        if (counters) {
            long wall = now - f.startNanos;
            cpu = wall > 0 ? (Usage.processCpuNanos() - f.cpuStartNanos) * 100.0 / wall : 0.0;
            memory = Usage.residentKilobytes();
        }
        change();
        tree.addCall(f.node, now - f.startNanos);
        if (counters) {
            tree.addCounters(f.node, cpu, memory);
        }
        lastNanos = now;
        changed();
    }

    @Override
    protected void looseEnded(Frame popped, String name, String cat, long now) {
        if (popped == null) {
            unmatched++;
            return;
        }
        change();
        tree.addCall(popped.node, now - popped.startNanos);
        lastNanos = now;
        changed();
    }

    @Override
    protected void endedElsewhere(String name, String cat, long startNanos, long endNanos) {
        asyncRoot(name, endNanos - startNanos);
    }

    @Override
    protected void asyncSpanBegun(AsyncSpan span) {
        // folded when it ends, on the thread that ends it
    }

    @Override
    protected void asyncSpanEnded(AsyncSpan span, long now) {
        asyncRoot(span.name, now - span.startNanos);
    }

    private void asyncRoot(String name, long nanos) {
        change();
        tree.addCall(tree.child(FoldTree.ROOT, name, FoldTree.ASYNC), nanos);
        changed();
    }

    @Override
    protected void asyncFrameBegun(AsyncFrame f) {
        asyncBegin(f.name, f.cat, f.startNanos);
    }

    @Override
    protected void asyncFrameEnded(AsyncFrame f, long now) {
        asyncEnd(f.cat, now);
    }

    @Override
    protected void asyncPointcut(boolean begin, String name, String cat, String scope, long now) {
        if (begin) {
            asyncBegin(name, cat, now);
        } else {
            asyncEnd(cat, now);
        }
    }

    private void asyncBegin(String name, String cat, long now) {
        int p = innermostAsync(cat);
        if (asyncOpen == asyncCats.length) {
            asyncCats = java.util.Arrays.copyOf(asyncCats, asyncOpen * 2);
            asyncNodes = java.util.Arrays.copyOf(asyncNodes, asyncOpen * 2);
            asyncStarts = java.util.Arrays.copyOf(asyncStarts, asyncOpen * 2);
        }
        change();
        int node = tree.child(p < 0 ? FoldTree.ROOT : asyncNodes[p], name, FoldTree.ASYNC);
        changed();
        asyncCats[asyncOpen] = cat;
        asyncNodes[asyncOpen] = node;
        asyncStarts[asyncOpen] = now;
        asyncOpen++;
        lastAsyncNanos = now;
    }

    /** An {@code e} closes the innermost open {@code b} of its track, whatever its name. */
    private void asyncEnd(String cat, long now) {
        int i = innermostAsync(cat);
        if (i < 0) {
            unmatched++;
            return;
        }
        change();
        tree.addCall(asyncNodes[i], now - asyncStarts[i]);
        changed();
        System.arraycopy(asyncCats, i + 1, asyncCats, i, asyncOpen - i - 1);
        System.arraycopy(asyncNodes, i + 1, asyncNodes, i, asyncOpen - i - 1);
        System.arraycopy(asyncStarts, i + 1, asyncStarts, i, asyncOpen - i - 1);
        asyncOpen--;
        lastAsyncNanos = now;
    }

    private int innermostAsync(String cat) {
        for (int i = asyncOpen - 1; i >= 0; i--) {
            if (java.util.Objects.equals(asyncCats[i], cat)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    protected void asyncEvent(boolean begin, String name, String cat, String scope, long id, long now) {
        mode.asyncEvent(begin, name, cat, id, now);
    }
}
