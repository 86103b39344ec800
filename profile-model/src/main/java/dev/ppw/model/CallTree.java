package dev.ppw.model;


import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A calling-context tree stored as columns of primitives, one row per node.
 *
 * <p>Node {@link #ROOT} (index 0) is a virtual root that is never printed: the tree's roots are its
 * children. A node is keyed by (parent, frame), where a frame is a (region, callsite) pair of the
 * {@link FrameTable}; {@link #child(int, int)} finds or creates it in O(1). Children keep their
 * insertion order ({@link #firstChild}, {@link #nextSibling}).
 *
 * <p>Every node belongs to a {@link Part}: a root is created in one ({@link #child(int, int, Part)}; thread
 * time unless said otherwise) and every node below it is in its root's. Roots are keyed by (part, frame),
 * so a thread root and an async or sampled root of the same frame are two nodes; the roots of every part are
 * children of the virtual root, in insertion order.
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
 * <p>Declared metrics ({@link Metric}, in {@link MetricGroup}s) beside those: a group's columns are allocated
 * when it is {@link #enable enabled} (on its first value), so trees without it pay nothing. Integral values
 * are {@code long} columns reading 0 where none was recorded; others are {@code double} columns reading NaN
 * where none was recorded. A {@link Metric.Kind#WEIGHT} metric has an inclusive and an exclusive column.
 * {@link #addCall} and {@link #addSample} keep those invariants as they fold; {@link #setMetrics} stores
 * values computed elsewhere (aggregates, derived views) as they are, and then the invariants are those
 * of whoever computed them. The same class holds flat and TAU views: their rows are all roots.
 *
 * <p>Call-time sketches ({@link CallTimeSketch}), for percentiles, only once {@link #keepCallTimes} was
 * called: then {@link #addCall} also records each call's inclusive time in its node's sketch; otherwise
 * there is no column and no cost.
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
    /** The parent in the child index's key of an async root: no node has this index. */
    private static final int ASYNC_ROOTS = -2;
    /** The parent in the child index's key of a sampled root: no node has this index. */
    private static final int SAMPLE_ROOTS = -3;

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
    /** The {@link Part} ordinal of each node: its root's. */
    private byte[] part;
    private boolean hasAsyncPart;
    /** Per part ordinal, whether some root is in it. */
    private final boolean[] hasPart = new boolean[Part.values().length];
    private long[] calls;
    private long[] subcalls;
    private long[] inclusiveNanos;
    private long[] exclusiveNanos;
    private long[] minInclusiveNanos;
    private long[] maxInclusiveNanos;
    // Declared metrics: the enabled groups in order of first use; per stored metric its first column, with
    // a long[] (integral) or double[] (NaN: no value) per column; a WEIGHT's exclusive column follows its inclusive.
    private final List<MetricGroup> groups = new ArrayList<>(0);
    private final Map<String, Metric> metricByName = new HashMap<>(0);
    private final Map<String, Integer> columnOf = new HashMap<>(0);
    private long[][] longColumns = new long[0][];
    private double[][] doubleColumns = new double[0][];
    /** Per node the sketch of its calls' inclusive times, or null per node (no call yet) or whole (not kept). */
    private CallTimeSketch[] callTimes;
    private boolean callsTimedWhole;
    private static final String INCLUSIVE = "inclusive";
    private static final String EXCLUSIVE = "exclusive";
    /** Sums that went past a long and stopped at its limit, here or in a tree added into this one. */
    private long overflows;
    /** Where the first of them was: the row and the column, or null while there was none. */
    private String firstOverflow;

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

    /**
     * Returns the child of {@code parentNode} with frame {@code frameId}, creating it when absent: a child
     * of the virtual root is a {@link Part#THREAD} root, any other node is in its parent's part.
     */
    public int child(int parentNode, int frameId) {
        Objects.checkIndex(parentNode, size);
        return child(parentNode, frameId, key(parentNode, frameId), part[parentNode]);
    }

    /**
     * Returns the child of {@code parentNode} with frame {@code frameId} in {@code inPart}, creating it when
     * absent: for the virtual root, the root of that part; for any other node, its child (which is in the
     * parent's part). Copying a tree node by node with each node's {@link #part} keeps the parts.
     *
     * @throws IllegalArgumentException when {@code parentNode} is a real node of another part
     */
    public int child(int parentNode, int frameId, Part inPart) {
        Objects.checkIndex(parentNode, size);
        if (parentNode == ROOT) {
            int keyParent = switch (inPart) {
                case THREAD -> ROOT;
                case ASYNC -> ASYNC_ROOTS;
                case SAMPLES -> SAMPLE_ROOTS;
            };
            return child(ROOT, frameId, key(keyParent, frameId), (byte) inPart.ordinal());
        }
        if (part[parentNode] != inPart.ordinal()) {
            throw new IllegalArgumentException("node " + parentNode + " is in the " + part(parentNode).label()
                    + " part: it has no child in the " + inPart.label() + " part");
        }
        return child(parentNode, frameId, key(parentNode, frameId), part[parentNode]);
    }

    private int child(int parentNode, int frameId, long key, byte nodePart) {
        int candidate = size;
        int node = childIndex.getIfAbsentPut(key, candidate);
        if (node != candidate) {
            return node;
        }
        appendNode(parentNode, frameId, depth[parentNode] + 1);
        part[node] = nodePart;
        hasPart[nodePart] = true;
        if (nodePart == Part.ASYNC.ordinal()) {
            hasAsyncPart = true;
        }
        int last = lastChild[parentNode];
        if (last == NONE) {
            firstChild[parentNode] = node;
        } else {
            nextSibling[last] = node;
        }
        lastChild[parentNode] = node;
        return node;
    }

    /** Returns the child of {@code parentNode} with frame {@code frameId} (a thread root for the virtual root), or {@link #NONE}. */
    public int findChild(int parentNode, int frameId) {
        return childIndex.get(key(parentNode, frameId), NONE);
    }

    /**
     * Returns the child of {@code parentNode} with frame {@code frameId}, or {@link #NONE}: for the virtual root,
     * the root of {@code inPart}; for any other node, its child (in its own part, whatever {@code inPart} says).
     */
    public int findChild(int parentNode, int frameId, Part inPart) {
        if (parentNode != ROOT) {
            return findChild(parentNode, frameId);
        }
        int keyParent = switch (inPart) {
            case THREAD -> ROOT;
            case ASYNC -> ASYNC_ROOTS;
            case SAMPLES -> SAMPLE_ROOTS;
        };
        return childIndex.get(key(keyParent, frameId), NONE);
    }

    /** The part of a node: its root's ({@link Part#THREAD} for the virtual root). */
    public Part part(int node) {
        return Part.ofOrdinal(part[Objects.checkIndex(node, size)]);
    }

    /** True when some root is in the {@link Part#ASYNC} part. */
    public boolean hasAsyncPart() {
        return hasAsyncPart;
    }

    /** True when some root is in {@code inPart}. */
    public boolean hasPart(Part inPart) {
        return hasPart[inPart.ordinal()];
    }

    /**
     * The parts that have roots, in {@link Part} order; {@link Part#THREAD} alone for a tree without roots.
     * Outputs show a {@code part} column or section exactly when this holds more than one part.
     */
    public List<Part> parts() {
        List<Part> present = new ArrayList<>(Part.values().length);
        for (Part p : Part.values()) {
            if (hasPart[p.ordinal()]) {
                present.add(p);
            }
        }
        return present.isEmpty() ? List.of(Part.THREAD) : List.copyOf(present);
    }

    /**
     * True when some root is in another part than {@link Part#THREAD}: then CSV, JSON and the saved profile
     * name each row's part (a {@code part} column), so that a saved profile is read back into the same parts.
     */
    public boolean hasPartsBesideThreads() {
        return hasAsyncPart || hasPart(Part.SAMPLES);
    }

    /**
     * The part that a profile's header total is of: the thread part, unless the tree has sampled roots and
     * no thread root (a perf, JFR or pprof profile), then the sampled part; the async part when it is the only
     * one ({@code --parts async}).
     */
    public Part mainPart() {
        if (hasPart(Part.THREAD)) {
            return Part.THREAD;
        }
        return hasPart(Part.SAMPLES) ? Part.SAMPLES : hasPart(Part.ASYNC) ? Part.ASYNC : Part.THREAD;
    }

    /**
     * Records one call of {@code node} lasting {@code inclusiveNanos} (>= 0): adds to its calls, inclusive
     * and exclusive time, updates min/max, adds one subcall to its parent and takes the time off the
     * parent's exclusive time, so that {@code exclusive = inclusive - sum(children.inclusive)} holds.
     */
    public void addCall(int node, long inclusiveNanos) {
        Objects.checkIndex(node, size);
        calls[node]++;
        this.inclusiveNanos[node] = sum(node, "inclusive", this.inclusiveNanos[node], inclusiveNanos);
        exclusiveNanos[node] = sum(node, "exclusive", exclusiveNanos[node], inclusiveNanos);
        long min = minInclusiveNanos[node];
        if (min == UNSET || inclusiveNanos < min) {
            minInclusiveNanos[node] = inclusiveNanos;
        }
        if (inclusiveNanos > maxInclusiveNanos[node]) {
            maxInclusiveNanos[node] = inclusiveNanos;
        }
        if (callTimes != null) {
            CallTimeSketch sketch = callTimes[node];
            if (sketch == null) {
                sketch = new CallTimeSketch();
                callTimes[node] = sketch;
            }
            sketch.add(inclusiveNanos);
        }
        int p = parent[node];
        if (p != ROOT) {
            subcalls[p]++;
            exclusiveNanos[p] = sum(p, "exclusive", exclusiveNanos[p], -inclusiveNanos);
        }
    }

    /**
     * Records one sample whose innermost frame is {@code leaf}, weighing {@code weightNanos}: every node
     * from the leaf up to a root gains one call and the weight as inclusive time, the leaf gains the
     * weight as exclusive time, and min/max stay {@link #UNSET} (SEMANTICS.md section 2, sampled inputs).
     */
    public void addSample(int leaf, long weightNanos) {
        addSamples(leaf, weightNanos, 1);
    }

    /**
     * Records {@code samples} samples of one stack at once, weighing {@code weightNanos} together: as
     * {@link #addSample(int, long)} that many times, with calls and subcalls counting each sample.
     */
    public void addSamples(int leaf, long weightNanos, long samples) {
        Objects.checkIndex(leaf, size);
        exclusiveNanos[leaf] = sum(leaf, "exclusive", exclusiveNanos[leaf], weightNanos);
        for (int n = leaf; n != ROOT; n = parent[n]) {
            calls[n] = sum(n, "calls", calls[n], samples);
            inclusiveNanos[n] = sum(n, "inclusive", inclusiveNanos[n], weightNanos);
            int p = parent[n];
            if (p != ROOT) {
                subcalls[p] = sum(p, "subcalls", subcalls[p], samples);
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
     * Makes the tree keep a {@link CallTimeSketch} per node from now on ({@link #addCall} records into it);
     * calls recorded before are not in it. Nothing happens when it keeps them already.
     */
    public void keepCallTimes() {
        if (callTimes == null) {
            callTimes = new CallTimeSketch[parent.length];
        }
    }

    /**
     * Says that every call counted outside the samples part was timed whole, though no call's own time was kept
     * (TAU's timers: calls, inclusive and exclusive time, no minimum or maximum), so that a row's time per call is
     * the mean of its calls ({@link PerCall#defined}). Views derived from the tree keep it, and so does a merge whose
     * every node has it; a tree filtered or read back from a saved profile does not (a filter may cut a node's calls
     * short of their time).
     */
    public void markCallsTimedWhole() {
        callsTimedWhole = true;
    }

    /** True when {@link #markCallsTimedWhole} was called. */
    public boolean callsTimedWhole() {
        return callsTimedWhole;
    }

    /** True when the tree keeps call-time sketches ({@link #keepCallTimes}). */
    public boolean keepsCallTimes() {
        return callTimes != null;
    }

    /**
     * The sketch of the node's calls' inclusive times (owned by the tree: do not change it), or null when
     * the tree keeps none or the node has no timed call.
     */
    public CallTimeSketch callTimes(int node) {
        Objects.checkIndex(node, size);
        return callTimes == null ? null : callTimes[node];
    }

    /**
     * Adds the calls of {@code sketch} to the node's sketch (a copy is kept: {@code sketch} stays the
     * caller's), keeping sketches from now on when the tree kept none.
     */
    public void addCallTimes(int node, CallTimeSketch sketch) {
        Objects.checkIndex(node, size);
        keepCallTimes();
        if (callTimes[node] == null) {
            callTimes[node] = sketch.copy();
        } else {
            callTimes[node].addAll(sketch);
        }
    }

    /** The metric groups this tree has columns for, in the order they were enabled. */
    public List<MetricGroup> metricGroups() {
        return List.copyOf(groups);
    }

    /** True when the tree has the columns of {@code group}. */
    public boolean has(MetricGroup group) {
        return groups.contains(group);
    }

    /**
     * Gives the tree the columns of {@code group} (every value absent so far), unless it has them. A metric
     * name may belong to one enabled group only.
     */
    public void enable(MetricGroup group) {
        if (groups.contains(group)) {
            return;
        }
        for (Metric m : group.metrics()) {
            if (metricByName.containsKey(m.name())) {
                throw new IllegalArgumentException("metric " + m.name() + " of group " + group.name()
                        + " is already a column of this tree");
            }
        }
        groups.add(group);
        for (Metric m : group.metrics()) {
            metricByName.put(m.name(), m);
            if (m.stored()) {
                columnOf.put(m.name(), longColumns.length);
                addColumn(m.integral());
                if (m.kind() == Metric.Kind.WEIGHT) {
                    addColumn(true);
                }
            }
        }
    }

    private void addColumn(boolean integral) {
        int c = longColumns.length;
        longColumns = Arrays.copyOf(longColumns, c + 1);
        doubleColumns = Arrays.copyOf(doubleColumns, c + 1);
        if (integral) {
            longColumns[c] = new long[parent.length];
        } else {
            double[] column = new double[parent.length];
            Arrays.fill(column, Double.NaN);
            doubleColumns[c] = column;
        }
    }

    private int column(Metric m) {
        Integer c = columnOf.get(m.name());
        if (c == null || !m.equals(metricByName.get(m.name()))) {
            throw new IllegalArgumentException("metric " + m.name() + " is not a column of this tree: enable its group");
        }
        return c;
    }

    /** Combines {@code value} into the node's value of integral VALUE metric {@code m} by its {@link Metric#combine()}. */
    public void add(int node, Metric m, long value) {
        Objects.checkIndex(node, size);
        long[] col = longColumns[column(m)];
        col[node] = m.combine() == Combine.SUM ? sum(node, m, "", col[node], value) : m.combine().apply(col[node], value);
    }

    /** Combines {@code value} (NaN: nothing) into the node's value of non-integral VALUE metric {@code m}. */
    public void add(int node, Metric m, double value) {
        Objects.checkIndex(node, size);
        double[] col = doubleColumns[column(m)];
        col[node] = m.combine().apply(col[node], value);
    }

    /** Replaces the node's value of integral VALUE metric {@code m}. */
    public void set(int node, Metric m, long value) {
        Objects.checkIndex(node, size);
        longColumns[column(m)][node] = value;
    }

    /** Replaces the node's value of non-integral VALUE metric {@code m} (NaN: none). */
    public void set(int node, Metric m, double value) {
        Objects.checkIndex(node, size);
        doubleColumns[column(m)][node] = value;
    }

    /** The node's value of integral VALUE metric {@code m}: 0 when none was recorded. */
    public long longValue(int node, Metric m) {
        Objects.checkIndex(node, size);
        return longColumns[column(m)][node];
    }

    /**
     * The node's value of metric {@code m} as a double: NaN when none; a RATIO is computed (NaN when its
     * denominator is 0 or either side has no value); an integral metric is converted.
     */
    public double doubleValue(int node, Metric m) {
        Objects.checkIndex(node, size);
        if (m.kind() == Metric.Kind.RATIO) {
            if (!m.equals(metricByName.get(m.name()))) {
                throw new IllegalArgumentException("metric " + m.name() + " is not a column of this tree: enable its group");
            }
            double num = doubleValue(node, metricByName.get(m.numerator()));
            double den = doubleValue(node, metricByName.get(m.denominator()));
            return den == 0 || Double.isNaN(den) ? Double.NaN : num / den;
        }
        int c = column(m);
        return m.integral() ? longColumns[c][node] : doubleColumns[c][node];
    }

    /**
     * Records one sample whose innermost frame is {@code leaf}, weighing {@code weight} in WEIGHT metric
     * {@code m}: as {@link #addSample(int, long)} does with time, every node from the leaf up gains one call
     * and the weight as inclusive value, and the leaf gains it as exclusive value.
     */
    public void addSample(int leaf, Metric m, long weight) {
        addSamples(leaf, m, weight, 1);
    }

    /** {@code samples} samples of one stack at once, weighing {@code weight} of {@code m} together. */
    public void addSamples(int leaf, Metric m, long weight, long samples) {
        Objects.checkIndex(leaf, size);
        int c = weightColumn(m);
        long[] inclusive = longColumns[c];
        longColumns[c + 1][leaf] = sum(leaf, m, EXCLUSIVE, longColumns[c + 1][leaf], weight);
        for (int n = leaf; n != ROOT; n = parent[n]) {
            calls[n] = sum(n, "calls", calls[n], samples);
            inclusive[n] = sum(n, m, INCLUSIVE, inclusive[n], weight);
            int p = parent[n];
            if (p != ROOT) {
                subcalls[p] = sum(p, "subcalls", subcalls[p], samples);
            }
        }
    }

    private int weightColumn(Metric m) {
        if (m.kind() != Metric.Kind.WEIGHT) {
            throw new IllegalArgumentException(m.name() + " is not a sample weight");
        }
        return column(m);
    }

    /** The node's inclusive value of WEIGHT metric {@code m}. */
    public long inclusive(int node, Metric m) {
        Objects.checkIndex(node, size);
        return longColumns[weightColumn(m)][node];
    }

    /** The node's exclusive value of WEIGHT metric {@code m}. */
    public long exclusive(int node, Metric m) {
        Objects.checkIndex(node, size);
        return longColumns[weightColumn(m) + 1][node];
    }

    /** Replaces the node's inclusive and exclusive values of WEIGHT metric {@code m}. */
    public void setWeight(int node, Metric m, long inclusiveValue, long exclusiveValue) {
        Objects.checkIndex(node, size);
        int c = weightColumn(m);
        longColumns[c][node] = inclusiveValue;
        longColumns[c + 1][node] = exclusiveValue;
    }

    /**
     * Adds every declared metric of {@code from}'s node {@code fromNode} into this tree's {@code node}, as if
     * the calls and samples behind it had been recorded here (enabling the groups this tree lacks): VALUE
     * metrics combine by their rule, WEIGHT metrics add exclusive values, and inclusive values too unless
     * {@code withoutInclusive} (a view counting recursion once adds those itself). The node's call-time
     * sketch, when {@code from} keeps one, joins this node's (every call counts, recursion included, as for
     * the per-call minimum and maximum).
     */
    public void addMetricsOf(CallTree from, int fromNode, int node, boolean withoutInclusive) {
        if (from.callTimes != null) {
            keepCallTimes();
            if (from.callTimes[fromNode] != null) {
                addCallTimes(node, from.callTimes[fromNode]);
            }
        }
        for (MetricGroup g : from.groups) {
            enable(g);
            for (Metric m : g.metrics()) {
                int mine = m.stored() ? column(m) : -1;
                if (mine < 0) {
                    continue;
                }
                int theirs = from.column(m);
                if (m.kind() == Metric.Kind.WEIGHT) {
                    if (!withoutInclusive) {
                        longColumns[mine][node] = sum(node, m, INCLUSIVE, longColumns[mine][node],
                                from.longColumns[theirs][fromNode]);
                    }
                    longColumns[mine + 1][node] = sum(node, m, EXCLUSIVE, longColumns[mine + 1][node],
                            from.longColumns[theirs + 1][fromNode]);
                } else if (m.integral()) {
                    long value = from.longColumns[theirs][fromNode];
                    longColumns[mine][node] = m.combine() == Combine.SUM ? sum(node, m, "", longColumns[mine][node],
                            value) : m.combine().apply(longColumns[mine][node], value);
                } else {
                    doubleColumns[mine][node] = m.combine().apply(doubleColumns[mine][node],
                            from.doubleColumns[theirs][fromNode]);
                }
            }
        }
    }

    /**
     * {@code a + b}, or the limit of a {@code long} it went past ({@link Long#MAX_VALUE}, {@link Long#MIN_VALUE}),
     * counted as an overflow of the node's {@code column} (SEMANTICS.md section 5, "Limits"): every sum a view, a
     * merge or a fold makes into this tree goes through here, so that no value wraps and none saturates unsaid.
     */
    public long sum(int node, String column, long a, long b) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
            return overflowed(node, column, a < 0);
        }
        return r;
    }

    /**
     * {@code a - b}, or the limit of a {@code long} it went past, counted as {@link #sum(int, String, long, long)}
     * counts it: for differences of sums, such as a node's own samples ({@code calls - subcalls}).
     */
    public long difference(int node, String column, long a, long b) {
        long r = a - b;
        if (((a ^ b) & (a ^ r)) < 0) {
            return overflowed(node, column, a < 0);
        }
        return r;
    }

    /**
     * {@link #sum(int, String, long, long)} for a column of metric {@code m} ({@code part}: {@link #INCLUSIVE},
     * {@link #EXCLUSIVE} or "" for a value), whose name is made only when the sum stops at the limit: on a hot path.
     */
    private long sum(int node, Metric m, String part, long a, long b) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
            return overflowed(node, part.isEmpty() ? m.name() : m.name() + " " + part, a < 0);
        }
        return r;
    }

    /**
     * Counts one value of the node's {@code column} that went past the limit of a {@code long} and returns that
     * limit: {@link Long#MIN_VALUE} when {@code negative}, else {@link Long#MAX_VALUE}.
     */
    public long overflowed(int node, String column, boolean negative) {
        if (overflows++ == 0) {
            firstOverflow = node == ROOT ? column : "row '" + path(node, " => ") + "' (" + column + ")";
        }
        return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
    }

    /** Counts the overflows of {@code other} as this tree's, for a tree that was added or derived from it. */
    public void addOverflowsOf(CallTree other) {
        if (other.overflows > 0) {
            if (overflows == 0) {
                firstOverflow = other.firstOverflow;
            }
            overflows = Math.max(overflows, overflows + other.overflows);
        }
    }

    /** How many sums stopped at the limit of a {@code long} in this tree and those added or derived into it. */
    public long overflows() {
        return overflows;
    }

    /** Where the first overflow was (the row, quoted, and the column), or empty when there was none. */
    public Optional<String> firstOverflow() {
        return Optional.ofNullable(firstOverflow);
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

    /**
     * What the tree is read by: time ({@link SampleWeights#TIME}) when any root has time, else its first
     * sample-weight metric (a profile of samples weighed in bytes, events or counts), else time. Sorting by
     * inclusive or exclusive value, percentages and thresholds use it.
     */
    public Metric measure() {
        for (int r = firstChild[ROOT]; r != NONE; r = nextSibling[r]) {
            if (inclusiveNanos[r] != 0 || exclusiveNanos[r] != 0) {
                return SampleWeights.TIME;
            }
        }
        for (MetricGroup g : groups) {
            for (Metric m : g.metrics()) {
                if (m.kind() == Metric.Kind.WEIGHT) {
                    return m;
                }
            }
        }
        return SampleWeights.TIME;
    }

    /** The node's inclusive value of {@code measure}: time in nanoseconds, or a sample weight's. */
    public long inclusiveOf(int node, Metric measure) {
        return SampleWeights.isTime(measure) ? inclusiveNanos(node) : inclusive(node, measure);
    }

    /** The node's exclusive value of {@code measure}: time in nanoseconds, or a sample weight's. */
    public long exclusiveOf(int node, Metric measure) {
        return SampleWeights.isTime(measure) ? exclusiveNanos(node) : exclusive(node, measure);
    }

    /**
     * Sum of every root's inclusive time, of every part, in nanoseconds: exact, never stopped at the limit unsaid.
     * A report's totals, which stop at the limit and are counted, are {@link Profile#total(Metric, Part)}'s.
     *
     * @throws ArithmeticException when the sum goes past the range of a {@code long}
     */
    public long totalInclusiveNanos() {
        long total = 0;
        for (int c = firstChild[ROOT]; c != NONE; c = nextSibling[c]) {
            total = Math.addExact(total, inclusiveNanos[c]);
        }
        return total;
    }

    /**
     * Sum of the inclusive times of the roots in {@code inPart}, in nanoseconds, exact as
     * {@link #totalInclusiveNanos()} is.
     *
     * @throws ArithmeticException when the sum goes past the range of a {@code long}
     */
    public long totalInclusiveNanos(Part inPart) {
        long total = 0;
        for (int c = firstChild[ROOT]; c != NONE; c = nextSibling[c]) {
            if (part[c] == inPart.ordinal()) {
                total = Math.addExact(total, inclusiveNanos[c]);
            }
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
        // Names gathered from the node up, then joined in a builder of the exact length: one array and one
        // copy per path (a large tree's CSV builds one per row).
        int depth = 0;
        for (int n = node; n != ROOT; n = parent[n]) {
            depth++;
        }
        String[] names = new String[depth];
        int length = separator.length() * (depth - 1);
        int k = depth;
        for (int n = node; n != ROOT; n = parent[n]) {
            String name = regionName(n);
            names[--k] = name;
            length += name.length();
        }
        StringBuilder sb = new StringBuilder(length);
        sb.append(names[0]);
        for (int i = 1; i < depth; i++) {
            sb.append(separator).append(names[i]);
        }
        return sb.toString();
    }

    /** {@code a + b}, or the limit it went past: for totals, whose rows' overflows were counted where they arose. */
    public static long saturated(long a, long b) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return r;
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
        part = part == null ? new byte[capacity] : Arrays.copyOf(part, capacity);
        calls = calls == null ? new long[capacity] : Arrays.copyOf(calls, capacity);
        subcalls = subcalls == null ? new long[capacity] : Arrays.copyOf(subcalls, capacity);
        inclusiveNanos = inclusiveNanos == null ? new long[capacity] : Arrays.copyOf(inclusiveNanos, capacity);
        exclusiveNanos = exclusiveNanos == null ? new long[capacity] : Arrays.copyOf(exclusiveNanos, capacity);
        minInclusiveNanos = minInclusiveNanos == null ? new long[capacity] : Arrays.copyOf(minInclusiveNanos, capacity);
        maxInclusiveNanos = maxInclusiveNanos == null ? new long[capacity] : Arrays.copyOf(maxInclusiveNanos, capacity);
        if (callTimes != null) {
            callTimes = Arrays.copyOf(callTimes, capacity);
        }
        for (int c = 0; c < longColumns.length; c++) {
            if (longColumns[c] != null) {
                longColumns[c] = Arrays.copyOf(longColumns[c], capacity);
            } else {
                int old = doubleColumns[c].length;
                doubleColumns[c] = Arrays.copyOf(doubleColumns[c], capacity);
                Arrays.fill(doubleColumns[c], old, capacity, Double.NaN);
            }
        }
    }
}
