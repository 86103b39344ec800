package dev.ppw.collect.saved;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.SavedProfileLayout;
import dev.ppw.model.SavedProfileLayout.Column;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.ViewKind;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generated profiles, and their saved-profile JSON written here by hand in the layout ppw-java writes
 * (docs/profile-json.md, one member per line, one row per line, ", " between values), so that the reader is
 * tested without the writer of the {@code report} module; the command line's tests check both together.
 */
final class SavedProfiles {
    private static final String[] NAMES = {"main", "quote\"d", "back\\slash", "naïve ünïcödé", "emoji \uD83D\uDE00",
        "a => b", "two\nlines", "tab\there", "", "ctrl\u0001\u001f", "日本語", "</script>", "{\"json\": [1]}",
        "trailing space ", "\u2028separator"};
    private static final String[] CALLSITES = {"", "", "", "file.c:12", "0x7f00beef", "odd \"cs\" \\ => x"};
    private static final long[] SPECIAL_NANOS = {0, 1, 999, 1000, 1_000_000_001L, -1, -2, Long.MAX_VALUE,
        Long.MIN_VALUE, 1679127184455376123L};
    private static final double[] SPECIAL_VALUES = {0.0, -0.0, 0.1, 100, 18325.504, 1e-300, 4.9e-324,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1e21, 123456789.125, 1 / 3.0};
    private static final String[] DISPLAY_UNITS = {null, "s", "ms", "us", "ns"};

    private SavedProfiles() {
    }

    /** A tree (or flat/tau rows) whose shape comes from {@code ops} and whose numbers come from {@code r}. */
    static Profile generate(List<Integer> ops, Random r) {
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
            t.setMetrics(node, r.nextLong() & Long.MAX_VALUE, r.nextInt(1000), nanos(r), nanos(r), perCall(r), perCall(r));
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
        MergeOp[] ops2 = MergeOp.values();
        return new Profile(t, view, view == ViewKind.TAU ? 1 + r.nextInt(5) : 0, ops2[r.nextInt(ops2.length)],
                r.nextBoolean() ? MissingRule.ZERO : MissingRule.PRESENT, nodes, List.of(pick(r), pick(r)), names(r),
                names(r), nodeInfos, series, DISPLAY_UNITS[r.nextInt(DISPLAY_UNITS.length)]);
    }

