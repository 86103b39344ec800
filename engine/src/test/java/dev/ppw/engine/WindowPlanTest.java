package dev.ppw.engine;

import dev.ppw.aggregate.WindowScan.Marker;
import dev.ppw.aggregate.Windows;
import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where bins and phase windows fall (SEMANTICS.md "Time bins", "Phases"): the bins' axis from the nodes' extents,
 * and the rules that make marker windows never overlap.
 */
class WindowPlanTest {
    private static WindowPlan.Extent node(long first, long last, Marker... markers) {
        return new WindowPlan.Extent("n", first, last, List.of(markers));
    }

    private static Marker region(String name, long start, long end) {
        return new Marker(name, start, end, false);
    }

    private static Marker instant(String name, long at) {
        return new Marker(name, at, at, true);
    }

    /** A node's windows as {@code phase:start-end} items. */
    private static List<String> windows(WindowPlan plan, int node) {
        Windows w = plan.windowsOf(node);
        List<String> items = new ArrayList<>();
        for (int i = 0; i < w.size(); i++) {
            items.add(plan.names().get(w.phase()[i]) + ":" + w.startNanos()[i] + "-" + w.endNanos()[i]);
        }
        return items;
    }

    @Test
    void aCountOfBinsCoversTheLongestNodeAndItsLastTime() {
        WindowPlan plan = WindowPlan.of(WindowSpec.Bins.ofCount(4, false),
                List.of(node(100, 199), node(1000, 1039), node(5, 4)));
        // span 100 ns with the last nanosecond: ceil(100 / 4) = 25
        assertEquals(new Split.BinAxis(false, 0, 25, 4), plan.axis().orElseThrow());
        assertEquals(List.of("0:100-125", "1:125-150", "2:150-175", "3:175-200"), windows(plan, 0));
        assertEquals(List.of("0:1000-1025", "1:1025-1050", "2:1050-1075", "3:1075-1100"), windows(plan, 1));
        assertNull(plan.windowsOf(2), "a node without timed events lands in no bin");
        WindowPlan exact = WindowPlan.of(WindowSpec.Bins.ofCount(4, false), List.of(node(0, 100)));
        assertEquals(26, exact.axis().orElseThrow().widthNanos(), "an event at 100 needs the fourth bin to hold it");
    }

    @Test
    void absoluteBinsOfAWidthAreAlignedOnItsMultiples() {
        WindowPlan plan = WindowPlan.of(WindowSpec.Bins.ofWidth(10, true), List.of(node(23, 47), node(31, 60)));
        assertEquals(new Split.BinAxis(true, 20, 10, 5), plan.axis().orElseThrow());
        assertEquals(List.of("0:20-30", "1:30-40", "2:40-50", "3:50-60", "4:60-70"), windows(plan, 1));
        WindowPlan count = WindowPlan.of(WindowSpec.Bins.ofCount(2, true), List.of(node(23, 47), node(31, 60)));
        assertEquals(new Split.BinAxis(true, 23, 19, 2), count.axis().orElseThrow());
        assertThrows(WindowSpec.TooManyBinsException.class,
                () -> WindowPlan.of(WindowSpec.Bins.ofWidth(1, false), List.of(node(0, 100_000))));
    }

