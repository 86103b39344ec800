package dev.ppw.pfa.recorder;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What {@code cpu-mem-usage=True} samples at a region's start and end: the process's CPU time (user and
 * system, ns; PerfFlowAspect's Python takes user time) and its resident memory in kilobytes of 1000 bytes, as
 * PerfFlowAspect's Python writes {@code memory_usage} ({@code rss / 1000}). Off Linux, or where
 * {@code /proc/self/statm} cannot be read, the memory is the Java heap in use.
 */
final class Usage {
    private static final Path STATM = Path.of("/proc/self/statm");
    private static final long PAGE_BYTES = 4096;
    private static final com.sun.management.OperatingSystemMXBean OS = os();

    private Usage() {
    }

    private static com.sun.management.OperatingSystemMXBean os() {
        try {
            return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean o
                    ? o : null;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** CPU time of the process so far, ns; the calling thread's when the JVM does not say. */
    static long processCpuNanos() {
        long t = OS == null ? -1 : OS.getProcessCpuTime();
        return t >= 0 ? t : ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** Resident memory now, in kilobytes of 1000 bytes. */
    static double residentKilobytes() {
        try {
            String[] fields = Files.readString(STATM, StandardCharsets.US_ASCII).trim().split(" ");
            return Long.parseLong(fields[1]) * PAGE_BYTES / 1000.0;
        } catch (IOException | RuntimeException e) {
            Runtime rt = Runtime.getRuntime();
            return (rt.totalMemory() - rt.freeMemory()) / 1000.0;
        }
    }
}
