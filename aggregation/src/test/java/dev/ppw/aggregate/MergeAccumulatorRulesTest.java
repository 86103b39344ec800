package dev.ppw.aggregate;

import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.MergeInputs.ALLOCATED;
import static dev.ppw.aggregate.MergeInputs.ALLOCATIONS;
import static dev.ppw.aggregate.TestTrees.newTree;
import static dev.ppw.aggregate.TestTrees.node;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** The accumulator's tie rules, rejections, metric rules and state form, by hand-made cases. */
class MergeAccumulatorRulesTest {

    private static MergeAccumulator sum() {
        return new MergeAccumulator(MergeOp.SUM, MissingRule.ZERO, true, ViewKind.TREE, 0);
    }

    /** A node whose tree is one root {@code main} with one call of {@code nanos}. */
    private static Profile main(long nanos) {
        CallTree t = newTree();
        t.addCall(node(t, CallTree.ROOT, "main"), nanos);
        return Profile.single(t, List.of(), Map.of(), Map.of());
    }

    private static NodeInfo info(String label, Map<String, String> processes) {
        return new NodeInfo(label, label + ".json", "", "", processes, Map.of());
    }

    /** {@link #main} with its tree marked as TAU's: every call timed whole. */
    private static Profile timedWhole(long nanos) {
        Profile p = main(nanos);
        p.tree().markCallsTimedWhole();
        return p;
    }

    @Test
    void aMergeSaysItsCallsWereTimedWholeOnlyWhenEveryNodeSaysSoThroughStatesToo() {
        MergeAccumulator m = sum();
        m.add(0, "a.json", info("a", Map.of()), timedWhole(5), new Diagnostics());
        MergeAccumulator share = sum();
        share.add(1, "b.json", info("b", Map.of()), timedWhole(7), new Diagnostics());
        m.combine(MergeAccumulator.fromBytes(share.toBytes()));
        assertTrue(m.result(false).profile().tree().callsTimedWhole());
        assertTrue(MergeAccumulator.fromBytes(m.toBytes()).result(false).profile().tree().callsTimedWhole());
        MergeAccumulator timed = sum();
        timed.add(2, "c.json", info("c", Map.of()), main(9), new Diagnostics());
        m.combine(MergeAccumulator.fromBytes(timed.toBytes()));
        assertFalse(m.result(false).profile().tree().callsTimedWhole());
        assertFalse(sum().result(false).profile().tree().callsTimedWhole(), "no node says anything");
    }

    @Test
    void theLowestPositionHoldsATiedMaximumWhicheverWasAddedFirst() {
        MergeAccumulator m = sum();
        m.add(2, "c.json", info("c", Map.of()), main(7), new Diagnostics());
        m.add(0, "a.json", info("a", Map.of()), main(5), new Diagnostics());
        m.add(1, "b.json", info("b", Map.of()), main(7), new Diagnostics());
        MergeAccumulator.Merged merged = m.result(false);
        assertEquals("b", merged.breakdown().orElseThrow().maxNode(1));
        assertEquals(List.of("a", "b", "c"), merged.profile().nodeInfos().stream().map(NodeInfo::label).toList());
        assertEquals(List.of("a.json", "b.json", "c.json"), merged.profile().inputs());
    }

    @Test
    void rowsComeInTheOrderAddingByPositionCreatesThem() {
        CallTree late = newTree();
        late.addCall(node(late, CallTree.ROOT, "z"), 1);
        CallTree early = newTree();
        early.addCall(node(early, CallTree.ROOT, "y"), 1);
        early.addCall(node(early, CallTree.ROOT, "z"), 1);
        MergeAccumulator m = sum();
        m.add(1, "late.json", info("late", Map.of()), Profile.single(late, List.of(), Map.of(), Map.of()),
                new Diagnostics());
        m.add(0, "early.json", info("early", Map.of()), Profile.single(early, List.of(), Map.of(), Map.of()),
                new Diagnostics());
        CallTree t = m.result(false).profile().tree();
        assertEquals(List.of("y", "z"), List.of(t.regionName(1), t.regionName(2)));
    }

