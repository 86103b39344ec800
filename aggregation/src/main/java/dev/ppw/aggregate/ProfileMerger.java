package dev.ppw.aggregate;

import dev.ppw.model.Breakdown;
import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Combines the profiles of several nodes key by key, as SEMANTICS.md section 4 says, one node at a time:
 * memory is the union of the keys, not the sum of the inputs.
 *
 * <p>A key is a row's place in its tree: (the parent's key, region, callsite). Rows of flat and tau views
 * are roots, so there the key is the row's text. Feed every node the same view. Per key it keeps running
 * sums, minima and maxima of {@code inclusive} and {@code exclusive}, how many nodes had the key, and the
 * sums of {@code calls} and {@code subcalls}, and region counters (samples and sums added, peaks maxed,
 * whatever the operator: they are not times); {@link #result} applies the {@link MergeOp} and
 * {@link MissingRule}. All times are integer nanoseconds.
 *
 * <p>Contract: {@code SUM} is commutative and associative and the empty profile is its identity;
 * k copies of a profile give that profile under {@code MIN}, {@code MAX} and {@code AVG} (k times its times
 * under {@code SUM}) and k times its calls under every operator; with {@link MissingRule#ZERO},
 * {@code min <= avg <= max} and {@code sum = avg * nodes} within {@code nodes / 2} ns hold per key.
 * Inclusive times are not recomputed unless asked ({@code recomputeInclusive}).
 *
 * <p>{@link #add} is synchronized, so reader threads may feed one merger.
 */
public final class ProfileMerger {
    private final MergeOp op;
    private final MissingRule missing;
    private final boolean breakdown;

    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    // Created with the first node, sized after it: every node of a merge usually has most of the keys.
    private CallTree union;
    private final List<String> nodeLabels = new ArrayList<>();

    // Per union node, index-aligned with the union tree (index 0 is the virtual root); arrays grown together.
    private int keys;
    private int[] present = new int[0];
    private long[] calls = new long[0];
    private long[] subcalls = new long[0];
    private long[] sumInclusive = new long[0];
    private long[] minInclusive = new long[0];
    private long[] maxInclusive = new long[0];
    private long[] sumExclusive = new long[0];
    private long[] minExclusive = new long[0];
    private long[] maxExclusive = new long[0];
    private long[] minPerCall = new long[0];
    private long[] maxPerCall = new long[0];
    private int[] maxInclusiveNode = new int[0];
    // Region counters, whatever the operator: samples and sums add, peaks take the max (NaN: none yet).
    private boolean counters;
    private long[] cpuSamples = new long[0];
    private double[] cpuSum = new double[0];
    private double[] memoryPeak = new double[0];
    private final List<SummaryStatistics> inclusiveStats = new ArrayList<>();

    /**
     * @param breakdown also keep, per key, the statistics of the nodes' inclusive times for
     *                  {@link #breakdown()} (one small object per key)
     */
    public ProfileMerger(MergeOp op, MissingRule missing, boolean breakdown) {
        this.op = op;
        this.missing = missing;
        this.breakdown = breakdown;
    }

    public MergeOp op() {
        return op;
    }

    public MissingRule missing() {
        return missing;
    }

    /** Number of node profiles added so far. */
    public synchronized int nodeCount() {
        return nodeLabels.size();
    }

    /** The labels of the nodes in the order they were added. */
    public synchronized List<String> nodeLabels() {
        return List.copyOf(nodeLabels);
    }

    /**
     * Adds one node's profile. Its nodes must be numbered parents first (as {@link CallTree} builds them).
     *
     * @param label how the node is named in outputs (the node holding a maximum, ...)
     */
    public synchronized void add(String label, CallTree tree) {
        int nodeIndex = nodeLabels.size();
        nodeLabels.add(label);
        startUnion(tree.size() + tree.size() / 4);
        // Three passes, each a small loop of its own: so that the JIT compiles each quickly, and a key
        // first seen late recompiles only the lookup loop.
        int[] keyOf = keysOf(tree, unionFrames(tree));
        while (keys < union.size()) {
            appendKey();
        }
        for (int n = 1; n < keyOf.length; n++) {
            accumulate(keyOf[n], tree, n, nodeIndex);
        }
    }

    /** For each frame of the tree's frame table that a node uses, the same frame in the union's table. */
    private int[] unionFrames(CallTree tree) {
        FrameTable theirFrames = tree.frames();
        int[] frameMap = new int[theirFrames.size()];
        Arrays.fill(frameMap, -1);
        for (int n = 1; n < tree.size(); n++) {
            int theirFrame = tree.frame(n);
            if (frameMap[theirFrame] < 0) {
                frameMap[theirFrame] = frames.intern(theirFrames.regionName(theirFrame),
                        theirFrames.callsiteName(theirFrame));
            }
        }
        return frameMap;
    }

    /** The union key of each node of the tree, adding to the union the keys it lacks. */
    private int[] keysOf(CallTree tree, int[] frameMap) {
        int size = tree.size();
        int[] keyOf = new int[size];
        keyOf[CallTree.ROOT] = CallTree.ROOT;
        for (int n = 1; n < size; n++) {
            int parent = tree.parent(n);
            if (parent >= n) {
                throw new IllegalArgumentException("tree nodes must be numbered parents first");
            }
            keyOf[n] = union.child(keyOf[parent], frameMap[tree.frame(n)]);
        }
        return keyOf;
    }

    private void accumulate(int key, CallTree tree, int n, int nodeIndex) {
        long inclusive = tree.inclusiveNanos(n);
        long exclusive = tree.exclusiveNanos(n);
        boolean first = present[key] == 0;
        present[key]++;
        calls[key] += tree.calls(n);
        subcalls[key] += tree.subcalls(n);
        sumInclusive[key] += inclusive;
        sumExclusive[key] += exclusive;
        if (first || inclusive < minInclusive[key]) {
            minInclusive[key] = inclusive;
        }
        if (first || inclusive > maxInclusive[key]) {
            maxInclusive[key] = inclusive;
            maxInclusiveNode[key] = nodeIndex;
        }
        if (first || exclusive < minExclusive[key]) {
            minExclusive[key] = exclusive;
        }
        if (first || exclusive > maxExclusive[key]) {
            maxExclusive[key] = exclusive;
        }
        long callMin = tree.minInclusiveNanos(n);
        if (callMin != CallTree.UNSET && (minPerCall[key] == CallTree.UNSET || callMin < minPerCall[key])) {
            minPerCall[key] = callMin;
        }
        long callMax = tree.maxInclusiveNanos(n);
        if (callMax != CallTree.UNSET && callMax > maxPerCall[key]) {
            maxPerCall[key] = callMax;
        }
        if (breakdown) {
            inclusiveStats.get(key).addValue(inclusive);
        }
        if (tree.hasCounters()) {
            counters = true;
            long samples = tree.cpuSamples(n);
            if (samples != 0) {
                cpuSamples[key] += samples;
                cpuSum[key] += tree.cpuSum(n);
            }
            double peak = tree.memoryPeak(n);
            if (!Double.isNaN(peak) && (Double.isNaN(memoryPeak[key]) || peak > memoryPeak[key])) {
                memoryPeak[key] = peak;
            }
        }
    }

    /** Creates the union tree, for about {@code expectedKeys} keys, unless it exists. */
    private void startUnion(int expectedKeys) {
        if (union == null) {
            union = new CallTree(frames, expectedKeys);
            appendKey();
        }
    }

    private void appendKey() {
        if (keys == present.length) {
            int capacity = Math.max(union.size(), keys + (keys >> 1) + 16);
            present = Arrays.copyOf(present, capacity);
            calls = Arrays.copyOf(calls, capacity);
            subcalls = Arrays.copyOf(subcalls, capacity);
            sumInclusive = Arrays.copyOf(sumInclusive, capacity);
            minInclusive = Arrays.copyOf(minInclusive, capacity);
            maxInclusive = Arrays.copyOf(maxInclusive, capacity);
            sumExclusive = Arrays.copyOf(sumExclusive, capacity);
            minExclusive = Arrays.copyOf(minExclusive, capacity);
            maxExclusive = Arrays.copyOf(maxExclusive, capacity);
            minPerCall = Arrays.copyOf(minPerCall, capacity);
            maxPerCall = Arrays.copyOf(maxPerCall, capacity);
            maxInclusiveNode = Arrays.copyOf(maxInclusiveNode, capacity);
            cpuSamples = Arrays.copyOf(cpuSamples, capacity);
            cpuSum = Arrays.copyOf(cpuSum, capacity);
            memoryPeak = Arrays.copyOf(memoryPeak, capacity);
        }
        memoryPeak[keys] = Double.NaN;
        minPerCall[keys] = CallTree.UNSET;
        maxPerCall[keys] = CallTree.UNSET;
        maxInclusiveNode[keys] = -1;
        inclusiveStats.add(breakdown ? new SummaryStatistics() : null);
        keys++;
    }

    /**
     * The combined profile: the union of all keys with the operator applied. With
     * {@code recomputeInclusive}, inclusive times are rebuilt bottom-up as
     * {@code exclusive + sum(children.inclusive)} (meaningful for tree and callpath views only).
     */
    public synchronized CallTree result(boolean recomputeInclusive) {
        startUnion(0);
        int nodes = nodeLabels.size();
        int size = union.size();
        long[] inclusive = new long[size];
        long[] exclusive = new long[size];
        for (int k = 1; k < size; k++) {
            inclusive[k] = combine(k, sumInclusive, minInclusive, maxInclusive, nodes);
            exclusive[k] = combine(k, sumExclusive, minExclusive, maxExclusive, nodes);
        }
        if (recomputeInclusive) {
            long[] childInclusive = new long[size];
            for (int k = size - 1; k >= 1; k--) {
                inclusive[k] = exclusive[k] + childInclusive[k];
                childInclusive[union.parent(k)] += inclusive[k];
            }
        }
        for (int k = 1; k < size; k++) {
            union.setMetrics(k, calls[k], subcalls[k], inclusive[k], exclusive[k], minPerCall[k], maxPerCall[k]);
            if (counters) {
                union.setCounters(k, cpuSamples[k], cpuSum[k], memoryPeak[k]);
            }
        }
        if (counters) {
            union.enableCounters();
        }
        return union;
    }

    private long combine(int k, long[] sum, long[] min, long[] max, int nodes) {
        int have = present[k];
        boolean zeroCounts = missing == MissingRule.ZERO && have < nodes;
        return switch (op) {
            case SUM -> sum[k];
            case MIN -> zeroCounts ? Math.min(0, min[k]) : min[k];
            case MAX -> zeroCounts ? Math.max(0, max[k]) : max[k];
            case AVG -> divideRounded(sum[k], missing == MissingRule.ZERO ? nodes : have);
        };
    }

    /** {@code dividend / divisor} rounded to the nearest integer, halves away from zero. */
    static long divideRounded(long dividend, long divisor) {
        long quotient = dividend / divisor;
        long remainder = dividend % divisor;
        if (Math.abs(remainder) * 2 >= divisor) {
            quotient += dividend < 0 ? -1 : 1;
        }
        return quotient;
    }

    /**
     * Per-node statistics of each key's inclusive time, for keys of {@link #result}'s tree; null unless
     * the merger was built with {@code breakdown}. Absent nodes count as 0 under {@link MissingRule#ZERO}.
     */
    public synchronized Breakdown breakdown() {
        if (!breakdown) {
            return null;
        }
        startUnion(0);
        int nodes = nodeLabels.size();
        int size = union.size();
        Breakdown b = new Breakdown(size);
        for (int k = 1; k < size; k++) {
            SummaryStatistics stats = inclusiveStats.get(k).copy();
            int absent = nodes - present[k];
            String maxNode = nodeLabels.get(maxInclusiveNode[k]);
            if (missing == MissingRule.ZERO) {
                for (int i = 0; i < absent; i++) {
                    stats.addValue(0);
                }
                if (maxInclusive[k] < 0 && absent > 0) {
                    maxNode = "(a node without this row)";
                }
            }
            b.set(k, (long) stats.getMin(), (long) stats.getMax(), stats.getMean(),
                    stats.getN() > 1 ? stats.getStandardDeviation() : 0.0, maxNode);
        }
        return b;
    }
}
