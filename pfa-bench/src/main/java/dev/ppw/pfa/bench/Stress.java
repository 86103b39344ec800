package dev.ppw.pfa.bench;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * The stress runs of bench/pfa-bench.sh: {@code threads T N} starts T platform threads that each open and close N
 * regions; {@code virtual N F} runs N virtual threads with one region each, at most F started and not ended (a
 * program that queued a million threads at once would measure its own queue, some hundreds of bytes per waiting
 * thread, rather than the recorder's state). The script counts the events written.
 */
public final class Stress {
    private Stress() {
    }

    public static void main(String[] args) throws Exception {
        long started = System.nanoTime();
        if (args[0].equals("threads")) {
            int threads = Integer.parseInt(args[1]);
            int regions = Integer.parseInt(args[2]);
            Thread[] all = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                all[t] = new Thread(() -> {
                    for (int i = 0; i < regions; i++) {
                        try (Region r = PerfFlow.region("work")) {
                            Thread.onSpinWait();
                        }
                    }
                });
                all[t].start();
            }
            for (Thread t : all) {
                t.join();
            }
        } else {
            int n = Integer.parseInt(args[1]);
            Semaphore slots = new Semaphore(args.length > 2 ? Integer.parseInt(args[2]) : n);
            try (ExecutorService vts = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < n; i++) {
                    slots.acquire();
                    vts.submit(() -> {
                        try (Region r = PerfFlow.region("task")) {
                            Thread.onSpinWait();
                        } finally {
                            slots.release();
                        }
                    });
                }
            }
        }
        System.out.println("done in " + (System.nanoTime() - started) / 1_000_000 + " ms");
    }
}
