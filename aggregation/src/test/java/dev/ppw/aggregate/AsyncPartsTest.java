package dev.ppw.aggregate;

import dev.ppw.model.AsyncMode;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.SortKey;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.TestTrees.calls;
import static dev.ppw.aggregate.TestTrees.newTree;
import static dev.ppw.aggregate.TestTrees.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Thread time and async spans kept apart (SEMANTICS.md section 2, "Parts") by views, row order, merges and modes. */
class AsyncPartsTest {

    /**
     * Thread part: main(100) calling work(40). Async part, whose names repeat the thread's: work(300) calling
     * main(50), then request(900). The async spans add up to 1200 ns, far more than the threads' 100.
     */
    private static CallTree twoParts() {
        CallTree t = newTree();
        int main = node(t, CallTree.ROOT, "main");
        int work = node(t, main, "work");
        calls(t, work, 40);
        calls(t, main, 100);
        int asyncWork = t.child(CallTree.ROOT, t.frames().intern("work"), Part.ASYNC);
        int asyncMain = node(t, asyncWork, "main");
        calls(t, asyncMain, 50);
        calls(t, asyncWork, 300);
        calls(t, t.child(CallTree.ROOT, t.frames().intern("request"), Part.ASYNC), 900);
        return t;
    }

    private static Profile profile(CallTree t) {
        return Profile.single(t, List.of(), Map.of(), Map.of());
    }

    /** Rows as "part name: calls incl excl", in the tree's node order. */
    private static List<String> rows(CallTree t) {
        List<String> rows = new ArrayList<>();
        for (int n = 1; n < t.size(); n++) {
            rows.add(t.part(n).label() + " " + t.path(n, " => ") + ": " + t.calls(n) + " " + t.inclusiveNanos(n)
                    + " " + t.exclusiveNanos(n));
        }
        return rows;
    }

    @Test
    void eachPartHasItsOwnTotalInTreeAndFlatViews() {
        Profile tree = profile(twoParts());
        assertEquals(100, tree.total(SampleWeights.TIME));
        assertEquals(1200, tree.total(SampleWeights.TIME, Part.ASYNC));
        Profile flat = Views.derive(tree, ViewKind.FLAT, 0);
        assertEquals(100, flat.total(SampleWeights.TIME));
        assertEquals(1200, flat.total(SampleWeights.TIME, Part.ASYNC));
    }

    @Test
    void aFlatRowNeverAddsAnAsyncRowIntoAThreadRowOfTheSameName() {
        assertEquals(List.of("thread main: 1 100 60", "thread work: 1 40 40", "async work: 1 300 250",
                        "async main: 1 50 50", "async request: 1 900 900"),
                rows(Views.flat(twoParts())));
        assertEquals(List.of("thread main: 1 100 60", "thread main => work: 1 40 40", "async work: 1 300 250",
                        "async work => main: 1 50 50", "async request: 1 900 900"),
                rows(Views.tau(twoParts(), 2)));
        assertEquals(rows(twoParts()), rows(Views.callpath(twoParts())));
    }

    @Test
    void threadRowsComeFirstThenAsyncRowsEachPartThresholdedByItsOwnTotal() {
        Profile p = profile(twoParts());
        assertEquals(List.of("thread main", "thread main => work", "async request", "async work",
                "async work => main"), labels(p, RowOrder.order(p, SortKey.INCLUSIVE, 0, 0)));
        // 20% of the threads' 100 ns keeps work (40); 20% of the async 1200 ns drops work => main (50).
        assertEquals(List.of("thread main", "thread main => work", "async request", "async work"),
                labels(p, RowOrder.order(p, SortKey.INCLUSIVE, 0, 20)));
        Profile flat = Views.derive(p, ViewKind.FLAT, 0);
        assertEquals(List.of("thread main", "thread work", "async request", "async work", "async main"),
                labels(flat, RowOrder.order(flat, SortKey.INCLUSIVE, 0, 0)));
    }

    private static List<String> labels(Profile p, int[] order) {
        List<String> labels = new ArrayList<>();
        for (int n : order) {
            labels.add(p.tree().part(n).label() + " " + p.tree().path(n, " => "));
        }
        return labels;
    }

    /** Node b: thread main(70) only, no async part. */
    private static Profile threadsOnly() {
        CallTree t = newTree();
        calls(t, node(t, CallTree.ROOT, "main"), 70);
        return profile(t);
    }

