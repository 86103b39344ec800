package dev.ppw.store;

import java.util.Locale;

/**
 * The value of a region that {@code history} follows across runs, as stored for each run: the fixed columns of a row
 * (SEMANTICS.md section 2). Inclusive and exclusive values are in the run's measure (time in ns, or its sample
 * weight's unit); a path that matches several contexts (one per callsite) adds their values, and takes the least
 * minimum and the largest maximum, as the callpath view does.
 */
public enum HistoryMetric {
    /** Total time over all calls. */
    INCLUSIVE("inclusive", "SUM"),
    /** Self time. */
    EXCLUSIVE("exclusive", "SUM"),
    /** Number of calls (samples for sampled inputs). */
    CALLS("calls", "SUM"),
    /** Calls made by the region. */
    SUBCALLS("subcalls", "SUM"),
    /** Smallest single call's inclusive time; no value for sampled rows. */
    MIN("min_inclusive", "MIN"),
    /** Largest single call's inclusive time; no value for sampled rows. */
    MAX("max_inclusive", "MAX");

    private final String column;
    private final String aggregate;

    HistoryMetric(String column, String aggregate) {
        this.column = column;
        this.aggregate = aggregate;
    }

    /** The name commands take: inclusive, exclusive, calls, subcalls, min, max. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True when the values are counts, not in the run's measure. */
    public boolean counts() {
        return this == CALLS || this == SUBCALLS;
    }

    String column() {
        return column;
    }

    String aggregate() {
        return aggregate;
    }

    /** The metric labelled {@code label}, or {@link IllegalArgumentException} naming those there are. */
    public static HistoryMetric ofLabel(String label) {
        for (HistoryMetric m : values()) {
            if (m.label().equals(label.strip().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown metric '" + label
                + "': expected inclusive, exclusive, calls, subcalls, min or max");
    }
}
