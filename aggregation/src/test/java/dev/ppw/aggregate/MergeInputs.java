package dev.ppw.aggregate;

import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTimeSketch;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.ViewKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generated inputs of a merge (node trees with absent keys, region counters, a bytes weight, counter series,
 * names, display units, warnings and notes), and a dump of a merge result that shows every bit of it, for
 * the accumulator's property tests.
 */
final class MergeInputs {
    /** A sample weight in bytes, as an allocation profiler would record. */
    static final Metric ALLOCATED = Metric.weight("allocated", MetricUnit.BYTES, "allocated", "bytes allocated");
    static final MetricGroup ALLOCATIONS = MetricGroup.ofWeight(ALLOCATED);

    private static final String[] REGIONS = {"a", "b", "c", "d"};
    private static final String[] UNITS = {null, null, "ms", "ns", "us"};
    // Decimal fractions, whose binary sums round differently by grouping (0.1 + 0.2 + 0.3).
    private static final double[] FRACTIONS = {0.1, 0.2, 0.3, 1e-3, 33.3, 1e16, -1e16, 2.5, 7.0 / 3};

    private MergeInputs() {
    }

    /** One input: its index, name, nodes and reading diagnostics. */
    record Input(int index, String name, List<NodeInfo> infos, List<Profile> views, Diagnostics diagnostics) {
        void addTo(MergeAccumulator m) {
            m.add(index, name, infos, views, diagnostics);
        }
    }

