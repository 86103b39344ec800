package dev.ppw.model;

/**
 * Per-node statistics of one metric (inclusive time, nanoseconds) for every row of a merged tree,
 * indexed by the merged tree's node index. {@code imbalance = max / mean} (NaN when the mean is 0).
 * The standard deviation is the sample one (n - 1), 0 for a single node.
 */
public final class Breakdown {
    private final long[] minNanos;
    private final long[] maxNanos;
    private final double[] meanNanos;
    private final double[] stddevNanos;
    private final String[] maxNode;

    /** Statistics for the nodes {@code 0 .. size-1} of a merged tree, all zero until {@link #set}. */
    public Breakdown(int size) {
        minNanos = new long[size];
        maxNanos = new long[size];
        meanNanos = new double[size];
        stddevNanos = new double[size];
        maxNode = new String[size];
    }

    /** Sets one row: extremes and mean in nanoseconds, the sample standard deviation, and who held the max. */
    public void set(int node, long min, long max, double mean, double stddev, String nodeOfMax) {
        minNanos[node] = min;
        maxNanos[node] = max;
        meanNanos[node] = mean;
        stddevNanos[node] = stddev;
        maxNode[node] = nodeOfMax;
    }

    public long minNanos(int node) {
        return minNanos[node];
    }

    public long maxNanos(int node) {
        return maxNanos[node];
    }

    public double meanNanos(int node) {
        return meanNanos[node];
    }

    public double stddevNanos(int node) {
        return stddevNanos[node];
    }

    /** Label of the node holding the maximum. */
    public String maxNode(int node) {
        return maxNode[node];
    }

    /** max / mean: 1 is perfectly balanced; NaN when the mean is 0. */
    public double imbalance(int node) {
        return meanNanos[node] == 0 ? Double.NaN : maxNanos[node] / meanNanos[node];
    }
}
