package dev.ppw.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallTreeMetricsTest {
    private static final Metric ALLOC = Metric.weight("alloc", MetricUnit.BYTES, "alloc", "allocated bytes");
    private static final MetricGroup ALLOCATION = new MetricGroup("allocation", List.of(ALLOC), "like times");

    @Test
    void aGroupHasColumnsOnlyOnceEnabledAndAbsentValuesReadAsNoneOrZero() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int a = t.child(CallTree.ROOT, t.frames().intern("a"));
        assertFalse(t.has(RegionCounters.GROUP));
        assertThrows(IllegalArgumentException.class, () -> t.longValue(a, RegionCounters.CPU_SAMPLES));
        t.enable(RegionCounters.GROUP);
        assertEquals(List.of(RegionCounters.GROUP), t.metricGroups());
        assertEquals(0, t.longValue(a, RegionCounters.CPU_SAMPLES));
        assertTrue(Double.isNaN(t.doubleValue(a, RegionCounters.CPU_SUM)));
        assertTrue(Double.isNaN(t.doubleValue(a, RegionCounters.CPU_MEAN)), "a mean of no samples is none");
        assertTrue(Double.isNaN(t.doubleValue(a, RegionCounters.MEMORY_PEAK)));
    }

    @Test
    void valuesCombineByTheirRuleAndRatiosAreComputed() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int a = t.child(CallTree.ROOT, t.frames().intern("a"));
        t.enable(RegionCounters.GROUP);
        t.add(a, RegionCounters.CPU_SAMPLES, 2);
        t.add(a, RegionCounters.CPU_SUM, 50.0);
        t.add(a, RegionCounters.CPU_SAMPLES, 1);
        t.add(a, RegionCounters.CPU_SUM, 25.0);
        t.add(a, RegionCounters.MEMORY_PEAK, 7.0);
        t.add(a, RegionCounters.MEMORY_PEAK, 3.0);
        t.add(a, RegionCounters.MEMORY_PEAK, Double.NaN);
        assertEquals(3, t.longValue(a, RegionCounters.CPU_SAMPLES));
        assertEquals(75.0, t.doubleValue(a, RegionCounters.CPU_SUM));
        assertEquals(25.0, t.doubleValue(a, RegionCounters.CPU_MEAN));
        assertEquals(7.0, t.doubleValue(a, RegionCounters.MEMORY_PEAK));
    }

    @Test
    void columnsGrowWithTheTreeAndNewNodesHaveNoValue() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        t.enable(RegionCounters.GROUP);
        int last = CallTree.ROOT;
        for (int i = 0; i < 1000; i++) {
            last = t.child(last, t.frames().intern("f" + i));
        }
        assertTrue(Double.isNaN(t.doubleValue(last, RegionCounters.MEMORY_PEAK)));
        t.add(last, RegionCounters.MEMORY_PEAK, 1.5);
        assertEquals(1.5, t.doubleValue(last, RegionCounters.MEMORY_PEAK));
    }

    @Test
    void aWeightSampleAddsInclusiveUpTheStackAndExclusiveAtTheLeaf() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int a = t.child(CallTree.ROOT, t.frames().intern("a"));
        int b = t.child(a, t.frames().intern("b"));
        t.enable(ALLOCATION);
        t.addSample(b, ALLOC, 4096);
        t.addSample(a, ALLOC, 100);
        assertEquals(4196, t.inclusive(a, ALLOC));
        assertEquals(100, t.exclusive(a, ALLOC));
        assertEquals(4096, t.inclusive(b, ALLOC));
        assertEquals(4096, t.exclusive(b, ALLOC));
        assertEquals(2, t.calls(a));
        assertEquals(1, t.subcalls(a));
        assertEquals(0, t.inclusiveNanos(a), "a weight in bytes is not time");
    }

    @Test
    void metricsOfAnotherTreeAddAsIfRecordedHere() {
        CallTree from = new CallTree(new FrameTable(new NameTable()));
        int x = from.child(CallTree.ROOT, from.frames().intern("x"));
        from.enable(RegionCounters.GROUP);
        from.add(x, RegionCounters.CPU_SAMPLES, 2);
        from.add(x, RegionCounters.CPU_SUM, 30.0);
        from.add(x, RegionCounters.MEMORY_PEAK, 9.0);
        from.enable(ALLOCATION);
        from.addSample(x, ALLOC, 64);
        CallTree into = new CallTree(new FrameTable(new NameTable()));
        int y = into.child(CallTree.ROOT, into.frames().intern("y"));
        into.enable(RegionCounters.GROUP);
        into.add(y, RegionCounters.CPU_SAMPLES, 1);
        into.add(y, RegionCounters.CPU_SUM, 10.0);
        into.add(y, RegionCounters.MEMORY_PEAK, 11.0);
        into.addMetricsOf(from, x, y, false);
        assertEquals(3, into.longValue(y, RegionCounters.CPU_SAMPLES));
        assertEquals(40.0, into.doubleValue(y, RegionCounters.CPU_SUM));
        assertEquals(11.0, into.doubleValue(y, RegionCounters.MEMORY_PEAK));
        assertEquals(64, into.inclusive(y, ALLOC));
        into.addMetricsOf(from, x, y, true);
        assertEquals(64, into.inclusive(y, ALLOC), "without inclusive: only the exclusive value adds");
        assertEquals(128, into.exclusive(y, ALLOC));
    }

    @Test
    void declarationsRefuseWhatCannotCombine() {
        assertThrows(IllegalArgumentException.class,
                () -> Metric.value("x", MetricUnit.COUNT, Combine.MIN, Metric.Shown.EVERYWHERE, "x", "x"));
        assertThrows(IllegalArgumentException.class,
                () -> Metric.value("Bad Name", MetricUnit.COUNT, Combine.SUM, Metric.Shown.EVERYWHERE, "x", "x"));
        Metric lone = Metric.value("n", MetricUnit.COUNT, Combine.SUM, Metric.Shown.EVERYWHERE, "n", "n");
        Metric other = Metric.value("d", MetricUnit.COUNT, Combine.SUM, Metric.Shown.EVERYWHERE, "d", "d");
        Metric ratio = Metric.ratio("r", MetricUnit.PERCENT, lone, other, Metric.Shown.EVERYWHERE, "r", "r");
        assertThrows(IllegalArgumentException.class, () -> new MetricGroup("g", List.of(lone, ratio), "sum"),
                "a ratio's denominator must be in its group");
        assertEquals(Long.MAX_VALUE, Combine.MAX.apply(Long.MAX_VALUE, 3L));
        // A sum past the limit of a long is refused, never wrapped nor stopped unsaid: a tree's sums count it.
        assertEquals(Long.MAX_VALUE, Combine.SUM.apply(Long.MAX_VALUE - 1, 1L));
        assertThrows(ArithmeticException.class, () -> Combine.SUM.apply(Long.MAX_VALUE, 1L));
        assertThrows(ArithmeticException.class, () -> Combine.SUM.apply(Long.MIN_VALUE, -1L));
    }
}
