package dev.ppw.pfa.recorder;

import dev.ppw.pfa.Region;

import java.util.Arrays;

/**
 * One thread's recording state: its stack of open frames and, in a subclass, where its events go (a ring
 * that the trace writer drains, or a tree folded in place). Only the thread it is bound to ({@link #owner})
 * changes it, so the hot path takes no lock. A lane outlives its thread: when the thread ends (or, for a
 * virtual thread, when its outermost region closes) the lane goes back to a pool for the next thread, so that
 * memory grows with the threads alive, not with the threads ever started.
 *
 * <p>The stack follows the replay of SEMANTICS.md section 1 for one thread track, so that what a lane writes
 * reads back as what it recorded: an {@code E} closes the innermost open frame whatever its name, a region
 * closed while frames above it are open ends them too (clipped, at the same time), and a region closed on
 * another thread is written as an async span there and ends on its own thread's stack when it reaches the top.
 */
public abstract class Lane {
    final PerfFlowRecorder recorder;
    /** True for a lane of virtual threads: smaller buffers, given back when the outermost region closes. */
    final boolean virtual;
    /** The thread it is bound to; null in the pool. Written by the binding thread, which is the owner. */
    Thread owner;
    long tid;
    Frame[] frames = new Frame[8];
    int depth;
    AsyncFrame[] asyncFrames = new AsyncFrame[0];
    int asyncDepth;
    private final String[] catNames = new String[64];
    private final String[] catValues = new String[64];

    protected Lane(PerfFlowRecorder recorder, boolean virtual) {
        this.recorder = recorder;
        this.virtual = virtual;
        for (int d = 0; d < frames.length; d++) {
            frames[d] = new Frame(this, d);
        }
    }

    /** Binds the lane to the calling thread. */
    void bindTo(Thread thread) {
        owner = thread;
        tid = thread.threadId();
        bound();
    }

    /** Called when the lane is bound to a new thread ({@link #tid} is set). */
    protected abstract void bound();

    /** Called when a virtual thread gives the lane back to the pool, nothing open. */
    protected void released() {
    }

    /** Called before a lane whose thread ended is bound again: frames left open are given up. */
    protected abstract void abandon();

    /** A frame was pushed (its fields are set). */
    protected abstract void begun(Frame f, long now);

    /** A frame left the stack at {@code now} on this thread's track: closed, clipped or found closed elsewhere. */
    protected abstract void ended(Frame f, long now);

    /** An {@code E} of {@code name} was recorded; {@code popped} is the frame it closed, or null if none was open. */
    protected abstract void looseEnded(Frame popped, String name, String cat, long now);

    /** A region of this lane's recorder opened at {@code startNanos} on another thread ends here and now. */
    protected abstract void endedElsewhere(String name, String cat, long startNanos, long endNanos);

    /** An async span of {@link dev.ppw.pfa.PerfFlow#asyncRegion} begins (on this lane's thread). */
    protected abstract void asyncSpanBegun(AsyncSpan span);

    /** An async span ends on this lane's thread. */
    protected abstract void asyncSpanEnded(AsyncSpan span, long now);

    /** An {@code around_async} frame begins ({@code b}, id the thread's). */
    protected abstract void asyncFrameBegun(AsyncFrame f);

    /** An {@code around_async} frame ends ({@code e}). */
    protected abstract void asyncFrameEnded(AsyncFrame f, long now);

    /** A {@code before_async} ({@code begin}) or {@code after_async} event, id the thread's. */
    protected abstract void asyncPointcut(boolean begin, String name, String cat, String scope, long now);

    /** An {@code async_event} with an id of the caller's. */
    protected abstract void asyncEvent(boolean begin, String name, String cat, String scope, long id, long now);

    /** This lane's trace part, for the writer; null in fold mode. */
    TraceLane traceLane() {
        return null;
    }

    /** This lane's fold part, for a snapshot; null in trace mode. */
    FoldLane foldLane() {
        return null;
    }

    /** True when a loose {@code E} passes over region frames to the innermost loose {@code B} (compact traces). */
    protected boolean looseEndSkipsRegions() {
        return false;
    }

    final Frame open(String name, String cat, byte kind) {
        long now = System.nanoTime();
        int d = depth;
        while (d > 0 && frames[d - 1].state() == Frame.ELSEWHERE) {
            endFoundElsewhere(now);
            d = depth;
        }
        Frame f = d < frames.length ? frames[d] : grow();
        f.setNames(name, cat);
        f.kind = kind;
        f.startNanos = now;
        f.setState(Frame.OPEN);
        depth = d + 1;
        begun(f, now);
        return f;
    }

