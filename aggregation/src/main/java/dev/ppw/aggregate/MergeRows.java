package dev.ppw.aggregate;

import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTimeSketch;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;

import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The rows half of a {@link MergeAccumulator}: the union of the nodes' keys and, per key, everything the
 * merged row needs, each kept so that adding nodes in any order and grouping gives the same state.
 *
 * <p>A key is a row's place in its tree: (the parent's key, region, callsite), a root's key being (its
 * {@link Part}, region, callsite); flat and tau rows are roots, so there the key is the row's part and text.
 * A node without some part simply lacks its keys: the missing rule applies to them as to any row. Per key: how many nodes have it, sums of calls and subcalls; sum,
 * minimum and maximum of inclusive and exclusive time, and the node holding the maximum inclusive time
 * (the lowest node position on ties); min of per-call minima, max of per-call maxima; with the breakdown,
 * the sum of squared inclusive times as a 192-bit integer; per declared metric a {@link MetricColumn}; when
 * some node keeps call-time sketches, the union of the key's sketches (every call of every node, whatever the
 * operator, as for the per-call minimum and maximum).
 * Sums are exact 128-bit integers ({@link WideSum}): only the merged value cut to a long stops at the limit
 * (SEMANTICS.md section 5, "Limits"), and an average divides the exact sum.
 * Its rank is (the lowest position of a node having it, its index in that node's tree): adding nodes one
 * by one in position order creates keys in rank order, which is the output row order.
 *
 * <p>Positions are {@link MergeAccumulator}'s node positions (input index and node within the input).
 * Not thread-safe.
 */
final class MergeRows {
    /**
     * Enough digits that an integer's quotient by a divisor below 2^63, rounded to them and then to a
     * double, is the quotient correctly rounded: such a quotient is either a double's rounding midpoint
     * (at most 61 significant digits then, as its binary fraction has at most 62 digits) or farther from
     * every midpoint than 2^-117 of its size, far beyond an error in the 80th digit.
     */
    private static final MathContext DIGITS = new MathContext(80, RoundingMode.HALF_EVEN);
    private static final long EXACT_IN_DOUBLE = 1L << 53;

    private final MergeOp op;
    private final MissingRule missing;
    private final boolean breakdown;
    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    // The keys as a tree of their own: its node index is the key index (0, the virtual root, is no key).
    private final CallTree keys = new CallTree(frames);
    /** Nodes combined so far, for the missing rule. */
    private int nodes;

    private int capacity;
    private int[] present = new int[0];
    // Each sum is the low half of a 128-bit integer ({@link WideSum}) whose high half is the array of the same name
    // ending in High.
    private long[] calls = new long[0];
    private long[] callsHigh = new long[0];
    private long[] subcalls = new long[0];
    private long[] subcallsHigh = new long[0];
    private long[] sumInclusive = new long[0];
    private long[] sumInclusiveHigh = new long[0];
    private long[] minInclusive = new long[0];
    private long[] maxInclusive = new long[0];
    private long[] sumExclusive = new long[0];
    private long[] sumExclusiveHigh = new long[0];
    private long[] minExclusive = new long[0];
    private long[] maxExclusive = new long[0];
    private long[] minPerCall = new long[0];
    private long[] maxPerCall = new long[0];
    private long[] maxInclusiveNode = new long[0];
    private long[] firstNode = new long[0];
    private int[] firstRow = new int[0];
    // The sum of squared inclusive times, a 192-bit unsigned integer (top, high, low); only with breakdown. A square
    // is below 2^126, so fewer than 2^31 nodes never fill it.
    private long[] squaresTop = new long[0];
    private long[] squaresHigh = new long[0];
    private long[] squaresLow = new long[0];
    /** Per key the union of its nodes' call-time sketches (null: none); null until a node keeps sketches. */
    private CallTimeSketch[] callTimes;

    /** Declared groups met, with the rank of their first use: (node position, index in that node's list). */
    private final List<SeenGroup> groups = new ArrayList<>();
    private final Map<String, MetricColumn> columns = new LinkedHashMap<>();

    private record SeenGroup(MetricGroup group, long node, int index) {
        static final Comparator<SeenGroup> ORDER = Comparator.comparingLong(SeenGroup::node)
                .thenComparingInt(SeenGroup::index);
    }

    MergeRows(MergeOp op, MissingRule missing, boolean breakdown) {
        this.op = op;
        this.missing = missing;
        this.breakdown = breakdown;
        grow(16);
    }

    int nodes() {
        return nodes;
    }

    /** True when the operator shows sums ({@code sum}), which stop at the limit of a long. */
    boolean sums() {
        return op == MergeOp.SUM;
    }

    /** Adds one node's rows; the node's position {@code node} is new to these rows. */
    void add(long node, CallTree tree) {
        List<MetricGroup> theirGroups = tree.metricGroups();
        for (int i = 0; i < theirGroups.size(); i++) {
            see(theirGroups.get(i), node, i);
        }
        nodes++;
        int[] keyOf = keysOf(tree);
        if (tree.keepsCallTimes()) {
            keepCallTimes();
        }
        MetricColumn[] cols = columns.values().toArray(new MetricColumn[0]);
        boolean[] has = new boolean[cols.length];
        for (int c = 0; c < cols.length; c++) {
            has[c] = tree.has(cols[c].group);
        }
        for (int n = 1; n < keyOf.length; n++) {
            int key = keyOf[n];
            boolean first = present[key] == 0;
            accumulate(key, first, tree, n, node);
            for (int c = 0; c < cols.length; c++) {
                cols[c].add(key, first, tree, n, has[c]);
            }
        }
    }

    /** The key of each node of the tree, adding to the keys those it lacks. */
    private int[] keysOf(CallTree tree) {
        FrameTable theirFrames = tree.frames();
        int[] frameMap = new int[theirFrames.size()];
        Arrays.fill(frameMap, -1);
        int size = tree.size();
        int[] keyOf = new int[size];
        keyOf[CallTree.ROOT] = CallTree.ROOT;
        for (int n = 1; n < size; n++) {
            int theirFrame = tree.frame(n);
            if (frameMap[theirFrame] < 0) {
                frameMap[theirFrame] = frames.intern(theirFrames.regionName(theirFrame),
                        theirFrames.callsiteName(theirFrame));
            }
            keyOf[n] = keys.child(keyOf[tree.parent(n)], frameMap[theirFrame], tree.part(n));
        }
        grow(keys.size());
        return keyOf;
    }

    private void accumulate(int key, boolean first, CallTree tree, int n, long node) {
        long inclusive = tree.inclusiveNanos(n);
        long exclusive = tree.exclusiveNanos(n);
        present[key]++;
        WideSum.add(callsHigh, calls, key, tree.calls(n));
        WideSum.add(subcallsHigh, subcalls, key, tree.subcalls(n));
        WideSum.add(sumInclusiveHigh, sumInclusive, key, inclusive);
        WideSum.add(sumExclusiveHigh, sumExclusive, key, exclusive);
        if (first) {
            minInclusive[key] = maxInclusive[key] = inclusive;
            minExclusive[key] = maxExclusive[key] = exclusive;
            maxInclusiveNode[key] = node;
        } else {
            minInclusive[key] = Math.min(minInclusive[key], inclusive);
            minExclusive[key] = Math.min(minExclusive[key], exclusive);
            maxExclusive[key] = Math.max(maxExclusive[key], exclusive);
            if (inclusive > maxInclusive[key] || inclusive == maxInclusive[key] && node < maxInclusiveNode[key]) {
                maxInclusive[key] = inclusive;
                maxInclusiveNode[key] = node;
            }
        }
        if (node < firstNode[key]) {
            firstNode[key] = node;
            firstRow[key] = n;
        }
        minPerCall[key] = minOfSet(minPerCall[key], tree.minInclusiveNanos(n));
        maxPerCall[key] = maxOfSet(maxPerCall[key], tree.maxInclusiveNanos(n));
        if (breakdown) {
            addSquare(key, 0, Math.multiplyHigh(inclusive, inclusive), inclusive * inclusive);
        }
        CallTimeSketch sketch = tree.callTimes(n);
        if (sketch != null) {
            addCallTimes(key, sketch);
        }
    }

    private void keepCallTimes() {
        if (callTimes == null) {
            callTimes = new CallTimeSketch[capacity];
        }
    }

    private void addCallTimes(int key, CallTimeSketch sketch) {
        if (callTimes[key] == null) {
            callTimes[key] = sketch.copy();
        } else {
            callTimes[key].addAll(sketch);
        }
    }

    /** Adds the unsigned 192-bit value (top, high, low) to the key's sum of squares. */
    private void addSquare(int key, long top, long high, long low) {
        long sumLow = squaresLow[key] + low;
        long carryLow = Long.compareUnsigned(sumLow, low) < 0 ? 1 : 0;
        long partial = squaresHigh[key] + high;
        // At most one carry out of the high half: partial is at most 2^64 - 2 when it carried.
        long carryHigh = Long.compareUnsigned(partial, high) < 0 ? 1 : 0;
        long sumHigh = partial + carryLow;
        if (Long.compareUnsigned(sumHigh, partial) < 0) {
            carryHigh = 1;
        }
        squaresTop[key] += top + carryHigh;
        squaresHigh[key] = sumHigh;
        squaresLow[key] = sumLow;
    }

    private static long minOfSet(long a, long b) {
        if (a == CallTree.UNSET) {
            return b;
        }
        return b == CallTree.UNSET ? a : Math.min(a, b);
    }

    private static long maxOfSet(long a, long b) {
        if (a == CallTree.UNSET) {
            return b;
        }
        return b == CallTree.UNSET ? a : Math.max(a, b);
    }

    /** Notes a declared group met at {@code node}; a metric name may be declared only one way. */
    private void see(MetricGroup group, long node, int index) {
        for (int i = 0; i < groups.size(); i++) {
            SeenGroup seen = groups.get(i);
            if (seen.group().equals(group)) {
                if (SeenGroup.ORDER.compare(new SeenGroup(group, node, index), seen) < 0) {
                    groups.set(i, new SeenGroup(group, node, index));
                }
                return;
            }
        }
        requireCompatible(List.of(group));
        groups.add(new SeenGroup(group, node, index));
        for (Metric m : group.metrics()) {
            if (m.stored()) {
                columns.put(m.name(), MetricColumn.of(group, m, capacity));
            }
        }
    }

    /**
     * Throws unless {@code more} groups can join these rows' (and each other's): a metric name belongs to
     * one group, declared one way, in every node of a merge.
     */
    void requireCompatible(List<MetricGroup> more) {
        Map<String, MetricGroup> declaring = new HashMap<>();
        for (SeenGroup seen : groups) {
            seen.group().metrics().forEach(m -> declaring.put(m.name(), seen.group()));
        }
        for (MetricGroup g : more) {
            for (Metric m : g.metrics()) {
                MetricGroup known = declaring.putIfAbsent(m.name(), g);
                if (known != null && !known.equals(g)) {
                    throw new IllegalArgumentException("metric " + m.name() + " is declared by group " + g.name()
                            + " and by another group " + known.name() + ": the nodes disagree on their metrics");
                }
            }
        }
    }

    /** The declared groups of these rows, in no particular order. */
    List<MetricGroup> groups() {
        return groups.stream().map(SeenGroup::group).toList();
    }

    /** Adds everything {@code other} holds (nodes of positions this one lacks); {@code other} is not changed. */
    void combine(MergeRows other) {
        for (SeenGroup g : other.groups) {
            see(g.group(), g.node(), g.index());
        }
        nodes += other.nodes;
        int[] frameMap = new int[other.frames.size()];
        for (int f = 0; f < frameMap.length; f++) {
            frameMap[f] = frames.intern(other.frames.regionName(f), other.frames.callsiteName(f));
        }
        if (other.callTimes != null) {
            keepCallTimes();
        }
        int size = other.keys.size();
        int[] mapped = new int[size];
        for (int k = 1; k < size; k++) {
            mapped[k] = keys.child(mapped[other.keys.parent(k)], frameMap[other.keys.frame(k)], other.keys.part(k));
        }
        grow(keys.size());
        MetricColumn[] mine = columns.values().toArray(new MetricColumn[0]);
        MetricColumn[] theirs = new MetricColumn[mine.length];
        for (int c = 0; c < mine.length; c++) {
            theirs[c] = other.columns.get(mine[c].metric.name());
        }
        for (int k = 1; k < size; k++) {
            int key = mapped[k];
            boolean first = present[key] == 0;
            combineKey(key, first, other, k);
            for (int c = 0; c < mine.length; c++) {
                mine[c].combine(key, first, theirs[c], k);
            }
        }
    }

    private void combineKey(int key, boolean first, MergeRows other, int k) {
        present[key] += other.present[k];
        WideSum.add(callsHigh, calls, key, other.callsHigh[k], other.calls[k]);
        WideSum.add(subcallsHigh, subcalls, key, other.subcallsHigh[k], other.subcalls[k]);
        WideSum.add(sumInclusiveHigh, sumInclusive, key, other.sumInclusiveHigh[k], other.sumInclusive[k]);
        WideSum.add(sumExclusiveHigh, sumExclusive, key, other.sumExclusiveHigh[k], other.sumExclusive[k]);
        if (first) {
            minInclusive[key] = other.minInclusive[k];
            maxInclusive[key] = other.maxInclusive[k];
            minExclusive[key] = other.minExclusive[k];
            maxExclusive[key] = other.maxExclusive[k];
            maxInclusiveNode[key] = other.maxInclusiveNode[k];
        } else {
            minInclusive[key] = Math.min(minInclusive[key], other.minInclusive[k]);
            minExclusive[key] = Math.min(minExclusive[key], other.minExclusive[k]);
            maxExclusive[key] = Math.max(maxExclusive[key], other.maxExclusive[k]);
            long theirMax = other.maxInclusive[k];
            if (theirMax > maxInclusive[key]
                    || theirMax == maxInclusive[key] && other.maxInclusiveNode[k] < maxInclusiveNode[key]) {
                maxInclusive[key] = theirMax;
                maxInclusiveNode[key] = other.maxInclusiveNode[k];
            }
        }
        if (other.firstNode[k] < firstNode[key]) {
            firstNode[key] = other.firstNode[k];
            firstRow[key] = other.firstRow[k];
        }
        minPerCall[key] = minOfSet(minPerCall[key], other.minPerCall[k]);
        maxPerCall[key] = maxOfSet(maxPerCall[key], other.maxPerCall[k]);
        if (breakdown) {
            addSquare(key, other.squaresTop[k], other.squaresHigh[k], other.squaresLow[k]);
        }
        if (other.callTimes != null && other.callTimes[k] != null) {
            addCallTimes(key, other.callTimes[k]);
        }
    }

    /** Key indices in rank order: the order adding the nodes one by one in position order creates them. */
    int[] order() {
        Integer[] byRank = new Integer[keys.size() - 1];
        for (int k = 1; k < keys.size(); k++) {
            byRank[k - 1] = k;
        }
        Arrays.sort(byRank, Comparator.<Integer>comparingLong(k -> firstNode[k]).thenComparingInt(k -> firstRow[k]));
        int[] order = new int[byRank.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = byRank[i];
        }
        return order;
    }

    /**
     * The merged tree, row {@code order[i]} at node {@code i + 1} (parents come before their children in
     * rank order), over tables of its own, with the operator and missing rule applied.
     */
    CallTree tree(int[] order, boolean recompute) {
        CallTree out = new CallTree(new FrameTable(new NameTable()), order.length);
        int[] outNode = new int[keys.size()];
        for (int i = 0; i < order.length; i++) {
            int k = order[i];
            outNode[k] = out.child(outNode[keys.parent(k)], out.frames().intern(keys.regionName(k), keys.callsiteName(k)),
                    keys.part(k));
        }
        long[] inclusive = new long[order.length + 1];
        long[] exclusive = new long[order.length + 1];
        for (int i = 0; i < order.length; i++) {
            int k = order[i];
            inclusive[i + 1] = byOperator(k, sumInclusiveHigh[k], sumInclusive[k], minInclusive[k], maxInclusive[k]);
            exclusive[i + 1] = byOperator(k, sumExclusiveHigh[k], sumExclusive[k], minExclusive[k], maxExclusive[k]);
        }
        // Sums stop at the limit of a long (SEMANTICS.md section 5, "Limits"): a row whose shown sum went past it is
        // counted as the merged tree's overflow; one that reaches it exactly is exact, and an average never stops.
        if (recompute) {
            recomputeInclusive(out, inclusive, exclusive, "inclusive");
        }
        for (int i = 0; i < order.length; i++) {
            int k = order[i];
            long rowCalls = shown(out, i + 1, "calls", callsHigh[k], calls[k]);
            long rowSubcalls = shown(out, i + 1, "subcalls", subcallsHigh[k], subcalls[k]);
            if (op == MergeOp.SUM) {
                if (!recompute) {
                    shown(out, i + 1, "inclusive", sumInclusiveHigh[k], sumInclusive[k]);
                }
                shown(out, i + 1, "exclusive", sumExclusiveHigh[k], sumExclusive[k]);
            }
            out.setMetrics(i + 1, rowCalls, rowSubcalls, inclusive[i + 1], exclusive[i + 1], minPerCall[k],
                    maxPerCall[k]);
        }
        if (callTimes != null) {
            out.keepCallTimes();
            for (int i = 0; i < order.length; i++) {
                if (callTimes[order[i]] != null) {
                    out.addCallTimes(i + 1, callTimes[order[i]]);
                }
            }
        }
        List<SeenGroup> byRank = new ArrayList<>(groups);
        byRank.sort(SeenGroup.ORDER);
        for (SeenGroup g : byRank) {
            out.enable(g.group());
        }
        for (SeenGroup g : byRank) {
            for (Metric m : g.group().metrics()) {
                if (m.stored()) {
                    columns.get(m.name()).store(out, order, this, recompute);
                }
            }
        }
        return out;
    }

    /**
     * {@code inclusive[n] = exclusive[n] + sum(children's inclusive)}, bottom-up over the nodes of {@code tree}, each
     * sum stopping at the limit of a long as an overflow of {@code column} of the node it is for.
     */
    static void recomputeInclusive(CallTree tree, long[] inclusive, long[] exclusive, String column) {
        long[] childInclusive = new long[inclusive.length];
        for (int n = inclusive.length - 1; n >= 1; n--) {
            inclusive[n] = tree.sum(n, column, exclusive[n], childInclusive[n]);
            int p = tree.parent(n);
            if (p != CallTree.ROOT) {
                childInclusive[p] = tree.sum(p, column, childInclusive[p], inclusive[n]);
            }
        }
    }

    /**
     * The operator and missing rule applied to key {@code k}'s 128-bit sum {@code (sumHigh, sumLow)}, minimum and
     * maximum over its nodes: a sum past the range of a long is cut to the limit ({@link #shown} counts it), an
     * average is the exact sum's rounded quotient.
     */
    long byOperator(int k, long sumHigh, long sumLow, long min, long max) {
        int have = present[k];
        boolean zeroCounts = missing == MissingRule.ZERO && have < nodes;
        return switch (op) {
            case SUM -> WideSum.clamped(sumHigh, sumLow);
            case MIN -> zeroCounts ? Math.min(0, min) : min;
            case MAX -> zeroCounts ? Math.max(0, max) : max;
            case AVG -> WideSum.divideRounded(sumHigh, sumLow, missing == MissingRule.ZERO ? nodes : have);
        };
    }

    /**
     * The sum {@code (high, low)} as shown in a long: itself, or the limit it went past, counted as an overflow of the
     * node's {@code column} in {@code out}.
     */
    static long shown(CallTree out, int node, String column, long high, long low) {
        if (WideSum.fits(high, low)) {
            return low;
        }
        return out.overflowed(node, column, high < 0);
    }

    /** {@code dividend / divisor} (divisor > 0) rounded to the nearest integer, halves away from zero; never overflows. */
    static long divideRounded(long dividend, long divisor) {
        long quotient = dividend / divisor;
        long remainder = Math.abs(dividend % divisor);
        if (remainder >= divisor - remainder) {
            quotient += dividend < 0 ? -1 : 1;
        }
        return quotient;
    }

    /**
     * Per-node statistics of each row's inclusive time, row {@code order[i]} at index {@code i + 1}. The
     * count n, sum and sum of squares are exact integers, so the mean {@code sum / n} and the sample
     * variance {@code (n * squares - sum^2) / (n * (n - 1))} are exact quotients, each rounded once to the
     * nearest double; the standard deviation is the variance's square root ({@link Math#sqrt}), 0 for one node.
     */
    Breakdown breakdown(int[] order, LongFunction<String> labelOfNode) {
        Breakdown b = new Breakdown(order.length + 1);
        for (int i = 0; i < order.length; i++) {
            int k = order[i];
            boolean zeros = missing == MissingRule.ZERO && present[k] < nodes;
            long count = missing == MissingRule.ZERO ? nodes : present[k];
            String maxNode = zeros && maxInclusive[k] < 0 ? "(a node without this row)"
                    : labelOfNode.apply(maxInclusiveNode[k]);
            double mean = quotient(sumInclusiveHigh[k], sumInclusive[k], count);
            double stddev = count > 1 ? Math.sqrt(variance(count, sumInclusiveHigh[k], sumInclusive[k], squaresTop[k],
                    squaresHigh[k], squaresLow[k])) : 0.0;
            b.set(i + 1, zeros ? Math.min(0, minInclusive[k]) : minInclusive[k],
                    zeros ? Math.max(0, maxInclusive[k]) : maxInclusive[k], mean, stddev, maxNode);
        }
        return b;
    }

    /** {@code dividend / divisor} (divisor > 0) rounded once to the nearest double. */
    static double quotient(long dividend, long divisor) {
        if (Math.abs(dividend) <= EXACT_IN_DOUBLE && divisor <= EXACT_IN_DOUBLE) {
            // Both exact as doubles: one IEEE division is the correctly rounded quotient.
            return (double) dividend / divisor;
        }
        return quotient(BigInteger.valueOf(dividend), BigInteger.valueOf(divisor));
    }

    /** The 128-bit {@code (high, low)} divided by {@code divisor} (> 0), rounded once to the nearest double. */
    static double quotient(long high, long low, long divisor) {
        if (WideSum.fits(high, low)) {
            return quotient(low, divisor);
        }
        return quotient(WideSum.big(high, low), BigInteger.valueOf(divisor));
    }

    private static double quotient(BigInteger dividend, BigInteger divisor) {
        if (dividend.bitLength() <= 53 && divisor.bitLength() <= 53) {
            return dividend.doubleValue() / divisor.doubleValue();
        }
        return new BigDecimal(dividend).divide(new BigDecimal(divisor), DIGITS).doubleValue();
    }

    /**
     * The sample variance {@code (n * squares - sum^2) / (n * (n - 1))} of n values (n >= 2) whose 128-bit sum
     * (sumHigh, unsigned sumLow) and unsigned 192-bit sum of squares (top, high, low) are given, rounded once to the
     * nearest double.
     */
    static double variance(long n, long sumHigh, long sumLow, long squaresTop, long squaresHigh, long squaresLow) {
        long pairs = n * (n - 1);
        long sum = sumLow;
        if (squaresTop == 0 && squaresHigh == 0 && squaresLow >= 0 && WideSum.fits(sumHigh, sumLow)) {
            try {
                long spread = Math.subtractExact(Math.multiplyExact(n, squaresLow), Math.multiplyExact(sum, sum));
                return quotient(spread, pairs);
            } catch (ArithmeticException beyondLong) {
                // Falls through to the exact big-integer form.
            }
        }
        BigInteger squares = BigInteger.valueOf(squaresTop).shiftLeft(128)
                .add(new BigInteger(Long.toUnsignedString(squaresHigh)).shiftLeft(64))
                .add(new BigInteger(Long.toUnsignedString(squaresLow)));
        BigInteger total = WideSum.big(sumHigh, sumLow);
        return quotient(BigInteger.valueOf(n).multiply(squares).subtract(total.multiply(total)), BigInteger.valueOf(pairs));
    }

    /** Makes every per-key array hold at least {@code size} keys. */
    private void grow(int size) {
        if (size <= capacity) {
            return;
        }
        int old = capacity;
        int n = Math.max(size, capacity + (capacity >> 1) + 16);
        present = Arrays.copyOf(present, n);
        calls = Arrays.copyOf(calls, n);
        callsHigh = Arrays.copyOf(callsHigh, n);
        subcalls = Arrays.copyOf(subcalls, n);
        subcallsHigh = Arrays.copyOf(subcallsHigh, n);
        sumInclusive = Arrays.copyOf(sumInclusive, n);
        sumInclusiveHigh = Arrays.copyOf(sumInclusiveHigh, n);
        minInclusive = Arrays.copyOf(minInclusive, n);
        maxInclusive = Arrays.copyOf(maxInclusive, n);
        sumExclusive = Arrays.copyOf(sumExclusive, n);
        sumExclusiveHigh = Arrays.copyOf(sumExclusiveHigh, n);
        minExclusive = Arrays.copyOf(minExclusive, n);
        maxExclusive = Arrays.copyOf(maxExclusive, n);
        minPerCall = Arrays.copyOf(minPerCall, n);
        maxPerCall = Arrays.copyOf(maxPerCall, n);
        maxInclusiveNode = Arrays.copyOf(maxInclusiveNode, n);
        firstNode = Arrays.copyOf(firstNode, n);
        firstRow = Arrays.copyOf(firstRow, n);
        if (breakdown) {
            squaresTop = Arrays.copyOf(squaresTop, n);
            squaresHigh = Arrays.copyOf(squaresHigh, n);
            squaresLow = Arrays.copyOf(squaresLow, n);
        }
        if (callTimes != null) {
            callTimes = Arrays.copyOf(callTimes, n);
        }
        Arrays.fill(minPerCall, old, n, CallTree.UNSET);
        Arrays.fill(maxPerCall, old, n, CallTree.UNSET);
        Arrays.fill(firstNode, old, n, Long.MAX_VALUE);
        for (MetricColumn c : columns.values()) {
            c.grow(old, n);
        }
        capacity = n;
    }

    /**
     * Writes the rows in rank order, so that equal states write equal bytes: the groups (by rank), then per
     * key its parent (as a rank, 0 for a root), part, region, callsite and fixed sums, then each stored metric's
     * column, group by group in rank order, key by key.
     */
    void write(DataOutput out) throws IOException {
        out.writeInt(nodes);
        List<SeenGroup> byRank = new ArrayList<>(groups);
        byRank.sort(SeenGroup.ORDER);
        out.writeInt(byRank.size());
        for (SeenGroup g : byRank) {
            out.writeLong(g.node());
            out.writeInt(g.index());
            MergeCodec.writeGroup(out, g.group());
        }
        int[] order = order();
        int[] rank = new int[keys.size()];
        for (int i = 0; i < order.length; i++) {
            rank[order[i]] = i + 1;
        }
        out.writeInt(order.length);
        for (int k : order) {
            out.writeInt(rank[keys.parent(k)]);
            out.writeByte(keys.part(k).ordinal());
            MergeCodec.writeString(out, keys.regionName(k));
            MergeCodec.writeString(out, keys.callsiteName(k));
            out.writeLong(firstNode[k]);
            out.writeInt(firstRow[k]);
            out.writeInt(present[k]);
            for (long v : new long[] {callsHigh[k], calls[k], subcallsHigh[k], subcalls[k], sumInclusiveHigh[k],
                    sumInclusive[k], minInclusive[k], maxInclusive[k], sumExclusiveHigh[k], sumExclusive[k],
                    minExclusive[k], maxExclusive[k], minPerCall[k], maxPerCall[k], maxInclusiveNode[k]}) {
                out.writeLong(v);
            }
            if (breakdown) {
                out.writeLong(squaresTop[k]);
                out.writeLong(squaresHigh[k]);
                out.writeLong(squaresLow[k]);
            }
        }
        for (SeenGroup g : byRank) {
            for (Metric m : g.group().metrics()) {
                if (m.stored()) {
                    MetricColumn c = columns.get(m.name());
                    for (int k : order) {
                        c.write(out, k);
                    }
                }
            }
        }
        out.writeBoolean(callTimes != null);
        if (callTimes != null) {
            for (int k : order) {
                MergeCodec.writeString(out, callTimes[k] == null ? "" : callTimes[k].encode());
            }
        }
    }

    /** Reads what {@link #write} wrote into these empty rows. */
    void read(DataInputStream in) throws IOException {
        nodes = MergeCodec.length(in);
        int groupCount = MergeCodec.length(in);
        for (int i = 0; i < groupCount; i++) {
            long node = in.readLong();
            int index = in.readInt();
            see(MergeCodec.readGroup(in), node, index);
        }
        int count = MergeCodec.length(in);
        for (int i = 1; i <= count; i++) {
            int parent = in.readInt();
            if (parent < 0 || parent >= i) {
                throw new IllegalArgumentException("merge state: row " + i + " has parent " + parent);
            }
            int part = in.readUnsignedByte();
            if (part >= Part.values().length || parent != 0 && part != keys.part(parent).ordinal()) {
                throw new IllegalArgumentException("merge state: row " + i + " has part " + part);
            }
            int k = keys.child(parent, frames.intern(MergeCodec.readString(in), MergeCodec.readString(in)),
                    Part.ofOrdinal(part));
            if (k != i) {
                throw new IllegalArgumentException("merge state: row " + i + " repeats an earlier row");
            }
            grow(k + 1);
            firstNode[k] = in.readLong();
            firstRow[k] = in.readInt();
            present[k] = in.readInt();
            if (present[k] < 1 || present[k] > nodes) {
                throw new IllegalArgumentException("merge state: row " + i + " is had by " + present[k] + " of "
                        + nodes + " nodes");
            }
            callsHigh[k] = in.readLong();
            calls[k] = in.readLong();
            subcallsHigh[k] = in.readLong();
            subcalls[k] = in.readLong();
            sumInclusiveHigh[k] = in.readLong();
            sumInclusive[k] = in.readLong();
            minInclusive[k] = in.readLong();
            maxInclusive[k] = in.readLong();
            sumExclusiveHigh[k] = in.readLong();
            sumExclusive[k] = in.readLong();
            minExclusive[k] = in.readLong();
            maxExclusive[k] = in.readLong();
            minPerCall[k] = in.readLong();
            maxPerCall[k] = in.readLong();
            maxInclusiveNode[k] = in.readLong();
            WideSum.requireSumOf(callsHigh[k], calls[k], present[k], "row " + i + "'s calls");
            WideSum.requireSumOf(subcallsHigh[k], subcalls[k], present[k], "row " + i + "'s subcalls");
            WideSum.requireSumOf(sumInclusiveHigh[k], sumInclusive[k], present[k], "row " + i + "'s inclusive sum");
            WideSum.requireSumOf(sumExclusiveHigh[k], sumExclusive[k], present[k], "row " + i + "'s exclusive sum");
            if (breakdown) {
                squaresTop[k] = in.readLong();
                if (squaresTop[k] < 0 || squaresTop[k] > present[k]) {
                    throw new IllegalArgumentException("merge state: row " + i + "'s sum of squares is larger than "
                            + present[k] + " squares can be");
                }
                squaresHigh[k] = in.readLong();
                squaresLow[k] = in.readLong();
            }
        }
        List<SeenGroup> byRank = new ArrayList<>(groups);
        byRank.sort(SeenGroup.ORDER);
        for (SeenGroup g : byRank) {
            for (Metric m : g.group().metrics()) {
                if (m.stored()) {
                    MetricColumn c = columns.get(m.name());
                    for (int k = 1; k <= count; k++) {
                        c.read(in, k, present[k]);
                    }
                }
            }
        }
        if (in.readBoolean()) {
            keepCallTimes();
            for (int k = 1; k <= count; k++) {
                String encoded = MergeCodec.readString(in);
                callTimes[k] = encoded.isEmpty() ? null : CallTimeSketch.decode(encoded);
            }
        }
    }
}