    private static MergeAccumulator merged(MergeOp op, MissingRule missing) {
        MergeAccumulator m = new MergeAccumulator(op, missing, true, ViewKind.TREE, 0);
        m.add(0, "a.json", new NodeInfo("a", "a.json", "", "", Map.of(), Map.of()), profile(twoParts()),
                new Diagnostics());
        m.add(1, "b.json", new NodeInfo("b", "b.json", "", "", Map.of(), Map.of()), threadsOnly(),
                new Diagnostics());
        return m;
    }

    @Test
    void partsMergeApartAndANodeWithoutAnAsyncPartMissesItsRows() {
        assertEquals(List.of("thread main: 2 70 60", "thread main => work: 1 0 0", "async work: 1 0 0",
                        "async work => main: 1 0 0", "async request: 1 0 0"),
                rows(merged(MergeOp.MIN, MissingRule.ZERO).result(false).profile().tree()));
        assertEquals(List.of("thread main: 2 70 60", "thread main => work: 1 40 40", "async work: 1 300 250",
                        "async work => main: 1 50 50", "async request: 1 900 900"),
                rows(merged(MergeOp.MIN, MissingRule.PRESENT).result(false).profile().tree()));
        assertEquals(List.of("thread main: 2 170 130", "thread main => work: 1 40 40", "async work: 1 300 250",
                        "async work => main: 1 50 50", "async request: 1 900 900"),
                rows(merged(MergeOp.SUM, MissingRule.ZERO).result(false).profile().tree()));
        MergeAccumulator.Merged max = merged(MergeOp.MAX, MissingRule.ZERO).result(false);
        CallTree t = max.profile().tree();
        int request = 5;
        assertEquals("async request", t.part(request).label() + " " + t.regionName(request));
        assertEquals(0, max.breakdown().orElseThrow().minNanos(request), "node b has no async request: 0");
        assertEquals(900, max.breakdown().orElseThrow().maxNanos(request));
    }

    @Test
    void theStateFormKeepsParts() {
        MergeAccumulator m = merged(MergeOp.MAX, MissingRule.ZERO);
        MergeAccumulator back = MergeAccumulator.fromBytes(m.toBytes());
        assertEquals(rows(m.result(false).profile().tree()), rows(back.result(false).profile().tree()));
        MergeAccumulator whole = new MergeAccumulator(MergeOp.MAX, MissingRule.ZERO, true, ViewKind.TREE, 0);
        whole.combine(back);
        assertEquals(rows(m.result(false).profile().tree()), rows(whole.result(false).profile().tree()));
    }

    @Test
    void asyncModesApplyToASavedProfile() {
        Profile saved = profile(twoParts());
        Diagnostics notes = new Diagnostics();
        assertEquals(saved, AsyncRows.apply(AsyncMode.APART, saved, notes));
        // Inside, the async rows become thread rows: async work is a root (thread work is main's child), so
        // it stays a row of its own, now in the threads' part and total.
        Profile inside = AsyncRows.apply(AsyncMode.INSIDE, saved, notes);
        assertFalse(inside.tree().hasAsyncPart());
        assertEquals(List.of("thread main: 1 100 60", "thread main => work: 1 40 40", "thread work: 1 300 250",
                "thread work => main: 1 50 50", "thread request: 1 900 900"), rows(inside.tree()));
        assertEquals(1300, inside.total(SampleWeights.TIME));
        Profile off = AsyncRows.apply(AsyncMode.OFF, saved, notes);
        assertEquals(List.of("thread main: 1 100 60", "thread main => work: 1 40 40"), rows(off.tree()));
        assertEquals(3, notes.noteCount(AsyncMode.NOTE_OFF), "one note per async row left out");
    }

    @Test
    void insideAddsAnAsyncRootIntoTheThreadRootOfTheSamePath() {
        CallTree t = newTree();
        calls(t, node(t, CallTree.ROOT, "main"), 100);
        calls(t, t.child(CallTree.ROOT, t.frames().intern("main"), Part.ASYNC), 30, 20);
        assertEquals(List.of("thread main: 1 100 100", "async main: 2 50 50"), rows(t));
        CallTree inside = AsyncRows.apply(AsyncMode.INSIDE, profile(t), new Diagnostics()).tree();
        assertEquals(List.of("thread main: 3 150 150"), rows(inside));
        assertEquals(20, inside.minInclusiveNanos(1));
        assertEquals(100, inside.maxInclusiveNanos(1));
    }
}
