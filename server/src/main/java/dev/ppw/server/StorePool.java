package dev.ppw.server;

import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Semaphore;
import java.util.function.Function;

/**
 * The store, opened once per request thread that needs it at once: a {@link RunStore} is one connection and serves one
 * thread at a time, so requests borrow one of at most {@code size}, opened on first need and kept for the next
 * request. SQLite readers in WAL mode, and PostgreSQL's, do not wait for each other or for a writer.
 */
final class StorePool implements AutoCloseable {
    private final StoreLocation location;
    private final RunStore.Options options;
    private final Semaphore permits;
    private final Deque<RunStore> idle = new ArrayDeque<>();
    private boolean closed;

    /** A pool of {@code size} stores, {@code first} (already open) among them. */
    StorePool(StoreLocation location, RunStore.Options options, int size, RunStore first) {
        this.location = location;
        this.options = options;
        this.permits = new Semaphore(size, true);
        idle.push(first);
    }

    /** What {@code work} makes of a store borrowed for it (waiting for one while {@code size} are busy). */
    <T> T with(Function<RunStore, T> work) {
        permits.acquireUninterruptibly();
        RunStore store = null;
        boolean healthy = false;
        try {
            synchronized (this) {
                if (closed) {
                    throw new IllegalStateException("the server is stopping");
                }
                store = idle.poll();
            }
            if (store == null) {
                store = RunStore.open(location, options);
            }
            T result = work.apply(store);
            healthy = true;
            return result;
        } catch (HttpError e) {
            // an answer about the request (no such run), not about the connection
            healthy = true;
            throw e;
        } finally {
            giveBack(store, healthy);
            permits.release();
        }
    }

    /** Keeps {@code store} for the next request, or closes it: its work failed, or the pool is closed. */
    private void giveBack(RunStore store, boolean healthy) {
        if (store == null) {
            return;
        }
        synchronized (this) {
            if (healthy && !closed) {
                idle.push(store);
                return;
            }
        }
        store.close();
    }

    @Override
    public synchronized void close() {
        closed = true;
        idle.forEach(RunStore::close);
        idle.clear();
    }
}
