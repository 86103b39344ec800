package dev.ppw.aggregate;

import dev.ppw.model.CallTree;

import java.util.function.IntUnaryOperator;

/**
 * Adds one folded tree into another node by node, as if the calls that built the first had been folded
 * into the second: calls, subcalls, inclusive and exclusive add, min of mins, max of maxes; declared metrics
 * as {@link CallTree#addMetricsOf} adds them (values by their own rule, weights added). Each node keeps its
 * {@link dev.ppw.model.Part}: a thread root and an async root never become one node.
 */
final class TreeAdd {
    private TreeAdd() {
    }

    /**
     * Adds {@code source} into {@code target} (both over one frame table). Nodes are visited in index
     * order, so the nodes {@code target} lacks are created in the order {@code source} created them: adding
     * a track's own tree gives the node ids that replaying the track into {@code target} would have.
     *
     * @param rootFrame maps the frame of each root of {@code source} to the frame it has in {@code target}
     *                  (two roots mapped to one frame become one node)
     */
    static void into(CallTree source, CallTree target, IntUnaryOperator rootFrame) {
        int[] mapped = new int[source.size()];
        mapped[CallTree.ROOT] = CallTree.ROOT;
        for (int n = 1; n < source.size(); n++) {
            int parent = source.parent(n);
            int frame = parent == CallTree.ROOT ? rootFrame.applyAsInt(source.frame(n)) : source.frame(n);
            int m = target.child(mapped[parent], frame, source.part(n));
            mapped[n] = m;
            add(source, n, target, m);
        }
        target.addOverflowsOf(source);
    }

    /**
     * Adds {@code source} into {@code target} over another frame table: {@code frame} maps each frame of
     * {@code source}'s table to the one it has in {@code target}'s. Nodes are created in {@code source}'s
     * index order, as {@link #into} does.
     */
    static void intoMapped(CallTree source, CallTree target, IntUnaryOperator frame) {
        int[] mapped = new int[source.size()];
        mapped[CallTree.ROOT] = CallTree.ROOT;
        for (int n = 1; n < source.size(); n++) {
            mapped[n] = target.child(mapped[source.parent(n)], frame.applyAsInt(source.frame(n)), source.part(n));
            add(source, n, target, mapped[n]);
        }
        target.addOverflowsOf(source);
    }

    /**
     * Adds the metrics of {@code source}'s node {@code n} into {@code target}'s node {@code m}, each sum stopping at
     * the limit of a {@code long} ({@link CallTree#sum}); whoever adds node by node adds the source's overflows.
     */
    static void add(CallTree source, int n, CallTree target, int m) {
        target.setMetrics(m, target.sum(m, "calls", target.calls(m), source.calls(n)),
                target.sum(m, "subcalls", target.subcalls(m), source.subcalls(n)),
                target.sum(m, "inclusive", target.inclusiveNanos(m), source.inclusiveNanos(n)),
                target.sum(m, "exclusive", target.exclusiveNanos(m), source.exclusiveNanos(n)),
                minOf(target.minInclusiveNanos(m), source.minInclusiveNanos(n)),
                Math.max(target.maxInclusiveNanos(m), source.maxInclusiveNanos(n)));
        target.addMetricsOf(source, n, m, false);
    }

    private static long minOf(long a, long b) {
        if (a == CallTree.UNSET) {
            return b;
        }
        return b == CallTree.UNSET ? a : Math.min(a, b);
    }
}
