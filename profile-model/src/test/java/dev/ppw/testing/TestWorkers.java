package dev.ppw.testing;

import dev.ppw.model.work.Cancel;
import dev.ppw.model.work.Workers;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Workers for tests: {@code jobs} at once on one pool of daemon threads shared by every test of the JVM (as an
 * engine's executor is shared by its analyses), never cancelled; one job runs everything on the calling thread.
 */
public final class TestWorkers {
    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ppw-test-worker");
        t.setDaemon(true);
        return t;
    });

    private TestWorkers() {
    }

    /** {@code jobs} tasks at once (at least 1). */
    public static Workers of(int jobs) {
        return jobs <= 1 ? Workers.inline() : Workers.of(POOL, jobs, Cancel.never());
    }

    /** {@code jobs} tasks at once, stopped by {@code cancel}. */
    public static Workers of(int jobs, Cancel cancel) {
        return Workers.of(POOL, Math.max(1, jobs), cancel);
    }
}
