package dev.ppw.model;

/**
 * How two values of one metric become one: when calls fold into a node, when nodes merge into a view's
 * row, and (for {@link Metric.Kind#VALUE} metrics) when node profiles are aggregated. An absent value is
 * the identity: for {@code double} metrics NaN, for {@code long} metrics nothing was added.
 */
public enum Combine {
    /** Values add up (samples, sums). */
    SUM,
    /** The smaller value wins. */
    MIN,
    /** The larger value wins (peaks). */
    MAX;

    /** {@code a} combined with {@code b}; NaN (no value) on one side gives the other side. */
    public double apply(double a, double b) {
        if (Double.isNaN(a)) {
            return b;
        }
        if (Double.isNaN(b)) {
            return a;
        }
        return switch (this) {
            case SUM -> a + b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    /**
     * {@code a} combined with {@code b}, exactly. A sum that would go past the limit of a {@code long} is refused,
     * never wrapped nor stopped unsaid: sums into a tree go through {@link CallTree#add(int, Metric, long)}, which
     * stops them at the limit and counts it (SEMANTICS.md section 5, "Limits"), a merge's through its 128-bit sums.
     *
     * @throws ArithmeticException when {@link #SUM}'s sum goes past the range of a {@code long}
     */
    public long apply(long a, long b) {
        return switch (this) {
            case SUM -> Math.addExact(a, b);
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }
}
