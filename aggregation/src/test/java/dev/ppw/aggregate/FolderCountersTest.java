package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.aggregate.TestTrace.Track;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static dev.ppw.aggregate.RegionCounterValues.cpuMean;
import static dev.ppw.aggregate.RegionCounterValues.cpuSamples;
import static dev.ppw.aggregate.RegionCounterValues.cpuSum;
import static dev.ppw.aggregate.RegionCounterValues.memoryPeak;
import static dev.ppw.aggregate.TestTrace.b;
import static dev.ppw.aggregate.TestTrace.c;
import static dev.ppw.aggregate.TestTrace.e;
import static dev.ppw.aggregate.TestTrace.x;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hand-computed cases of SEMANTICS.md "Counters": region counter samples ({@code C} with cpu_usage /
 * memory_usage, written {@code C name@ts=v}, fed as cpu v/10 and memory v*0.3) attach after step 4 of the
 * replay at their time to the innermost open frame of their region, with half-open call intervals; generic
 * series summaries; displayTimeUnit.
 */
class FolderCountersTest {

    /** path: cpu samples, cpu sum, memory peak (NaN: none). */
    private static String counters(Folder folder) {
        CallTree t = folder.tree();
        StringBuilder sb = new StringBuilder();
        for (int n = 1; n < t.size(); n++) {
            sb.append(t.path(n, "/")).append(": ").append(cpuSamples(t, n)).append(' ').append(cpuSum(t, n))
                    .append(' ').append(memoryPeak(t, n)).append('\n');
        }
        return sb.append("outside ").append(folder.diagnostics().noteCount(Folder.COUNTER_OUTSIDE_REGION)).toString();
    }

    @Test
    void compactModeChildrenFirstEachCallGetsItsStartSampleAndTheResetsAttachNowhere() {
        // PerfFlowAspect compact: per call, C at start (cpu, mem), C at end (0, 0), then the X; children first.
        Trace t = Trace.of(
                c(20, 120, "bas"), c(30, 0, "bas"), x(20, 10, "bas"),
                c(10, 100, "bar"), c(40, 0, "bar"), x(10, 30, "bar"),
                c(0, 50, "foo"), c(50, 0, "foo"), x(0, 50, "foo"));
        assertEquals("""
                foo: 1 5.0 15.0
                foo/bar: 1 10.0 30.0
                foo/bar/bas: 1 12.0 36.0
                outside 3""", counters(TestTrace.fold(t)));
        assertEquals(0, TestTrace.fold(t).diagnostics().warningCount(), "resets are notes, not warnings");
    }

    @Test
    void verboseModeBeginEndTheResetAtTheEndTimeIsOutsideTheCall() {
        Trace t = Trace.of(
                b(0, "foo"), c(0, 50, "foo"),
                b(10, "bar"), c(10, 100, "bar"), c(40, 0, "bar"), e(40, "bar"),
                b(41, "bar"), c(41, 30, "bar"), c(45, 0, "bar"), e(45, "bar"),
                c(50, 0, "foo"), e(50, "foo"));
        assertEquals("""
                foo: 1 5.0 15.0
                foo/bar: 2 13.0 30.0
                outside 3""", counters(TestTrace.fold(t)));
    }

    @Test
    void recursionAttachesToTheInnermostFrameOfTheRegion() {
        // f [0,100) calls g [5,90) which calls f [10,20). A sample of f at 15 goes to the inner f, one of f at
        // 50 to the outer f (the inner one ended at 20), one of g at 15 to g under the outer f.
        Trace t = Trace.of(b(0, "f"), b(5, "g"), b(10, "f"), c(15, 7, "f"), c(15, 3, "g"), e(20, "f"),
                c(50, 9, "f"), e(90, "g"), e(100, "f"));
        assertEquals("""
                f: 1 0.9 2.6999999999999997
                f/g: 1 0.3 0.8999999999999999
                f/g/f: 1 0.7 2.1
                outside 0""", counters(TestTrace.fold(t)));
    }

