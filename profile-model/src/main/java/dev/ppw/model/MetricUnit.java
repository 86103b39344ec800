package dev.ppw.model;

import java.util.Locale;

/**
 * The unit of a metric's values, kept as data beside them (as pprof keeps {@code SampleType.unit}), so that
 * readers, merges and writers never guess it from a name.
 *
 * <p>Integral units are stored as {@code long} (exact: a sum of cycles over 10,000 nodes passes 2^53);
 * the others as {@code double}, where NaN means "no value".
 */
public enum MetricUnit {
    /** Integer nanoseconds: times. */
    NANOSECONDS("ns", true),
    /** A number of things: samples, calls. */
    COUNT("count", true),
    /** Hardware or software events (perf's cycles, instructions), as a sample period counts them. */
    EVENTS("events", true),
    /** Bytes: allocation samples, memory. */
    BYTES("bytes", true),
    /** Percent, as a tracer wrote it (0 to 100 per core). */
    PERCENT("percent", false),
    /** A number kept as the tracer wrote it, with no unit ppw-java could name (PerfFlowAspect's memory). */
    AS_WRITTEN("", false);

    private final String label;
    private final boolean integral;

    MetricUnit(String label, boolean integral) {
        this.label = label;
        this.integral = integral;
    }

    /** The short name printed beside values and in column names ({@code ns}, {@code bytes}); empty for {@link #AS_WRITTEN}. */
    public String label() {
        return label;
    }

    /** True when values are whole numbers, stored as {@code long}. */
    public boolean integral() {
        return integral;
    }

    /** The unit whose {@link #label()} (or constant name) is {@code text}, case-insensitively. */
    public static MetricUnit parse(String text) {
        for (MetricUnit u : values()) {
            if (u.label.equalsIgnoreCase(text) || u.name().equalsIgnoreCase(text)) {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown metric unit '" + text + "': expected one of ns, count, events,"
                + " bytes, percent, or empty");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
