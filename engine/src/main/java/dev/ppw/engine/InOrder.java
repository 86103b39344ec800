package dev.ppw.engine;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Runs {@code load(0 .. count-1)} on worker threads and hands the results to {@code consume} on the
 * calling thread in index order. At most {@code 2 * threads} results wait at once, so memory stays at a
 * few inputs however many there are, and the output does not depend on which thread finished first.
 */
final class InOrder {
    private InOrder() {
    }

    static <T> void run(int count, int threads, IntFunction<T> load, Consumer<T> consume) {
        if (threads <= 1 || count <= 1) {
            for (int i = 0; i < count; i++) {
                consume.accept(load.apply(i));
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ppw-reader");
            t.setDaemon(true);
            return t;
        });
        try {
            Deque<Future<T>> pending = new ArrayDeque<>();
            int window = 2 * threads;
            for (int i = 0; i < count; i++) {
                if (pending.size() == window) {
                    consume.accept(await(pending.removeFirst()));
                }
                int index = i;
                pending.addLast(pool.submit(() -> load.apply(index)));
            }
            while (!pending.isEmpty()) {
                consume.accept(await(pending.removeFirst()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The task's result; its own exception (bad input, a file problem) is rethrown as it was thrown. */
    private static <T> T await(Future<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading inputs", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }
}
