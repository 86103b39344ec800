package dev.ppw.aggregate;

import dev.ppw.model.MergeOp;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.api.map.primitive.MutableIntIntMap;
import org.eclipse.collections.api.map.primitive.MutableLongIntMap;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.IntIntHashMap;
import org.eclipse.collections.impl.map.mutable.primitive.LongIntHashMap;

import java.util.Set;

/**
 * Derives the views of SEMANTICS.md section 3 (callpath, flat, TAU callpath of depth N) from a
 * calling-context tree, and hands the callers, callees and inverted views to {@link ContextViews}. Every view is a new {@link CallTree}; the input tree is never modified, but the
 * view's frames (callsite-free frames, and for flat/TAU the row keys) are interned into the input's
 * {@link FrameTable} ({@code tree.frames()}), which the view shares.
 *
 * <p>Metrics, all times in integer nanoseconds, combine as follows:
 * <ul>
 *   <li>{@code calls}, {@code subcalls}, {@code exclusiveNanos} are summed over the merged nodes;</li>
 *   <li>{@code inclusiveNanos} is summed over the merged nodes for callpath; for flat and TAU only over
 *       nodes that have no ancestor with the same key, so that recursion is counted once;</li>
 *   <li>{@code minInclusiveNanos} is the minimum of the minima and {@code maxInclusiveNanos} the maximum
 *       of the maxima; {@link CallTree#UNSET} counts as absent, and a row whose nodes are all unset stays
 *       {@link CallTree#UNSET}.</li>
 *   <li>declared metrics ({@link dev.ppw.model.Metric}): a VALUE metric combines by its own rule over all
 *       merged nodes (recursion included: every value counts once, at the node it attached to); a WEIGHT
 *       metric as time: exclusive summed, inclusive summed as {@code inclusiveNanos} is (for flat and TAU,
 *       only over nodes without an ancestor of the same key).</li>
 * </ul>
 *
 * <p>Invariants: callpath keeps every tree invariant of SEMANTICS.md section 2. Flat and TAU keep the
 * totals (the sums of {@code exclusive} and of {@code calls} over the rows equal the tree's) and
 * {@code exclusive <= inclusive} per row; with recursion {@code inclusive / calls} may fall below
 * {@code min}. Flat and TAU rows are roots, in first-seen order of a depth-first preorder walk (children
 * in insertion order), whose region name is the key text.
 *
 * <p>A TAU key is text: two paths whose names join to the same text (possible only when region names
 * themselves contain {@code " => "}) are one row. All walks are iterative, so trees of any depth work.
 *
 * <p>Parts ({@link Part}) stay apart: a row of the view is in the part of the nodes it merges, and nodes of
 * different parts never make one row (a flat row is keyed by part and region, a TAU row by part and key).
 */
public final class Views {
    /** Separator between region names in TAU keys and paths (TAU's). */
    public static final String SEPARATOR = " => ";

    private Views() {
    }

    /**
     * Derives {@code view} from a single-context tree profile, keeping the profile's metadata.
     *
     * @param treeProfile a {@link ViewKind#TREE} profile: a folded tree, or a {@code sum} aggregate (views
     *                    commute with sum; a min/max/avg aggregate must be derived per node first, section 4)
     * @param view        the view to derive; {@link ViewKind#TREE} returns {@code treeProfile} itself
     * @param tauDepth    N for {@link ViewKind#TAU} (at least 1); ignored by the other views
     * @throws IllegalArgumentException when {@code tauDepth < 1} for TAU, when the profile is not a tree, or
     *                                  when a non-tree view is asked of a min/max/avg aggregate
     */
    public static Profile derive(Profile treeProfile, ViewKind view, int tauDepth) {
        return derive(treeProfile, view, tauDepth, "");
    }

