package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;

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
 * sums of {@code calls} and {@code subcalls}; {@link #result} applies the {@link MergeOp} and
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
    private final CallTree union = new CallTree(frames);
    private final List<String> nodeLabels = new ArrayList<>();

    // Per union node, index-aligned with the union tree (index 0 is the virtual root).
    private final MutableIntList present = new IntArrayList();
    private final MutableLongList calls = new LongArrayList();
    private final MutableLongList subcalls = new LongArrayList();
    private final MutableLongList sumInclusive = new LongArrayList();
    private final MutableLongList minInclusive = new LongArrayList();
    private final MutableLongList maxInclusive = new LongArrayList();
    private final MutableLongList sumExclusive = new LongArrayList();
    private final MutableLongList minExclusive = new LongArrayList();
    private final MutableLongList maxExclusive = new LongArrayList();
    private final MutableLongList minPerCall = new LongArrayList();
    private final MutableLongList maxPerCall = new LongArrayList();
    private final MutableIntList maxInclusiveNode = new IntArrayList();
    private final List<SummaryStatistics> inclusiveStats = new ArrayList<>();

    /**
     * @param breakdown also keep, per key, the statistics of the nodes' inclusive times for
     *                  {@link #breakdown()} (one small object per key)
     */
    public ProfileMerger(MergeOp op, MissingRule missing, boolean breakdown) {
        this.op = op;
        this.missing = missing;
        this.breakdown = breakdown;
        appendKey();
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
        FrameTable theirFrames = tree.frames();
        int[] frameMap = new int[theirFrames.size()];
        Arrays.fill(frameMap, -1);
        int[] nodeMap = new int[tree.size()];
        nodeMap[CallTree.ROOT] = CallTree.ROOT;
        for (int n = 1; n < tree.size(); n++) {
            int parent = tree.parent(n);
            if (parent >= n) {
                throw new IllegalArgumentException("tree nodes must be numbered parents first");
            }
            int theirFrame = tree.frame(n);
            int frame = frameMap[theirFrame];
            if (frame < 0) {
                frame = frames.intern(theirFrames.regionName(theirFrame), theirFrames.callsiteName(theirFrame));
                frameMap[theirFrame] = frame;
            }
            int key = union.child(nodeMap[parent], frame);
            nodeMap[n] = key;
            if (key == present.size()) {
                appendKey();
            }
            accumulate(key, tree, n, nodeIndex);
        }
    }

    private void accumulate(int key, CallTree tree, int n, int nodeIndex) {
        long inclusive = tree.inclusiveNanos(n);
        long exclusive = tree.exclusiveNanos(n);
        boolean first = present.get(key) == 0;
        present.set(key, present.get(key) + 1);
        calls.set(key, calls.get(key) + tree.calls(n));
        subcalls.set(key, subcalls.get(key) + tree.subcalls(n));
        sumInclusive.set(key, sumInclusive.get(key) + inclusive);
        sumExclusive.set(key, sumExclusive.get(key) + exclusive);
        if (first || inclusive < minInclusive.get(key)) {
            minInclusive.set(key, inclusive);
        }
        if (first || inclusive > maxInclusive.get(key)) {
            maxInclusive.set(key, inclusive);
            maxInclusiveNode.set(key, nodeIndex);
        }
        if (first || exclusive < minExclusive.get(key)) {
            minExclusive.set(key, exclusive);
        }
        if (first || exclusive > maxExclusive.get(key)) {
            maxExclusive.set(key, exclusive);
        }
        long callMin = tree.minInclusiveNanos(n);
        if (callMin != CallTree.UNSET && (minPerCall.get(key) == CallTree.UNSET || callMin < minPerCall.get(key))) {
            minPerCall.set(key, callMin);
        }
        long callMax = tree.maxInclusiveNanos(n);
        if (callMax != CallTree.UNSET && callMax > maxPerCall.get(key)) {
            maxPerCall.set(key, callMax);
        }
        if (breakdown) {
            inclusiveStats.get(key).addValue(inclusive);
        }
    }

    private void appendKey() {
        present.add(0);
        calls.add(0);
        subcalls.add(0);
        sumInclusive.add(0);
        minInclusive.add(0);
        maxInclusive.add(0);
        sumExclusive.add(0);
        minExclusive.add(0);
        maxExclusive.add(0);
        minPerCall.add(CallTree.UNSET);
        maxPerCall.add(CallTree.UNSET);
        maxInclusiveNode.add(-1);
        inclusiveStats.add(breakdown ? new SummaryStatistics() : null);
    }

    /**
     * The combined profile: the union of all keys with the operator applied. With
     * {@code recomputeInclusive}, inclusive times are rebuilt bottom-up as
     * {@code exclusive + sum(children.inclusive)} (meaningful for tree and callpath views only).
     */
    public synchronized CallTree result(boolean recomputeInclusive) {
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
            union.setMetrics(k, calls.get(k), subcalls.get(k), inclusive[k], exclusive[k], minPerCall.get(k),
                    maxPerCall.get(k));
        }
        return union;
    }

    private long combine(int k, MutableLongList sum, MutableLongList min, MutableLongList max, int nodes) {
        int have = present.get(k);
        boolean zeroCounts = missing == MissingRule.ZERO && have < nodes;
        return switch (op) {
            case SUM -> sum.get(k);
            case MIN -> zeroCounts ? Math.min(0, min.get(k)) : min.get(k);
            case MAX -> zeroCounts ? Math.max(0, max.get(k)) : max.get(k);
            case AVG -> divideRounded(sum.get(k), missing == MissingRule.ZERO ? nodes : have);
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
        int nodes = nodeLabels.size();
        int size = union.size();
        Breakdown b = new Breakdown(size);
        for (int k = 1; k < size; k++) {
            SummaryStatistics stats = inclusiveStats.get(k).copy();
            int absent = nodes - present.get(k);
            String maxNode = nodeLabels.get(maxInclusiveNode.get(k));
            if (missing == MissingRule.ZERO) {
                for (int i = 0; i < absent; i++) {
                    stats.addValue(0);
                }
                if (maxInclusive.get(k) < 0 && absent > 0) {
                    maxNode = "(a node without this row)";
                }
            }
            b.set(k, (long) stats.getMin(), (long) stats.getMax(), stats.getMean(),
                    stats.getN() > 1 ? stats.getStandardDeviation() : 0.0, maxNode);
        }
        return b;
    }
}