    /** The rows in node order, or depth first with each node's children in a random order: parents first either way. */
    static int[] rows(CallTree t, Random r) {
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

    /** {@code p}'s rows {@code rows} as saved-profile JSON with times in {@code unit}. */
    static byte[] json(Profile p, int[] rows, DisplayUnit unit) {
        CallTree t = p.tree();
        StringBuilder sb = new StringBuilder("{\n");
        member(sb, SavedProfileLayout.Member.FORMAT, str(SavedProfileLayout.FORMAT));
        member(sb, SavedProfileLayout.Member.VERSION, Integer.toString(SavedProfileLayout.VERSION));
        member(sb, SavedProfileLayout.Member.TOOL, str("test"));
        member(sb, SavedProfileLayout.Member.VIEW, str(p.view().label()));
        if (p.view() == ViewKind.TAU) {
            member(sb, SavedProfileLayout.Member.TAU_DEPTH, Integer.toString(p.tauDepth()));
        }
        member(sb, SavedProfileLayout.Member.UNIT, str(unit.label()));
        StringBuilder aggregation = new StringBuilder("{").append(str(SavedProfileLayout.AggregationMember.OP))
                .append(": ").append(str(p.aggregation().label())).append(", ")
                .append(str(SavedProfileLayout.AggregationMember.MISSING)).append(": ").append(str(p.missing().label()))
                .append(", ").append(str(SavedProfileLayout.AggregationMember.NODES)).append(": ").append(p.nodes());
        for (MetricGroup g : t.metricGroups()) {
            aggregation.append(", ").append(str(g.name())).append(": ").append(str(g.combineRule()));
        }
        member(sb, SavedProfileLayout.Member.AGGREGATION, aggregation.append('}').toString());
        member(sb, SavedProfileLayout.Member.INPUTS, array(p.inputs().stream().map(SavedProfiles::str).toList()));
        List<String> infos = new ArrayList<>();
        for (NodeInfo n : p.nodeInfos()) {
            infos.add("{\"label\": " + str(n.label()) + ", \"file\": " + str(n.file()) + ", \"pid\": " + str(n.pid())
                    + ", \"host\": " + str(n.host()) + ", \"process_names\": " + names(n.processNames())
                    + ", \"thread_names\": " + names(n.threadNames()) + "}");
        }
        member(sb, SavedProfileLayout.Member.NODE_INFO, array(infos));
        member(sb, SavedProfileLayout.Member.PROCESS_NAMES, names(p.processNames()));
        member(sb, SavedProfileLayout.Member.THREAD_NAMES, names(p.threadNames()));
        if (p.displayTimeUnit() != null) {
            member(sb, SavedProfileLayout.Member.DISPLAY_TIME_UNIT, str(p.displayTimeUnit()));
        }
        member(sb, SavedProfileLayout.Member.TOTAL_INCLUSIVE_PREFIX + unit.label(),
                TimeUnits.exact(t.totalInclusiveNanos(), unit));
        member(sb, SavedProfileLayout.Member.DIAGNOSTICS, "{\"warnings\": {}, \"notes\": {}}");
        if (!p.counters().isEmpty()) {
            List<String> counters = new ArrayList<>();
            for (CounterSeries c : p.counters()) {
                counters.add("{\"pid\": " + str(c.pid()) + ", \"counter\": " + str(c.counter()) + ", \"id\": "
                        + str(c.id()) + ", \"series\": " + str(c.series()) + ", \"samples\": " + c.samples()
                        + ", \"min\": " + plain(c.min()) + ", \"max\": " + plain(c.max()) + ", \"mean\": "
                        + plain(c.mean()) + ", \"last\": " + plain(c.last()) + ", \"sum\": " + plain(c.sum())
                        + ", \"last_ts_ns\": " + c.lastNanos() + "}");
            }
            member(sb, SavedProfileLayout.Member.COUNTERS, array(counters));
        }
        if (!t.metricGroups().isEmpty()) {
            List<String> groups = new ArrayList<>();
            for (MetricGroup g : t.metricGroups()) {
                List<String> metrics = new ArrayList<>();
                for (Metric m : g.metrics()) {
                    metrics.add(metricObject(m));
                }
                groups.add("{\"name\": " + str(g.name()) + ", \"combine_rule\": " + str(g.combineRule())
                        + ", \"metrics\": [" + String.join(", ", metrics) + "]}");
            }
            member(sb, SavedProfileLayout.Member.METRIC_GROUPS, array(groups));
        }
        List<String> columns = new ArrayList<>();
        for (Column c : Column.values()) {
            columns.add(str(c.columnName(unit)));
        }
        for (MetricGroup g : t.metricGroups()) {
            for (Metric m : g.metrics()) {
                SavedProfileLayout.metricColumns(m).forEach(c -> columns.add(str(c)));
            }
        }
        member(sb, SavedProfileLayout.Member.COLUMNS, "[" + String.join(", ", columns) + "]");
        List<String> lines = new ArrayList<>();
        for (int n : rows) {
            List<String> v = new ArrayList<>(List.of(Integer.toString(n),
                    t.parent(n) == CallTree.ROOT ? "null" : Integer.toString(t.parent(n)), Integer.toString(t.depth(n)),
                    str(t.regionName(n)), str(t.callsiteName(n)), Long.toString(t.calls(n)), Long.toString(t.subcalls(n)),
                    TimeUnits.exact(t.inclusiveNanos(n), unit), TimeUnits.exact(t.exclusiveNanos(n), unit),
                    time(t.minInclusiveNanos(n), unit), time(t.maxInclusiveNanos(n), unit)));
            for (MetricGroup g : t.metricGroups()) {
                for (Metric m : g.metrics()) {
                    if (m.kind() == Metric.Kind.WEIGHT) {
                        v.add(Long.toString(t.inclusive(n, m)));
                        v.add(Long.toString(t.exclusive(n, m)));
                    } else if (m.stored() && m.integral()) {
                        v.add(Long.toString(t.longValue(n, m)));
                    } else {
                        v.add(plain(t.doubleValue(n, m)));
                    }
                }
            }
            lines.add("[" + String.join(", ", v) + "]");
        }
        sb.append("  \"").append(SavedProfileLayout.Member.ROWS).append("\": ").append(array(lines)).append("\n}\n");
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A metric as {@code metric_groups} declares it. */
    static String metricObject(Metric m) {
        StringBuilder sb = new StringBuilder("{\"name\": ").append(str(m.name())).append(", \"unit\": ")
                .append(str(m.unit().label())).append(", \"kind\": ").append(str(SavedProfileLayout.label(m.kind())));
        if (m.kind() == Metric.Kind.RATIO) {
            sb.append(", \"numerator\": ").append(str(m.numerator())).append(", \"denominator\": ")
                    .append(str(m.denominator()));
        }
        return sb.append(", \"combine\": ").append(str(SavedProfileLayout.label(m.combine()))).append(", \"shown\": ")
                .append(str(SavedProfileLayout.label(m.shown()))).append(", \"label\": ").append(str(m.textLabel()))
                .append(", \"description\": ").append(str(m.description())).append('}').toString();
    }

    private static void member(StringBuilder sb, String name, String value) {
        sb.append("  ").append(str(name)).append(": ").append(value).append(",\n");
    }

    private static String array(List<String> elements) {
        return elements.isEmpty() ? "[]" : "[\n    " + String.join(",\n    ", elements) + "\n  ]";
    }

    private static String names(Map<String, String> names) {
        List<String> entries = new ArrayList<>();
        new TreeMap<>(names).forEach((k, v) -> entries.add(str(k) + ": " + str(v)));
        return "{" + String.join(", ", entries) + "}";
    }

    static String str(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }

    private static String time(long nanos, DisplayUnit unit) {
        return nanos == CallTree.UNSET ? "null" : TimeUnits.exact(nanos, unit);
    }

    /** The shortest decimal that reads back as {@code v}, without exponent; null when NaN. */
    static String plain(double v) {
        if (Double.isNaN(v)) {
            return "null";
        }
        if (v == 0) {
            return Double.doubleToRawLongBits(v) < 0 ? "-0" : "0";
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

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
    static Map<List<String>, List<Long>> rowsByPath(CallTree t) {
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

    static List<Object> metadata(Profile p) {
        return List.of(p.view(), p.tauDepth(), p.aggregation(), p.missing(), p.nodes(), p.inputs(),
                new TreeMap<>(p.processNames()), new TreeMap<>(p.threadNames()), p.nodeInfos(), p.counters(),
                String.valueOf(p.displayTimeUnit()), p.tree().metricGroups());
    }
}
