package dev.ppw.engine;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor of engines made without one: a bounded pool of daemon threads sized to the cores, made on first use
 * and shared by every such engine of the JVM (as the JDK's common pool is), its idle threads ending after a few
 * seconds. Bounded is safe: a step whose task the pool has not started runs it on its own thread
 * ({@link dev.ppw.model.work.Workers}).
 */
final class DefaultExecutor {
    private static final int THREADS = Math.max(2, Runtime.getRuntime().availableProcessors());

    private DefaultExecutor() {
    }

    private static final class Holder {
        static final ExecutorService POOL = pool();

        private static ExecutorService pool() {
            AtomicInteger count = new AtomicInteger();
            ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 5, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "ppw-worker-" + count.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
            pool.allowCoreThreadTimeOut(true);
            return pool;
        }
    }

    /** The shared pool. */
    static ExecutorService get() {
        return Holder.POOL;
    }

    /** How many threads it has: the cores, at least 2. */
    static int threads() {
        return THREADS;
    }
}
