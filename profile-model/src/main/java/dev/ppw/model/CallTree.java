package dev.ppw.model;

import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;

import java.util.Arrays;
import java.util.Objects;

/**
 * A calling-context tree stored as columns of primitives, one row per node.
 *
 * <p>Node {@link #ROOT} (index 0) is a virtual root that is never printed: the tree's roots are its
 * children. A node is keyed by (parent, frame), where a frame is a (region, callsite) pair of the
 * {@link FrameTable}; {@link #child(int, int)} finds or creates it in O(1). Children keep their
 * insertion order ({@link #firstChild}, {@link #nextSibling}).
 *
 * <p>Metrics per node, all times in integer nanoseconds (SEMANTICS.md section 2):
 * <ul>
 *   <li>{@code calls}: number of calls (for sampled inputs, number of samples whose stack holds the node);</li>
 *   <li>{@code subcalls}: calls this node made, the sum of its children's {@code calls};</li>
 *   <li>{@code inclusiveNanos}: total time over all calls;</li>
 *   <li>{@code exclusiveNanos}: self time, {@code inclusive - sum(children.inclusive)} for a folded trace;</li>
 *   <li>{@code minInclusiveNanos}, {@code maxInclusiveNanos}: extremes of one call's inclusive time, or
 *       {@link #UNSET} when no single call was timed (sampled inputs, or rows built without calls).</li>
 * </ul>
 * <p>Optional region counters (SEMANTICS.md "Counters"), columns allocated on first use: the number and sum
 * of {@code cpu_usage} samples and the peak {@code memory_usage} ({@link #addCounters}).
 * {@link #addCall} and {@link #addSample} keep those invariants as they fold; {@link #setMetrics} stores
 * values computed elsewhere (aggregates, derived views) as they are, and then the invariants are those
 * of whoever computed them. The same class holds flat and TAU views: their rows are all roots.
 *
 * <p>Not thread-safe.
 */
public final class CallTree {
    /** Index of the virtual root. */
    public static final int ROOT = 0;
    /** Value of {@code minInclusiveNanos}/{@code maxInclusiveNanos} when no single call was timed. */
    public static final long UNSET = -1L;
    /** Returned by navigation methods when there is no such node. */
    public static final int NONE = -1;

    private static final int MIN_CAPACITY = 16;

    private final FrameTable frames;
    private final LongIntOpenMap childIndex;
    // The columns, as arrays grown together: one capacity check per new node, not one per column.
    private int size;
    private int[] parent;
    private int[] frame;
    private int[] depth;
    private int[] firstChild;
    private int[] lastChild;
    private int[] nextSibling;
    private long[] calls;
    private long[] subcalls;
    private long[] inclusiveNanos;
    private long[] exclusiveNanos;
    private long[] minInclusiveNanos;
    private long[] maxInclusiveNanos;
    // Region counters (SEMANTICS.md "Counters"): null until the first one, so trees without counters pay nothing.
    private long[] cpuSamples;
    private double[] cpuSum;
    private double[] memoryPeak;

    public CallTree(FrameTable frames) {
        this(frames, 0);
    }

    /**
     * A tree sized for {@code expectedNodes} real nodes: a reader that knows roughly how many rows are
     * coming saves the regrowing of every column and of the child index. A wrong guess costs only memory
     * or regrowth, never correctness.
     */
    public CallTree(FrameTable frames, int expectedNodes) {
        if (expectedNodes < 0) {
            throw new IllegalArgumentException("expected nodes must be >= 0, got " + expectedNodes);
        }
        this.frames = frames;
        this.childIndex = new LongIntOpenMap(expectedNodes);
        allocate(Math.max(MIN_CAPACITY, expectedNodes + 1));
        appendNode(NONE, NONE, -1);
    }

    /** The frame table that this tree's frame ids refer to. */
    public FrameTable frames() {
        return frames;
    }

    /** Number of nodes, the virtual root included: real nodes are {@code 1 .. size()-1}. */
    public int size() {
        return size;
    }

    /** Returns the child of {@code parentNode} with frame {@code frameId}, creating it when absent. */
    public int child(int parentNode, int frameId) {
        Objects.checkIndex(parentNode, size);
        int candidate = size;
        int node = childIndex.getIfAbsentPut(key(parentNode, frameId), candidate);
        if (node != candidate) {
            return node;
        }
        appendNode(parentNode, frameId, depth[parentNode] + 1);
        int last = lastChild[parentNode];
        if (last == NONE) {
            firstChild[parentNode] = node;
        } else {
            nextSibling[last] = node;
        }
        lastChild[parentNode] = node;
        return node;
    }

    /** Returns the child of {@code parentNode} with frame {@code frameId}, or {@link #NONE}. */
    public int findChild(int parentNode, int frameId) {
        return childIndex.get(key(parentNode, frameId), NONE);
    }

