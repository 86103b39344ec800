package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FoldedWriterTest {
    private static final FoldedWriter FOLDED = new FoldedWriter();
    /** The first line of every export of time: folded stacks have no unit, tools take numbers for samples. */
    private static final String TIME_LINE = "# ppw-java folded stacks: each value is nanoseconds of time\n";

    @Test
    void eachRowIsItsPathAndExclusiveNanosAndTheLinesAddUpToTheTotal() throws IOException {
        Profile p = Fixtures.smallTree();
        String text = Fixtures.render(FOLDED, p, null);
        assertEquals(TIME_LINE + "main 999567\nmain;a 234500\nmain;a;b 500\nidle 7\n", text);
        long sum = text.lines().skip(1).mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertEquals(p.tree().totalInclusiveNanos(), sum);
    }

    @Test
    void onlyTheListedRowsInTheirOrderAndNothingZeroOrNegative() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int a = t.child(CallTree.ROOT, t.frames().intern("a"));
        int b = t.child(a, t.frames().intern("b"));
        int c = t.child(a, t.frames().intern("c"));
        t.setMetrics(a, 1, 2, 10, 0, CallTree.UNSET, CallTree.UNSET);
        t.setMetrics(b, 1, 0, 4, -3, CallTree.UNSET, CallTree.UNSET);
        t.setMetrics(c, 1, 0, 6, 6, CallTree.UNSET, CallTree.UNSET);
        Profile p = new Profile(t, ViewKind.TREE, 0, MergeOp.MIN, MissingRule.ZERO, 2, List.of(), Map.of(), Map.of());
        assertEquals(TIME_LINE + "a;c 6\n", Fixtures.render(FOLDED, p, new int[] {c, b, a}, 10, null));
    }

    @Test
    void aProfileWithoutTimeWritesItsSampleWeight() throws IOException {
        Metric bytes = Metric.weight("alloc", MetricUnit.BYTES, "alloc", "allocated bytes");
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int grow = t.child(main, t.frames().intern("grow"));
        t.enable(MetricGroup.ofWeight(bytes));
        t.addSample(grow, bytes, 4096);
        t.addSample(main, bytes, 64);
        t.addSample(grow, bytes, 1024);
        Profile p = Profile.single(t, List.of("x"), Map.of(), Map.of());
        assertEquals("# ppw-java folded stacks: each value is bytes of alloc\nmain 64\nmain;grow 5120\n",
                Fixtures.render(FOLDED, p, null));
    }

    @Test
    void keyedRowsAreTheFramesOfTheirKeyAndNamesCannotBreakTheFormat() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int k = t.child(CallTree.ROOT, t.frames().intern("run => step;1"));
        int m = t.child(CallTree.ROOT, t.frames().intern("multi\nline\tname"));
        t.setMetrics(k, 2, 0, 30, 30, 10, 20);
        t.setMetrics(m, 1, 0, 5, 5, 5, 5);
        Profile p = new Profile(t, ViewKind.TAU, 2, MergeOp.SUM, MissingRule.ZERO, 1, List.of(), Map.of(), Map.of());
        assertEquals(TIME_LINE + "run;step:1 30\nmulti line name 5\n", Fixtures.render(FOLDED, p, null));
    }

    @Test
    void aProfileOfSampleCountsNeedsNoWeightLine() throws IOException {
        Metric samples = Metric.weight("samples", MetricUnit.COUNT, "samples", "samples");
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        t.enable(MetricGroup.ofWeight(samples));
        t.addSample(main, samples, 3);
        assertEquals("main 3\n", Fixtures.render(FOLDED, Profile.single(t, List.of("x"), Map.of(), Map.of()), null));
    }

    @Test
    void theRegistryOffersItUnderItsNameAndEndings() {
        assertEquals(List.of(".folded", ".collapsed"), FOLDED.fileExtensions());
        assertEquals("folded", new dev.ppw.model.output.WriterRegistry(List.of(FOLDED)).byName("folded")
                .orElseThrow().name());
    }
}
