package dev.ppw.collect.pprof;

import dev.ppw.collect.SamplesOnlySink;
import dev.ppw.model.CallTree;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.SampleWeights;

import java.util.ArrayList;
import java.util.List;

/**
 * A sink that folds samples straight into a {@link CallTree} as SEMANTICS.md section 2 says (time into the
 * time columns, other weights into their own), for the reader's tests: the real folder lives in aggregation,
 * which collectors may not see. Only samples are expected.
 */
final class TreeSink extends SamplesOnlySink {
    final CallTree tree = new CallTree(frames());

    TreeSink() {
        super("pprof");
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds, int depth) {
        int node = CallTree.ROOT;
        for (int i = 0; i < depth; i++) {
            node = tree.child(node, frameIds[i]);
        }
        if (SampleWeights.isTime(weight)) {
            tree.addSamples(node, amount, samples);
        } else {
            tree.enable(MetricGroup.ofWeight(weight));
            tree.addSamples(node, weight, amount, samples);
        }
    }

    /** Every weight metric of the tree, in the order enabled. */
    List<Metric> weights() {
        List<Metric> out = new ArrayList<>();
        for (MetricGroup g : tree.metricGroups()) {
            out.addAll(g.metrics());
        }
        return out;
    }

    /**
     * The tree as text, one node per line in depth-first order: indented region, {@code @ callsite} when it has
     * one, calls, inclusive and exclusive time, and each weight's inclusive and exclusive values.
     */
    String dump() {
        StringBuilder b = new StringBuilder();
        b.append("# region [@ callsite]: calls, time incl/excl ns");
        for (Metric m : weights()) {
            b.append(", ").append(m.name()).append(" incl/excl ").append(m.unit().label());
        }
        b.append('\n');
        dump(CallTree.ROOT, b);
        return b.toString();
    }

    private void dump(int parent, StringBuilder b) {
        for (int n = tree.firstChild(parent); n != CallTree.NONE; n = tree.nextSibling(n)) {
            b.append("  ".repeat(tree.depth(n))).append(tree.regionName(n));
            if (!tree.callsiteName(n).isEmpty()) {
                b.append(" @ ").append(tree.callsiteName(n));
            }
            b.append(": ").append(tree.calls(n)).append(", ").append(tree.inclusiveNanos(n)).append('/')
                    .append(tree.exclusiveNanos(n));
            for (Metric m : weights()) {
                b.append(", ").append(tree.inclusive(n, m)).append('/').append(tree.exclusive(n, m));
            }
            b.append('\n');
            dump(n, b);
        }
    }

    /** The sum of the roots' calls: the samples. */
    long rootCalls() {
        long total = 0;
        for (int r = tree.firstChild(CallTree.ROOT); r != CallTree.NONE; r = tree.nextSibling(r)) {
            total += tree.calls(r);
        }
        return total;
    }

    /** The sum of the roots' inclusive values of {@code m}. */
    long total(Metric m) {
        long total = 0;
        for (int r = tree.firstChild(CallTree.ROOT); r != CallTree.NONE; r = tree.nextSibling(r)) {
            total += tree.inclusiveOf(r, m);
        }
        return total;
    }

    Metric weight(String name) {
        return weights().stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name + " in " + weights()));
    }
}
