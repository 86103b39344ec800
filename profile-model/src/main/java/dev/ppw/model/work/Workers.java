package dev.ppw.model.work;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the parallel steps of one analysis run: tasks {@link #fork forked} here run on the caller's
 * {@link Executor}, at most {@link #parallelism()} of them at once, and whoever {@link Forked#join joins} a task
 * that has not started yet runs it on its own thread. So nested parallel steps (a merge reading inputs side by side,
 * each input parsed in chunks) share one bounded executor without ever waiting for a thread that is waiting too: a
 * server can run many analyses on one pool, a command line on a pool sized to the cores.
 *
 * <p>Every step of an analysis takes its workers from its caller ({@link dev.ppw.model.format.ReadOptions#workers()}
 * for a reader) and keeps no thread of its own. {@link #cancel()} is the analysis' cancel handle: long loops check
 * it, and {@link #fork} refuses new tasks once it is raised.
 *
 * <p>Thread-safe; immutable but for the tasks in flight.
 */
public final class Workers {
    private static final Workers INLINE = new Workers(null, 1, Cancel.never());

    private final Executor executor;
    private final int parallelism;
    private final Cancel cancel;
    private final Limiter limiter;

    private Workers(Executor executor, int parallelism, Cancel cancel) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
        }
        this.executor = executor;
        this.parallelism = parallelism;
        this.cancel = Objects.requireNonNull(cancel, "cancel");
        this.limiter = executor == null || parallelism == 1 ? null : new Limiter(executor, parallelism);
    }

    /** Everything on the calling thread, never cancelled: each forked task runs when it is joined. */
    public static Workers inline() {
        return INLINE;
    }

    /** Everything on the calling thread, stopped by {@code cancel}. */
    public static Workers inline(Cancel cancel) {
        return new Workers(null, 1, cancel);
    }

    /**
     * Tasks on {@code executor}, at most {@code parallelism} at once (at least 1; 1 runs each task on the thread
     * that joins it), stopped by {@code cancel}. The executor may be shared with other work and may be bounded:
     * a task it has not started when joined runs on the joining thread.
     */
    public static Workers of(Executor executor, int parallelism, Cancel cancel) {
        return new Workers(Objects.requireNonNull(executor, "executor"), parallelism, cancel);
    }

    /** How many tasks forked here may run at once: the threads a step may plan for (chunks in flight, say). */
    public int parallelism() {
        return parallelism;
    }

    /** The analysis' cancel handle. */
    public Cancel cancel() {
        return cancel;
    }

    /**
     * Workers on the same executor with the same cancel handle, running at most {@code n} of their own tasks at
     * once (at most this one's parallelism): a step that should use fewer threads than the analysis may.
     */
    public Workers limitedTo(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + n);
        }
        int bounded = Math.min(n, parallelism);
        return bounded == parallelism ? this : new Workers(executor, bounded, cancel);
    }

    /** These workers stopped by {@code other} instead. */
    public Workers withCancel(Cancel other) {
        return other == cancel ? this : new Workers(executor, parallelism, other);
    }

    /**
     * Starts {@code task} when a place is free, or leaves it to whoever joins it first.
     *
     * @throws CancelledException when the cancel handle is raised
     */
    public <T> Forked<T> fork(Task<T> task) {
        cancel.check();
        Job<T> job = new Job<>(Objects.requireNonNull(task, "task"));
        if (limiter != null) {
            limiter.submit(job);
        }
        return job;
    }

    /** A step of work forked on {@link Workers}; it may read input, hence {@link IOException}. */
    @FunctionalInterface
    public interface Task<T> {
        T run() throws IOException;
    }

    /** A forked task's result. */
    public interface Forked<T> {
        /**
         * The task's result, once it has run: on this thread when no worker has started it yet. What the task
         * threw is thrown here as it was (an {@link IOException}, a runtime exception, an error).
         *
         * @throws CancelledException when the task was {@link #abandon abandoned}, or this thread interrupted
         */
        T join() throws IOException;

        /**
         * Makes sure the task will not start (a step that stopped early needs no more of its work); a task already
         * running finishes on its own. Its {@link #join} then throws {@link CancelledException}.
         */
        void abandon();

        /**
         * {@link #abandon Abandons} the task when it has not started and waits for it to end when it has: after
         * this no thread uses what the task uses (a decoder to be closed, say). What the task threw is not thrown
         * here: the step that settles its tasks is ending for its own reason.
         */
        void settle();
    }

    private static final class Job<T> implements Forked<T> {
        private static final int NEW = 0;
        private static final int RUNNING = 1;
        private static final int DONE = 2;

        private final AtomicInteger state = new AtomicInteger(NEW);
        private final CountDownLatch done = new CountDownLatch(1);
        private Task<T> task;
        private T value;
        private Throwable failure;

        Job(Task<T> task) {
            this.task = task;
        }

        void runIfUnclaimed() {
            if (state.compareAndSet(NEW, RUNNING)) {
                run();
            }
        }

        private void run() {
            try {
                value = task.run();
            } catch (Throwable t) {
                failure = t;
            } finally {
                task = null;
                state.set(DONE);
                done.countDown();
            }
        }

        @Override
        public T join() throws IOException {
            if (state.compareAndSet(NEW, RUNNING)) {
                run();
            } else {
                try {
                    done.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancelledException();
                }
            }
            Throwable f = failure;
            if (f == null) {
                return value;
            }
            if (f instanceof IOException io) {
                throw io;
            }
            if (f instanceof RuntimeException re) {
                throw re;
            }
            if (f instanceof Error err) {
                throw err;
            }
            throw new UncheckedIOException(new IOException(f));
        }

        @Override
        public void settle() {
            abandon();
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void abandon() {
            if (state.compareAndSet(NEW, RUNNING)) {
                task = null;
                failure = new CancelledException();
                state.set(DONE);
                done.countDown();
            }
        }
    }

    /**
     * At most {@code permits} drain loops on the executor at once, each running queued jobs until the queue is
     * empty; a job a joiner already claimed is skipped.
     */
    private static final class Limiter {
        private final Executor executor;
        private final int permits;
        private final AtomicInteger active = new AtomicInteger();
        private final ConcurrentLinkedQueue<Job<?>> queue = new ConcurrentLinkedQueue<>();

        Limiter(Executor executor, int permits) {
            this.executor = executor;
            this.permits = permits;
        }

        void submit(Job<?> job) {
            queue.add(job);
            spawn();
        }

        private void spawn() {
            while (true) {
                int running = active.get();
                if (running >= permits || queue.isEmpty()) {
                    return;
                }
                if (active.compareAndSet(running, running + 1)) {
                    try {
                        executor.execute(this::drain);
                    } catch (RejectedExecutionException e) {
                        // A closed or saturated executor: the queued jobs run on the threads that join them.
                        active.decrementAndGet();
                        return;
                    }
                }
            }
        }

        private void drain() {
            try {
                for (Job<?> job; (job = queue.poll()) != null; ) {
                    job.runIfUnclaimed();
                }
            } finally {
                active.decrementAndGet();
            }
            // A job queued after the last poll, whose submitter still saw this loop active, needs a loop.
            spawn();
        }
    }
}
