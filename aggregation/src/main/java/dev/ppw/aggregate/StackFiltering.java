package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.StackFilters;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@link StackFilters} applied to a folded calling-context tree (SEMANTICS.md "Filters"): a new tree over the same
 * {@link FrameTable}; the input is only read.
 *
 * <p>A node is read as a stack (its path from its root) holding the node's <em>own</em> values: its exclusive time
 * and exclusive sample weights; its calls, per-call minimum and maximum and region counter values when it was
 * called; its own samples ({@code calls - subcalls}) when it was sampled (no node under its root has a timed call:
 * {@link #sampledNodes}).
 * Each filter moves or drops these own values, as {@code go tool pprof} moves or drops a sample:
 * <ul>
 *   <li>focus and ignore keep or drop a node's own values by the frames on its stack, as written;</li>
 *   <li>a hidden frame's time, weights and own samples go to the nearest caller not hidden (none: dropped), its
 *       calls, extremes and counter values are dropped with the frame, and its callees take its place;</li>
 *   <li>show-from roots each stack at its outermost frame that matches and drops the stacks that have none.</li>
 * </ul>
 * Then every node's inclusive time and weights are the sums of the own values at and below it, its calls its own
 * calls plus the samples at and below it, its subcalls the sum of its children's calls. A node keeps its per-call
 * minimum and maximum, call-time sketch and counter values only when its calls kept all their time (its new
 * inclusive time equals the sum of the inclusive times of the called nodes that landed on it): a node that lost
 * part of its time (an ancestor of an ignored stack, the callers of a focus) shows none.
 *
 * <p>With no filter the tree is returned as it is. Exact: integer sums only, each stopping at the limit of a long as
 * an overflow of the output row ({@link CallTree#sum}), the input's own overflows counted with them. Cost: one pass
 * over the nodes, each distinct region name matched once per pattern. Stateless.
 */
public final class StackFiltering {
    private StackFiltering() {
    }

    /**
     * The filtered tree, and which of the given patterns matched no frame of the input.
     *
     * @param unmatched the options (as {@code --focus}) whose pattern matched no region name of the tree, in the
     *                  order of {@link StackFilters#label()}
     */
    public record Filtered(CallTree tree, List<String> unmatched) {
    }

    /** {@code tree} filtered by {@code filters}; {@code tree} itself when there are none. */
    public static CallTree apply(CallTree tree, StackFilters filters) {
        return filter(tree, filters).tree();
    }

    /** As {@link #apply}, saying which patterns matched nothing. */
    public static Filtered filter(CallTree tree, StackFilters filters) {
        if (filters.isNone()) {
            return new Filtered(tree, List.of());
        }
        return new Run(tree, filters).run();
    }

    /** Per region name id, whether a pattern is found in it: computed once per name. */
    private static final class NameMatch {
        private final Pattern pattern;
        private final FrameTable frames;
        private byte[] known = new byte[0]; // 0 not yet, 1 matches, 2 does not
        private boolean any;

        NameMatch(Optional<Pattern> pattern, FrameTable frames) {
            this.pattern = pattern.orElse(null);
            this.frames = frames;
        }

        boolean given() {
            return pattern != null;
        }

        boolean matches(CallTree tree, int node) {
            int name = frames.region(tree.frame(node));
            if (name >= known.length) {
                known = Arrays.copyOf(known, Math.max(name + 1, known.length * 2));
            }
            if (known[name] == 0) {
                boolean m = pattern.matcher(frames.names().name(name)).find();
                known[name] = (byte) (m ? 1 : 2);
                any |= m;
            }
            return known[name] == 1;
        }
    }

    private static final class Run {
        private final CallTree tree;
        private final NameMatch focus;
        private final NameMatch ignore;
        private final NameMatch hide;
        private final NameMatch show;
        private final NameMatch showFrom;
        private final CallTree out;
        /** Per output node (index), what landed on it; grown as nodes are made. */
        private long[] ownExclusive;
        private long[] ownSamples;
        private long[] tracedCalls;
        private long[] wholeInclusive;
        private long[] min;
        private long[] max;
        private long[][] ownWeights;
        private final List<Metric> weights = new ArrayList<>();
        /** Per weight, the names of its inclusive and exclusive columns in overflow messages. */
        private String[][] weightColumns;
        /** Per source node: true when its root's subtree was sampled ({@link #sampledNodes}). */
        private final boolean[] sampled;
        /** Each landing of a called node's whole calls: (source node, output node). */
        private final List<int[]> landed = new ArrayList<>();

        Run(CallTree tree, StackFilters filters) {
            this.tree = tree;
            FrameTable frames = tree.frames();
            focus = new NameMatch(filters.focus(), frames);
            ignore = new NameMatch(filters.ignore(), frames);
            hide = new NameMatch(filters.hide(), frames);
            show = new NameMatch(filters.show(), frames);
            showFrom = new NameMatch(filters.showFrom(), frames);
            out = new CallTree(frames);
            sampled = sampledNodes(tree);
            for (MetricGroup g : tree.metricGroups()) {
                out.enable(g);
                for (Metric m : g.metrics()) {
                    if (m.kind() == Metric.Kind.WEIGHT) {
                        weights.add(m);
                    }
                }
            }
            if (tree.keepsCallTimes()) {
                out.keepCallTimes();
            }
            int capacity = 16;
            ownExclusive = new long[capacity];
            ownSamples = new long[capacity];
            tracedCalls = new long[capacity];
            wholeInclusive = new long[capacity];
            min = new long[capacity];
            max = new long[capacity];
            Arrays.fill(min, CallTree.UNSET);
            Arrays.fill(max, CallTree.UNSET);
            ownWeights = new long[weights.size()][capacity];
            weightColumns = new String[weights.size()][];
            for (int w = 0; w < weights.size(); w++) {
                String name = weights.get(w).name();
                weightColumns[w] = new String[] {name + " inclusive", name + " exclusive"};
            }
        }

        Filtered run() {
            int size = tree.size();
            boolean[] focused = new boolean[size];
            boolean[] ignored = new boolean[size];
            boolean[] hidden = new boolean[size];
            // Where a node stands in the output once hidden frames are gone and stacks start at show-from: itself
            // (a frame of the output), its nearest visible ancestor's place (hidden), ROOT (nothing visible above a
            // hidden node), or NOT_STARTED (no show-from match on its stack yet).
            int[] place = new int[size];
            int[] outNode = new int[size];
            Arrays.fill(outNode, CallTree.NONE);
            boolean[] whole = new boolean[size];
            focused[CallTree.ROOT] = !focus.given();
            place[CallTree.ROOT] = showFrom.given() ? NOT_STARTED : CallTree.ROOT;
            for (int n = 1; n < size; n++) {
                int p = tree.parent(n);
                focused[n] = focused[p] || focus.given() && focus.matches(tree, n);
                ignored[n] = ignored[p] || ignore.given() && ignore.matches(tree, n);
                hidden[n] = hide.given() && hide.matches(tree, n) || show.given() && !show.matches(tree, n);
                int above = place[p];
                if (hidden[n]) {
                    place[n] = above;
                } else if (above == NOT_STARTED) {
                    place[n] = showFrom.given() && showFrom.matches(tree, n) ? n : NOT_STARTED;
                } else {
                    place[n] = n;
                }
                if (!focused[n] || ignored[n] || place[n] == NOT_STARTED || place[n] == CallTree.ROOT) {
                    continue;
                }
                int x = materialize(place[n], place, outNode);
                land(n, x, hidden[n]);
            }
            // Sums from the leaves up: output nodes are made parents first, so reverse index order sees children first.
            int outSize = out.size();
            long[] inclusive = new long[outSize];
            long[] samplesThrough = new long[outSize];
            long[] callsOf = new long[outSize];
            long[] subcalls = new long[outSize];
            long[][] weightInclusive = new long[weights.size()][outSize];
            // Every sum stops at the limit of a long, counted as an overflow of the output row it is for.
            for (int x = outSize - 1; x >= 1; x--) {
                inclusive[x] = out.sum(x, "inclusive", inclusive[x], ownExclusive[x]);
                samplesThrough[x] = out.sum(x, "calls", samplesThrough[x], ownSamples[x]);
                callsOf[x] = out.sum(x, "calls", tracedCalls[x], samplesThrough[x]);
                for (int w = 0; w < weights.size(); w++) {
                    weightInclusive[w][x] = out.sum(x, weightColumns[w][0], weightInclusive[w][x], ownWeights[w][x]);
                }
                int px = out.parent(x);
                if (px != CallTree.ROOT) {
                    inclusive[px] = out.sum(px, "inclusive", inclusive[px], inclusive[x]);
                    samplesThrough[px] = out.sum(px, "calls", samplesThrough[px], samplesThrough[x]);
                    subcalls[px] = out.sum(px, "subcalls", subcalls[px], callsOf[x]);
                    for (int w = 0; w < weights.size(); w++) {
                        weightInclusive[w][px] = out.sum(px, weightColumns[w][0], weightInclusive[w][px],
                                weightInclusive[w][x]);
                    }
                }
            }
            boolean[] wholeOut = new boolean[outSize];
            for (int x = 1; x < outSize; x++) {
                wholeOut[x] = min[x] != CallTree.UNSET && inclusive[x] == wholeInclusive[x];
                out.setMetrics(x, callsOf[x], subcalls[x], inclusive[x], ownExclusive[x],
                        wholeOut[x] ? min[x] : CallTree.UNSET, wholeOut[x] ? max[x] : CallTree.UNSET);
            }
            // Counter values and call-time sketches travel with whole calls only; each is added once per source node.
            for (int[] l : landed) {
                if (wholeOut[l[1]]) {
                    out.addMetricsOf(tree, l[0], l[1], true);
                }
            }
            for (int x = 1; x < outSize; x++) {
                for (int w = 0; w < weights.size(); w++) {
                    out.setWeight(x, weights.get(w), weightInclusive[w][x], ownWeights[w][x]);
                }
            }
            // The fold's own overflows stay said, as a view of the tree says them.
            out.addOverflowsOf(tree);
            return new Filtered(out, unmatched());
        }

        /** Adds the own values of source node {@code n} to output node {@code x}. */
        private void land(int n, int x, boolean isHidden) {
            grow(out.size());
            ownExclusive[x] = out.sum(x, "exclusive", ownExclusive[x], tree.exclusiveNanos(n));
            for (int w = 0; w < weights.size(); w++) {
                ownWeights[w][x] = out.sum(x, weightColumns[w][1], ownWeights[w][x], tree.exclusive(n, weights.get(w)));
            }
            long nodeMin = tree.minInclusiveNanos(n);
            if (sampled[n]) {
                ownSamples[x] = out.sum(x, "calls", ownSamples[x], out.difference(x, "calls", tree.calls(n),
                        tree.subcalls(n)));
            } else if (!isHidden) {
                tracedCalls[x] = out.sum(x, "calls", tracedCalls[x], tree.calls(n));
                if (nodeMin == CallTree.UNSET) {
                    return; // a called node that lost part of its time to an earlier filter: no extremes to carry
                }
                wholeInclusive[x] = out.sum(x, "inclusive", wholeInclusive[x], tree.inclusiveNanos(n));
                min[x] = min[x] == CallTree.UNSET ? nodeMin : Math.min(min[x], nodeMin);
                max[x] = Math.max(max[x], tree.maxInclusiveNanos(n));
                landed.add(new int[] {n, x});
            }
        }

        /** The output node of visible source node {@code v}, made (with the output nodes above it) if need be. */
        private int materialize(int v, int[] place, int[] outNode) {
            if (outNode[v] != CallTree.NONE) {
                return outNode[v];
            }
            // The chain of visible ancestors not made yet, innermost first; made outermost first.
            List<Integer> chain = new ArrayList<>();
            int u = v;
            while (u != CallTree.ROOT && outNode[u] == CallTree.NONE) {
                chain.add(u);
                u = visibleParent(u, place);
            }
            int parentOut = u == CallTree.ROOT ? CallTree.ROOT : outNode[u];
            for (int i = chain.size() - 1; i >= 0; i--) {
                int w = chain.get(i);
                parentOut = out.child(parentOut, tree.frame(w), tree.part(w));
                outNode[w] = parentOut;
            }
            return parentOut;
        }

        /** The visible source node above visible node {@code v} in the output, or ROOT when {@code v} starts a stack. */
        private int visibleParent(int v, int[] place) {
            int above = place[tree.parent(v)];
            return above == NOT_STARTED ? CallTree.ROOT : above;
        }

        private void grow(int outSize) {
            if (outSize <= ownExclusive.length) {
                return;
            }
            int old = ownExclusive.length;
            int capacity = Math.max(outSize, old * 2);
            ownExclusive = Arrays.copyOf(ownExclusive, capacity);
            ownSamples = Arrays.copyOf(ownSamples, capacity);
            tracedCalls = Arrays.copyOf(tracedCalls, capacity);
            wholeInclusive = Arrays.copyOf(wholeInclusive, capacity);
            min = Arrays.copyOf(min, capacity);
            max = Arrays.copyOf(max, capacity);
            Arrays.fill(min, old, capacity, CallTree.UNSET);
            Arrays.fill(max, old, capacity, CallTree.UNSET);
            for (int w = 0; w < ownWeights.length; w++) {
                ownWeights[w] = Arrays.copyOf(ownWeights[w], capacity);
            }
        }

        private List<String> unmatched() {
            List<String> none = new ArrayList<>();
            check(none, focus, "--focus");
            check(none, ignore, "--ignore");
            check(none, hide, "--hide");
            check(none, show, "--show");
            check(none, showFrom, "--show-from");
            return List.copyOf(none);
        }

        private static void check(List<String> none, NameMatch m, String option) {
            if (m.given() && !m.any) {
                none.add(option + " '" + m.pattern.pattern() + "'");
            }
        }
    }

    /**
     * Per node of {@code tree}, true when it counts samples rather than calls: no node of its root's subtree has a
     * timed call (a per-call minimum). Decided per root, not per node, so that a called node whose extremes an
     * earlier filter unset still counts calls, as the called nodes around it do.
     */
    static boolean[] sampledNodes(CallTree tree) {
        int size = tree.size();
        boolean[] timed = new boolean[size];
        for (int n = size - 1; n >= 1; n--) {
            timed[n] |= tree.minInclusiveNanos(n) != CallTree.UNSET;
            int p = tree.parent(n);
            if (p != CallTree.ROOT) {
                timed[p] |= timed[n];
            }
        }
        boolean[] sampled = new boolean[size];
        for (int n = 1; n < size; n++) {
            int p = tree.parent(n);
            sampled[n] = p == CallTree.ROOT ? !timed[n] : sampled[p];
        }
        return sampled;
    }

    /** A place before any show-from match: not a node index. */
    private static final int NOT_STARTED = -2;
}
