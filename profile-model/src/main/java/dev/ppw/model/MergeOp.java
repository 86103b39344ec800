package dev.ppw.model;

import java.util.Locale;

/**
 * How {@code inclusive} and {@code exclusive} times of several node profiles combine, key by key
 * (SEMANTICS.md section 4). Whatever the operator, {@code calls} and {@code subcalls} are summed,
 * {@code min_inclusive} is the minimum of the nodes' minima and {@code max_inclusive} the maximum of
 * their maxima, over the nodes that have the key.
 */
public enum MergeOp {
    /** Sum over all nodes; a node without the key adds nothing, so the missing rule does not change it. */
    SUM,
    /** Smallest value; a node without the key counts as 0 unless {@link MissingRule#PRESENT}. */
    MIN,
    /** Largest value; a node without the key counts as 0 unless {@link MissingRule#PRESENT}. */
    MAX,
    /**
     * Exact quotient sum / nodes rounded to the nearest nanosecond, halves away from zero; the divisor is
     * every node ({@link MissingRule#ZERO}) or the nodes having the key ({@link MissingRule#PRESENT}).
     */
    AVG;

    /** {@link #label()}, made once: outputs ask for it on every row. */
    private final String label = name().toLowerCase(Locale.ROOT);

    /** The lower-case name used on the command line and in outputs. */
    public String label() {
        return label;
    }

    /** Parses a label ({@code sum}, {@code min}, {@code max}, {@code avg}), case-insensitively. */
    public static MergeOp parse(String text) {
        for (MergeOp op : values()) {
            if (op.label().equalsIgnoreCase(text)) {
                return op;
            }
        }
        throw new IllegalArgumentException("unknown aggregation '" + text + "': use sum, min, max or avg");
    }
}