    @Test
    void binsAndPhasesAtTheEndsOfTheClockFitOrAreRefusedInOneLine() {
        long max = Long.MAX_VALUE;
        long min = Long.MIN_VALUE;
        // The widest span a clock of longs holds: 2^63 - 1 ns with the last nanosecond, ending before 2^63 - 1.
        WindowPlan widest = WindowPlan.of(WindowSpec.Bins.ofCount(1, false), List.of(node(-1, max - 2)));
        assertEquals(new Split.BinAxis(false, 0, max, 1), widest.axis().orElseThrow());
        assertEquals(List.of("0:-1-" + (max - 1)), windows(widest, 0));
        // One nanosecond more, an event at the largest time, times of both signs far apart: refused, naming the node.
        for (WindowPlan.Extent e : List.of(node(-2, max - 2), node(0, max), node(min, max), node(min + 1, 0))) {
            for (WindowSpec spec : List.of(WindowSpec.Bins.ofCount(3, false), WindowSpec.Bins.ofWidth(1_000_000, true),
                    new WindowSpec.Phases(List.of("step"), List.of(), false))) {
                BadInputException refused = assertThrows(BadInputException.class, () -> WindowPlan.of(spec, List.of(e)),
                        spec + " of " + e);
                assertTrue(refused.getMessage().startsWith("n: its times span from " + e.firstNanos() + " ns to "
                        + e.lastNanos() + " ns, 2^63 ns or more"), refused.getMessage());
            }
        }
        // Two nodes that each fit but not together on the trace's clock.
        BadInputException apart = assertThrows(BadInputException.class, () -> WindowPlan.of(
                WindowSpec.Bins.ofCount(2, true), List.of(new WindowPlan.Extent("a", min + 2, 0, List.of()),
                        new WindowPlan.Extent("b", 1, max - 1, List.of()))));
        assertTrue(apart.getMessage().startsWith("the inputs (a to b): its times span"), apart.getMessage());
        // Bins whose last one would end past the largest time: 3 bins of ceil(span / 3) from near its end.
        BadInputException past = assertThrows(BadInputException.class,
                () -> WindowPlan.of(WindowSpec.Bins.ofCount(3, false), List.of(node(max - 10, max - 1))));
        assertEquals("3 time bins of 4 ns from " + (max - 10) + " ns would end past " + max
                + " ns, the largest time of 64-bit nanoseconds", past.getMessage());
        // Absolute bins of a width aligned below the earliest time.
        BadInputException before = assertThrows(BadInputException.class,
                () -> WindowPlan.of(WindowSpec.Bins.ofWidth(10, true), List.of(node(min + 1, min + 20))));
        assertTrue(before.getMessage().startsWith("the time bin of 10 ns holding the first event"), before.getMessage());
        // An explicit window from a node's first event past the clock's end.
        BadInputException window = assertThrows(BadInputException.class, () -> WindowPlan.of(
                new WindowSpec.Phases(List.of(), List.of(new WindowSpec.TimeWindow(10, max, "w")), false),
                List.of(node(5, 100))));
        assertTrue(window.getMessage().startsWith("n: window w from its first event, at 5 ns"), window.getMessage());
    }

    @Test
    void theOutermostRegionWinsAndOverlapsAreCut() {
        WindowPlan plan = WindowPlan.of(new WindowSpec.Phases(List.of("solve", "io"), List.of(), false),
                List.of(node(0, 200, region("solve", 10, 100), region("solve", 20, 30), region("io", 90, 120),
                        region("io", 150, 150))));
        assertEquals(List.of("solve", "io", "(outside)"), plan.names());
        assertEquals(List.of("(outside):0-10", "solve:10-100", "io:100-120", "(outside):120-201"), windows(plan, 0));
    }

    @Test
    void anInstantLastsUntilTheNextMarkerAndExplicitWindowsComeFirst() {
        WindowPlan plan = WindowPlan.of(new WindowSpec.Phases(List.of("step", "io"),
                List.of(new WindowSpec.TimeWindow(50, 60, "50ns:60ns")), false),
                List.of(node(100, 300, instant("step", 110), region("io", 130, 140), instant("step", 200))));
        assertEquals(List.of("(outside):100-110", "step:110-130", "io:130-140", "(outside):140-150",
                "50ns:60ns:150-160", "(outside):160-200", "step:200-301"), windows(plan, 0));
        assertEquals("[Window[node=n, startNanos=10, endNanos=30], Window[node=n, startNanos=100, endNanos=201]]",
                plan.windowsOfPhase(0).toString(), "windows are reported relative to the node's start");
    }

    @Test
    void theLastNanosecondGoesToTheWindowThatEndsThere() {
        WindowPlan plan = WindowPlan.of(new WindowSpec.Phases(List.of("run"), List.of(), false),
                List.of(node(0, 100, region("run", 0, 100))));
        assertEquals(List.of("run"), plan.names(), "no (outside) of one nanosecond");
        assertEquals(List.of("run:0-101"), windows(plan, 0));
    }

    @Test
    void markersOfNoNodeLeaveTheirPhaseEmpty() {
        WindowPlan plan = WindowPlan.of(new WindowSpec.Phases(List.of("absent"), List.of(), true),
                List.of(node(0, 10)));
        assertEquals(List.of("absent", "(outside)"), plan.names());
        assertEquals(List.of("(outside):0-11"), windows(plan, 0));
        assertEquals(List.of(), plan.windowsOfPhase(0));
        assertEquals("[0, 11]", Arrays.toString(new long[] {plan.windowsOf(0).startNanos()[0],
                plan.windowsOf(0).endNanos()[0]}));
    }
}
