package dev.ppw.workload;

import java.util.List;

/**
 * One interval of {@code perf stat -I}: every event's count over the interval that ended at {@code endNanos}.
 *
 * @param endNanos when the interval ended, in nanoseconds since perf started counting (perf's first column, read
 *                 exactly from its decimal seconds)
 * @param values   each event's count, in the order perf printed them; a count perf could not take is there with an
 *                 empty value ({@link CounterValue#value()})
 */
public record CounterInterval(long endNanos, List<CounterValue> values) {
    public CounterInterval {
        if (endNanos < 0) {
            throw new IllegalArgumentException("an interval ends at a time >= 0, got " + endNanos);
        }
        values = List.copyOf(values);
    }
}
