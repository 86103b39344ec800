package dev.ppw.pfa.bench;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The stress runs of bench/pfa-bench.sh: {@code threads T N} starts T platform threads that each open and close N
 * regions; {@code virtual N} runs N virtual threads with one region each. The script counts the events written.
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
            try (ExecutorService vts = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < n; i++) {
                    vts.submit(() -> {
                        try (Region r = PerfFlow.region("task")) {
                            Thread.onSpinWait();
                        }
                    });
                }
            }
        }
        System.out.println("done in " + (System.nanoTime() - started) / 1_000_000 + " ms");
    }
}