    @Test
    void namesComeFromTheLowestPositionAndTheLaterPositionWinsATieOfLastTime() {
        CounterSeries earlier = new CounterSeries("1", "mem", "", "rss", 2, 1, 5, 6, 100, 5);
        CounterSeries later = new CounterSeries("1", "mem", "", "rss", 1, 3, 3, 3, 100, 3);
        MergeAccumulator m = sum();
        m.add(1, "b.json", info("b", Map.of("1", "second")), main(1).withCounters(List.of(later), null),
                new Diagnostics());
        m.add(0, "a.json", info("a", Map.of("1", "first", "2", "other")),
                main(1).withCounters(List.of(earlier), null), new Diagnostics());
        Profile p = m.result(false).profile();
        assertEquals(Map.of("1", "first", "2", "other"), p.processNames());
        assertEquals(List.of(new CounterSeries("1", "mem", "", "rss", 3, 1, 5, 9, 100, 3)), p.counters());
    }

    @Test
    void differingDisplayUnitsAreNotedBeforeTheReadingOfTheInputThatBroughtTheSecond() {
        Diagnostics first = new Diagnostics();
        first.note("phase_i");
        Diagnostics second = new Diagnostics();
        second.note("phase_s");
        second.warn(Diagnostics.OVERLAP, "b.json: clipped");
        MergeAccumulator apart = sum();
        apart.add(1, "b.json", info("b", Map.of()), main(1).withCounters(List.of(), "ns"), second);
        MergeAccumulator m = sum();
        m.add(0, "a.json", info("a", Map.of()), main(1).withCounters(List.of(), "ms"), first);
        m.combine(apart);
        MergeAccumulator.Merged merged = m.result(false);
        assertEquals(List.of("phase_i", Folder.DISPLAY_TIME_UNITS_DIFFER, "phase_s"),
                new ArrayList<>(merged.diagnostics().notes().keySet()));
        assertEquals(List.of("b.json: clipped"), merged.diagnostics().warnings().get(Diagnostics.OVERLAP).examples());
        assertEquals("ms", merged.profile().displayTimeUnit());
    }

    @Test
    void aDisplayUnitIsTheMergesOnlyWhenEveryNodeAsksForIt() {
        MergeAccumulator all = sum();
        all.add(0, "a.json", info("a", Map.of()), main(1).withCounters(List.of(), "us"), new Diagnostics());
        MergeAccumulator other = sum();
        other.add(1, "b.json", info("b", Map.of()), main(1).withCounters(List.of(), "us"), new Diagnostics());
        all.combine(other);
        assertEquals("us", all.result(false).profile().displayTimeUnit());
        all.add(2, "c.json", info("c", Map.of()), main(1), new Diagnostics());
        assertEquals("ms", all.result(false).profile().displayTimeUnit());
        assertEquals("ms", MergeAccumulator.fromBytes(all.toBytes()).result(false).profile().displayTimeUnit());
        assertTrue(all.result(false).diagnostics().notes().isEmpty());
        MergeAccumulator none = sum();
        none.add(0, "a.json", info("a", Map.of()), main(1), new Diagnostics());
        assertNull(none.result(false).profile().displayTimeUnit());
    }

    @Test
    void warningExamplesAreTheFirstByInputWhateverTheGrouping() {
        MergeAccumulator left = sum();
        MergeAccumulator right = sum();
        for (int i = 0; i < 4; i++) {
            Diagnostics d = new Diagnostics();
            d.warn(Diagnostics.OVERLAP, "in" + i + " first");
            d.warn(Diagnostics.OVERLAP, "in" + i + " second");
            (i % 2 == 0 ? right : left).add(i, "in" + i, List.of(), List.of(), d);
        }
        left.combine(right);
        Diagnostics.Entry e = left.result(false).diagnostics().warnings().get(Diagnostics.OVERLAP);
        assertEquals(8, e.count());
        assertEquals(List.of("in0 first", "in0 second", "in1 first"), e.examples());
        assertEquals(0, left.nodeCount());
        assertEquals(4, left.result(false).profile().inputs().size());
    }