    /** {@code count} inputs drawn from {@code random}; about one in six has no node, some have two. */
    static List<Input> inputs(Random random, int count) {
        List<Input> inputs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int nodes = random.nextInt(6) == 0 ? 0 : 1 + random.nextInt(4) / 3;
            List<NodeInfo> infos = new ArrayList<>();
            List<Profile> views = new ArrayList<>();
            for (int j = 0; j < nodes; j++) {
                String label = "in" + i + "#" + j;
                Map<String, String> processes = new TreeMap<>();
                Map<String, String> threads = new TreeMap<>();
                if (random.nextBoolean()) {
                    processes.put(Integer.toString(random.nextInt(3)), "proc" + random.nextInt(3));
                    threads.put(random.nextInt(3) + "/" + random.nextInt(2), "thread" + random.nextInt(3));
                }
                infos.add(new NodeInfo(label, "in" + i + ".json", Integer.toString(j), "", processes, threads));
                views.add(new Profile(tree(random), ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1,
                        List.of("in" + i + ".json"), processes, threads, List.of(), series(random),
                        UNITS[random.nextInt(UNITS.length)]));
            }
            inputs.add(new Input(i, "in" + i + ".json", infos, views, diagnostics(random)));
        }
        return inputs;
    }

    /** A tree of up to 12 calls over 4 regions and 2 callsites, maybe with region counters and allocations. */
    static CallTree tree(Random random) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int calls = random.nextInt(13);
        List<Integer> nodes = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            int parent = nodes.isEmpty() || random.nextInt(3) == 0 ? CallTree.ROOT : nodes.get(random.nextInt(nodes.size()));
            int node = t.child(parent, t.frames().intern(REGIONS[random.nextInt(REGIONS.length)],
                    random.nextInt(4) == 0 ? "site" : ""));
            nodes.add(node);
        }
        // Times by hand (not folded): equal values are frequent, so that ties of the maximum happen.
        for (int n = 1; n < t.size(); n++) {
            long inclusive = random.nextInt(4) * 10L;
            long min = random.nextBoolean() ? CallTree.UNSET : random.nextInt(3);
            t.setMetrics(n, 1 + random.nextInt(3), random.nextInt(3), inclusive, inclusive - random.nextInt(3) * 5L,
                    min, min == CallTree.UNSET ? CallTree.UNSET : min + random.nextInt(3));
        }
        if (random.nextBoolean()) {
            t.enable(RegionCounters.GROUP);
            for (int n = 1; n < t.size(); n++) {
                if (random.nextBoolean()) {
                    t.add(n, RegionCounters.CPU_SAMPLES, 1 + random.nextInt(3));
                    t.add(n, RegionCounters.CPU_SUM, FRACTIONS[random.nextInt(FRACTIONS.length)]);
                }
                if (random.nextBoolean()) {
                    t.add(n, RegionCounters.MEMORY_PEAK, FRACTIONS[random.nextInt(FRACTIONS.length)]);
                }
            }
        }
        if (random.nextInt(3) == 0) {
            t.enable(ALLOCATIONS);
            for (int n = 1; n < t.size(); n++) {
                long exclusive = random.nextInt(3) * 8L;
                t.setWeight(n, ALLOCATED, exclusive + random.nextInt(3) * 8L, exclusive);
            }
        }
        if (random.nextInt(3) == 0) {
            t.keepCallTimes();
            for (int n = 1; n < t.size(); n++) {
                if (random.nextBoolean()) {
                    CallTimeSketch sketch = new CallTimeSketch();
                    for (int c = random.nextInt(4); c >= 0; c--) {
                        sketch.add(random.nextInt(5) * 1_000L + random.nextInt(3));
                    }
                    t.addCallTimes(n, sketch);
                }
            }
        }
        return t;
    }

    private static List<CounterSeries> series(Random random) {
        List<CounterSeries> list = new ArrayList<>();
        for (String key : List.of("rss", "vms")) {
            if (random.nextBoolean()) {
                double a = FRACTIONS[random.nextInt(FRACTIONS.length)];
                double b = FRACTIONS[random.nextInt(FRACTIONS.length)];
                list.add(new CounterSeries("1", "memory", "", key, 1 + random.nextInt(3), Math.min(a, b),
                        Math.max(a, b), a + b, random.nextInt(3), random.nextBoolean() ? a : b));
            }
        }
        return list;
    }

    private static Diagnostics diagnostics(Random random) {
        Diagnostics d = new Diagnostics();
        int events = random.nextInt(5);
        for (int i = 0; i < events; i++) {
            switch (random.nextInt(4)) {
                case 0 -> d.warn(Diagnostics.OVERLAP, "overlap " + random.nextInt(100));
                case 1 -> d.warn(Diagnostics.UNMATCHED_END, random.nextBoolean() ? null : "end " + random.nextInt(100));
                case 2 -> d.note("phase_i");
                default -> d.note(Folder.DISPLAY_TIME_UNITS_DIFFER);
            }
        }
        return d;
    }

    /** Every bit of a merge result, as text: equal texts mean equal results. */
    static String dump(MergeAccumulator.Merged merged) {
        StringBuilder sb = new StringBuilder();
        Profile p = merged.profile();
        sb.append(p.view()).append(' ').append(p.tauDepth()).append(' ').append(p.aggregation()).append(' ')
                .append(p.missing()).append(" nodes=").append(p.nodes()).append('\n');
        sb.append("inputs ").append(p.inputs()).append('\n');
        sb.append("processes ").append(p.processNames()).append('\n');
        sb.append("threads ").append(p.threadNames()).append('\n');
        sb.append("infos ").append(p.nodeInfos()).append('\n');
        p.counters().forEach(c -> sb.append(c).append(" sum bits ").append(Double.doubleToRawLongBits(c.sum()))
                .append('\n'));
        sb.append("unit ").append(p.displayTimeUnit()).append('\n');
        CallTree t = p.tree();
        sb.append("groups ").append(t.metricGroups()).append('\n');
        for (int n = 1; n < t.size(); n++) {
            sb.append(n).append(" parent=").append(t.parent(n)).append(' ').append(t.regionName(n)).append('@')
                    .append(t.callsiteName(n)).append(' ').append(TestTrees.metrics(t, n));
            for (MetricGroup g : t.metricGroups()) {
                for (Metric m : g.metrics()) {
                    if (m.kind() == Metric.Kind.WEIGHT) {
                        sb.append(' ').append(m.name()).append('=').append(t.inclusive(n, m)).append('/')
                                .append(t.exclusive(n, m));
                    } else if (m.stored()) {
                        sb.append(' ').append(m.name()).append('=').append(m.integral() ? t.longValue(n, m)
                                : Double.doubleToRawLongBits(t.doubleValue(n, m)));
                    }
                }
            }
            if (t.callTimes(n) != null) {
                sb.append(" callTimes=").append(t.callTimes(n).encode());
            }
            if (merged.breakdown().isPresent()) {
                sb.append(breakdown(merged.breakdown().get(), n));
            }
            sb.append('\n');
        }
        Diagnostics d = merged.diagnostics();
        d.warnings().forEach((k, e) -> sb.append("warning ").append(k).append(' ').append(e.count()).append(' ')
                .append(e.examples()).append('\n'));
        d.notes().forEach((k, e) -> sb.append("note ").append(k).append(' ').append(e.count()).append('\n'));
        return sb.toString();
    }

    private static String breakdown(Breakdown b, int n) {
        return " | " + b.minNanos(n) + " " + b.maxNanos(n) + " " + Double.doubleToRawLongBits(b.meanNanos(n)) + " "
                + Double.doubleToRawLongBits(b.stddevNanos(n)) + " " + b.maxNode(n);
    }
}
