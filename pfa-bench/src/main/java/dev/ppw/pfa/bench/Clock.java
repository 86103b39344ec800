package dev.ppw.pfa.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The baselines every ratio is taken against, measured in each benchmark's own JVM: two clock reads (what a
 * region must at least do) and an empty method. Subclasses add the region of their mode; JMH runs each class in
 * its own fork, so each mode's recorder is the one its options choose.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class Clock {
    @Benchmark
    public long twoNanoTimes() {
        return System.nanoTime() + System.nanoTime();
    }

    @Benchmark
    public void empty() {
    }
}