    @Test
    void anAccumulatorAskedForMoreExamplesKeepsThemAllUpToItsBound() {
        MergeAccumulator left = new MergeAccumulator(MergeOp.SUM, MissingRule.ZERO, false, ViewKind.TREE, 0, 5);
        MergeAccumulator right = new MergeAccumulator(MergeOp.SUM, MissingRule.ZERO, false, ViewKind.TREE, 0, 5);
        for (int i = 0; i < 4; i++) {
            Diagnostics d = new Diagnostics(2);
            d.warn(Diagnostics.OVERLAP, "in" + i + " first");
            d.warn(Diagnostics.OVERLAP, "in" + i + " second");
            (i % 2 == 0 ? right : left).add(i, "in" + i, List.of(), List.of(), d);
        }
        left.combine(right);
        Diagnostics.Entry e = left.result(false).diagnostics().warnings().get(Diagnostics.OVERLAP);
        assertEquals(8, e.count());
        assertEquals(List.of("in0 first", "in0 second", "in1 first", "in1 second", "in2 first"), e.examples());
        MergeAccumulator back = MergeAccumulator.fromBytes(left.toBytes());
        assertEquals(3, back.result(false).diagnostics().warnings().get(Diagnostics.OVERLAP).examples().size(),
                "read back, an accumulator keeps the default number");
    }

    @Test
    void aWeightCombinesByTheOperatorAndMissingRuleAsTimesDo() {
        // allocated bytes under main: 10 (self 4), 6 (self 6), a node with main but no weights (0), and a
        // node without main.
        CallTree[] trees = new CallTree[4];
        long[][] weights = {{10, 4}, {6, 6}};
        for (int i = 0; i < 4; i++) {
            trees[i] = newTree();
            int n = node(trees[i], CallTree.ROOT, i < 3 ? "main" : "other");
            trees[i].addCall(n, 1);
            if (i < 2) {
                trees[i].enable(ALLOCATIONS);
                trees[i].setWeight(n, ALLOCATED, weights[i][0], weights[i][1]);
            }
        }
        Map<String, long[]> expected = Map.of(
                "sum zero", new long[] {16, 10}, "sum present", new long[] {16, 10},
                "min zero", new long[] {0, 0}, "min present", new long[] {0, 0},
                "max zero", new long[] {10, 6}, "max present", new long[] {10, 6},
                // avg: 16 / 4 nodes and 10 / 4 = 2.5, halves away from zero; over the 3 nodes having main.
                "avg zero", new long[] {4, 3}, "avg present", new long[] {5, 3});
        for (MergeOp op : MergeOp.values()) {
            for (MissingRule rule : MissingRule.values()) {
                MergeAccumulator m = new MergeAccumulator(op, rule, false, ViewKind.TREE, 0);
                for (int i = 0; i < 4; i++) {
                    m.add(i, "n" + i, info("n" + i, Map.of()), Profile.single(trees[i], List.of(), Map.of(), Map.of()),
                            new Diagnostics());
                }
                CallTree t = m.result(false).profile().tree();
                String key = op.label() + " " + rule.label();
                assertEquals("main", t.regionName(1));
                assertArrayEquals(expected.get(key), new long[] {t.inclusive(1, ALLOCATED), t.exclusive(1, ALLOCATED)},
                        key);
            }
        }
    }

    @Test
    void valuesCombineByTheirOwnRuleWhateverTheOperatorAndSumsAreExact() {
        MergeAccumulator m = new MergeAccumulator(MergeOp.MIN, MissingRule.ZERO, false, ViewKind.TREE, 0);
        double[] cpu = {0.1, 0.2, 0.3};
        for (int i = 0; i < cpu.length; i++) {
            CallTree t = newTree();
            int n = node(t, CallTree.ROOT, "main");
            t.addCall(n, 1);
            t.enable(RegionCounters.GROUP);
            t.add(n, RegionCounters.CPU_SAMPLES, 1);
            t.add(n, RegionCounters.CPU_SUM, cpu[i]);
            t.add(n, RegionCounters.MEMORY_PEAK, 10.0 * i);
            m.add(i, "n" + i, info("n" + i, Map.of()), Profile.single(t, List.of(), Map.of(), Map.of()), new Diagnostics());
        }
        CallTree t = m.result(false).profile().tree();
        assertEquals(3, t.longValue(1, RegionCounters.CPU_SAMPLES));
        // 0.1 + 0.2 + 0.3 is 0.6000000000000001 in doubles; the exact sum rounds once, to 0.6.
        assertEquals(0.6, t.doubleValue(1, RegionCounters.CPU_SUM));
        assertEquals(20.0, t.doubleValue(1, RegionCounters.MEMORY_PEAK));
    }