    /**
     * Records one call of {@code node} lasting {@code inclusiveNanos} (>= 0): adds to its calls, inclusive
     * and exclusive time, updates min/max, adds one subcall to its parent and takes the time off the
     * parent's exclusive time, so that {@code exclusive = inclusive - sum(children.inclusive)} holds.
     */
    public void addCall(int node, long inclusiveNanos) {
        Objects.checkIndex(node, size);
        calls[node]++;
        this.inclusiveNanos[node] += inclusiveNanos;
        exclusiveNanos[node] += inclusiveNanos;
        long min = minInclusiveNanos[node];
        if (min == UNSET || inclusiveNanos < min) {
            minInclusiveNanos[node] = inclusiveNanos;
        }
        if (inclusiveNanos > maxInclusiveNanos[node]) {
            maxInclusiveNanos[node] = inclusiveNanos;
        }
        int p = parent[node];
        if (p != ROOT) {
            subcalls[p]++;
            exclusiveNanos[p] -= inclusiveNanos;
        }
    }

    /**
     * Records one sample whose innermost frame is {@code leaf}, weighing {@code weightNanos}: every node
     * from the leaf up to a root gains one call and the weight as inclusive time, the leaf gains the
     * weight as exclusive time, and min/max stay {@link #UNSET} (SEMANTICS.md section 2, sampled inputs).
     */
    public void addSample(int leaf, long weightNanos) {
        Objects.checkIndex(leaf, size);
        exclusiveNanos[leaf] += weightNanos;
        for (int n = leaf; n != ROOT; n = parent[n]) {
            calls[n]++;
            inclusiveNanos[n] += weightNanos;
            int p = parent[n];
            if (p != ROOT) {
                subcalls[p]++;
            }
        }
    }

    /** Stores metrics computed elsewhere (an aggregate or a derived view), replacing the node's own. */
    public void setMetrics(int node, long nodeCalls, long nodeSubcalls, long inclusive, long exclusive,
                           long minInclusive, long maxInclusive) {
        Objects.checkIndex(node, size);
        calls[node] = nodeCalls;
        subcalls[node] = nodeSubcalls;
        inclusiveNanos[node] = inclusive;
        exclusiveNanos[node] = exclusive;
        minInclusiveNanos[node] = minInclusive;
        maxInclusiveNanos[node] = maxInclusive;
    }

    /**
     * Whether the tree carries region counters: some node was given a value (cpu samples or a memory peak),
     * or {@link #enableCounters} was called.
     */
    public boolean hasCounters() {
        return cpuSamples != null;
    }

    /**
     * Adds region counter values to {@code node}: {@code samples} cpu samples summing to {@code sum}, and
     * a memory peak ({@code NaN} for none) combined by max. Adding nothing (0 samples, NaN peak) changes nothing.
     */
    public void addCounters(int node, long samples, double sum, double peak) {
        Objects.checkIndex(node, size);
        if (samples == 0 && Double.isNaN(peak)) {
            return;
        }
        enableCounters();
        if (samples != 0) {
            cpuSamples[node] += samples;
            cpuSum[node] += sum;
        }
        if (!Double.isNaN(peak) && (Double.isNaN(memoryPeak[node]) || peak > memoryPeak[node])) {
            memoryPeak[node] = peak;
        }
    }

    /** Makes the tree carry region counter columns (all empty so far), so that {@link #hasCounters()} is true. */
    public void enableCounters() {
        if (cpuSamples == null) {
            cpuSamples = new long[parent.length];
            cpuSum = new double[parent.length];
            memoryPeak = new double[parent.length];
            Arrays.fill(memoryPeak, Double.NaN);
        }
    }

    /** Replaces the node's region counter values (0 samples and a NaN peak: none). */
    public void setCounters(int node, long samples, double sum, double peak) {
        Objects.checkIndex(node, size);
        if (cpuSamples == null) {
            addCounters(node, samples, sum, peak);
            return;
        }
        cpuSamples[node] = samples;
        cpuSum[node] = samples == 0 ? 0 : sum;
        memoryPeak[node] = peak;
    }

    /** Number of {@code cpu_usage} samples attached to the node (0 when none). */
    public long cpuSamples(int node) {
        Objects.checkIndex(node, size);
        return cpuSamples == null ? 0 : cpuSamples[node];
    }

    /** Sum of the node's {@code cpu_usage} samples (percent); 0 when none. */
    public double cpuSum(int node) {
        Objects.checkIndex(node, size);
        return cpuSamples == null ? 0 : cpuSum[node];
    }

    /** Mean {@code cpu_usage} (percent) of the node's samples, NaN when none. */
    public double cpuMean(int node) {
        long n = cpuSamples(node);
        return n == 0 ? Double.NaN : cpuSum[node] / n;
    }

    /** Largest {@code memory_usage} sample of the node, as the tracer wrote it; NaN when none. */
    public double memoryPeak(int node) {
        Objects.checkIndex(node, size);
        return memoryPeak == null ? Double.NaN : memoryPeak[node];
    }

    public int parent(int node) {
        return parent[Objects.checkIndex(node, size)];
    }

    public int frame(int node) {
        return frame[Objects.checkIndex(node, size)];
    }

    /** Depth of a node: 0 for a root (a child of the virtual root), -1 for the virtual root. */
    public int depth(int node) {
        return depth[Objects.checkIndex(node, size)];
    }

