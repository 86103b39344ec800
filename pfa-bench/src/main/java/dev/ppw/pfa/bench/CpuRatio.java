package dev.ppw.pfa.bench;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The trace-mode ratio of bench/pfa-bench.sh again, on the recording thread's CPU time instead of the wall clock:
 * a region around the same work as {@link TraceRegion#regionAroundWork()}, against two clock reads around it. On a
 * machine that others load, JMH's wall times take in the time the thread waited for a core (and the writer for its
 * own), which no ratio taken in the same run cancels; CPU time leaves those out, while a wait for the writer still
 * shows in the yields it costs. It is a cross-check, not the target: the target is JMH's, on a quiet machine.
 *
 * <p>Runs {@code rounds} rounds (argument; 20 by default), each timing 200,000 calls of the work alone, the clock
 * around it and the region around it, in turn, so that all three see the same load; prints each one's first
 * quartile over the rounds in ns of CPU per call, the ratio, and the writer thread's CPU per region.
 */
public final class CpuRatio {
    private static final int CALLS = 200_000;
    private static final String[] NAMES = {"work", "clock around work", "region around work"};
    private static long sink;

    private CpuRatio() {
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int warm = 0; warm < 5; warm++) {
            for (int v = 0; v < NAMES.length; v++) {
                run(v);
            }
        }
        long writer = writerThreadId();
        long writerStart = threads.getThreadCpuTime(writer);
        double[][] cpu = new double[NAMES.length][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < NAMES.length; v++) {
                long start = threads.getCurrentThreadCpuTime();
                run(v);
                cpu[v][r] = (threads.getCurrentThreadCpuTime() - start) / (double) CALLS;
            }
        }
        Thread.sleep(200); // the writer's last period
        double writerPerRegion = (threads.getThreadCpuTime(writer) - writerStart) / ((double) rounds * CALLS);
        double[] q1 = new double[NAMES.length];
        for (int v = 0; v < NAMES.length; v++) {
            Arrays.sort(cpu[v]);
            q1[v] = cpu[v][rounds / 4];
            System.out.printf("%s: %.1f ns cpu (median %.1f)%n", NAMES[v], q1[v], cpu[v][rounds / 2]);
        }
        System.out.printf("ratio: (%.1f - %.1f) / (%.1f - %.1f) = %.2f%n", q1[2], q1[0], q1[1], q1[0],
                (q1[2] - q1[0]) / (q1[1] - q1[0]));
        System.out.printf("writer: %.1f ns cpu per region%n", writerPerRegion);
        if (sink == 42) {
            System.out.println();
        }
    }

    private static long writerThreadId() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("perfflow-writer")) {
                return t.threadId();
            }
        }
        throw new IllegalStateException("no perfflow-writer thread: is the recorder on the class path, in trace mode?");
    }

    private static void run(int variant) {
        switch (variant) {
            case 0 -> {
                for (int i = 0; i < CALLS; i++) {
                    work();
                }
            }
            case 1 -> {
                for (int i = 0; i < CALLS; i++) {
                    sink += clockAroundWork();
                }
            }
            default -> {
                for (int i = 0; i < CALLS; i++) {
                    regionAroundWork();
                }
            }
        }
    }

    // each its own small method, as JMH's benchmark methods are, so that the JIT inlines as it does there
    private static void work() {
        Blackhole.consumeCPU(TraceRegion.WORK);
    }

    private static long clockAroundWork() {
        long start = System.nanoTime();
        work();
        return System.nanoTime() - start;
    }

    private static void regionAroundWork() {
        try (Region r = PerfFlow.region("solve")) {
            work();
        }
    }
}
