package dev.ppw.pfa.bench;

import dev.ppw.pfa.CriticalPath;
import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;

/**
 * A region in trace mode (verbose: a B and an E per region), the writer thread formatting every event. The script
 * points the trace file at /dev/null (a symbolic link in log-dir), so that a run does not fill the disk: the
 * formatting and the write calls are real. {@link #woven()} is a {@code @CriticalPath} method, advised by the agent
 * the script passes ({@code -Dpfa.agent}); {@link #handWritten()} the same body in a hand-written region.
 */
@Fork(value = 1, jvmArgsAppend = {"-Dperfflow.options=log-dir=target/pfa-bench/trace:log-filename-include=name"})
public class TraceRegion extends Clock {
    @Benchmark
    public void region() {
        try (Region r = PerfFlow.region("solve")) {
            // the region's own cost only
        }
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
    }
}
