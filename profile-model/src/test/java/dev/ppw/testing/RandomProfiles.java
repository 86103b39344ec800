package dev.ppw.testing;

import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.ViewKind;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Random profiles of every tree view for the saved-profile tests (collectors' reader alone, the command line's
 * writer and reader together): odd names and callsites, extreme and unset nanoseconds, region counters and counter
 * series, node info. The same {@code ops} and seed give the same profile; {@link #rowsByPath} and {@link #metadata}
 * say what a profile read back must keep.
 */
public final class RandomProfiles {
    private static final String[] NAMES = {"main", "quote\"d", "back\\slash", "naïve ünïcödé", "emoji \uD83D\uDE00",
        "a => b", "two\nlines", "tab\there", "", "ctrl\u0001\u001f", "日本語", "</script>", "{\"json\": [1]}",
        "trailing space ", "\u2028separator"};
    private static final String[] CALLSITES = {"", "", "", "file.c:12", "0x7f00beef", "odd \"cs\" \\ => x"};
    private static final long[] SPECIAL_NANOS = {0, 1, 999, 1000, 1_000_000_001L, -1, -2, Long.MAX_VALUE,
        Long.MIN_VALUE, 1679127184455376123L};
    private static final double[] SPECIAL_VALUES = {0.0, -0.0, 0.1, 100, 18325.504, 1e-300, 4.9e-324,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1e21, 123456789.125, 1 / 3.0};
    private static final MergeOp[] OPS = MergeOp.values();
    /** No hint, and every displayTimeUnit the folder honours. */
    private static final String[] DISPLAY_UNITS = {null, "s", "ms", "us", "ns"};

    private RandomProfiles() {
    }

    /** A tree (or flat/tau rows) whose shape comes from {@code ops} and whose numbers come from {@code r}. */
    public static Profile generate(List<Integer> ops, Random r) {
        // Saved profiles are of the tree views; a counters view is a report.
        ViewKind view = ViewKind.values()[r.nextInt(ViewKind.COUNTERS.ordinal())];
        boolean withCounters = r.nextInt(3) == 0;
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        if (withCounters) {
            t.enable(RegionCounters.GROUP);
        }
        for (int op : ops) {
            int parent = view.isHierarchical() ? op % t.size() : CallTree.ROOT;
            String name = NAMES[(op >>> 8) % NAMES.length];
            String callsite = CALLSITES[(op >>> 12) % CALLSITES.length];
            int node = t.child(parent, t.frames().intern(name, callsite));
            t.setMetrics(node, r.nextLong() & Long.MAX_VALUE, r.nextInt(1000), nanos(r), nanos(r),
                    perCall(r), perCall(r));
            if (withCounters && r.nextInt(4) > 0) {
                long samples = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(1000);
                t.set(node, RegionCounters.CPU_SAMPLES, samples);
                t.set(node, RegionCounters.CPU_SUM, samples == 0 ? Double.NaN : counterValue(r));
                t.set(node, RegionCounters.MEMORY_PEAK, r.nextInt(3) == 0 ? Double.NaN : counterValue(r));
            }
        }
        List<CounterSeries> series = new ArrayList<>();
        for (int i = withCounters ? r.nextInt(4) : 0; i > 0; i--) {
            series.add(new CounterSeries(pick(r), pick(r), r.nextBoolean() ? "" : pick(r), pick(r) + i,
                    1 + r.nextInt(1 << 20), counterValue(r), counterValue(r), counterValue(r), r.nextLong(),
                    counterValue(r)));
        }
        series.sort(CounterSeries.ORDER);
        List<NodeInfo> nodeInfos = new ArrayList<>();
        int nodes = 1 + r.nextInt(4);
        for (int i = 0; i < nodes; i++) {
            nodeInfos.add(new NodeInfo(pick(r) + i, pick(r), r.nextBoolean() ? "" : Integer.toString(r.nextInt()),
                    pick(r), names(r), names(r)));
        }
        return new Profile(t, view, view == ViewKind.TAU ? 1 + r.nextInt(5) : 0, OPS[r.nextInt(OPS.length)],
                r.nextBoolean() ? MissingRule.ZERO : MissingRule.PRESENT, nodes, List.of(pick(r), pick(r)), names(r),
                names(r), nodeInfos, series, DISPLAY_UNITS[r.nextInt(DISPLAY_UNITS.length)]);
    }

    /**
     * Every root's inclusive time summed, stopping at the limit of a long as a report's totals do: the total a test
     * gives a {@code Report} of a random tree, whose values may be anywhere up to 2^63 - 1
     * ({@link CallTree#totalInclusiveNanos()} refuses such a sum).
     */
    public static long totalNanos(CallTree t) {
        long total = 0;
        for (int root = t.firstChild(CallTree.ROOT); root != CallTree.NONE; root = t.nextSibling(root)) {
            total = CallTree.saturated(total, t.inclusiveNanos(root));
        }
        return total;
    }

    /** The rows in node order, or depth first with each node's children in a random order: parents first either way. */
    public static int[] rows(CallTree t, Random r) {
        if (r.nextBoolean()) {
            int[] all = new int[t.size() - 1];
            for (int n = 1; n < t.size(); n++) {
                all[n - 1] = n;
            }
            return all;
        }
        List<Integer> out = new ArrayList<>();
        addChildren(t, CallTree.ROOT, r, out);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void addChildren(CallTree t, int node, Random r, List<Integer> out) {
        List<Integer> children = new ArrayList<>();
        for (int c = t.firstChild(node); c != CallTree.NONE; c = t.nextSibling(c)) {
            children.add(c);
        }
        Collections.shuffle(children, r);
        for (int c : children) {
            out.add(c);
            addChildren(t, c, r, out);
        }
    }

    /** A finite counter value: awkward ones (shortest decimals, extremes, -0) and random bits. */
    private static double counterValue(Random r) {
        if (r.nextBoolean()) {
            return SPECIAL_VALUES[r.nextInt(SPECIAL_VALUES.length)];
        }
        double v = Double.longBitsToDouble(r.nextLong());
        return Double.isFinite(v) ? v : r.nextDouble() * 100;
    }

    private static long nanos(Random r) {
        return switch (r.nextInt(3)) {
            case 0 -> SPECIAL_NANOS[r.nextInt(SPECIAL_NANOS.length)];
            case 1 -> r.nextLong();
            default -> r.nextInt(2_000_000_000) - 1000;
        };
    }

    private static long perCall(Random r) {
        long nanos = r.nextInt(3) == 0 ? CallTree.UNSET : nanos(r);
        return nanos == -1 ? CallTree.UNSET : nanos;
    }

    private static String pick(Random r) {
        return NAMES[r.nextInt(NAMES.length)];
    }

    private static Map<String, String> names(Random r) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            m.put(r.nextInt(100) + "/" + pick(r), pick(r));
        }
        return m;
    }

    /** Every row keyed by its path of (name, callsite) pairs, with all its numbers, declared metrics included. */
    public static Map<List<String>, List<Long>> rowsByPath(CallTree t) {
        Map<List<String>, List<Long>> rows = new LinkedHashMap<>();
        for (int n = 1; n < t.size(); n++) {
            List<String> path = new ArrayList<>();
            for (int a = n; a != CallTree.ROOT; a = t.parent(a)) {
                path.add(0, t.regionName(a) + "\u0000" + t.callsiteName(a));
            }
            List<Long> numbers = new ArrayList<>(List.of(t.calls(n), t.subcalls(n), t.inclusiveNanos(n),
                    t.exclusiveNanos(n), t.minInclusiveNanos(n), t.maxInclusiveNanos(n)));
            for (MetricGroup g : t.metricGroups()) {
                for (Metric m : g.metrics()) {
                    if (m.kind() == Metric.Kind.WEIGHT) {
                        numbers.add(t.inclusive(n, m));
                        numbers.add(t.exclusive(n, m));
                    } else if (m.stored()) {
                        numbers.add(m.integral() ? t.longValue(n, m) : Double.doubleToRawLongBits(t.doubleValue(n, m)));
                    }
                }
            }
            rows.put(path, numbers);
        }
        return rows;
    }

    /** What a profile says besides its rows: view, operator, nodes, inputs, names, counter series, metric groups. */
    public static List<Object> metadata(Profile p) {
        return List.of(p.view(), p.tauDepth(), p.aggregation(), p.missing(), p.nodes(), p.inputs(),
                new TreeMap<>(p.processNames()), new TreeMap<>(p.threadNames()), p.nodeInfos(), p.counters(),
                String.valueOf(p.displayTimeUnit()), p.tree().metricGroups());
    }
}
