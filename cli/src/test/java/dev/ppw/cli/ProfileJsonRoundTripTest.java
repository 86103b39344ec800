package dev.ppw.cli;

import dev.ppw.collect.saved.SavedProfileFormat;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Breakdown;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.Report;
import dev.ppw.model.DisplayUnit;
import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.SortKey;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.model.output.AtomicOutput;
import dev.ppw.report.JsonWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * Writing a profile with the JSON reporter and reading it back with the saved-profile format gives the same
 * rows (by path and callsite), the same numbers to the nanosecond, unset min/max kept, the same declared
 * metrics, and the same metadata and node info: for generated trees of every view, with odd names, in every
 * unit, with every display unit hint the folder accepts.
 */
class ProfileJsonRoundTripTest {
    private static final String[] NAMES = {"main", "quote\"d", "back\\slash", "naïve ünïcödé", "emoji \uD83D\uDE00",
        "a => b", "two\nlines", "tab\there", "", "ctrl\u0001\u001f", "日本語", "</script>", "{\"json\": [1]}",
        "trailing space ", "\u2028separator"};
    private static final String[] CALLSITES = {"", "", "", "file.c:12", "0x7f00beef", "odd \"cs\" \\ => x"};
    private static final long[] SPECIAL_NANOS = {0, 1, 999, 1000, 1_000_000_001L, -1, -2, Long.MAX_VALUE,
        Long.MIN_VALUE, 1679127184455376123L};
    private static final MergeOp[] OPS = MergeOp.values();
    /** No hint, and every displayTimeUnit the folder honours. */
    private static final String[] DISPLAY_UNITS = {null, "s", "ms", "us", "ns"};

    @Test
    void everyGeneratedProfileComesBackExactly() {
        qt().withExamples(300).forAll(lists().of(integers().between(0, 1 << 20)).ofSizeBetween(0, 60),
                integers().all()).checkAssert((ops, seed) -> {
                    Random r = new Random(seed);
                    Profile p = generate(ops, r);
                    DisplayUnit unit = DisplayUnit.values()[r.nextInt(DisplayUnit.values().length)];
                    int[] rows = r.nextBoolean() ? Report.allRows(p)
                            : RowOrder.order(p, SortKey.values()[r.nextInt(7)], 0, 0);
                    Profile back = roundTrip(p, rows, unit);
                    String where = "unit " + unit + ", seed " + seed + ", ops " + ops;
                    assertEquals(rowsByPath(p.tree()), rowsByPath(back.tree()), where);
                    assertEquals(p.tree().size(), back.tree().size(), where);
                    assertEquals(metadata(p), metadata(back), where);
                });
    }

    @Test
    void anEmptyProfileComesBackEmpty() {
        Profile p = Profile.single(new CallTree(new FrameTable(new NameTable())), List.of(), Map.of(), Map.of());
        Profile back = roundTrip(p, Report.allRows(p), DisplayUnit.NS);
        assertEquals(1, back.tree().size());
        assertEquals(metadata(p), metadata(back));
    }

    @Test
    void everyDisplayUnitHintComesBack() {
        for (String hint : DISPLAY_UNITS) {
            Profile p = smallTree().withCounters(List.of(), hint);
            assertEquals(String.valueOf(hint), String.valueOf(roundTrip(p, Report.allRows(p), DisplayUnit.NS)
                    .displayTimeUnit()));
        }
    }

    @Test
    void theSmallFixtureComesBackInEveryUnit() {
        Profile p = smallTree();
        for (DisplayUnit unit : DisplayUnit.values()) {
            Profile back = roundTrip(p, Report.allRows(p), unit);
            assertEquals(rowsByPath(p.tree()), rowsByPath(back.tree()), unit.label());
            for (int n = 1; n < p.tree().size(); n++) {
                assertEquals(p.tree().parent(n), back.tree().parent(n), "same numbering, node " + n);
            }
        }
    }

    @Test
    void aGzippedSavedProfileReadsBackThroughItsSource(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("saved.ppw.json.gz");
        Profile p = smallTree();
        AtomicOutput.write(target, out -> new JsonWriter().write(new Report(p,
                Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.of(DisplayUnit.US)), out));
        Profile back = new SavedProfileFormat().read(InputSource.of(target), ReadOptions.defaults());
        assertEquals(p.tree().size(), back.tree().size());
        for (int n = 1; n < p.tree().size(); n++) {
            assertEquals(p.tree().inclusiveNanos(n), back.tree().inclusiveNanos(n));
            assertEquals(p.tree().minInclusiveNanos(n), back.tree().minInclusiveNanos(n));
        }
    }

    @Test
    void breakdownColumnsAreSkippedAndImbalanceReportsRefused() throws IOException {
        Profile p = smallTree();
        Breakdown perNode = new Breakdown(p.tree().size());
        for (int n = 1; n < p.tree().size(); n++) {
            perNode.set(n, 1, p.tree().inclusiveNanos(n), 2.5, 0.5, "n1");
        }
        Report withBreakdown = new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(),
                Optional.of(DisplayUnit.US)).withBreakdown(perNode);
        Profile back = read(write(withBreakdown));
        assertEquals(rowsByPath(p.tree()), rowsByPath(back.tree()));
        BadInputException e = assertThrows(BadInputException.class,
                () -> read(write(withBreakdown.withImbalanceRows(new int[] {2, 1}))));
        assertTrue(e.getMessage().endsWith("it is a report, not a saved profile"), e.getMessage());
    }

    static Profile roundTrip(Profile p, int[] rows, DisplayUnit unit) {
        return read(write(new Report(p, rows, p.tree().totalInclusiveNanos(), Optional.of(unit))));
    }

    private static byte[] write(Report report) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new JsonWriter().write(report, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static Profile read(byte[] json) {
        try {
            return new SavedProfileFormat().read(InputSource.of("round-trip.json", json), ReadOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * main (1 call of 1234567 ns) calls a twice (1000 and 234000 ns), the second a calls b (500 ns); a
     * second root idle was sampled (3 samples, 7 ns, min/max unset).
     */
    private static Profile smallTree() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int a = t.child(main, t.frames().intern("a"));
        int b = t.child(a, t.frames().intern("b"));
        int idle = t.child(CallTree.ROOT, t.frames().intern("idle"));
        t.addCall(b, 500);
        t.addCall(a, 1000);
        t.addCall(a, 234000);
        t.addCall(main, 1234567);
        t.setMetrics(idle, 3, 0, 7, 7, CallTree.UNSET, CallTree.UNSET);
        return Profile.single(t, List.of("t.json"), Map.of(), Map.of());
    }

    /** A tree (or flat/tau rows) whose shape comes from {@code ops} and whose numbers come from {@code r}. */
    static Profile generate(List<Integer> ops, Random r) {
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
                r.nextBoolean() ? MissingRule.ZERO : MissingRule.PRESENT, nodes, List.of(pick(r), pick(r)), names(r), names(r),
                nodeInfos, series, DISPLAY_UNITS[r.nextInt(DISPLAY_UNITS.length)]);
    }

    private static final double[] SPECIAL_VALUES = {0.0, -0.0, 0.1, 100, 18325.504, 1e-300, 4.9e-324,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1e21, 123456789.125, 1 / 3.0};

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