    /**
     * As {@link #derive(Profile, ViewKind, int)}, for the views of one region too ({@link ViewKind#needsRegion()}:
     * callers, callees; {@link ContextViews}).
     *
     * @param region the region whose callers or callees are shown, a region name; ignored by the other views
     * @throws IllegalArgumentException also when a view of one region is asked without one
     */
    public static Profile derive(Profile treeProfile, ViewKind view, int tauDepth, String region) {
        if (view.needsRegion() && region.isEmpty()) {
            throw new IllegalArgumentException("the " + view.label() + " view is of one region: name it");
        }
        if (treeProfile.view() != ViewKind.TREE) {
            throw new IllegalArgumentException("views are derived from a tree profile, not from a "
                    + treeProfile.view().label() + " profile");
        }
        if (view == ViewKind.TAU && tauDepth < 1) {
            throw new IllegalArgumentException("tau depth must be at least 1, got " + tauDepth
                    + " (use --depth 1 for the flat profile)");
        }
        if (view == ViewKind.TREE) {
            return treeProfile;
        }
        if (view == ViewKind.COUNTERS) {
            return treeProfile.withView(treeProfile.tree(), ViewKind.COUNTERS, 0);
        }
        if (treeProfile.nodes() > 1 && treeProfile.aggregation() != MergeOp.SUM) {
            throw new IllegalArgumentException("cannot derive the " + view.label() + " view of a "
                    + treeProfile.aggregation().label() + " aggregate: derive it per node, then aggregate");
        }
        CallTree tree = treeProfile.tree();
        return switch (view) {
            case CALLPATH -> treeProfile.withView(callpath(tree), ViewKind.CALLPATH, 0);
            case FLAT -> treeProfile.withView(flat(tree), ViewKind.FLAT, 0);
            case TAU -> treeProfile.withView(tau(tree, tauDepth), ViewKind.TAU, tauDepth);
            case CALLERS -> treeProfile.withView(ContextViews.callers(tree, region), ViewKind.CALLERS, 0);
            case CALLEES -> treeProfile.withView(ContextViews.callees(tree, region), ViewKind.CALLEES, 0);
            case INVERTED -> treeProfile.withView(ContextViews.inverted(tree), ViewKind.INVERTED, 0);
            case TREE, COUNTERS -> throw new AssertionError("handled above");
        };
    }

    /**
     * The path profile: nodes with the same path of region names are one node, whatever their callsites.
     * Every frame of the result has an empty callsite. Node order follows the input's node order, so a
     * tree without callsites gives a tree with the same node indices and metrics.
     */
    public static CallTree callpath(CallTree tree) {
        FrameTable frames = tree.frames();
        CallTree out = withGroupsOf(tree);
        int size = tree.size();
        int[] target = new int[size];
        target[CallTree.ROOT] = CallTree.ROOT;
        Rows rows = new Rows(out, 0);
        rows.row(); // the virtual root, so that row index == output node index
        // A node's index is always larger than its parent's, so index order visits parents first.
        for (int n = 1; n < size; n++) {
            int pathFrame = frames.intern(frames.region(tree.frame(n)), NameTable.EMPTY);
            int merged = out.child(target[tree.parent(n)], pathFrame, tree.part(n));
            target[n] = merged;
            if (merged == rows.size()) {
                rows.row();
            }
            rows.add(merged, tree, n, true);
            out.addMetricsOf(tree, n, merged, false);
        }
        rows.storeInto(out, 0);
        out.addOverflowsOf(tree);
        return out;
    }

    /**
     * The flat profile: one root row per region, named by the region. {@code exclusive}, {@code calls},
     * {@code subcalls} are summed over all nodes of the region; {@code inclusive} only over nodes with no
     * ancestor of the same region. Equal to {@link #tau(CallTree, int) tau(tree, 1)}.
     */
    public static CallTree flat(CallTree tree) {
        return keyed(tree, 1);
    }

