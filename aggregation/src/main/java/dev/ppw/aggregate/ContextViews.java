package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.NameTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The views of one region's contexts and the bottom-up tree (SEMANTICS.md "Callers, callees and the inverted tree"),
 * each a new {@link CallTree} of region names (callsites merged, as in the callpath view) over the input's
 * {@link FrameTable}, into which the callsite-free frames are interned; the input tree is only read.
 *
 * <p>An <em>occurrence</em> of region R is a node of R with no ancestor of R: recursion is counted once, as pprof's
 * cumulative value and the flat view's inclusive time count it.
 * <ul>
 *   <li>{@link #callees}: the subtrees of R's occurrences added into one tree under one root R per part; every row
 *       holds the sums of the nodes merged into it (min of minima, max of maxima), so the root's inclusive time is
 *       R's flat inclusive time.</li>
 *   <li>{@link #callers}: each occurrence read upwards, R first, then its caller, its caller's caller, to the root;
 *       every row of that chain gains the occurrence's calls, inclusive time, weights and per-call extremes, and the
 *       last row (the outermost caller) its inclusive time as exclusive, so that the tree's invariant holds: a
 *       row's exclusive time is the part of R's time whose chain of callers ends there.</li>
 *   <li>{@link #inverted}: every node read upwards from itself; every row of the chain gains the node's exclusive
 *       time and weights as inclusive, and its own calls (a called node's calls, a sampled node's own samples,
 *       {@code calls - subcalls}); the last row its exclusive time as exclusive. A root is a region with its
 *       self time summed over every context; per-call extremes are not kept (rows hold self time, not calls).</li>
 * </ul>
 * In the three, {@code subcalls} is the sum of the children's {@code calls}. Every sum stops at the limit of a long
 * as an overflow of the row it is for ({@link CallTree#sum}), and a view counts the input tree's overflows with its
 * own, as the other views do. Cost: callees one pass; callers and inverted one pass per node over its depth.
 * Stateless.
 */
public final class ContextViews {
    private ContextViews() {
    }

    /** The callees of region {@code region} (a region name): empty when the tree has no such region. */
    public static CallTree callees(CallTree tree, String region) {
        CallTree out = withGroupsOf(tree);
        int r = tree.frames().names().find(region);
        if (r < 0) {
            return out;
        }
        FrameTable frames = tree.frames();
        int[] mapped = new int[tree.size()];
        Arrays.fill(mapped, CallTree.NONE);
        for (int n = 1; n < tree.size(); n++) {
            int above = mapped[tree.parent(n)];
            if (above == CallTree.NONE && frames.region(tree.frame(n)) != r) {
                continue;
            }
            int m = out.child(above == CallTree.NONE ? CallTree.ROOT : above, pathFrame(frames, tree.frame(n)),
                    tree.part(n));
            mapped[n] = m;
            TreeAdd.add(tree, n, out, m);
        }
        out.addOverflowsOf(tree);
        return out;
    }

    /** The callers of region {@code region} (a region name): empty when the tree has no such region. */
    public static CallTree callers(CallTree tree, String region) {
        CallTree out = withGroupsOf(tree);
        int r = tree.frames().names().find(region);
        if (r < 0) {
            return out;
        }
        FrameTable frames = tree.frames();
        Chains chains = new Chains(tree, out);
        boolean[] inside = new boolean[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            boolean isR = frames.region(tree.frame(n)) == r;
            inside[n] = inside[tree.parent(n)] || isR;
            if (isR && !inside[tree.parent(n)]) {
                chains.add(n, tree.calls(n), tree.inclusiveNanos(n), true);
            }
        }
        return chains.finish();
    }

    /** The bottom-up tree of {@code tree}: its roots are the regions with their self time over every context. */
    public static CallTree inverted(CallTree tree) {
        CallTree out = withGroupsOf(tree);
        Chains chains = new Chains(tree, out);
        boolean[] sampled = StackFiltering.sampledNodes(tree);
        for (int n = 1; n < tree.size(); n++) {
            long own = sampled[n] ? ownSamples(tree, n, out) : tree.calls(n);
            if (own != 0 || tree.exclusiveNanos(n) != 0 || chains.hasExclusiveWeight(n)) {
                chains.add(n, own, tree.exclusiveNanos(n), false);
            }
        }
        return chains.finish();
    }

    /**
     * A sampled node's own samples, {@code calls - subcalls}: past the limit of a long only in a damaged tree, where
     * the difference stops there, counted by {@code out} under the node's path.
     */
    private static long ownSamples(CallTree tree, int n, CallTree out) {
        long calls = tree.calls(n);
        long subcalls = tree.subcalls(n);
        long r = calls - subcalls;
        if (((calls ^ subcalls) & (calls ^ r)) < 0) {
            return out.overflowed(CallTree.ROOT, "row '" + tree.path(n, " => ") + "' (own samples)", calls < 0);
        }
        return r;
    }

    /** The frame of {@code frame}'s region with no callsite. */
    private static int pathFrame(FrameTable frames, int frame) {
        return frames.intern(frames.region(frame), NameTable.EMPTY);
    }

    /** An empty view over {@code tree}'s frames with the columns of its metric groups, in its order. */
    private static CallTree withGroupsOf(CallTree tree) {
        CallTree out = new CallTree(tree.frames());
        tree.metricGroups().forEach(out::enable);
        return out;
    }

    /** Source nodes read upwards into rows of the output, with the sums of what each chain carries. */
    private static final class Chains {
        private final CallTree tree;
        private final CallTree out;
        private final List<Metric> weights = new ArrayList<>();
        private long[] calls = new long[16];
        private long[] inclusive = new long[16];
        private long[] exclusive = new long[16];
        private long[] min = filled(16);
        private long[] max = filled(16);
        private long[][] weightInclusive;
        private long[][] weightExclusive;

        Chains(CallTree tree, CallTree out) {
            this.tree = tree;
            this.out = out;
            for (MetricGroup g : tree.metricGroups()) {
                for (Metric m : g.metrics()) {
                    if (m.kind() == Metric.Kind.WEIGHT) {
                        weights.add(m);
                    }
                }
            }
            weightInclusive = new long[weights.size()][16];
            weightExclusive = new long[weights.size()][16];
        }

        boolean hasExclusiveWeight(int n) {
            for (Metric m : weights) {
                if (tree.exclusive(n, m) != 0) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Reads {@code n} upwards: each row of its chain gains {@code chainCalls} calls and {@code chainNanos} as
         * inclusive time (the last row as exclusive too), and the node's weights; with {@code occurrence}, its
         * inclusive weights, per-call extremes, counter values and call-time sketch (callers), else its exclusive
         * weights (inverted).
         */
        void add(int n, long chainCalls, long chainNanos, boolean occurrence) {
            FrameTable frames = tree.frames();
            int x = CallTree.ROOT;
            for (int a = n; a != CallTree.ROOT; a = tree.parent(a)) {
                x = out.child(x, pathFrame(frames, tree.frame(a)), tree.part(a));
                grow(out.size());
                calls[x] = out.sum(x, "calls", calls[x], chainCalls);
                inclusive[x] = out.sum(x, "inclusive", inclusive[x], chainNanos);
                for (int w = 0; w < weights.size(); w++) {
                    Metric m = weights.get(w);
                    weightInclusive[w][x] = out.sum(x, m.name() + " inclusive", weightInclusive[w][x],
                            occurrence ? tree.inclusive(n, m) : tree.exclusive(n, m));
                }
                if (occurrence) {
                    long nodeMin = tree.minInclusiveNanos(n);
                    if (nodeMin != CallTree.UNSET) {
                        min[x] = min[x] == CallTree.UNSET ? nodeMin : Math.min(min[x], nodeMin);
                        max[x] = Math.max(max[x], tree.maxInclusiveNanos(n));
                    }
                    out.addMetricsOf(tree, n, x, true);
                }
            }
            exclusive[x] = out.sum(x, "exclusive", exclusive[x], chainNanos);
            for (int w = 0; w < weights.size(); w++) {
                Metric m = weights.get(w);
                weightExclusive[w][x] = out.sum(x, m.name() + " exclusive", weightExclusive[w][x],
                        occurrence ? tree.inclusive(n, m) : tree.exclusive(n, m));
            }
        }

        CallTree finish() {
            out.addOverflowsOf(tree);
            int size = out.size();
            grow(size);
            long[] subcalls = new long[size];
            for (int x = 1; x < size; x++) {
                int p = out.parent(x);
                if (p != CallTree.ROOT) {
                    subcalls[p] = out.sum(p, "subcalls", subcalls[p], calls[x]);
                }
            }
            for (int x = 1; x < size; x++) {
                out.setMetrics(x, calls[x], subcalls[x], inclusive[x], exclusive[x], min[x], max[x]);
                for (int w = 0; w < weights.size(); w++) {
                    out.setWeight(x, weights.get(w), weightInclusive[w][x], weightExclusive[w][x]);
                }
            }
            return out;
        }

        private void grow(int size) {
            if (size <= calls.length) {
                return;
            }
            int old = calls.length;
            int capacity = Math.max(size, old * 2);
            calls = Arrays.copyOf(calls, capacity);
            inclusive = Arrays.copyOf(inclusive, capacity);
            exclusive = Arrays.copyOf(exclusive, capacity);
            min = Arrays.copyOf(min, capacity);
            max = Arrays.copyOf(max, capacity);
            Arrays.fill(min, old, capacity, CallTree.UNSET);
            Arrays.fill(max, old, capacity, CallTree.UNSET);
            for (int w = 0; w < weights.size(); w++) {
                weightInclusive[w] = Arrays.copyOf(weightInclusive[w], capacity);
                weightExclusive[w] = Arrays.copyOf(weightExclusive[w], capacity);
            }
        }

        private static long[] filled(int n) {
            long[] a = new long[n];
            Arrays.fill(a, CallTree.UNSET);
            return a;
        }
    }
}
