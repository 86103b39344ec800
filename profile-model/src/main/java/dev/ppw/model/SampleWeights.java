package dev.ppw.model;

/**
 * The weights a sample can carry ({@link EventSink#sample}). Time is the profile's own: a sample weighing
 * {@link #TIME} adds to the inclusive and exclusive nanoseconds, exactly as calls do. Any other
 * {@link Metric.Kind#WEIGHT} metric (bytes of allocation, events of a hardware counter, and other nanoseconds
 * that are not the threads' time: a JFR recording's wall-clock or blocked time) goes to columns of its own, in
 * its own unit, and never into the time columns.
 */
public final class SampleWeights {
    /** Integer nanoseconds: the sampling period or the sample's own time delta. */
    public static final Metric TIME = Metric.weight("time", MetricUnit.NANOSECONDS, "time",
            "time in integer nanoseconds, added to inclusive and exclusive time");

    private SampleWeights() {
    }

    /** True when samples weighing {@code weight} add to time, not to columns of their own. */
    public static boolean isTime(Metric weight) {
        return weight.kind() == Metric.Kind.WEIGHT && weight.unit() == MetricUnit.NANOSECONDS
                && weight.name().equals(TIME.name());
    }
}
