package dev.ppw.model;

import java.util.List;

/**
 * Region counters (SEMANTICS.md "Counters"): PerfFlowAspect's {@code cpu_usage} and {@code memory_usage}
 * samples attached to the innermost open call of their region, declared as metrics. Per node, the
 * {@code cpu_usage} samples are counted and summed (the mean is their ratio) and the {@code memory_usage}
 * samples give their maximum, as the tracer wrote it. Every view and every aggregation operator combines
 * them the same way: counts and sums add, peaks take the max.
 */
public final class RegionCounters {
    /** Number of {@code cpu_usage} samples attached to the node; 0 when none. */
    public static final Metric CPU_SAMPLES = Metric.value("cpu_usage_samples", MetricUnit.COUNT, Combine.SUM,
            Metric.Shown.MACHINE, "cpu samples", "cpu_usage samples attached to the row");
    /** Sum of those samples, in percent; none when there are none. Kept so that merged means stay exact. */
    public static final Metric CPU_SUM = Metric.value("cpu_usage_sum_percent", MetricUnit.PERCENT, Combine.SUM,
            Metric.Shown.SAVED, "cpu% sum", "sum of the row's cpu_usage samples");
    /** Mean of the samples, in percent: {@link #CPU_SUM} / {@link #CPU_SAMPLES}. */
    public static final Metric CPU_MEAN = Metric.ratio("cpu_usage_mean_percent", MetricUnit.PERCENT, CPU_SUM,
            CPU_SAMPLES, Metric.Shown.EVERYWHERE, "cpu% mean", "mean of the row's cpu_usage samples");
    /** Largest {@code memory_usage} sample, as the tracer wrote it; none when there are none. */
    public static final Metric MEMORY_PEAK = Metric.value("memory_usage_peak", MetricUnit.AS_WRITTEN, Combine.MAX,
            Metric.Shown.EVERYWHERE, "memory peak", "largest memory_usage sample of the row, as written");

    /** The group, in column order. */
    public static final MetricGroup GROUP = new MetricGroup("region_counters",
            List.of(CPU_SAMPLES, CPU_SUM, CPU_MEAN, MEMORY_PEAK),
            "cpu samples and sums added, memory peak the max, whatever op");

    private RegionCounters() {
    }
}
