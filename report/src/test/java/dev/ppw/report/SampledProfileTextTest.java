package dev.ppw.report;

import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.SortKey;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A profile of samples weighed in bytes (no time at all) is read by its weight: order, percentages, total. */
class SampledProfileTextTest {
    private static final Metric BYTES = Metric.weight("alloc", MetricUnit.BYTES, "alloc", "allocated bytes");

    private static Profile allocations() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int small = t.child(main, t.frames().intern("small"));
        int big = t.child(main, t.frames().intern("big"));
        t.enable(MetricGroup.ofWeight(BYTES));
        t.addSamples(small, BYTES, 100, 4);
        t.addSample(big, BYTES, 300);
        return Profile.single(t, List.of("a.folded"), Map.of(), Map.of());
    }

    @Test
    void theMeasureIsTheWeightWhenThereIsNoTime() {
        Profile p = allocations();
        assertEquals(BYTES, p.tree().measure());
        assertEquals(400, p.total(BYTES));
        assertEquals(0, p.total(SampleWeights.TIME));
        assertArrayEquals(new int[] {1, 3, 2}, RowOrder.order(p, SortKey.INCLUSIVE, 0, 0),
                "big (300 bytes) before small (100 bytes), though small has more calls");
        assertArrayEquals(new int[] {1, 3}, RowOrder.order(p, SortKey.INCLUSIVE, 0, 50),
                "small is 25% of the bytes");
    }

    @Test
    void textShowsTheWeightNotEmptyTimeColumns() throws IOException {
        Profile p = allocations();
        String text = Fixtures.render(new TextWriter(), p, RowOrder.order(p, SortKey.INCLUSIVE, 0, 0),
                RowOrder.totalNanos(p), null);
        assertEquals(String.join("\n",
                "view: tree   total: 400 B alloc   rows: 3",
                "input: a.folded",
                "",
                "%total  calls  subcalls  alloc incl  alloc excl  name",
                " 100.0      5         5       400 B         0 B  main",
                "  75.0      1         0       300 B       300 B  \u251c\u2500 big",
                "  25.0      4         0       100 B       100 B  \u2514\u2500 small",
                ""), text);
    }
}
