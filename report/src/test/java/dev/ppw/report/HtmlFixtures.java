package dev.ppw.report;

import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.engine.DiffOptions;
import dev.ppw.engine.Engine;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
import dev.ppw.model.ViewKind;

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
    static final List<String> HOSTILE = List.of("<img src=x onerror=window.pwned=1>",
            "</script><script>window.pwned=2</script>", "<!-- <script>window.pwned=3</script>",
            "\u2028a & b \"q\" 'r' <b>bold</b>", "<svg onload=window.pwned=4>");

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
        Engine engine = Engine.fromClassPath();
        DiffOptions options = DiffOptions.defaults().withNormalize(normalize);
        ProfileDiff compared = engine.diff(Profile.single(a, List.of("a.json"), Map.of(), Map.of()),
                Profile.single(b, List.of("b.json"), Map.of(), Map.of()), options);
        return engine.report(compared, new Diagnostics(), options);
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
        String open = "<script type=\"application/json\" id=\"ppw-data\">";
        int start = page.indexOf(open) + open.length();
        return page.substring(start, page.indexOf("</script>", start));
    }

    static DisplayUnit ns() {
        return DisplayUnit.NS;
    }
}