    @Test
    void theBreakdownIsComputedFromExactIntegerSums() {
        // 1, 2, 3, 4 and an absent node: mean 2, sample variance (5 * 30 - 100) / 20 = 2.5.
        MergeAccumulator m = sum();
        for (int i = 0; i < 5; i++) {
            CallTree t = newTree();
            if (i < 4) {
                t.addCall(node(t, CallTree.ROOT, "main"), i + 1);
            }
            m.add(i, "n" + i, info("n" + i, Map.of()), Profile.single(t, List.of(), Map.of(), Map.of()), new Diagnostics());
        }
        Breakdown b = m.result(false).breakdown().orElseThrow();
        assertEquals(0, b.minNanos(1));
        assertEquals(4, b.maxNanos(1));
        assertEquals(2.0, b.meanNanos(1));
        assertEquals(Math.sqrt(2.5), b.stddevNanos(1));
        assertEquals("n3", b.maxNode(1));
    }

    @Test
    void quotientsAreRoundedOnceWhetherTheyFitDoublesOrNot() {
        qt().forAll(longs().between(-Long.MAX_VALUE, Long.MAX_VALUE), longs().between(1, Long.MAX_VALUE),
                longs().between(0, 1L << 40), integers().between(2, 10_000)).checkAssert((a, b, x, n) -> {
                    assertEquals(exactly(BigInteger.valueOf(a), BigInteger.valueOf(b)), MergeRows.quotient(a, b));
                    // n values: n - 1 of x and one of x + 1: squares past 64 bits for large x.
                    BigInteger big = BigInteger.valueOf(x);
                    BigInteger sum = big.multiply(BigInteger.valueOf(n)).add(BigInteger.ONE);
                    BigInteger squares = big.multiply(big).multiply(BigInteger.valueOf(n - 1))
                            .add(big.add(BigInteger.ONE).pow(2));
                    BigInteger spread = squares.multiply(BigInteger.valueOf(n)).subtract(sum.multiply(sum));
                    assertEquals(exactly(spread, BigInteger.valueOf((long) n * (n - 1))),
                            MergeRows.variance(n, sum.shiftRight(64).longValueExact(), sum.longValue(),
                                    squares.shiftRight(128).longValueExact(), squares.shiftRight(64).longValue(),
                                    squares.longValue()), "x=" + x + " n=" + n);
                });
    }

    /** {@code a / b} to 300 digits, then to the nearest double: correctly rounded for these sizes. */
    private static double exactly(BigInteger a, BigInteger b) {
        return new BigDecimal(a).divide(new BigDecimal(b), new MathContext(300)).doubleValue();
    }

    @Test
    void rejectsANodeOfAnotherViewNamingBothAndAddsNothing() {
        MergeAccumulator m = sum();
        m.add(0, "a.json", info("a", Map.of()), main(1), new Diagnostics());
        Profile flat = main(1).withView(Views.flat(main(1).tree()), ViewKind.FLAT, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.add(1, "b.json", info("b", Map.of()), flat, new Diagnostics()));
        assertEquals("cannot merge node b, a flat profile, into a merge of tree profiles (as node a is)", e.getMessage());
        assertEquals(1, m.nodeCount());
        assertEquals(List.of("a.json"), m.result(false).profile().inputs());
    }

