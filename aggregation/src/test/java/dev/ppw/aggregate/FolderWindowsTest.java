package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.SampleWeights;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Folder#windows} by hand: calls cut at bin edges, samples and counters by time, pids, absorb; {@link WindowScan}. */
class FolderWindowsTest {
    /** main [0,100) with a [20,60) and b [70,90), in bins of 50 ns. */
    private static Folder binned(Folder folder) {
        folder.windows(Windows.bins(0, 50, 2));
        folder.beginInput("t.json");
        int t = folder.thread("1", "1");
        folder.complete(t, 0, 100, folder.frames().intern("main"));
        folder.complete(t, 20, 40, folder.frames().intern("a"));
        folder.complete(t, 70, 20, folder.frames().intern("b"));
        folder.endInput();
        return folder;
    }

    private static int node(CallTree tree, String... path) {
        int n = CallTree.ROOT;
        for (String name : path) {
            int frame = tree.frames().intern(name);
            // A root of traced calls, else of stack samples (a part of their own).
            n = n == CallTree.ROOT && tree.findChild(n, frame) == CallTree.NONE
                    ? tree.findChild(n, frame, Part.SAMPLES) : tree.findChild(n, frame);
            assertTrue(n > 0, "no node " + String.join("/", path));
        }
        return n;
    }

    @Test
    void aCallIsCutAtTheBinEdgesAndCountsInEveryBinItCrosses() {
        List<Profile> bins = binned(new Folder()).phaseProfiles();
        CallTree first = bins.get(0).tree();
        CallTree second = bins.get(1).tree();
        assertEquals(50, first.inclusiveNanos(node(first, "main")));
        assertEquals(20, first.exclusiveNanos(node(first, "main")));
        assertEquals(30, first.inclusiveNanos(node(first, "main", "a")));
        assertEquals(1, first.calls(node(first, "main", "a")));
        assertEquals(50, second.inclusiveNanos(node(second, "main")));
        assertEquals(20, second.exclusiveNanos(node(second, "main")));
        assertEquals(10, second.inclusiveNanos(node(second, "main", "a")));
        assertEquals(10, second.maxInclusiveNanos(node(second, "main", "a")));
        assertEquals(20, second.inclusiveNanos(node(second, "main", "b")));
        assertEquals(2, second.subcalls(node(second, "main")));
        assertEquals(-1, first.findChild(node(first, "main"), first.frames().intern("b")));
    }

    @Test
    void samplesAndCounterSamplesGoToTheBinOfTheirTime() {
        Folder folder = new Folder();
        folder.windows(Windows.bins(0, 10, 3));
        folder.beginInput("s.json");
        int t = folder.thread("1", "1");
        int[] stack = {folder.frames().intern("main"), folder.frames().intern("f")};
        folder.sample(t, 5, SampleWeights.TIME, 4, stack, 2);
        folder.sample(t, 10, SampleWeights.TIME, 6, stack, 1);
        folder.sample(t, 99, SampleWeights.TIME, 1, stack, 2);
        folder.counter("1", "heap", "", "used", 12, 3);
        folder.counter("1", "heap", "", "used", 15, 9);
        folder.endInput();
        List<Profile> bins = folder.phaseProfiles();
        CallTree b0 = bins.get(0).tree();
        CallTree b1 = bins.get(1).tree();
        assertEquals(4, b0.exclusiveNanos(node(b0, "main", "f")));
        assertEquals(6, b1.exclusiveNanos(node(b1, "main")));
        assertEquals(1, bins.get(2).tree().size(), "a sample past the last bin lands nowhere");
        assertEquals(List.of(), bins.get(0).counters());
        CounterSeries used = bins.get(1).counters().get(0);
        assertEquals(2, used.samples());
        assertEquals(9.0, used.max());
        assertEquals(9.0, used.last());
        assertEquals(11, folder.toProfile().tree().totalInclusiveNanos(), "the whole keeps every sample");
    }

    @Test
    void pidsGetTheirOwnPhasesAndAbsorbAddsThem() {
        Folder split = new Folder(true);
        split.windows(Windows.bins(0, 50, 2));
        split.beginInput("p.json");
        split.complete(split.thread("7", "1"), 40, 20, split.frames().intern("x"));
        split.complete(split.thread("8", "1"), 0, 10, split.frames().intern("y"));
        split.endInput();
        List<List<Profile>> perNode = split.nodePhaseProfiles();
        assertEquals(List.of("7", "8"), split.nodePids());
        assertEquals(10, perNode.get(0).get(0).tree().totalInclusiveNanos());
        assertEquals(10, perNode.get(0).get(1).tree().totalInclusiveNanos());
        assertEquals(10, perNode.get(1).get(0).tree().totalInclusiveNanos());
        assertEquals(0, perNode.get(1).get(1).tree().totalInclusiveNanos());

        Folder whole = binned(new Folder());
        whole.absorb(binned(new Folder()));
        assertEquals(200, whole.phaseProfiles().get(1).tree().inclusiveNanos(node(whole.phaseProfiles().get(1).tree(), "main"))
                + whole.phaseProfiles().get(0).tree().inclusiveNanos(node(whole.phaseProfiles().get(0).tree(), "main")));
        assertThrows(IllegalArgumentException.class, () -> whole.windows(Windows.bins(0, 1, 3)));
    }

    @Test
    void theScanFindsTheExtentAndTheMarkersOfEachKind() {
        WindowScan scan = new WindowScan(Set.of("solve", "step"));
        scan.beginInput("m.json");
        int t = scan.thread("1", "1");
        scan.complete(t, 100, 50, scan.frames().intern("solve"));
        scan.begin(t, 10, scan.frames().intern("init"));
        scan.begin(t, 20, scan.frames().intern("solve"));
        scan.end(t, 30, -1);
        scan.end(t, 40, -1);
        scan.instant("1", "1", 60, "step");
        scan.instant("1", "1", 61, "other");
        scan.begin(t, 170, scan.frames().intern("solve"));
        scan.sample(t, 5, SampleWeights.TIME, 1, new int[0], 0);
        scan.endInput();
        assertEquals(5, scan.firstNanos());
        assertEquals(170, scan.lastNanos());
        assertEquals(List.of(new WindowScan.Marker("solve", 20, 30, false), new WindowScan.Marker("step", 60, 60, true),
                new WindowScan.Marker("solve", 100, 150, false), new WindowScan.Marker("solve", 170, 170, false)),
                scan.markers());
        assertTrue(new WindowScan(Set.of()).firstNanos() > new WindowScan(Set.of()).lastNanos());
    }
}
