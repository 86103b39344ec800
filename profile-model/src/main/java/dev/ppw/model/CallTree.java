package dev.ppw.model;

import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.api.map.primitive.MutableLongIntMap;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.LongIntHashMap;

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

    private final FrameTable frames;
    private final MutableLongIntMap childIndex = new LongIntHashMap();
    private final MutableIntList parent = new IntArrayList();
    private final MutableIntList frame = new IntArrayList();
    private final MutableIntList depth = new IntArrayList();
    private final MutableIntList firstChild = new IntArrayList();
    private final MutableIntList lastChild = new IntArrayList();
    private final MutableIntList nextSibling = new IntArrayList();
    private final MutableLongList calls = new LongArrayList();
    private final MutableLongList subcalls = new LongArrayList();
    private final MutableLongList inclusiveNanos = new LongArrayList();
    private final MutableLongList exclusiveNanos = new LongArrayList();
    private final MutableLongList minInclusiveNanos = new LongArrayList();
    private final MutableLongList maxInclusiveNanos = new LongArrayList();

    public CallTree(FrameTable frames) {
        this.frames = frames;
        appendNode(NONE, NONE, -1);
    }

    /** The frame table that this tree's frame ids refer to. */
    public FrameTable frames() {
        return frames;
    }

    /** Number of nodes, the virtual root included: real nodes are {@code 1 .. size()-1}. */
    public int size() {
        return parent.size();
    }

    /** Returns the child of {@code parentNode} with frame {@code frameId}, creating it when absent. */
    public int child(int parentNode, int frameId) {
        long key = key(parentNode, frameId);
        int node = childIndex.getIfAbsent(key, NONE);
        if (node != NONE) {
            return node;
        }
        node = appendNode(parentNode, frameId, depth.get(parentNode) + 1);
        childIndex.put(key, node);
        int last = lastChild.get(parentNode);
        if (last == NONE) {
            firstChild.set(parentNode, node);
        } else {
            nextSibling.set(last, node);
        }
        lastChild.set(parentNode, node);
        return node;
    }

    /** Returns the child of {@code parentNode} with frame {@code frameId}, or {@link #NONE}. */
    public int findChild(int parentNode, int frameId) {
        return childIndex.getIfAbsent(key(parentNode, frameId), NONE);
    }

    /**
     * Records one call of {@code node} lasting {@code inclusiveNanos} (>= 0): adds to its calls, inclusive
     * and exclusive time, updates min/max, adds one subcall to its parent and takes the time off the
     * parent's exclusive time, so that {@code exclusive = inclusive - sum(children.inclusive)} holds.
     */
    public void addCall(int node, long inclusiveNanos) {
        calls.set(node, calls.get(node) + 1);
        addInclusive(node, inclusiveNanos);
        exclusiveNanos.set(node, exclusiveNanos.get(node) + inclusiveNanos);
        long min = minInclusiveNanos.get(node);
        if (min == UNSET || inclusiveNanos < min) {
            minInclusiveNanos.set(node, inclusiveNanos);
        }
        if (inclusiveNanos > maxInclusiveNanos.get(node)) {
            maxInclusiveNanos.set(node, inclusiveNanos);
        }
        int p = parent.get(node);
        if (p != ROOT) {
            subcalls.set(p, subcalls.get(p) + 1);
            exclusiveNanos.set(p, exclusiveNanos.get(p) - inclusiveNanos);
        }
    }

    /**
     * Records one sample whose innermost frame is {@code leaf}, weighing {@code weightNanos}: every node
     * from the leaf up to a root gains one call and the weight as inclusive time, the leaf gains the
     * weight as exclusive time, and min/max stay {@link #UNSET} (SEMANTICS.md section 2, sampled inputs).
     */
    public void addSample(int leaf, long weightNanos) {
        exclusiveNanos.set(leaf, exclusiveNanos.get(leaf) + weightNanos);
        for (int n = leaf; n != ROOT; n = parent.get(n)) {
            calls.set(n, calls.get(n) + 1);
            addInclusive(n, weightNanos);
            int p = parent.get(n);
            if (p != ROOT) {
                subcalls.set(p, subcalls.get(p) + 1);
            }
        }
    }

    /** Stores metrics computed elsewhere (an aggregate or a derived view), replacing the node's own. */
    public void setMetrics(int node, long nodeCalls, long nodeSubcalls, long inclusive, long exclusive,
                           long minInclusive, long maxInclusive) {
        calls.set(node, nodeCalls);
        subcalls.set(node, nodeSubcalls);
        inclusiveNanos.set(node, inclusive);
        exclusiveNanos.set(node, exclusive);
        minInclusiveNanos.set(node, minInclusive);
        maxInclusiveNanos.set(node, maxInclusive);
    }

    public int parent(int node) {
        return parent.get(node);
    }

    public int frame(int node) {
        return frame.get(node);
    }

    /** Depth of a node: 0 for a root (a child of the virtual root), -1 for the virtual root. */
    public int depth(int node) {
        return depth.get(node);
    }

    /** First child in insertion order, or {@link #NONE}. */
    public int firstChild(int node) {
        return firstChild.get(node);
    }

    /** Next sibling in insertion order, or {@link #NONE}. */
    public int nextSibling(int node) {
        return nextSibling.get(node);
    }

    public long calls(int node) {
        return calls.get(node);
    }

    public long subcalls(int node) {
        return subcalls.get(node);
    }

    public long inclusiveNanos(int node) {
        return inclusiveNanos.get(node);
    }

    public long exclusiveNanos(int node) {
        return exclusiveNanos.get(node);
    }

    /** Smallest single call's inclusive time, or {@link #UNSET}. */
    public long minInclusiveNanos(int node) {
        return minInclusiveNanos.get(node);
    }

    /** Largest single call's inclusive time, or {@link #UNSET}. */
    public long maxInclusiveNanos(int node) {
        return maxInclusiveNanos.get(node);
    }

    /** Region name of a real node. */
    public String regionName(int node) {
        return frames.regionName(frame.get(node));
    }

    /** Callsite text of a real node, {@code ""} when none is recorded. */
    public String callsiteName(int node) {
        return frames.callsiteName(frame.get(node));
    }

    /** Sum of the roots' inclusive times: the profile's total time in nanoseconds. */
    public long totalInclusiveNanos() {
        long total = 0;
        for (int c = firstChild.get(ROOT); c != NONE; c = nextSibling.get(c)) {
            total += inclusiveNanos.get(c);
        }
        return total;
    }

    /** Region names from the root down to {@code node}, joined by {@code separator} (iterative: trees may be deep). */
    public String path(int node, String separator) {
        if (node == ROOT) {
            return "";
        }
        if (parent.get(node) == ROOT) {
            return regionName(node);
        }
        MutableIntList chain = new IntArrayList();
        for (int n = node; n != ROOT; n = parent.get(n)) {
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

    private void addInclusive(int node, long nanos) {
        inclusiveNanos.set(node, inclusiveNanos.get(node) + nanos);
    }

    private static long key(int parentNode, int frameId) {
        return ((long) parentNode << 32) | (frameId & 0xffffffffL);
    }

    private int appendNode(int parentNode, int frameId, int nodeDepth) {
        int node = parent.size();
        parent.add(parentNode);
        frame.add(frameId);
        depth.add(nodeDepth);
        firstChild.add(NONE);
        lastChild.add(NONE);
        nextSibling.add(NONE);
        calls.add(0);
        subcalls.add(0);
        inclusiveNanos.add(0);
        exclusiveNanos.add(0);
        minInclusiveNanos.add(UNSET);
        maxInclusiveNanos.add(UNSET);
        return node;
    }
}