    @Test
    void atATieFramesEndingAtTAreClosedAndFramesStartingAtTAreOpen() {
        // One track each, samples written before the events: x [0,10) ends at 10, so its sample at 10 is
        // outside; y starts at 10 (an X) and z at 10 (a B): open; w opens and closes at 10 (zero length):
        // outside; v ends at 10 by an E: outside; u is an X ending at 10 under a B open since 0: outside.
        Track t2 = Track.thread("1", "2");
        Track t3 = Track.thread("1", "3");
        Track t4 = Track.thread("1", "4");
        Track t5 = Track.thread("1", "5");
        Track t6 = Track.thread("1", "6");
        Trace t = Trace.of(c(10, 1, "x"), x(0, 10, "x"),
                c(t2, 10, 2, "y"), x(t2, 10, 5, "y"),
                c(t3, 10, 3, "z"), b(t3, 10, "z"), e(t3, 30, "z"),
                c(t4, 10, 4, "w"), x(t4, 10, 0, "w"),
                c(t5, 10, 5, "v"), b(t5, 2, "v"), e(t5, 10, "v"),
                c(t6, 10, 6, "u"), b(t6, 0, "p"), x(t6, 5, 5, "u"), e(t6, 20, "p"));
        assertEquals("""
                x: 0 0.0 NaN
                y: 1 0.2 0.6
                z: 1 0.3 0.8999999999999999
                w: 0 0.0 NaN
                v: 0 0.0 NaN
                p: 0 0.0 NaN
                p/u: 0 0.0 NaN
                outside 4""", counters(TestTrace.fold(t)));
    }

    @Test
    void aSampleOfARegionNotOpenOnItsOwnTrackIsOutside() {
        Track other = Track.thread("1", "2");
        Trace t = Trace.of(x(0, 10, "a"), c(other, 5, 1, "a"), c(5, 1, "b"));
        assertEquals("""
                a: 0 0.0 NaN
                outside 2""", counters(TestTrace.fold(t)));
    }

    @Test
    void cpuAndMemoryAreIndependentAndMissingIsNone() {
        Folder folder = new Folder();
        folder.beginInput("in.json");
        int track = folder.thread("1", "1");
        folder.complete(track, 0, 10, folder.frames().intern("a"));
        folder.complete(track, 20, 10, folder.frames().intern("b"));
        int a = folder.frames().names().intern("a");
        int b = folder.frames().names().intern("b");
        folder.regionCounter(track, 0, a, 40, Double.NaN);
        folder.regionCounter(track, 5, a, 60, Double.NaN);
        folder.regionCounter(track, 20, b, Double.NaN, 1e6);
        folder.regionCounter(track, 25, b, Double.NaN, 2e6);
        folder.endInput();
        CallTree t = folder.tree();
        assertEquals(2, cpuSamples(t, 1));
        assertEquals(50.0, cpuMean(t, 1));
        assertTrue(Double.isNaN(memoryPeak(t, 1)));
        assertEquals(0, cpuSamples(t, 2));
        assertTrue(Double.isNaN(cpuMean(t, 2)));
        assertEquals(2e6, memoryPeak(t, 2));
    }

    @Test
    void viewsAddSamplesAndSumsAndTakeThePeakRecursionIncluded() {
        Trace t = Trace.of(b(0, "f"), c(0, 10, "f"), b(5, "g"), c(5, 20, "g"), b(10, "f"), c(10, 40, "f"),
                e(20, "f"), e(90, "g"), e(100, "f"));
        Profile tree = TestTrace.fold(t).toProfile();
        CallTree flat = Views.derive(tree, ViewKind.FLAT, 0).tree();
        assertEquals("f", flat.regionName(1));
        assertEquals(2, cpuSamples(flat, 1));
        assertEquals(5.0, cpuSum(flat, 1));
        assertEquals(12.0, memoryPeak(flat, 1));
        CallTree callpath = Views.derive(tree, ViewKind.CALLPATH, 0).tree();
        assertEquals(1, cpuSamples(callpath, 3));
        assertEquals(4.0, cpuSum(callpath, 3));
    }

    @Test
    void aProfileWithoutCounterSamplesHasNoCounterColumns() {
        Folder folder = TestTrace.fold(Trace.of(x(0, 10, "a")));
        assertFalse(folder.tree().has(RegionCounters.GROUP));
        assertTrue(folder.toProfile().counters().isEmpty());
        assertNull(folder.toProfile().displayTimeUnit());
    }

