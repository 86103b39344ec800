package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.SampleWeights;

import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.IntIntHashMap;

import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * The trees of the phases of one folded tree (its <em>source</em>): what the source's calls and samples leave
 * in each phase of {@link Windows}, each call cut to the phase's windows (SEMANTICS.md "Time bins" and
 * "Phases"). A call {@code [start, end)} adds, to every phase it overlaps, one call lasting its overlap with
 * the phase's windows, at the node of the same path; a zero-length call counts in the phase whose window holds
 * its time; a sample goes whole to the phase whose window holds its time. Since a child's interval lies inside
 * its parent's, the cut calls nest as the whole ones do, and each phase tree keeps
 * {@code exclusive = inclusive - sum(children.inclusive)}.
 *
 * <p>Phase trees are created on first use, and a phase tree's nodes only when something lands there: memory
 * grows with what each phase holds. Not thread-safe: one per tree being filled.
 */
final class PhaseTrees {
    private final CallTree source;
    private final Windows windows;
    private final Supplier<CallTree> newTree;
    private final CallTree[] trees;
    private final IntIntHashMap[] nodes;
    /** True when no phase has two windows: a call then adds at most one call per window, no sums needed. */
    private final boolean windowPerPhase;
    private long[] overlapNanos;
    private final MutableIntList touched = new IntArrayList();

    PhaseTrees(CallTree source, Windows windows, Supplier<CallTree> newTree) {
        this.source = source;
        this.windows = windows;
        this.newTree = newTree;
        this.trees = new CallTree[windows.phaseCount()];
        this.nodes = new IntIntHashMap[windows.phaseCount()];
        boolean[] seen = new boolean[windows.phaseCount()];
        boolean single = true;
        for (int w = 0; w < windows.size(); w++) {
            single &= !seen[windows.phaseOf(w)];
            seen[windows.phaseOf(w)] = true;
        }
        this.windowPerPhase = single;
    }

    /** How many phases. */
    int phaseCount() {
        return trees.length;
    }

    /** Phase {@code phase}'s tree, or null when nothing landed in it. */
    CallTree tree(int phase) {
        return trees[phase];
    }

    /** The node of {@code sourceNode}'s path in phase {@code phase}'s tree, created with its ancestors if new. */
    int node(int phase, int sourceNode) {
        if (sourceNode == CallTree.ROOT) {
            return CallTree.ROOT;
        }
        CallTree tree = trees[phase];
        if (tree == null) {
            tree = newTree.get();
            trees[phase] = tree;
            nodes[phase] = new IntIntHashMap();
        }
        IntIntHashMap map = nodes[phase];
        int known = map.getIfAbsent(sourceNode, -1);
        if (known >= 0) {
            return known;
        }
        int parent = source.parent(sourceNode);
        int mappedParent = node(phase, parent);
        int mapped = parent == CallTree.ROOT
                ? tree.child(CallTree.ROOT, source.frame(sourceNode), source.part(sourceNode))
                : tree.child(mappedParent, source.frame(sourceNode));
        map.put(sourceNode, mapped);
        return mapped;
    }

    /**
     * One call of {@code sourceNode} from {@code startNanos} to {@code endNanos}: a cut call in each phase it
     * overlaps. When {@code perPhaseNanos} is given, each phase's overlap is also added to it.
     */
    void call(int sourceNode, long startNanos, long endNanos, PerPhase perPhaseNanos) {
        if (endNanos == startNanos) {
            int w = windows.windowAt(startNanos);
            if (w >= 0) {
                int phase = windows.phaseOf(w);
                trees(phase).addCall(node(phase, sourceNode), 0);
                if (perPhaseNanos != null) {
                    perPhaseNanos.add(phase, 0);
                }
            }
            return;
        }
        int n = windows.size();
        for (int w = windows.firstEndingAfter(startNanos); w < n && windows.start(w) < endNanos; w++) {
            long overlap = Math.min(endNanos, windows.end(w)) - Math.max(startNanos, windows.start(w));
            int phase = windows.phaseOf(w);
            if (windowPerPhase) {
                trees(phase).addCall(node(phase, sourceNode), overlap);
                if (perPhaseNanos != null) {
                    perPhaseNanos.add(phase, overlap);
                }
            } else {
                if (overlapNanos == null) {
                    overlapNanos = new long[trees.length];
                }
                if (overlapNanos[phase] == 0) {
                    touched.add(phase);
                }
                overlapNanos[phase] += overlap;
            }
        }
        if (!windowPerPhase) {
            for (int i = 0; i < touched.size(); i++) {
                int phase = touched.get(i);
                trees(phase).addCall(node(phase, sourceNode), overlapNanos[phase]);
                if (perPhaseNanos != null) {
                    perPhaseNanos.add(phase, overlapNanos[phase]);
                }
                overlapNanos[phase] = 0;
            }
            touched.clear();
        }
    }

