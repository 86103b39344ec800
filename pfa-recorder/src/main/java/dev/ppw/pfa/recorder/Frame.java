package dev.ppw.pfa.recorder;

import dev.ppw.pfa.Region;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One entry of a lane's stack of open frames, and the handle {@link dev.ppw.pfa.PerfFlow#region} returns for
 * it: frames are allocated once per lane and depth and reused, so that a region allocates nothing.
 *
 * <p>{@link #state} is the only field another thread writes: a close on another thread moves it from
 * {@link #OPEN} to {@link #ELSEWHERE} by compare-and-set; the owner sees it when the frame reaches the top of
 * its stack and ends it there.
 */
public final class Frame implements Region {
    static final int CLOSED = 0;
    static final int OPEN = 1;
    static final int ELSEWHERE = 2;

    /** A frame opened by {@link dev.ppw.pfa.PerfFlow#region} or an {@code around} method. */
    static final byte REGION = 0;
    /** A {@code B} without a handle: {@code syncEvent(BEFORE)} or a {@code before} method. */
    static final byte LOOSE = 1;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Frame.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Lane lane;
    /** Its index in the lane's stack. */
    final int depth;
    byte kind;
    @SuppressWarnings("unused") // through STATE
    private int state;
    String name;
    String cat;
    long startNanos;
    /** Fold mode: the tree node of this call. */
    int node;
    /** cpu-mem-usage: the process's CPU time at the start, ns. */
    long cpuStartNanos;

    Frame(Lane lane, int depth) {
        this.lane = lane;
        this.depth = depth;
    }

    /**
     * Sets name and category, storing only what changed: a frame is mostly reopened with the names it had (a loop),
     * and a reference store into an old object costs G1's write barrier a memory fence, more than the rest of a
     * region's stores together.
     */
    void setNames(String name, String cat) {
        if (this.name != name) {
            this.name = name;
        }
        if (this.cat != cat) {
            this.cat = cat;
        }
    }

    int state() {
        return (int) STATE.getOpaque(this);
    }

    void setState(int s) {
        STATE.setRelease(this, s);
    }

    boolean claimElsewhere() {
        return STATE.compareAndSet(this, OPEN, ELSEWHERE);
    }

    @Override
    public void close() {
        Lane l = lane;
        if (l.owner == Thread.currentThread()) {
            l.close(this);
        } else {
            l.closeElsewhere(this);
        }
    }
}