    @Test
    void sumsDoNotDependOnWhetherATrackWasReplayedWhileReading() throws IOException {
        // 0.1 + (0.2 + 0.3) is 0.6 but (0.1 + 0.2) + 0.3 is 0.6000000000000001: each track's samples are
        // summed on their own and then added, whichever way the track was replayed.
        Track t2 = Track.thread("1", "2");
        Trace trace = Trace.of(x(0, 100, "a"), c(1, 1, "a"),
                x(t2, 0, 100, "a"), c(t2, 1, 2, "a"), x(t2, 200, 100, "a"), c(t2, 201, 3, "a"),
                x(t2, 400, 10, "a"), x(t2, 500, 10, "a"), x(t2, 600, 10, "a"), x(t2, 700, 10, "a"));
        Folder bounded = new Folder(FolderMemoryPropertiesTest.options(3, 0, false));
        FolderMemoryPropertiesTest.foldEach(trace, bounded, true);
        Folder inMemory = TestTrace.fold(trace);
        assertEquals(0.1 + (0.2 + 0.3), cpuSum(inMemory.tree(), 1));
        assertEquals(cpuSum(inMemory.tree(), 1), cpuSum(bounded.tree(), 1));
        assertEquals(FolderMemoryPropertiesTest.dump(inMemory), FolderMemoryPropertiesTest.dump(bounded));
    }

    @Test
    void genericSeriesKeepSamplesMinMaxMeanAndTheLastByTimeThenFileOrder() {
        Folder folder = new Folder();
        folder.beginInput("one.json");
        folder.counter("1", "heap", "", "used", 30, 5);
        folder.counter("1", "heap", "", "used", 10, 1);
        folder.counter("1", "heap", "", "used", 30, 7); // ties at 30: the later in file order is the last
        folder.counter("1", "heap", "", "total", 10, 100);
        folder.counter("2", "heap", "0x1", "used", 5, -2.5);
        folder.endInput();
        folder.beginInput("two.json");
        folder.counter("1", "heap", "", "used", 30, 9); // a later input wins a tie of time too
        folder.counter("1", "heap", "", "used", 20, 0);
        folder.endInput();
        List<CounterSeries> series = folder.toProfile().counters();
        assertEquals(List.of(
                new CounterSeries("1", "heap", "", "total", 1, 100, 100, 100, 10, 100),
                new CounterSeries("1", "heap", "", "used", 5, 0, 9, 22, 30, 9),
                new CounterSeries("2", "heap", "0x1", "used", 1, -2.5, -2.5, -2.5, 5, -2.5)), series);
        assertEquals(4.4, series.get(1).mean());
    }

    @Test
    void displayTimeUnitOfAPrintableUnitIsKeptOthersAreNotedAndDisagreementIsMs() {
        Folder one = new Folder();
        one.beginInput("a.json");
        one.displayTimeUnit("ms");
        one.endInput();
        assertEquals("ms", one.toProfile().displayTimeUnit());

        Folder pfa = new Folder();
        pfa.beginInput("perfflow.object.pfw");
        pfa.displayTimeUnit("us");
        pfa.endInput();
        assertEquals("us", pfa.toProfile().displayTimeUnit());

        Folder odd = new Folder();
        odd.beginInput("a.json");
        odd.displayTimeUnit("minutes");
        odd.endInput();
        assertNull(odd.toProfile().displayTimeUnit());
        assertEquals(1, odd.diagnostics().noteCount(Folder.DISPLAY_TIME_UNIT_IGNORED));
        // A note, not a warning; the input's only warning is that it gave nothing to profile.
        assertEquals(List.of("a.json: no call, sample or counter value; it held only 1 displayTimeUnit not understood"
                + " (ignored)"), odd.diagnostics().warnings().get(Diagnostics.NO_EVENTS).examples());
        assertEquals(1, odd.diagnostics().warningCount());

        Folder two = new Folder();
        for (String unit : List.of("ns", "ms", "ns")) {
            two.beginInput(unit + ".json");
            two.displayTimeUnit(unit);
            two.endInput();
        }
        assertEquals("ms", two.toProfile().displayTimeUnit());
        assertEquals(1, two.diagnostics().noteCount(Folder.DISPLAY_TIME_UNITS_DIFFER));

        // One input's hint does not decide the unit of the others' times: ms unless every input asks alike.
        Folder some = new Folder();
        for (String unit : new String[] {"us", null}) {
            some.beginInput("in.json");
            if (unit != null) {
                some.displayTimeUnit(unit);
            }
            some.endInput();
        }
        assertEquals("ms", some.toProfile().displayTimeUnit());
        Folder all = new Folder();
        for (int i = 0; i < 2; i++) {
            all.beginInput("in" + i + ".json");
            all.displayTimeUnit("us");
            all.endInput();
        }
        assertEquals("us", all.toProfile().displayTimeUnit());
    }

    @Test
    void aPidWithOnlyCounterSamplesIsNoNode() {
        Folder folder = new Folder(true);
        TestTrace.feed(Trace.of(x(0, 5, "a"), c(Track.thread("2", "2"), 1, 5, "a")), folder);
        assertEquals(List.of("1"), folder.nodePids());
    }
}