    /** Adds one call of {@code nanos} to {@code sourceNode}'s path in phase {@code phase}'s tree. */
    void addCall(int phase, int sourceNode, long nanos) {
        trees(phase).addCall(node(phase, sourceNode), nanos);
    }

    /** Phase {@code phase}'s tree, created if nothing landed in it yet. */
    CallTree treeFor(int phase) {
        return trees(phase);
    }

    private CallTree trees(int phase) {
        if (trees[phase] == null) {
            trees[phase] = newTree.get();
            nodes[phase] = new IntIntHashMap();
        }
        return trees[phase];
    }

    /**
     * {@code samples} stack samples at {@code tsNanos} whose innermost frame is {@code sourceLeaf}, weighing
     * {@code amount} of {@code weight}: into the phase whose window holds the time, if any.
     */
    void sample(int sourceLeaf, long tsNanos, Metric weight, long amount, long samples) {
        int w = windows.windowAt(tsNanos);
        if (w < 0) {
            return;
        }
        int phase = windows.phaseOf(w);
        int leaf = node(phase, sourceLeaf);
        CallTree tree = trees[phase];
        if (SampleWeights.isTime(weight)) {
            tree.addSamples(leaf, amount, samples);
        } else {
            tree.enable(MetricGroup.ofWeight(weight));
            tree.addSamples(leaf, weight, amount, samples);
        }
    }

    /** The phase whose window holds {@code tsNanos}, or -1. */
    int phaseAt(long tsNanos) {
        int w = windows.windowAt(tsNanos);
        return w < 0 ? -1 : windows.phaseOf(w);
    }

    /**
     * Adds every phase tree of {@code from} into the same phase's tree of {@code into} (see {@link TreeAdd#into}),
     * {@code into}'s trees being {@code targets}, created by {@code newTree} where missing.
     */
    static void addInto(PhaseTrees from, CallTree[] targets, Supplier<CallTree> newTree, IntUnaryOperator rootFrame) {
        for (int p = 0; p < from.trees.length; p++) {
            if (from.trees[p] != null) {
                if (targets[p] == null) {
                    targets[p] = newTree.get();
                }
                TreeAdd.into(from.trees[p], targets[p], rootFrame);
            }
        }
    }

    /** Phase trees of {@code from} added into {@code targets} index by index (see {@link TreeAdd#into}). */
    static void addInto(CallTree[] from, CallTree[] targets, Supplier<CallTree> newTree, IntUnaryOperator rootFrame) {
        for (int p = 0; p < from.length; p++) {
            if (from[p] != null) {
                if (targets[p] == null) {
                    targets[p] = newTree.get();
                }
                TreeAdd.into(from[p], targets[p], rootFrame);
            }
        }
    }

    /**
     * Nanoseconds per phase, and which phases were touched (a zero-length call touches its phase): what a split
     * thread's top level sums of its top frames, phase by phase. Reused from track to track ({@link #clear}).
     */
    static final class PerPhase {
        private long[] nanos = new long[0];
        private boolean[] seen = new boolean[0];
        private final MutableIntList seenList = new IntArrayList();

        void add(int phase, long value) {
            if (phase >= nanos.length) {
                int n = Math.max(phase + 1, 2 * nanos.length);
                nanos = java.util.Arrays.copyOf(nanos, n);
                seen = java.util.Arrays.copyOf(seen, n);
            }
            if (!seen[phase]) {
                seen[phase] = true;
                seenList.add(phase);
            }
            nanos[phase] += value;
        }

        /** The phases touched, in the order first touched. */
        int[] phases() {
            return seenList.toArray();
        }

        long nanos(int phase) {
            return nanos[phase];
        }

        void clear() {
            for (int i = 0; i < seenList.size(); i++) {
                int p = seenList.get(i);
                seen[p] = false;
                nanos[p] = 0;
            }
            seenList.clear();
        }
    }

    /** The phase trees, index by phase, null where nothing landed (the array itself, not a copy). */
    CallTree[] trees() {
        return trees;
    }
}