    @Test
    void rejectsAnInputTwiceAndAccumulatorsThatDisagreeOrOverlap() {
        MergeAccumulator m = sum();
        m.add(0, "a.json", info("a", Map.of()), main(1), new Diagnostics());
        assertEquals("input 0 (again.json) was added already, as a.json", assertThrows(IllegalArgumentException.class,
                () -> m.add(0, "again.json", info("x", Map.of()), main(1), new Diagnostics())).getMessage());
        MergeAccumulator overlapping = sum();
        overlapping.add(0, "b.json", info("b", Map.of()), main(1), new Diagnostics());
        assertEquals("input 0 is in both accumulators: a.json and b.json",
                assertThrows(IllegalArgumentException.class, () -> m.combine(overlapping)).getMessage());
        MergeAccumulator max = new MergeAccumulator(MergeOp.MAX, MissingRule.ZERO, true, ViewKind.TREE, 0);
        assertEquals("cannot combine a merge of sum (missing zero, with breakdown) of tree profiles with one of max"
                        + " (missing zero, with breakdown) of tree profiles",
                assertThrows(IllegalArgumentException.class, () -> m.combine(max)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.combine(m));
    }

    @Test
    void rejectsAMetricNameDeclaredTwoWaysAndAddsNothing() {
        MergeAccumulator m = sum();
        CallTree bytes = newTree();
        bytes.addCall(node(bytes, CallTree.ROOT, "main"), 1);
        bytes.enable(ALLOCATIONS);
        m.add(0, "a.json", info("a", Map.of()), Profile.single(bytes, List.of(), Map.of(), Map.of()), new Diagnostics());
        Metric events = Metric.weight("allocated", MetricUnit.EVENTS, "allocated", "not bytes");
        CallTree other = newTree();
        other.addCall(node(other, CallTree.ROOT, "main"), 1);
        other.enable(MetricGroup.ofWeight(events));
        byte[] before = m.toBytes();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.add(1, "b.json",
                info("b", Map.of()), Profile.single(other, List.of(), Map.of(), Map.of()), new Diagnostics()));
        assertTrue(e.getMessage().startsWith("metric allocated is declared by group allocated and by another"),
                e.getMessage());
        assertArrayEquals(before, m.toBytes());
    }

    @Test
    void combiningLeavesTheOtherAccumulatorAsItWas() {
        MergeAccumulator m = sum();
        m.add(0, "a.json", info("a", Map.of()), main(3), new Diagnostics());
        MergeAccumulator other = sum();
        other.add(1, "b.json", info("b", Map.of()), main(5), new Diagnostics());
        byte[] before = other.toBytes();
        m.combine(other);
        m.add(2, "c.json", info("c", Map.of()), main(7), new Diagnostics());
        assertArrayEquals(before, other.toBytes());
        assertEquals(15, m.result(false).profile().tree().inclusiveNanos(1));
    }

