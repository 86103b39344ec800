package dev.ppw.pfa.bench;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;

/** A region with {@code log-enable=False}: the JIT should leave nothing of it (compare with {@link #empty()}). */
@Fork(value = 1, jvmArgsAppend = {"-Dperfflow.options=log-enable=False"})
public class DisabledRegion extends Clock {
    @Benchmark
    public void region() {
        try (Region r = PerfFlow.region("solve")) {
            // nothing
        }
    }
}