    /**
     * The TAU callpath profile of depth {@code depth}: one root row per key, the last {@code depth} region
     * names of a node's path joined by {@link #SEPARATOR} (a shorter path is its own key), summed as in
     * {@link #flat} with the key in place of the region. Depth 1 equals flat; a depth at least the tree's
     * height equals {@link #callpath} with rows keyed by path text.
     *
     * <p>Cost: O(nodes * min(depth, height)) hash lookups, plus the text of each distinct key once.
     *
     * @throws IllegalArgumentException when {@code depth < 1}
     */
    public static CallTree tau(CallTree tree, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("tau depth must be at least 1, got " + depth);
        }
        return keyed(tree, depth);
    }

    /** Flat and TAU: one iterative preorder walk with the path's region names and keys on a stack. */
    private static CallTree keyed(CallTree tree, int depth) {
        FrameTable frames = tree.frames();
        NameTable names = frames.names();
        SequenceIds sequences = new SequenceIds();
        // The empty sequence of each part: sequences of the other parts extend one of their own, so that their
        // keys never meet the thread part's.
        int[] emptyOf = new int[Part.values().length];
        MutableIntIntMap[] rowOfKeyName = new MutableIntIntMap[Part.values().length]; // per part
        for (Part p : Part.values()) {
            emptyOf[p.ordinal()] = p == Part.THREAD ? SequenceIds.EMPTY
                    : sequences.extend(SequenceIds.EMPTY, SequenceIds.PART_MARK - p.ordinal());
            rowOfKeyName[p.ordinal()] = new IntIntHashMap();
        }
        // per sequence id: the row of the key it spells, or -1 while not yet needed as a key
        MutableIntList rowOfSequence = new IntArrayList();
        MutableIntList onPath = new IntArrayList(); // per row: how many nodes of the current path have its key
        // Output rows are created as keys appear: row r is node r + 1 of the view.
        CallTree out = withGroupsOf(tree);
        Rows rows = new Rows(out, 1);

        MutableIntList pathRegions = new IntArrayList();
        MutableIntList pathSequences = new IntArrayList(); // whole-path sequence, kept while path <= depth
        MutableIntList pathRows = new IntArrayList();

        Part part = Part.THREAD;
        int node = tree.firstChild(CallTree.ROOT);
        while (node != CallTree.NONE) {
            int region = frames.region(tree.frame(node));
            int level = pathRegions.size();
            if (level == 0) {
                part = tree.part(node);
            }
            pathRegions.add(region);
            int sequence;
            if (level < depth) {
                // The key is the whole path: extend the parent's whole-path sequence in O(1).
                int parentSequence = level == 0 ? emptyOf[part.ordinal()] : pathSequences.get(level - 1);
                sequence = sequences.extend(parentSequence, region);
                pathSequences.add(sequence);
            } else {
                sequence = emptyOf[part.ordinal()];
                for (int i = level + 1 - depth; i <= level; i++) {
                    sequence = sequences.extend(sequence, pathRegions.get(i));
                }
            }
            while (rowOfSequence.size() <= sequence) {
                rowOfSequence.add(-1);
            }
            int row = rowOfSequence.get(sequence);
            if (row < 0) {
                int keyName = depth == 1 ? region : names.intern(keyText(names, pathRegions, depth));
                row = rowOfKeyName[part.ordinal()].getIfAbsent(keyName, -1);
                if (row < 0) {
                    row = rows.row();
                    rowOfKeyName[part.ordinal()].put(keyName, row);
                    out.child(CallTree.ROOT, frames.intern(keyName, NameTable.EMPTY), part);
                    onPath.add(0);
                }
                rowOfSequence.set(sequence, row);
            }
            pathRows.add(row);
            boolean outermost = onPath.get(row) == 0;
            rows.add(row, tree, node, outermost);
            out.addMetricsOf(tree, node, row + 1, !outermost);
            onPath.set(row, onPath.get(row) + 1);

            int child = tree.firstChild(node);
            if (child != CallTree.NONE) {
                node = child;
                continue;
            }
            // Leave finished nodes until one has a next sibling (or the walk is back at the virtual root).
            while (true) {
                int left = pathRows.removeAtIndex(pathRows.size() - 1);
                onPath.set(left, onPath.get(left) - 1);
                int lastLevel = pathRegions.size() - 1;
                pathRegions.removeAtIndex(lastLevel);
                if (lastLevel < pathSequences.size()) {
                    pathSequences.removeAtIndex(lastLevel);
                }
                int sibling = tree.nextSibling(node);
                if (sibling != CallTree.NONE) {
                    node = sibling;
                    break;
                }
                node = tree.parent(node);
                if (node == CallTree.ROOT) {
                    node = CallTree.NONE;
                    break;
                }
            }
        }

        rows.storeInto(out, 1);
        out.addOverflowsOf(tree);
        return out;
    }

    /** An empty view over {@code tree}'s frames with the columns of its metric groups, in its order. */
    /**
     * {@code tree} with the roots of {@code parts} only, their subtrees as they are (SEMANTICS.md section 2,
     * {@code --parts}): every part keeps its own total, so leaving one out changes no other part's row or share.
     * Any view's tree, since every root is in one part; node order is kept.
     */
    public static CallTree ofParts(CallTree tree, Set<Part> parts) {
        CallTree out = withGroupsOf(tree);
        int[] mapped = new int[tree.size()];
        java.util.Arrays.fill(mapped, -1);
        mapped[CallTree.ROOT] = CallTree.ROOT;
        for (int n = 1; n < tree.size(); n++) {
            int parent = mapped[tree.parent(n)];
            if (parent < 0 || !parts.contains(tree.part(n))) {
                continue;
            }
            mapped[n] = out.child(parent, tree.frame(n), tree.part(n));
            TreeAdd.add(tree, n, out, mapped[n]);
        }
        out.addOverflowsOf(tree);
        return out;
    }

    private static CallTree withGroupsOf(CallTree tree) {
        CallTree out = new CallTree(tree.frames());
        tree.metricGroups().forEach(out::enable);
        // A view's rows sum whole calls of the tree's nodes: their mean stays the mean of calls.
        if (tree.callsTimedWhole()) {
            out.markCallsTimedWhole();
        }
        return out;
    }

    private static String keyText(NameTable names, MutableIntList pathRegions, int depth) {
        int end = pathRegions.size();
        int start = Math.max(0, end - depth);
        StringBuilder sb = new StringBuilder();
        for (int i = start; i < end; i++) {
            if (i > start) {
                sb.append(SEPARATOR);
            }
            sb.append(names.name(pathRegions.get(i)));
        }
        return sb.toString();
    }

    /**
     * Dense ids for sequences of region name ids, as a trie: (prefix id, last region) to id. Comparing
     * ids instead of texts keeps the walk free of string building; id 0 is the empty sequence.
     */
    private static final class SequenceIds {
        static final int EMPTY = 0;
        /**
         * Not a region name id: extending the empty sequence by {@code PART_MARK - ordinal} starts the sequences
         * of the part of that ordinal (the async part's, -1, as before the sampled part came).
         */
        static final int PART_MARK = 0;
        private final MutableLongIntMap ids = new LongIntHashMap();
        private int next = 1;

        int extend(int prefix, int region) {
            long key = ((long) prefix << 32) | (region & 0xffffffffL);
            int id = ids.getIfAbsent(key, -1);
            if (id < 0) {
                id = next++;
                ids.put(key, id);
            }
            return id;
        }
    }

    /**
     * The fixed metrics per output row, combined as the class comment says (declared ones go straight to the view);
     * sums stop at the limit of a {@code long}, counted as the view's overflows of the row's node.
     */
    private static final class Rows {
        private final CallTree out;
        private final int nodeOffset;
        private final MutableLongList calls = new LongArrayList();
        private final MutableLongList subcalls = new LongArrayList();
        private final MutableLongList inclusive = new LongArrayList();
        private final MutableLongList exclusive = new LongArrayList();
        private final MutableLongList min = new LongArrayList();
        private final MutableLongList max = new LongArrayList();

        Rows(CallTree out, int nodeOffset) {
            this.out = out;
            this.nodeOffset = nodeOffset;
        }

        int size() {
            return calls.size();
        }

        /** Appends an empty row and returns its index. */
        int row() {
            calls.add(0);
            subcalls.add(0);
            inclusive.add(0);
            exclusive.add(0);
            min.add(CallTree.UNSET);
            max.add(CallTree.UNSET);
            return calls.size() - 1;
        }

        void add(int row, CallTree tree, int node, boolean countInclusive) {
            int at = row + nodeOffset;
            // A sampled row counts samples, and a sample through a recursive region is one sample of it.
            if (countInclusive || !tree.part(node).sampled()) {
                calls.set(row, out.sum(at, "calls", calls.get(row), tree.calls(node)));
            }
            subcalls.set(row, out.sum(at, "subcalls", subcalls.get(row), tree.subcalls(node)));
            exclusive.set(row, out.sum(at, "exclusive", exclusive.get(row), tree.exclusiveNanos(node)));
            if (countInclusive) {
                inclusive.set(row, out.sum(at, "inclusive", inclusive.get(row), tree.inclusiveNanos(node)));
            }
            long nodeMin = tree.minInclusiveNanos(node);
            if (nodeMin != CallTree.UNSET && (min.get(row) == CallTree.UNSET || nodeMin < min.get(row))) {
                min.set(row, nodeMin);
            }
            long nodeMax = tree.maxInclusiveNanos(node);
            if (nodeMax != CallTree.UNSET && (max.get(row) == CallTree.UNSET || nodeMax > max.get(row))) {
                max.set(row, nodeMax);
            }
        }

        /** Stores row {@code r} into node {@code r + nodeOffset} of {@code out}; a row landing on the virtual root is skipped. */
        void storeInto(CallTree out, int nodeOffset) {
            for (int r = 0; r < size(); r++) {
                int node = r + nodeOffset;
                if (node == CallTree.ROOT) {
                    continue;
                }
                out.setMetrics(node, calls.get(r), subcalls.get(r), inclusive.get(r), exclusive.get(r),
                        min.get(r), max.get(r));
            }
        }
    }
}
