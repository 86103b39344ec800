package dev.ppw.model.work;

import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Workers: nested steps on one bounded executor never wait for each other, and at most parallelism run at once. */
class WorkersTest {
    @Test
    void nestedStepsOnAOneThreadExecutorFinishBecauseJoinersRunWhatIsNotStarted() throws Exception {
        ExecutorService one = Executors.newFixedThreadPool(1);
        try {
            Workers workers = Workers.of(one, 4, Cancel.never());
            // Each outer task waits for inner tasks: with a private pool per level this needs threads that the
            // single thread of the executor cannot give, so a joiner must run them itself.
            List<Workers.Forked<Integer>> outer = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                int base = i;
                outer.add(workers.fork(() -> {
                    List<Workers.Forked<Integer>> inner = new ArrayList<>();
                    for (int j = 0; j < 8; j++) {
                        int k = j;
                        inner.add(workers.fork(() -> base * 10 + k));
                    }
                    int sum = 0;
                    for (Workers.Forked<Integer> f : inner) {
                        sum += f.join();
                    }
                    return sum;
                }));
            }
            int total = 0;
            for (Workers.Forked<Integer> f : outer) {
                total += f.join();
            }
            int expected = 0;
            for (int i = 0; i < 8; i++) {
                for (int j = 0; j < 8; j++) {
                    expected += i * 10 + j;
                }
            }
            assertEquals(expected, total);
        } finally {
            one.shutdownNow();
        }
    }

    @Test
    void noMoreThanParallelismTasksRunAtOnceOnALargerExecutor() throws Exception {
        ExecutorService many = Executors.newFixedThreadPool(8);
        try {
            Workers workers = Workers.of(many, 3, Cancel.never());
            AtomicInteger running = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            List<Workers.Forked<Void>> all = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                all.add(workers.fork(() -> {
                    most.accumulateAndGet(running.incrementAndGet(), Math::max);
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    running.decrementAndGet();
                    return null;
                }));
            }
            Thread.sleep(200); // let the executor run them; the joins below find most of them done
            for (Workers.Forked<Void> f : all) {
                f.join();
            }
            assertTrue(most.get() <= 3, "at most 3 at once, saw " + most.get());
            assertTrue(most.get() >= 2, "the executor's threads were used, saw " + most.get());
        } finally {
            many.shutdownNow();
        }
    }

    @Test
    void whatATaskThrowsIsThrownByItsJoinAsItWas() {
        Workers workers = TestWorkers.of(2);
        IOException io = new IOException("disk");
        Workers.Forked<Object> failing = workers.fork(() -> {
            throw io;
        });
        assertSame(io, assertThrows(IOException.class, failing::join));
        IllegalStateException bad = new IllegalStateException("bad");
        Workers.Forked<Object> broken = workers.fork(() -> {
            throw bad;
        });
        assertSame(bad, assertThrows(IllegalStateException.class, broken::join));
    }

    @Test
    void anAbandonedTaskNeverRunsAndASettledRunningTaskHasEndedWhenSettleReturns() throws Exception {
        ExecutorService one = Executors.newFixedThreadPool(1);
        try {
            Workers workers = Workers.of(one, 2, Cancel.never());
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger ended = new AtomicInteger();
            Workers.Forked<Void> running = workers.fork(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ended.incrementAndGet();
                return null;
            });
            assertTrue(started.await(5, TimeUnit.SECONDS));
            AtomicInteger ran = new AtomicInteger();
            Workers.Forked<Void> queued = workers.fork(() -> {
                ran.incrementAndGet();
                return null;
            });
            queued.abandon();
            assertThrows(CancelledException.class, queued::join);
            Thread releaser = new Thread(() -> {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                release.countDown();
            });
            releaser.start();
            running.settle();
            assertEquals(1, ended.get(), "settle waits for a running task");
            one.shutdown();
            assertTrue(one.awaitTermination(5, TimeUnit.SECONDS));
            assertEquals(0, ran.get(), "an abandoned task never runs");
        } finally {
            one.shutdownNow();
        }
    }

    @Test
    void aRaisedCancelStopsForkingAndChecks() {
        Cancel cancel = Cancel.create();
        Workers workers = TestWorkers.of(2, cancel);
        AtomicInteger told = new AtomicInteger();
        cancel.onCancel(told::incrementAndGet);
        cancel.cancel();
        cancel.cancel();
        assertEquals(1, told.get(), "listeners run once");
        assertThrows(CancelledException.class, () -> workers.fork(() -> 1));
        assertThrows(CancelledException.class, cancel::check);
        cancel.onCancel(told::incrementAndGet);
        assertEquals(2, told.get(), "a listener added after the cancel runs at once");
        assertThrows(IllegalStateException.class, () -> Cancel.never().cancel());
    }

    @Test
    void inlineWorkersRunEachTaskWhenItIsJoined() throws IOException {
        AtomicInteger ran = new AtomicInteger();
        Workers.Forked<Integer> f = Workers.inline().fork(ran::incrementAndGet);
        assertEquals(0, ran.get());
        assertEquals(1, f.join());
        assertEquals(1, Workers.inline().parallelism());
        assertSame(Workers.inline(), Workers.inline().limitedTo(5));
    }
}
