package dev.ppw.report;

import dev.ppw.aggregate.DiffRows;
import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.aggregate.Views;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Percentile;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
import dev.ppw.model.TimeBins;
import dev.ppw.model.ViewKind;
import dev.ppw.testing.browser.HostileNames;
import dev.ppw.testing.browser.HtmlPages;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/** Profiles for the HTML report's tests: hostile names, a merge with its nodes, a large tree. */
final class HtmlFixtures {
    /** Region names that would run script if a page took them for markup. */
    static final List<String> HOSTILE = HostileNames.ALL;

    private HtmlFixtures() {
    }

    /** A root 'main' calling each hostile name once, the last calling 'leaf'. */
    static Report hostile() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int last = -1;
        for (int i = 0; i < HOSTILE.size(); i++) {
            last = t.child(main, t.frames().intern(HOSTILE.get(i)));
            t.addCall(last, 1000L * (i + 1));
        }
        t.addCall(t.child(last, t.frames().intern(HOSTILE.get(0))), 700);
        t.addCall(main, 100_000);
        Profile p = Profile.single(t, List.of("<script>alert(1)</script>.json"), Map.of(), Map.of());
        return new Report(p, Report.allRows(p), t.totalInclusiveNanos(), Optional.empty());
    }

    /**
     * Traced main (1 us, calling work 0.4 us) and, in the samples part, (idle) 3 us and main 1 us: the thread
     * part's total is 1 us, the samples part's 4 us.
     */
    static Report parts() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        t.addCall(t.child(main, t.frames().intern("work")), 400);
        t.addCall(main, 1000);
        t.addSamples(t.child(CallTree.ROOT, t.frames().intern("(idle)"), Part.SAMPLES), 3000, 3);
        t.addSamples(t.child(CallTree.ROOT, t.frames().intern("main"), Part.SAMPLES), 1000, 1);
        Profile p = Profile.single(t, List.of("chrome.json"), Map.of(), Map.of());
        return new Report(p, Report.allRows(p), p.total(dev.ppw.model.SampleWeights.TIME), Optional.empty());
    }

    /** {@link Fixtures#smallTree()} with all its rows. */
    static Report small() {
        Profile p = Fixtures.smallTree();
        return new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty());
    }

    /**
     * {@code nodes} nodes merged with sum, each tree given by {@code treeOfNode}, with the breakdown and one
     * section per node (what the command line gives a merge written as HTML).
     */
    static Report merged(int nodes, IntFunction<CallTree> treeOfNode) {
        MergeAccumulator merge = new MergeAccumulator(MergeOp.SUM, MissingRule.ZERO, true, ViewKind.TREE, 0);
        List<Report.Section> sections = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            Profile node = Profile.single(treeOfNode.apply(i), List.of("n" + i + ".json"), Map.of(), Map.of());
            merge.add(i, "n" + i + ".json", new NodeInfo("n" + i, "n" + i + ".json", "", "", Map.of(), Map.of()),
                    node, new Diagnostics());
            sections.add(new Report.Section(Report.Section.Kind.NODE, "n" + i,
                    new Report(node, Report.allRows(node), node.tree().totalInclusiveNanos(), Optional.empty())));
        }
        MergeAccumulator.Merged m = merge.result(false);
        Profile p = m.profile();
        return new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty())
                .withBreakdown(m.breakdown().orElseThrow()).withDiagnostics(m.diagnostics()).withSections(sections);
    }

    /**
     * B (main 12 us calling work 1 us and new 5 us) against A (main 10 us calling work 4 us and old 2 us):
     * main and new grew, work shrank, old is only in A.
     */
    static Report diff(boolean normalize) {
        CallTree a = mainAndWork(10_000, 4_000);
        a.addCall(a.child(1, a.frames().intern("old")), 2_000);
        CallTree b = mainAndWork(12_000, 1_000);
        b.addCall(b.child(1, b.frames().intern("new")), 5_000);
        // As the engine's diff and its report: every row, largest change first.
        ProfileDiff compared = DiffRows.compare(Profile.single(a, List.of("a.json"), Map.of(), Map.of()),
                Profile.single(b, List.of("b.json"), Map.of(), Map.of()), normalize);
        return Report.ofDiff(compared, DiffRows.firstOfEachPart(compared, DiffRows.byChange(compared), 0),
                Optional.empty(), new Diagnostics());
    }

    /** main (mainNanos) calling work (workNanos, none when negative). */
    static CallTree mainAndWork(long mainNanos, long workNanos) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        if (workNanos >= 0) {
            t.addCall(t.child(main, t.frames().intern("work")), workNanos);
        }
        t.addCall(main, mainNanos);
        return t;
    }

    /** main calling w0 ... w{width - 1}, wK for {@code node + K} ns. */
    static CallTree wide(int width, int node) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        long sum = 0;
        for (int k = 0; k < width; k++) {
            t.addCall(t.child(main, t.frames().intern("w" + k)), node + k);
            sum += node + k;
        }
        t.addCall(main, sum + 1);
        return t;
    }

    /**
     * A tree of {@code size} nodes, each node's parent drawn at random from the nodes before it (so about
     * ln(size) deep), each node sampled once with a random weight: the same shape for the same
     * {@code shapeSeed}, the weights drawn with {@code weightSeed}.
     */
    static CallTree randomTree(int size, long shapeSeed, long weightSeed) {
        SplittableRandom random = new SplittableRandom(shapeSeed);
        CallTree t = new CallTree(new FrameTable(new NameTable()), size + 1);
        int[] nodes = new int[size];
        nodes[0] = t.child(CallTree.ROOT, t.frames().intern("main"));
        for (int i = 1; i < size; i++) {
            nodes[i] = t.child(nodes[random.nextInt(i)], t.frames().intern("function_" + i));
        }
        SplittableRandom weights = new SplittableRandom(weightSeed);
        for (int i = 0; i < size; i++) {
            t.addSample(nodes[i], 1 + weights.nextInt(1_000_000));
        }
        return t;
    }

    /** The percentiles of the tests' pages: p50 and p99.9. */
    static final List<Percentile> PERCENTILES = List.of(Percentile.parse("50"), Percentile.parse("99.9"));

    /**
     * 2 ms of main calling {@code work} four times (100, 200, 300 and 400 us, in bins 0 to 3) and {@code io}
     * twice (100 us in bins 0 and 1), in four bins of 500 us, with a counter {@code memory/rss} sampled in bins
     * 0, 1 and 3; the tree keeps call-time sketches and the report has {@link #PERCENTILES}. {@code work} and
     * the counter are named {@code workName} and {@code counterName}.
     */
    static Report overTime(String workName, String counterName) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        t.keepCallTimes();
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int work = t.child(main, t.frames().intern(workName));
        int io = t.child(main, t.frames().intern("io"));
        for (long us : new long[] {100, 200, 300, 400}) {
            t.addCall(work, us * 1000);
        }
        t.addCall(io, 100_000);
        t.addCall(io, 100_000);
        t.addCall(main, 2_000_000);
        TimeBins bins = new TimeBins(false, 0, 500_000, 4);
        bins.putRow(main, new long[] {500_000, 500_000, 500_000, 500_000},
                new long[] {300_000, 200_000, 200_000, 100_000}, new long[] {1, 1, 1, 1});
        bins.putRow(work, new long[] {100_000, 200_000, 300_000, 400_000},
                new long[] {100_000, 200_000, 300_000, 400_000}, new long[] {1, 1, 1, 1});
        bins.putRow(io, new long[] {100_000, 100_000, 0, 0}, new long[] {100_000, 100_000, 0, 0},
                new long[] {1, 1, 0, 0});
        List<CounterSeries> rss = new ArrayList<>();
        rss.add(CounterSeries.of("1", counterName, "", "rss", 100_000, 10).plus(
                CounterSeries.of("1", counterName, "", "rss", 200_000, 30)));
        rss.add(CounterSeries.of("1", counterName, "", "rss", 600_000, 50));
        rss.add(null);
        rss.add(CounterSeries.of("1", counterName, "", "rss", 1_900_000, 5));
        CounterSeries whole = rss.get(0).plus(rss.get(1)).plus(rss.get(3));
        bins.putCounter(new TimeBins.CounterBins(whole, rss));
        Profile p = Profile.single(t, List.of("over-time.json"), Map.of(), Map.of());
        // The regions' table as the engine adds it to a tree's report with percentiles.
        return new Report(p, Report.allRows(p), t.totalInclusiveNanos(), Optional.empty())
                .withPercentiles(PERCENTILES).withRegions(Views.flat(t)).withTimeBins(bins);
    }

    /**
     * {@code nodes} nodes of {@link #mainAndWork} merged, work taking {@code 1000 * (node + 1)} ns in bin
     * {@code node % 3} of three bins of 10 us, each node's report with its bins, and the merge's bins summed.
     */
    static Report mergedOverTime(int nodes) {
        Report merged = merged(nodes, i -> mainAndWork(10_000, 1000L * (i + 1)));
        List<Report.Section> sections = new ArrayList<>();
        long[] mainSum = new long[3];
        long[] workSum = new long[3];
        for (int i = 0; i < nodes; i++) {
            Report.Section s = merged.sections().get(i);
            TimeBins bins = new TimeBins(false, 0, 10_000, 3);
            long[] main = {4000, 3000, 3000};
            long[] work = new long[3];
            work[i % 3] = 1000L * (i + 1);
            long[] mainSelf = main.clone();
            mainSelf[i % 3] -= work[i % 3];
            bins.putRow(1, main, mainSelf, new long[] {1, 1, 1});
            bins.putRow(2, work, work, new long[3]);
            for (int b = 0; b < 3; b++) {
                mainSum[b] += main[b];
                workSum[b] += work[b];
            }
            sections.add(new Report.Section(s.kind(), s.label(), s.report().withTimeBins(bins)));
        }
        TimeBins total = new TimeBins(false, 0, 10_000, 3);
        CallTree tree = merged.profile().tree();
        for (int node = 1; node < tree.size(); node++) {
            boolean isMain = tree.regionName(node).equals("main");
            long[] incl = isMain ? mainSum : workSum;
            long[] excl = incl.clone();
            if (isMain) {
                for (int b = 0; b < 3; b++) {
                    excl[b] -= workSum[b];
                }
            }
            total.putRow(node, incl, excl, new long[3]);
        }
        return merged.withSections(sections).withTimeBins(total);
    }

    /**
     * {@code nodes} nodes merged, node i's main (100 us) calling work i + 1 times, for 1, 2, ... us, the trees
     * keeping call-time sketches and the report asking for p100 (each node's largest call of a row, exactly).
     */
    static Report mergedWithCallTimes(int nodes) {
        return merged(nodes, i -> {
            CallTree t = new CallTree(new FrameTable(new NameTable()));
            t.keepCallTimes();
            int main = t.child(CallTree.ROOT, t.frames().intern("main"));
            int work = t.child(main, t.frames().intern("work"));
            for (int k = 1; k <= i + 1; k++) {
                t.addCall(work, 1000L * k);
            }
            t.addCall(main, 100_000);
            return t;
        }).withPercentiles(List.of(Percentile.parse("100")));
    }

    /**
     * Two nodes of {@link #mainAndWork} merged (main 10 and 20 us, work 4 and 6 us) and split into two phases,
     * each a merge of its own with a section per node as the whole's: {@code setup} (main's time before work:
     * 1 and 2 us, one window per node) and {@code (outside)} (the rest, {@code outsideWindows} windows on n0,
     * 1 us apart).
     */
    static Report phased(int outsideWindows) {
        Report whole = merged(2, i -> mainAndWork(10_000L * (i + 1), 2_000L * (i + 2)));
        Report setup = merged(2, i -> mainAndWork(1_000L * (i + 1), -1));
        Report outside = merged(2, i -> mainAndWork(9_000L * (i + 1), 2_000L * (i + 2)));
        List<Report.Window> rest = new ArrayList<>();
        for (int k = 0; k < outsideWindows; k++) {
            rest.add(new Report.Window("n0", 2_000L * k + 1_000, 2_000L * k + 2_000));
        }
        return whole.withPhases(List.of(
                new Report.Phase("setup", List.of(new Report.Window("n0", 0, 1_000), new Report.Window("n1", 0, 2_000)),
                        setup),
                new Report.Phase("(outside)", rest, outside)));
    }

    static String render(Report report) throws IOException {
        return render(new HtmlWriter(), report);
    }

    static String render(HtmlWriter writer, Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(report, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The JSON of the page's data element. */
    static String data(String page) {
        return HtmlPages.data(page);
    }

    /** The JSON of the data element of phase {@code index} (from 0). */
    static String phaseData(String page, int index) {
        return HtmlPages.phaseData(page, index);
    }

    static DisplayUnit ns() {
        return DisplayUnit.NS;
    }
}
