package dev.ppw.pfa.bench;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;

/** A region in fold mode: folded into its thread's tree, no trace. */
@Fork(value = 1, jvmArgsAppend = {"-Dperfflow.options=ppw-mode=fold:log-dir=target/pfa-bench/fold"})
public class FoldRegion extends Clock {
    @Benchmark
    public void region() {
        try (Region r = PerfFlow.region("solve")) {
            // the region's own cost only
        }
    }
}
