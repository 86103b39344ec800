package dev.ppw.pfa.recorder;

import dev.ppw.engine.LiveFold;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A lane of fold mode. Its thread's frames go to a lane of the engine's {@link LiveFold}: each begin and end as it
 * happens, through ppw-java's own replay of a thread track (SEMANTICS.md section 1), so that the profile is the one
 * ppw-java reads from the verbose trace of the same run. A lane of the live fold is one thread: a virtual thread's
 * is closed when it gives this lane back (its calls stay in the fold), a platform thread's when the thread has
 * ended and another takes this lane over.
 *
 * <p>Async spans have no lane in the live fold (its lanes are thread tracks): they fold here into a
 * {@link FoldTree} of their own, the async part, nested per category for the spans with the thread's id
 * ({@code around_async}, {@code before_async}/{@code after_async}) as their track is (pid, cat, id). A snapshot on
 * another thread reads that tree through a sequence lock: the owner makes {@link #version} odd while it changes
 * the tree and even after, two plain stores on x86, and the reader copies again when the version moved.
 */
final class FoldLane extends Lane {
    private static final VarHandle VERSION;
    private static final int NAMES = 64;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(FoldLane.class, "version", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final FoldMode mode;
    private final boolean cpuMem;
    private LiveFold.Lane live;
    // the live fold's frame id of each name seen, by identity: interned once per lane and name
    private final String[] names = new String[NAMES];
    private final int[] frameIds = new int[NAMES];
    /** The async part. */
    final FoldTree tree = new FoldTree();
    @SuppressWarnings("unused") // through VERSION
    private long version;
    /** The largest time of this lane's thread events so far. */
    private long lastNanos;
    private long lastAsyncNanos;
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

    /** A consistent copy of the async part. */
    FoldTree snapshot() {
        for (int attempt = 0; ; attempt++) {
            long before = (long) VERSION.getAcquire(this);
            if ((before & 1) == 0) {
                try {
                    FoldTree copy = tree.copy();
                    VarHandle.loadLoadFence();
                    if ((long) VERSION.get(this) == before) {
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

    private int frame(String name) {
        String key = name == null || name.isEmpty() ? FoldTree.UNNAMED : name;
        int slot = key.hashCode() & (NAMES - 1);
        if (names[slot] != key) {
            frameIds[slot] = mode.live().frame(key);
            names[slot] = key;
        }
        return frameIds[slot];
    }

    @Override
    protected void bound() {
        closeOpenAsync();
        if (live != null) {
            live.close();
        }
        live = mode.live().lane(Long.toString(ProcessHandle.current().pid()), Long.toString(tid), null);
        lastNanos = Long.MIN_VALUE;
    }

    @Override
    protected void released() {
        live.close();
        live = null;
    }

    @Override
    protected void abandon() {
        // the live fold closes the lane's open calls at its last time, counted as unclosed_begin
        live.close();
        live = null;
        closeOpenAsync();
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
        f.node = frame(f.name);
        live.begin(f.node, now);
        lastNanos = now;
        if (cpuMem && f.kind == Frame.REGION) {
            f.cpuStartNanos = Usage.processCpuNanos();
        }
    }

    @Override
    protected void ended(Frame f, long now) {
        if (cpuMem && f.kind == Frame.REGION) {
            long wall = now - f.startNanos;
            double cpu = wall > 0 ? (Usage.processCpuNanos() - f.cpuStartNanos) * 100.0 / wall : 0.0;
            // The trace's sample is at the call's start, when it is the innermost call of its name; pushed now, it
            // must come just before the end, while the call is still open (a sample at the end's own time applies
            // after the calls ending then).
            live.counter(f.node, Math.max(lastNanos, now - 1), cpu, Usage.residentKilobytes());
        }
        live.end(now);
        lastNanos = now;
    }

    @Override
    protected void looseEnded(Frame popped, String name, String cat, long now) {
        // an E with nothing open is the live fold's to count, as ppw-java counts it in a trace
        live.end(now);
        lastNanos = Math.max(lastNanos, now);
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