    final void close(Frame f) {
        long now = System.nanoTime();
        int d = f.depth;
        if (f.state() != Frame.OPEN || d >= depth) {
            return; // closed already: twice, or clipped by an enclosing close
        }
        while (depth - 1 > d) {
            Frame above = frames[--depth];
            above.setState(Frame.CLOSED);
            ended(above, now);
        }
        depth = d;
        f.setState(Frame.CLOSED);
        ended(f, now);
        afterPop(now);
    }

    /** Ends frames on top that were closed on another thread, and gives a virtual thread's lane back. */
    private void afterPop(long now) {
        while (depth > 0 && frames[depth - 1].state() == Frame.ELSEWHERE) {
            endFoundElsewhere(now);
        }
        if (depth == 0 && asyncDepth == 0 && virtual) {
            recorder.release(this);
        }
    }

    private void endFoundElsewhere(long now) {
        Frame top = frames[--depth];
        top.setState(Frame.CLOSED);
        ended(top, now);
    }

    /** A frame closed by a thread other than its owner: an async span on the closing thread, counted. */
    final void closeElsewhere(Frame f) {
        long now = System.nanoTime();
        if (!f.claimElsewhere()) {
            return;
        }
        recorder.countClosedElsewhere();
        Lane mine = recorder.lane();
        mine.endedElsewhere(f.name, f.cat, f.startNanos, now);
        mine.releaseIfIdle();
    }

    /** A {@code B} without a handle ({@code syncEvent(BEFORE)}, a {@code before} method). */
    final void looseBegin(String name, String cat) {
        open(name, cat, Frame.LOOSE);
    }

    /** An {@code E} without a handle ({@code syncEvent(AFTER)}, an {@code after} method). */
    final void looseEnd(String name, String cat) {
        long now = System.nanoTime();
        int target = depth - 1;
        if (looseEndSkipsRegions()) {
            while (target >= 0 && frames[target].kind != Frame.LOOSE) {
                target--;
            }
        }
        if (target < 0) {
            looseEnded(null, name, cat, now);
        } else {
            while (depth - 1 > target) {
                Frame above = frames[--depth];
                above.setState(Frame.CLOSED);
                ended(above, now);
            }
            Frame f = frames[--depth];
            f.setState(Frame.CLOSED);
            looseEnded(f, name, cat, now);
        }
        afterPop(now);
    }

    final Region aroundAsync(String name, String cat) {
        int d = asyncDepth;
        if (d == asyncFrames.length) {
            asyncFrames = Arrays.copyOf(asyncFrames, Math.max(4, d * 2));
            for (int i = d; i < asyncFrames.length; i++) {
                asyncFrames[i] = new AsyncFrame(this, i);
            }
        }
        AsyncFrame f = asyncFrames[d];
        f.name = name;
        f.cat = cat;
        f.startNanos = System.nanoTime();
        f.open = true;
        asyncDepth = d + 1;
        asyncFrameBegun(f);
        return f;
    }

    final void closeAsyncFrame(AsyncFrame f) {
        if (!f.open || f.index >= asyncDepth) {
            return;
        }
        long now = System.nanoTime();
        while (asyncDepth - 1 > f.index) {
            AsyncFrame above = asyncFrames[--asyncDepth];
            above.open = false;
            asyncFrameEnded(above, now);
        }
        asyncDepth = f.index;
        f.open = false;
        asyncFrameEnded(f, now);
        afterPop(now);
    }

    /** A virtual thread's lane with nothing open goes back to the pool after a write of its own. */
    final void releaseIfIdle() {
        if (virtual && depth == 0 && asyncDepth == 0) {
            recorder.release(this);
        }
    }

    /** The category of a region named {@code name} opened without one: cached per lane, resolved once per name. */
    final String categoryOf(String name) {
        if (name == null) {
            return recorder.categoryOf("");
        }
        int slot = name.hashCode() & (catNames.length - 1);
        if (catNames[slot] == name) {
            return catValues[slot];
        }
        String cat = recorder.categoryOf(name);
        catNames[slot] = name;
        catValues[slot] = cat;
        return cat;
    }

    private Frame grow() {
        int old = frames.length;
        frames = Arrays.copyOf(frames, old * 2);
        for (int d = old; d < frames.length; d++) {
            frames[d] = new Frame(this, d);
        }
        return frames[depth];
    }
}
