package dev.ppw.pfa.recorder;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;

/**
 * A program the tests start in a JVM of its own, recording through {@link PerfFlow} as an application does:
 * {@code steps} closes a region every 2 ms and prints its number after each (until killed); {@code regions}
 * runs a small nested workload on three threads and ends.
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
}
