package dev.ppw.pfa.recorder;

import java.util.Arrays;

/**
 * Fold mode's calling-context tree of one lane (or the merge of all at a snapshot): nodes keyed by (parent,
 * name), each root in the thread or the async part, with the metrics of SEMANTICS.md section 2 per node
 * (calls, inclusive time, shortest and longest call; exclusive time and subcalls follow from the children when
 * the profile is built) and the region counters of {@code cpu-mem-usage}. Times are nanoseconds. Primitive
 * columns, no object per node; a child is found by a scan of its siblings from the last one found.
 * Not thread-safe: its lane's owner writes it, a snapshot reads a copy ({@link #copy()}).
 */
final class FoldTree {
    static final int ROOT = 0;
    static final byte THREAD = 0;
    static final byte ASYNC = 1;
    /** The name ppw-java's reader gives a region without one (null or empty). */
    static final String UNNAMED = "<unnamed>";

    int size = 1;
    int[] parent = new int[64];
    int[] firstChild = new int[64];
    int[] nextSibling = new int[64];
    int[] lastFound = new int[64];
    String[] name = new String[64];
    byte[] part = new byte[64];
    long[] calls = new long[64];
    long[] inclusive = new long[64];
    long[] min = new long[64];
    long[] max = new long[64];
    long[] cpuSamples = new long[64];
    double[] cpuSum = new double[64];
    double[] memoryPeak = new double[64];
    boolean hasCounters;

    FoldTree() {
        firstChild[ROOT] = -1;
        nextSibling[ROOT] = -1;
        lastFound[ROOT] = -1;
    }

    /** The child of {@code p} named {@code n} (a root of {@code inPart} when {@code p} is the root), made if new. */
    int child(int p, String n, byte inPart) {
        String key = n == null || n.isEmpty() ? UNNAMED : n;
        int hint = lastFound[p];
        if (hint > 0 && name[hint] == key && part[hint] == inPart) {
            return hint;
        }
        for (int c = firstChild[p]; c >= 0; c = nextSibling[c]) {
            if (part[c] == inPart && (name[c] == key || name[c].equals(key))) {
                lastFound[p] = c;
                return c;
            }
        }
        int c = append(p, key, inPart);
        lastFound[p] = c;
        return c;
    }

    private int append(int p, String key, byte inPart) {
        if (size == parent.length) {
            grow();
        }
        int c = size++;
        parent[c] = p;
        name[c] = key;
        part[c] = p == ROOT ? inPart : part[p];
        firstChild[c] = -1;
        nextSibling[c] = -1;
        lastFound[c] = -1;
        min[c] = -1;
        memoryPeak[c] = Double.NaN;
        // appended last among its siblings, so that children keep the order they were first seen in
        int last = firstChild[p];
        if (last < 0) {
            firstChild[p] = c;
        } else {
            while (nextSibling[last] >= 0) {
                last = nextSibling[last];
            }
            nextSibling[last] = c;
        }
        return c;
    }

    void addCall(int node, long nanos) {
        calls[node]++;
        inclusive[node] += nanos;
        if (min[node] < 0 || nanos < min[node]) {
            min[node] = nanos;
        }
        if (nanos > max[node]) {
            max[node] = nanos;
        }
    }

    /** A {@code cpu-mem-usage} sample of one call. */
    void addCounters(int node, double cpuPercent, double memory) {
        hasCounters = true;
        cpuSamples[node]++;
        cpuSum[node] += cpuPercent;
        if (Double.isNaN(memoryPeak[node]) || memory > memoryPeak[node]) {
            memoryPeak[node] = memory;
        }
    }

    /** Adds node {@code from} of {@code other} (its aggregate) into node {@code to} of this tree. */
    void addAggregate(int to, FoldTree other, int from) {
        calls[to] += other.calls[from];
        inclusive[to] += other.inclusive[from];
        long m = other.min[from];
        if (m >= 0 && (min[to] < 0 || m < min[to])) {
            min[to] = m;
        }
        max[to] = Math.max(max[to], other.max[from]);
        if (other.cpuSamples[from] > 0) {
            hasCounters = true;
            cpuSamples[to] += other.cpuSamples[from];
            cpuSum[to] += other.cpuSum[from];
        }
        double peak = other.memoryPeak[from];
        if (!Double.isNaN(peak) && (Double.isNaN(memoryPeak[to]) || peak > memoryPeak[to])) {
            memoryPeak[to] = peak;
        }
    }

    /** Adds the whole of {@code other} into this tree, node by node (parents come before their children). */
    void addAll(FoldTree other) {
        int[] into = new int[other.size];
        for (int n = 1; n < other.size; n++) {
            int p = other.parent[n];
            into[n] = child(p == ROOT ? ROOT : into[p], other.name[n], other.part[n]);
            addAggregate(into[n], other, n);
        }
    }

    FoldTree copy() {
        FoldTree t = new FoldTree();
        t.size = size;
        t.parent = Arrays.copyOf(parent, size);
        t.firstChild = Arrays.copyOf(firstChild, size);
        t.nextSibling = Arrays.copyOf(nextSibling, size);
        t.lastFound = Arrays.copyOf(lastFound, size);
        t.name = Arrays.copyOf(name, size);
        t.part = Arrays.copyOf(part, size);
        t.calls = Arrays.copyOf(calls, size);
        t.inclusive = Arrays.copyOf(inclusive, size);
        t.min = Arrays.copyOf(min, size);
        t.max = Arrays.copyOf(max, size);
        t.cpuSamples = Arrays.copyOf(cpuSamples, size);
        t.cpuSum = Arrays.copyOf(cpuSum, size);
        t.memoryPeak = Arrays.copyOf(memoryPeak, size);
        t.hasCounters = hasCounters;
        return t;
    }

    private void grow() {
        int n = parent.length * 2;
        parent = Arrays.copyOf(parent, n);
        firstChild = Arrays.copyOf(firstChild, n);
        nextSibling = Arrays.copyOf(nextSibling, n);
        lastFound = Arrays.copyOf(lastFound, n);
        name = Arrays.copyOf(name, n);
        part = Arrays.copyOf(part, n);
        calls = Arrays.copyOf(calls, n);
        inclusive = Arrays.copyOf(inclusive, n);
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
        cpuSamples = Arrays.copyOf(cpuSamples, n);
        cpuSum = Arrays.copyOf(cpuSum, n);
        memoryPeak = Arrays.copyOf(memoryPeak, n);
    }
}
