package dev.ppw.collect.pprof;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.NameTable;
import dev.ppw.model.SampleWeights;

import java.util.ArrayList;
import java.util.List;

/**
 * A sink that folds samples straight into a {@link CallTree} as SEMANTICS.md section 2 says (time into the
 * time columns, other weights into their own), for the reader's tests: the real folder lives in aggregation,
 * which collectors may not see. Only samples are expected.
 */
final class TreeSink implements EventSink {
    private final FrameTable frames = new FrameTable(new NameTable());
    private final Diagnostics diagnostics = new Diagnostics();
    final CallTree tree = new CallTree(frames);
    final List<String> tracks = new ArrayList<>();
    int inputs;

    @Override
    public FrameTable frames() {
        return frames;
    }

    @Override
    public Diagnostics diagnostics() {
        return diagnostics;
    }

    @Override
    public void beginInput(String displayName) {
        inputs++;
    }

    @Override
    public int thread(String pid, String tid) {
        tracks.add(pid + "/" + tid);
        return tracks.size() - 1;
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        throw new AssertionError("pprof has no async tracks");
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        throw new AssertionError("pprof has no calls");
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        throw new AssertionError("pprof has no calls");
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        throw new AssertionError("pprof has no calls");
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

    @Override
    public void processName(String pid, String name) {
        throw new AssertionError("pprof names no process");
    }

    @Override
    public void threadName(String pid, String tid, String name) {
        throw new AssertionError("pprof names no thread");
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        throw new AssertionError("pprof has no counters");
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        throw new AssertionError("pprof has no counters");
    }

    @Override
    public void displayTimeUnit(String unit) {
        throw new AssertionError("pprof has no display unit");
    }

    @Override
    public void endInput() {
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