    /** First child in insertion order, or {@link #NONE}. */
    public int firstChild(int node) {
        return firstChild[Objects.checkIndex(node, size)];
    }

    /** Next sibling in insertion order, or {@link #NONE}. */
    public int nextSibling(int node) {
        return nextSibling[Objects.checkIndex(node, size)];
    }

    public long calls(int node) {
        return calls[Objects.checkIndex(node, size)];
    }

    public long subcalls(int node) {
        return subcalls[Objects.checkIndex(node, size)];
    }

    public long inclusiveNanos(int node) {
        return inclusiveNanos[Objects.checkIndex(node, size)];
    }

    public long exclusiveNanos(int node) {
        return exclusiveNanos[Objects.checkIndex(node, size)];
    }

    /** Smallest single call's inclusive time, or {@link #UNSET}. */
    public long minInclusiveNanos(int node) {
        return minInclusiveNanos[Objects.checkIndex(node, size)];
    }

    /** Largest single call's inclusive time, or {@link #UNSET}. */
    public long maxInclusiveNanos(int node) {
        return maxInclusiveNanos[Objects.checkIndex(node, size)];
    }

    /** Region name of a real node. */
    public String regionName(int node) {
        return frames.regionName(frame(node));
    }

    /** Callsite text of a real node, {@code ""} when none is recorded. */
    public String callsiteName(int node) {
        return frames.callsiteName(frame(node));
    }

    /** Sum of the roots' inclusive times: the profile's total time in nanoseconds. */
    public long totalInclusiveNanos() {
        long total = 0;
        for (int c = firstChild[ROOT]; c != NONE; c = nextSibling[c]) {
            total += inclusiveNanos[c];
        }
        return total;
    }

    /** Region names from the root down to {@code node}, joined by {@code separator} (iterative: trees may be deep). */
    public String path(int node, String separator) {
        if (node == ROOT) {
            return "";
        }
        if (parent(node) == ROOT) {
            return regionName(node);
        }
        MutableIntList chain = new IntArrayList();
        for (int n = node; n != ROOT; n = parent[n]) {
            chain.add(n);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = chain.size() - 1; i >= 0; i--) {
            sb.append(regionName(chain.get(i)));
            if (i > 0) {
                sb.append(separator);
            }
        }
        return sb.toString();
    }

    private static long key(int parentNode, int frameId) {
        return ((long) parentNode << 32) | (frameId & 0xffffffffL);
    }

    private int appendNode(int parentNode, int frameId, int nodeDepth) {
        if (size == parent.length) {
            allocate(size + (size >> 1));
        }
        int node = size++;
        parent[node] = parentNode;
        frame[node] = frameId;
        depth[node] = nodeDepth;
        firstChild[node] = NONE;
        lastChild[node] = NONE;
        nextSibling[node] = NONE;
        minInclusiveNanos[node] = UNSET;
        maxInclusiveNanos[node] = UNSET;
        if (memoryPeak != null) {
            memoryPeak[node] = Double.NaN;
        }
        return node;
    }

    /** Sets every column's capacity to {@code capacity}, keeping the nodes so far. */
    private void allocate(int capacity) {
        if (capacity < size || capacity > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("call tree full: " + size + " nodes");
        }
        parent = parent == null ? new int[capacity] : Arrays.copyOf(parent, capacity);
        frame = frame == null ? new int[capacity] : Arrays.copyOf(frame, capacity);
        depth = depth == null ? new int[capacity] : Arrays.copyOf(depth, capacity);
        firstChild = firstChild == null ? new int[capacity] : Arrays.copyOf(firstChild, capacity);
        lastChild = lastChild == null ? new int[capacity] : Arrays.copyOf(lastChild, capacity);
        nextSibling = nextSibling == null ? new int[capacity] : Arrays.copyOf(nextSibling, capacity);
        calls = calls == null ? new long[capacity] : Arrays.copyOf(calls, capacity);
        subcalls = subcalls == null ? new long[capacity] : Arrays.copyOf(subcalls, capacity);
        inclusiveNanos = inclusiveNanos == null ? new long[capacity] : Arrays.copyOf(inclusiveNanos, capacity);
        exclusiveNanos = exclusiveNanos == null ? new long[capacity] : Arrays.copyOf(exclusiveNanos, capacity);
        minInclusiveNanos = minInclusiveNanos == null ? new long[capacity] : Arrays.copyOf(minInclusiveNanos, capacity);
        maxInclusiveNanos = maxInclusiveNanos == null ? new long[capacity] : Arrays.copyOf(maxInclusiveNanos, capacity);
        if (cpuSamples != null) {
            cpuSamples = Arrays.copyOf(cpuSamples, capacity);
            cpuSum = Arrays.copyOf(cpuSum, capacity);
            int old = memoryPeak.length;
            memoryPeak = Arrays.copyOf(memoryPeak, capacity);
            if (capacity > old) {
                Arrays.fill(memoryPeak, old, capacity, Double.NaN);
            }
        }
    }
}
