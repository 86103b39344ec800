package dev.ppw.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Metrics that outputs show as one block, in this order: once a tree holds a value of any of them, every
 * output of that tree has all of the group's columns (a CSV of a trace with memory samples but no CPU
 * samples still has the CPU columns, empty), and a tree without any has none, so that older outputs stay
 * as they were. Groups are declared as constants by the code that records them ({@link RegionCounters}).
 *
 * @param name         the group's name in outputs ({@code region_counters})
 * @param metrics      its metrics in column order; a ratio's numerator and denominator belong to the group
 * @param combineRule  how the group's values combine across nodes, in words, printed with aggregates
 */
public record MetricGroup(String name, List<Metric> metrics, String combineRule) {
    public MetricGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(combineRule, "combineRule");
        metrics = List.copyOf(metrics);
        Map<String, Metric> byName = new HashMap<>();
        for (Metric m : metrics) {
            if (byName.put(m.name(), m) != null) {
                throw new IllegalArgumentException(name + ": metric " + m.name() + " twice");
            }
        }
        for (Metric m : metrics) {
            if (m.kind() == Metric.Kind.RATIO && (!isValue(byName.get(m.numerator())) || !isValue(byName.get(m.denominator())))) {
                throw new IllegalArgumentException(name + ": ratio " + m.name() + " needs VALUE metrics of the group");
            }
        }
    }

    private static boolean isValue(Metric m) {
        return m != null && m.kind() == Metric.Kind.VALUE;
    }

    /**
     * The group of one {@link Metric.Kind#WEIGHT} metric not in time (a sampled input's bytes or events),
     * named after it: such weights combine like times, by the aggregation operator across nodes.
     */
    public static MetricGroup ofWeight(Metric weight) {
        if (weight.kind() != Metric.Kind.WEIGHT) {
            throw new IllegalArgumentException(weight.name() + " is not a sample weight");
        }
        return new MetricGroup(weight.name(), List.of(weight), "inclusive and exclusive as times are, by the op");
    }

    /** The group's metric named {@code metricName}, or null. */
    public Metric metric(String metricName) {
        for (Metric m : metrics) {
            if (m.name().equals(metricName)) {
                return m;
            }
        }
        return null;
    }
}
