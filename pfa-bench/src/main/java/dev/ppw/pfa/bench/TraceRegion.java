package dev.ppw.pfa.bench;

import dev.ppw.pfa.CriticalPath;
import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A region in trace mode (verbose: a B and an E per region), the writer thread formatting every event; the script
 * points the trace file at /dev/null (a symbolic link in log-dir), so that a run does not fill the disk, while the
 * formatting and the write calls are real.
 *
 * <p>A thread that does nothing but open regions outruns any writer of JSON (two lines per region): {@link #region()}
 * measures that, the writer's pace. What a region costs the thread that records it is measured with work around:
 * {@link #regionAroundWork()} minus {@link #work()}, against {@link #clockAroundWork()} minus {@link #work()}.
 * {@link #woven()} calls a {@code @CriticalPath} method, advised by the agent the script passes;
 * {@link #handWritten()} the same body in a hand-written region.
 */
@Fork(value = 1, jvmArgsAppend = {"-Dperfflow.options=log-dir=target/pfa-bench/trace:log-filename-include=name"})
public class TraceRegion extends Clock {
    /** About 250 ns of arithmetic: a region per 250 ns is two lines per 250 ns for the writer. */
    static final int WORK = 100;

    @Benchmark
    public void region() {
        try (Region r = PerfFlow.region("solve")) {
            // the region's own cost only
        }
    }

    @Benchmark
    public void work() {
        Blackhole.consumeCPU(WORK);
    }

    @Benchmark
    public void regionAroundWork() {
        try (Region r = PerfFlow.region("solve")) {
            Blackhole.consumeCPU(WORK);
        }
    }

    @Benchmark
    public long clockAroundWork() {
        long start = System.nanoTime();
        Blackhole.consumeCPU(WORK);
        return System.nanoTime() - start;
    }

    @Benchmark
    public void handWritten() {
        try (Region r = PerfFlow.region("method", "dev.ppw.pfa.bench.TraceRegion")) {
            body();
        }
    }

    @Benchmark
    public void woven() {
        method();
    }

    @CriticalPath
    private static void method() {
        body();
    }

    private static void body() {
        Blackhole.consumeCPU(WORK);
    }
}
