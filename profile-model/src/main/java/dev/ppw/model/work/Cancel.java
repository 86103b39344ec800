package dev.ppw.model.work;

import java.util.ArrayList;
import java.util.List;

/**
 * A cancel handle of one analysis: raised once from any thread ({@link #cancel}), checked by long loops
 * ({@link #check}) on the threads doing the work, which then stop by throwing {@link CancelledException}. Checks
 * are a volatile read, cheap enough for every few thousand events. Tasks that hold resources (a temporary file, a
 * child process) may also be told at once ({@link #onCancel}).
 *
 * <p>Thread-safe. {@link #never()} is a handle that no one can raise, for callers that do not cancel.
 */
public final class Cancel {
    private static final Cancel NEVER = new Cancel(false);

    private final boolean raisable;
    private volatile boolean cancelled;
    private final List<Runnable> listeners = new ArrayList<>();

    private Cancel(boolean raisable) {
        this.raisable = raisable;
    }

    /** A new handle, not cancelled. */
    public static Cancel create() {
        return new Cancel(true);
    }

    /** The handle of work that is never cancelled: {@link #cancel} on it is an error. */
    public static Cancel never() {
        return NEVER;
    }

    /**
     * Raises the flag: every {@link #check} from now on throws, and the {@link #onCancel} listeners run once, on
     * this thread. Idempotent.
     *
     * @throws IllegalStateException on {@link #never()}
     */
    public void cancel() {
        if (!raisable) {
            throw new IllegalStateException("this work cannot be cancelled: it was given Cancel.never()");
        }
        List<Runnable> toRun;
        synchronized (listeners) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            toRun = List.copyOf(listeners);
            listeners.clear();
        }
        toRun.forEach(Runnable::run);
    }

    /** True once {@link #cancel} was called. */
    public boolean isCancelled() {
        return cancelled;
    }

    /**
     * Stops the calling work when the flag is raised.
     *
     * @throws CancelledException when it is
     */
    public void check() {
        if (cancelled) {
            throw new CancelledException();
        }
    }

    /**
     * Runs {@code listener} when the flag is raised (at once, on this thread, when it already is); for work that
     * waits outside a loop that checks (a child process, a blocking read).
     */
    public void onCancel(Runnable listener) {
        synchronized (listeners) {
            if (!cancelled) {
                if (raisable) {
                    listeners.add(listener);
                }
                return;
            }
        }
        listener.run();
    }
}
