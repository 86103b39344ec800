package dev.ppw.pfa.recorder;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;

/**
 * A program the tests start in a JVM of its own, recording through {@link PerfFlow} as an application does:
 * {@code steps} closes a region every 2 ms and prints its number after each (until killed); {@code regions}
 * runs a small nested workload on three threads and ends; {@code threads T N}, T platform threads with N regions
 * each; {@code virtual N F}, N virtual threads with one region each, at most F of them started and not ended.
 */
public final class ChildWorkload {
    private ChildWorkload() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("steps")) {
            for (long i = 0; ; i++) {
                try (Region r = PerfFlow.region("step")) {
                    Thread.sleep(2);
                }
                System.out.println(i);
                System.out.flush();
            }
        }
        if (args[0].equals("threads")) {
            Thread[] all = new Thread[Integer.parseInt(args[1])];
            int regions = Integer.parseInt(args[2]);
            for (int t = 0; t < all.length; t++) {
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
            return;
        }
        if (args[0].equals("virtual")) {
            virtual(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            return;
        }
        Thread[] threads = new Thread[3];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 100; i++) {
                    try (Region a = PerfFlow.region("outer")) {
                        try (Region b = PerfFlow.region("inner")) {
                            Thread.onSpinWait();
                        }
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    /**
     * Bounded in flight: a program that queued a million threads at once would measure its own queue (a started
     * virtual thread waiting for a carrier is some hundreds of bytes), not the recorder's state.
     */
    private static void virtual(int n, int inFlight) throws InterruptedException {
        java.util.concurrent.Semaphore slots = new java.util.concurrent.Semaphore(inFlight);
        try (var vts = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
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
}
