package dev.ppw.pfa.recorder;

import dev.ppw.engine.LiveFold;

import java.util.Arrays;
import java.util.Objects;

/**
 * A lane of fold mode. Its thread's frames go to a lane of the engine's {@link LiveFold}: each begin and end as it
 * happens, through ppw-java's own replay of a thread track (SEMANTICS.md section 1), so that the profile is the one
 * ppw-java reads from the verbose trace of the same run. A lane of the live fold is one thread: a virtual thread's
 * is closed when it gives this lane back (its calls stay in the fold), a platform thread's when the thread has
 * ended and another takes this lane over.
 *
 * <p>Async calls go to async lanes of the live fold, the tracks the trace has for them: the {@code around_async}
 * and {@code before_async}/{@code after_async} calls of this thread to one per category, (pid, cat, the thread's
 * id), kept while the thread has this lane; an async span ({@link dev.ppw.pfa.PerfFlow#asyncRegion}, a region
 * closed on another thread), whose id is its own, to a lane of one call, made and closed when it ends.
 */
final class FoldLane extends Lane {
    private static final int NAMES = 64;
    /** SEMANTICS.md section 1: a missing or empty name is this region. */
    static final String UNNAMED = "<unnamed>";

    private final FoldMode mode;
    private final boolean cpuMem;
    private LiveFold.Lane live;
    // the live fold's frame id of each name seen, by identity: interned once per lane and name
    private final String[] names = new String[NAMES];
    private final int[] frameIds = new int[NAMES];
    /** The largest time of this lane's thread events so far. */
    private long lastNanos;
    // The async tracks (pid, cat, this thread's id) of the thread, by category.
    private String[] asyncCats = new String[2];
    private LiveFold.Lane[] asyncLanes = new LiveFold.Lane[2];
    private int asyncTracks;

    FoldLane(PerfFlowRecorder recorder, boolean virtual, FoldMode mode, boolean cpuMem) {
        super(recorder, virtual);
        this.mode = mode;
        this.cpuMem = cpuMem;
    }

    @Override
    FoldLane foldLane() {
        return this;
    }

    private int frame(String name) {
        String key = name == null || name.isEmpty() ? UNNAMED : name;
        int slot = key.hashCode() & (NAMES - 1);
        if (names[slot] != key) {
            frameIds[slot] = mode.live().frame(key);
            names[slot] = key;
        }
        return frameIds[slot];
    }

    @Override
    protected void bound() {
        closeAsyncTracks();
        if (live != null) {
            live.close();
        }
        live = mode.live().lane(mode.pid(), Long.toString(tid), null);
        lastNanos = Long.MIN_VALUE;
    }

    @Override
    protected void released() {
        live.close();
        live = null;
        closeAsyncTracks();
    }

    @Override
    protected void abandon() {
        // the live fold closes the lanes' open calls at their last times, counted as unclosed_begin
        live.close();
        live = null;
        closeAsyncTracks();
    }

    /** The thread's async tracks end with its hold on this lane: the next thread's id is another track. */
    private void closeAsyncTracks() {
        for (int i = 0; i < asyncTracks; i++) {
            asyncLanes[i].close();
            asyncLanes[i] = null;
            asyncCats[i] = null;
        }
        asyncTracks = 0;
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
        mode.asyncSpan(frame(name), cat, startNanos, endNanos);
    }

    @Override
    protected void asyncSpanBegun(AsyncSpan span) {
        // folded when it ends, on the thread that ends it: a lane of the live fold has one writer at a time
    }

    @Override
    protected void asyncSpanEnded(AsyncSpan span, long now) {
        mode.asyncSpan(frame(span.name), span.cat, span.startNanos, now);
    }

    @Override
    protected void asyncFrameBegun(AsyncFrame f) {
        asyncTrack(f.cat).begin(frame(f.name), f.startNanos);
    }

    @Override
    protected void asyncFrameEnded(AsyncFrame f, long now) {
        asyncTrack(f.cat).end(now);
    }

    @Override
    protected void asyncPointcut(boolean begin, String name, String cat, String scope, long now) {
        if (begin) {
            asyncTrack(cat).begin(frame(name), now);
        } else {
            // an e closes the innermost open b of its track whatever its name; with none open, counted
            asyncTrack(cat).end(now);
        }
    }

    private LiveFold.Lane asyncTrack(String cat) {
        for (int i = 0; i < asyncTracks; i++) {
            if (Objects.equals(asyncCats[i], cat)) {
                return asyncLanes[i];
            }
        }
        if (asyncTracks == asyncCats.length) {
            asyncCats = Arrays.copyOf(asyncCats, asyncTracks * 2);
            asyncLanes = Arrays.copyOf(asyncLanes, asyncTracks * 2);
        }
        LiveFold.Lane l = mode.live().asyncLane(mode.pid(), cat == null ? "" : cat, Long.toString(tid));
        asyncCats[asyncTracks] = cat;
        asyncLanes[asyncTracks] = l;
        asyncTracks++;
        return l;
    }

    @Override
    protected void asyncEvent(boolean begin, String name, String cat, String scope, long id, long now) {
        mode.asyncEvent(begin, frame(name), cat, id, now);
    }
}
