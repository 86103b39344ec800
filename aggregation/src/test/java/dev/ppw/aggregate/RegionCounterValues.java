package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.RegionCounters;

/** A node's region counter values as tests compare them: 0 samples and sum, NaN mean and peak, when none. */
final class RegionCounterValues {
    private RegionCounterValues() {
    }

    static long cpuSamples(CallTree t, int node) {
        return t.has(RegionCounters.GROUP) ? t.longValue(node, RegionCounters.CPU_SAMPLES) : 0;
    }

    static double cpuSum(CallTree t, int node) {
        double sum = t.has(RegionCounters.GROUP) ? t.doubleValue(node, RegionCounters.CPU_SUM) : Double.NaN;
        return Double.isNaN(sum) ? 0 : sum;
    }

    static double cpuMean(CallTree t, int node) {
        return t.has(RegionCounters.GROUP) ? t.doubleValue(node, RegionCounters.CPU_MEAN) : Double.NaN;
    }

    static double memoryPeak(CallTree t, int node) {
        return t.has(RegionCounters.GROUP) ? t.doubleValue(node, RegionCounters.MEMORY_PEAK) : Double.NaN;
    }
}