    @Test
    void damagedStatesAreRefusedWithOneLine() {
        byte[] good = sum().toBytes();
        assertEquals("not a merge state (no PPWM at its start)", assertThrows(IllegalArgumentException.class,
                () -> MergeAccumulator.fromBytes(new byte[] {1, 2, 3, 4, 5})).getMessage());
        byte[] future = good.clone();
        future[7] = 9;
        assertEquals("merge state of version 9: this version reads 6 only", assertThrows(IllegalArgumentException.class,
                () -> MergeAccumulator.fromBytes(future)).getMessage());
        byte[] before = good.clone();
        before[7] = 1; // version 1 had no dropped inputs
        assertEquals("merge state of version 1: this version reads 6 only", assertThrows(IllegalArgumentException.class,
                () -> MergeAccumulator.fromBytes(before)).getMessage());
        before[7] = 2; // version 2 had no parts
        assertEquals("merge state of version 2: this version reads 6 only", assertThrows(IllegalArgumentException.class,
                () -> MergeAccumulator.fromBytes(before)).getMessage());
        before[7] = 4; // version 4's sums were 64-bit
        assertEquals("merge state of version 4: this version reads 6 only", assertThrows(IllegalArgumentException.class,
                () -> MergeAccumulator.fromBytes(before)).getMessage());
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
                () -> MergeAccumulator.fromBytes(Arrays.copyOf(good, good.length - 1)));
        assertTrue(cut.getMessage().startsWith("merge state cut short or damaged"), cut.getMessage());
    }

    /** Inputs 0..19: the ones in {@code bad} dropped (reason by parity), the others one node each. */
    private static MergeAccumulator share(List<Integer> indices, List<Integer> bad) {
        MergeAccumulator m = sum();
        for (int i : indices) {
            if (bad.contains(i)) {
                m.drop(i, "n" + i + ".json: broken " + i, i % 2 == 0 ? "the input is empty" : "not valid JSON");
            } else {
                m.add(i, "n" + i + ".json", info("n" + i, Map.of()), main(i + 1), new Diagnostics());
            }
        }
        return m;
    }

    @Test
    void droppedInputsAreCountedByReasonWithTheFirstTenMessagesByPositionWhateverTheGrouping() {
        List<Integer> bad = List.of(19, 0, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 17);
        MergeAccumulator whole = share(java.util.stream.IntStream.range(0, 20).boxed().toList(), bad);
        MergeAccumulator last = share(List.of(19, 18, 17, 16, 15, 14, 13), bad);
        MergeAccumulator middle = MergeAccumulator.fromBytes(share(List.of(12, 11, 10, 9, 8, 7), bad).toBytes());
        MergeAccumulator first = share(List.of(6, 5, 4, 3, 2, 1, 0), bad);
        last.combine(middle);
        last.combine(first);
        for (MergeAccumulator m : List.of(whole, last)) {
            MergeAccumulator.Merged merged = m.result(false);
            assertEquals(15, merged.droppedInputs().count());
            assertEquals(Map.of("not valid JSON", 9L, "the input is empty", 6L), merged.droppedInputs().reasons());
            assertEquals(List.of("n0.json: broken 0", "n2.json: broken 2", "n3.json: broken 3", "n5.json: broken 5",
                    "n6.json: broken 6", "n7.json: broken 7", "n8.json: broken 8", "n9.json: broken 9",
                    "n11.json: broken 11", "n12.json: broken 12"), merged.droppedInputs().examples());
            assertEquals(merged.droppedInputs(), merged.profile().droppedInputs());
            // The node count and the breakdown are the merged nodes' only.
            assertEquals(5, merged.profile().nodes());
            assertEquals(List.of("n1.json", "n4.json", "n10.json", "n16.json", "n18.json"), merged.profile().inputs());
            assertEquals((2 + 5 + 11 + 17 + 19) / 5.0, merged.breakdown().orElseThrow().meanNanos(1), 1e-9);
            assertEquals(5, m.inputCount());
        }
        assertArrayEquals(whole.toBytes(), last.toBytes());
    }

    @Test
    void aSavedProfilesDroppedInputsStayCountedInTheProfileButNotAsThisMergesOwn() {
        DroppedInputs before = new DroppedInputs(3, Map.of("not valid JSON", 3L), List.of("x.json:1:1: not valid JSON"));
        MergeAccumulator m = sum();
        m.add(1, "saved.ppw.json", info("saved", Map.of()), main(5).withDroppedInputs(before), new Diagnostics());
        m.drop(0, "a.json: the input is empty", "the input is empty");
        MergeAccumulator.Merged merged = m.result(false);
        assertEquals(new DroppedInputs(1, Map.of("the input is empty", 1L), List.of("a.json: the input is empty")),
                merged.droppedInputs());
        assertEquals(new DroppedInputs(4, Map.of("not valid JSON", 3L, "the input is empty", 1L),
                List.of("a.json: the input is empty", "x.json:1:1: not valid JSON")), merged.profile().droppedInputs());
        assertEquals(List.of("not valid JSON", "the input is empty"),
                List.copyOf(merged.profile().droppedInputs().reasons().keySet()));
        assertThrows(IllegalArgumentException.class, () -> m.drop(1, "saved.ppw.json: late", "late"));
    }

    @Test
    void nineThousandDroppedInputsKeepTenMessagesAndACountPerReason() {
        MergeAccumulator m = sum();
        String detail = "x".repeat(2_000);
        for (int i = 0; i < 10_000; i++) {
            if (i % 10 == 0) {
                m.add(i, "n" + i + ".json", info("n" + i, Map.of()), main(1), new Diagnostics());
            } else {
                m.drop(i, "n" + i + ".json:1:2: not valid JSON: " + detail, i % 2 == 0 ? "not valid JSON" : "other");
            }
        }
        DroppedInputs dropped = m.result(false).droppedInputs();
        assertEquals(9_000, dropped.count());
        assertEquals(Map.of("not valid JSON", 4_000L, "other", 5_000L), dropped.reasons());
        assertEquals(DroppedInputs.EXAMPLES, dropped.examples().size());
        assertTrue(dropped.examples().get(0).startsWith("n1.json:1:2: "), dropped.examples().get(0));
        // The state holds the kept messages only: well under what 9,000 of them would take (18 MB).
        assertTrue(m.toBytes().length < 200_000, m.toBytes().length + " bytes");
    }
}
