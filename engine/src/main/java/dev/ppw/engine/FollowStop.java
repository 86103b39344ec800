package dev.ppw.engine;

/**
 * Tells a running {@link Engine#follow} to stop following: it stops reading at the next look at its input (at
 * most one poll period later, or at once when bytes are waiting), leaves out an event its writer had not finished,
 * folds what it read and returns the final profile. Stopping is for good; stopping twice is stopping once.
 *
 * <p>Thread-safe: meant to be called from another thread (a signal handler, a user interface, a test).
 */
public final class FollowStop {
    private volatile boolean stopped;

    /** A handle not stopped yet, to give to one {@link Engine#follow}. */
    public FollowStop() {
    }

    /** Asks the follow to stop; returns at once. */
    public void stop() {
        stopped = true;
    }

    /** Whether {@link #stop} was called. */
    public boolean stopped() {
        return stopped;
    }
}
