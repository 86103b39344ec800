package dev.ppw.pfa.recorder;

import dev.ppw.pfa.Region;

/**
 * An open {@code around_async} call ({@code b} at its start, {@code e} at its end, the thread's id as
 * {@code id}, {@code "scope": null}): reused per lane and depth like {@link Frame}. Closed on its own thread only,
 * as a woven method's exit is; a close elsewhere is ignored.
 */
public final class AsyncFrame implements Region {
    final Lane lane;
    final int index;
    String name;
    String cat;
    long startNanos;
    boolean open;
    /** Fold mode: the tree node of this call. */
    int node;

    AsyncFrame(Lane lane, int index) {
        this.lane = lane;
        this.index = index;
    }

    @Override
    public void close() {
        if (lane.owner == Thread.currentThread()) {
            lane.closeAsyncFrame(this);
        }
    }
}
