package dev.ppw.engine;

import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Runs {@code load(0 .. count-1)} on the caller's workers and hands the results to {@code consume} on the calling
 * thread in index order. At most twice the workers' parallelism results wait at once, so memory stays at a few
 * inputs however many there are, and the output does not depend on which task finished first.
 */
final class InOrder {
    private InOrder() {
    }

    static <T> void run(int count, Workers workers, IntFunction<T> load, Consumer<T> consume) {
        if (workers.parallelism() <= 1 || count <= 1) {
            for (int i = 0; i < count; i++) {
                workers.cancel().check();
                consume.accept(load.apply(i));
            }
            return;
        }
        Deque<Workers.Forked<T>> pending = new ArrayDeque<>();
        try {
            int window = 2 * workers.parallelism();
            for (int i = 0; i < count; i++) {
                if (pending.size() == window) {
                    consume.accept(join(pending.removeFirst()));
                }
                int index = i;
                pending.addLast(workers.fork(() -> load.apply(index)));
            }
            while (!pending.isEmpty()) {
                consume.accept(join(pending.removeFirst()));
            }
        } finally {
            // After a failure: inputs not started are not read, and none is still being read when this returns.
            pending.forEach(Workers.Forked::settle);
        }
    }

    /** The task's result; its own exception (bad input, a file problem) is rethrown as it was thrown. */
    private static <T> T join(Workers.Forked<T> task) {
        try {
            return task.join();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // loads report their I/O failures as bad input, never as IOException
        }
    }
}
