package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Folded;
import dev.ppw.aggregate.TestTrace.Stats;
import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.aggregate.TestTrace.Track;
import dev.ppw.model.AsyncMode;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.TestTrace.b;
import static dev.ppw.aggregate.TestTrace.e;
import static dev.ppw.aggregate.TestTrace.x;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * One hand-computed case per rule of SEMANTICS.md section 1, each checked on the {@link Folder} and on
 * {@link ReferenceReplay}. Events are written {@code B name@ts}, {@code E name@ts}, {@code X name@ts+dur}
 * (nanoseconds, track thread(1,1) unless said), in file order. Expected nodes are {@code path: calls,
 * inclusive, exclusive, min, max, subcalls}; warnings are {@code overlap, mismatched_end, unmatched_end,
 * unclosed_begin}.
 */
class FolderRulesTest {

    // ---- equal-time ordering (steps 1-4) ----

    @Test
    void anXEndingAtTheLargestLongIsABadDurationNotAnOpenBegin() {
        // The replay reserves Long.MAX_VALUE for "open until an E"; an X may not end there.
        Folder folder = TestTrace.fold(Trace.of(x(Long.MAX_VALUE - 10, 10, "x"), x(0, 4, "y")));
        assertEquals(1, folder.diagnostics().warningCount(Diagnostics.BAD_DURATION));
        assertEquals(0, folder.diagnostics().warningCount(Diagnostics.UNCLOSED_BEGIN));
        assertEquals(4, folder.tree().totalInclusiveNanos());
    }

    @Test
    void theFolderKeepsAsManyExamplesOfEachWarningAsItsOptionsSay() {
        List<TestTrace.Ev> events = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            events.add(e(i, "nothing open"));
        }
        Trace trace = Trace.of(events.toArray(TestTrace.Ev[]::new));
        Folder few = TestTrace.fold(trace);
        Folder many = new Folder(FoldOptions.defaults().withWarningExamples(10));
        TestTrace.feed(trace, many);
        assertEquals(12, many.diagnostics().warningCount(Diagnostics.UNMATCHED_END));
        assertEquals(10, many.diagnostics().warnings().get(Diagnostics.UNMATCHED_END).examples().size());
        assertEquals(Diagnostics.EXAMPLES_PER_KIND,
                few.diagnostics().warnings().get(Diagnostics.UNMATCHED_END).examples().size());
    }

    @Test
    void anXOnTopEndingAtTClosesBeforeABAtTSoTheBIsASibling() {
        // X x@0+5, B b@5, E b@8. t=5, step 2: before B b, x (on top, ends at 5) closes; b opens at the root.
        // x [0,5] = 5; b [5,8] = 3.
        check(Trace.of(x(0, 5, "x"), b(5, "b"), e(8, "b")), new Expect()
                .node("x", 1, 5, 5, 5, 5, 0)
                .node("b", 1, 3, 3, 3, 3, 0));
    }

    @Test
    void anXOnTopEndingAtTClosesBeforeAnEAtTSoNothingIsClipped() {
        // B a@0, X x@2+3, E a@5. t=5, step 2: before E a, x (on top, ends at 5) closes at 5; E then closes a.
        // a [0,5] = 5, excl 5-3 = 2; a/x [2,5] = 3. No overlap.
        check(Trace.of(b(0, "a"), x(2, 3, "x"), e(5, "a")), new Expect()
                .node("a", 1, 5, 2, 5, 5, 1)
                .node("a/x", 1, 3, 3, 3, 3, 0));
    }

    @Test
    void anXEndingAtTUnderTheInnermostBWaitsUntilItIsOnTop() {
        // B a@0, X x@1+4, B b@2, E b@5, E a@5. Stack a, x, b. t=5: E b: top is b (a B), nothing closes first,
        // E closes b at 5. E a: now x (ends at 5) is on top and closes first, then E closes a. No overlap.
        // a [0,5] = 5, excl 5-4 = 1; a/x [1,5] = 4, excl 4-3 = 1; a/x/b [2,5] = 3.
        check(Trace.of(b(0, "a"), x(1, 4, "x"), b(2, "b"), e(5, "b"), e(5, "a")), new Expect()
                .node("a", 1, 5, 1, 5, 5, 1)
                .node("a/x", 1, 4, 1, 4, 4, 1)
                .node("a/x/b", 1, 3, 3, 3, 3, 0));
    }

    @Test
    void aBAtTAboveABThatSitsOnAnXEndingAtTIsClippedInStep3() {
        // X x@0+5, B b@2, B c@5, E c@7, E b@8. t=5, step 2: top is b (a B), so x does not close before B c;
        // c opens on b. Step 3: x ends at 5 and closes, clipping c and b at 5 (overlap 2).
        // t=7 and t=8: no open B, both E are dropped (unmatched 2).
        // x [0,5] = 5, excl 5-3 = 2; x/b [2,5] = 3, excl 3-0 = 3; x/b/c [5,5] = 0.
        check(Trace.of(x(0, 5, "x"), b(2, "b"), b(5, "c"), e(7, "c"), e(8, "b")), new Expect()
                .node("x", 1, 5, 2, 5, 5, 1)
                .node("x/b", 1, 3, 3, 3, 3, 1)
                .node("x/b/c", 1, 0, 0, 0, 0, 0)
                .warnings(2, 0, 2, 0));
    }

    @Test
    void xFramesStartingAtTOpenLongestFirstThenInFileOrder() {
        // X s@0+5, X l@0+10, X t@0+5 (file order). Step 4 at 0: l (10) first, then s and t (5 each) in file
        // order: stack l, s, t. End of track: ends 5, 5, 10; at equal ends innermost first: t, s at 5; l at 10.
        // l [0,10] = 10, excl 10-5 = 5; l/s [0,5] = 5, excl 0; l/s/t [0,5] = 5. No overlap.
        check(Trace.of(x(0, 5, "s"), x(0, 10, "l"), x(0, 5, "t")), new Expect()
                .node("l", 1, 10, 5, 10, 10, 1)
                .node("l/s", 1, 5, 0, 5, 5, 1)
                .node("l/s/t", 1, 5, 5, 5, 5, 0));
    }

    @Test
    void aZeroLengthXOpensAndClosesAtOnceAsAChildOfWhatIsOnTop() {
        // B p@0, X z@3+0, X q@3+4, E p@10. t=3, step 4: q (4) opens first, then z (0) opens and closes at 3
        // as q's child. t=10: step 1 closes q at 7, then E closes p at 10.
        // p [0,10] = 10, excl 10-4 = 6; p/q [3,7] = 4, excl 4-0 = 4; p/q/z = 0.
        check(Trace.of(b(0, "p"), x(3, 0, "z"), x(3, 4, "q"), e(10, "p")), new Expect()
                .node("p", 1, 10, 6, 10, 10, 1)
                .node("p/q", 1, 4, 4, 4, 4, 1)
                .node("p/q/z", 1, 0, 0, 0, 0, 0));
    }

    @Test
    void zeroLengthXsAtOneTimeAreSiblings() {
        // B p@0, X z@2+0, X z@2+0, X y@2+0, E p@4: each opens and closes at once on p.
        // p = 4, excl 4; p/z: 2 calls of 0; p/y: 1 call of 0. p subcalls 3.
        check(Trace.of(b(0, "p"), x(2, 0, "z"), x(2, 0, "z"), x(2, 0, "y"), e(4, "p")), new Expect()
                .node("p", 1, 4, 4, 4, 4, 3)
                .node("p/z", 2, 0, 0, 0, 0, 0)
                .node("p/y", 1, 0, 0, 0, 0, 0));
    }

    @Test
    void equalEndsCloseInnermostFirstInStep1AndAtTheEndOfTheTrack() {
        // X a@0+10, X b@2+8 (both end at 10), B c@20, E c@30; then X d@40+5, X e@41+4 (both end at 45).
        // t=20, step 1: a and b end at 10 < 20: innermost b first, then a. No overlap.
        // End of track: d and e end at 45: e first, then d. No overlap.
        // a = 10, excl 2; a/b = 8; c = 10; d = 5, excl 1; d/e = 4.
        check(Trace.of(x(0, 10, "a"), x(2, 8, "b"), b(20, "c"), e(30, "c"), x(40, 5, "d"), x(41, 4, "e")), new Expect()
                .node("a", 1, 10, 2, 10, 10, 1)
                .node("a/b", 1, 8, 8, 8, 8, 0)
                .node("c", 1, 10, 10, 10, 10, 0)
                .node("d", 1, 5, 1, 5, 5, 1)
                .node("d/e", 1, 4, 4, 4, 4, 0));
    }

    @Test
    void bAtTOpensBeforeXAtTWhateverTheFileOrder() {
        // X x@0+5, B b@0, E b@10: step 2 (B) comes before step 4 (X), so x opens on b.
        // b = 10, excl 5; b/x = 5.
        check(Trace.of(x(0, 5, "x"), b(0, "b"), e(10, "b")), new Expect()
                .node("b", 1, 10, 5, 10, 10, 1)
                .node("b/x", 1, 5, 5, 5, 5, 0));
    }

    @Test
    void eAtTClosesBeforeXAtTOpensSoTheXIsASibling() {
        // B a@0, X x@5+3, E a@5: step 2 closes a at 5, step 4 opens x at the root.
        // a = 5; x = 3.
        check(Trace.of(b(0, "a"), x(5, 3, "x"), e(5, "a")), new Expect()
                .node("a", 1, 5, 5, 5, 5, 0)
                .node("x", 1, 3, 3, 3, 3, 0));
    }

    // ---- input order ----

    @Test
    void childrenListedBeforeParentsAsPerfFlowAspectCompactWritesThem() {
        // Written as each X ends: X g@3+1, X c@2+3, X d@6+1, X p@0+10.
        // Sorted: p@0 opens, c@2 on p, g@3 on c; g ends 4, c ends 5; d@6 on p, ends 7; p ends 10.
        // p = 10, excl 10-3-1 = 6, sub 2; p/c = 3, excl 3-1 = 2; p/c/g = 1; p/d = 1.
        check(Trace.of(x(3, 1, "g"), x(2, 3, "c"), x(6, 1, "d"), x(0, 10, "p")), new Expect()
                .node("p", 1, 10, 6, 10, 10, 2)
                .node("p/c", 1, 3, 2, 3, 3, 1)
                .node("p/c/g", 1, 1, 1, 1, 1, 0)
                .node("p/d", 1, 1, 1, 1, 1, 0));
    }

    @Test
    void unsortedBeginsAndEndsAreReplayedInTimeOrder() {
        // E a@10, B b@2, B a@0, E b@5: in time order B a@0, B b@2, E b@5, E a@10.
        // a = 10, excl 7; a/b = 3.
        check(Trace.of(e(10, "a"), b(2, "b"), b(0, "a"), e(5, "b")), new Expect()
                .node("a", 1, 10, 7, 10, 10, 1)
                .node("a/b", 1, 3, 3, 3, 3, 0));
    }

    // ---- clipping ----

    @Test
    void anXParentEndingBeforeItsChildXClipsTheChild() {
        // X p@0+10, X c@5+10 (ends 15). End of track: earliest end first, p at 10, which clips c at 10.
        // p = 10, excl 5; p/c [5,10] = 5. overlap 1.
        check(Trace.of(x(0, 10, "p"), x(5, 10, "c")), new Expect()
                .node("p", 1, 10, 5, 10, 10, 1)
                .node("p/c", 1, 5, 5, 5, 5, 0)
                .warnings(1, 0, 0, 0));
    }

    @Test
    void anXParentEndingBeforeItsChildXClipsItInStep1Too() {
        // X p@0+10, X c@5+10, B z@30, E z@31. t=30, step 1: p (end 10) before c (end 15): p clips c at 10.
        // p = 10, excl 5; p/c = 5; z = 1. overlap 1.
        check(Trace.of(x(0, 10, "p"), x(5, 10, "c"), b(30, "z"), e(31, "z")), new Expect()
                .node("p", 1, 10, 5, 10, 10, 1)
                .node("p/c", 1, 5, 5, 5, 5, 0)
                .node("z", 1, 1, 1, 1, 1, 0)
                .warnings(1, 0, 0, 0));
    }

    @Test
    void anEClosingABClipsTheXAboveIt() {
        // B a@0, X x@2+10, E a@5: E closes a at 5 with x still open above: x clipped at 5.
        // a = 5, excl 2; a/x [2,5] = 3. overlap 1.
        check(Trace.of(b(0, "a"), x(2, 10, "x"), e(5, "a")), new Expect()
                .node("a", 1, 5, 2, 5, 5, 1)
                .node("a/x", 1, 3, 3, 3, 3, 0)
                .warnings(1, 0, 0, 0));
    }

    @Test
    void aClippedBIsGoneSoALaterEPairsWithTheNextInnermostB() {
        // B a@0, X x@1+4, B b@2, E b@8. t=8, step 1: x (end 5) closes at 5 and clips b at 5 (overlap 1).
        // E b then closes the innermost open B, a, at 8: names differ (mismatched 1).
        // a [0,8] = 8, excl 4; a/x [1,5] = 4, excl 1; a/x/b [2,5] = 3.
        check(Trace.of(b(0, "a"), x(1, 4, "x"), b(2, "b"), e(8, "b")), new Expect()
                .node("a", 1, 8, 4, 8, 8, 1)
                .node("a/x", 1, 4, 1, 4, 4, 1)
                .node("a/x/b", 1, 3, 3, 3, 3, 0)
                .warnings(1, 1, 0, 0));
    }

    // ---- E matching ----

    @Test
    void anEWithNoOpenBIsDroppedAndCounted() {
        // E a@1 (nothing open), B b@2, E b@4, E b@6 (nothing open). unmatched 2. b = 2.
        check(Trace.of(e(1, "a"), b(2, "b"), e(4, "b"), e(6, "b")), new Expect()
                .node("b", 1, 2, 2, 2, 2, 0)
                .warnings(0, 0, 2, 0));
    }

    @Test
    void anEWithNoOpenBButAnOpenXIsDroppedAndLeavesTheXAlone() {
        // X x@0+10, E x@5: the only open frame is an X, which an E never closes. unmatched 1. x = 10.
        check(Trace.of(x(0, 10, "x"), e(5, "x")), new Expect()
                .node("x", 1, 10, 10, 10, 10, 0)
                .warnings(0, 0, 1, 0));
    }

    @Test
    void aMismatchedEClosesTheInnermostBAnyway() {
        // B a@0, B b@1, E a@3, E b@5: E a closes b at 3 (mismatched), E b closes a at 5 (mismatched).
        // a = 5, excl 3; a/b [1,3] = 2. mismatched 2.
        check(Trace.of(b(0, "a"), b(1, "b"), e(3, "a"), e(5, "b")), new Expect()
                .node("a", 1, 5, 3, 5, 5, 1)
                .node("a/b", 1, 2, 2, 2, 2, 0)
                .warnings(0, 2, 0, 0));
    }

    @Test
    void anEWithoutANameClosesTheInnermostBWithoutAWarning() {
        // B a@0, B b@1, E@3 (no name) closes b, E c@5 closes a (mismatched), E@6 (no name) has nothing open.
        // a = 5, excl 3; a/b [1,3] = 2. mismatched 1, unmatched 1.
        check(Trace.of(b(0, "a"), b(1, "b"), e(3, null), e(5, "c"), e(6, null)), new Expect()
                .node("a", 1, 5, 3, 5, 5, 1)
                .node("a/b", 1, 2, 2, 2, 2, 0)
                .warnings(0, 1, 1, 0));
    }

    @Test
    void anEWithoutANameClosesABThatAnXClippedAboveIt() {
        // B a@0, X x@1+5, E@3 (no name): a closes at 3 and clips x (overlap 1), named or not.
        check(Trace.of(b(0, "a"), x(1, 5, "x"), e(3, null)), new Expect()
                .node("a", 1, 3, 1, 3, 3, 1)
                .node("a/x", 1, 2, 2, 2, 2, 0)
                .warnings(1, 0, 0, 0));
    }

    // ---- end of track ----

    @Test
    void anUnclosedBClosesAtTheLargestXEnd() {
        // B a@0, X x@2+8. Largest time: max(0, 2, 2+8) = 10. x closes at 10, then a at 10 (unclosed 1).
        // a = 10, excl 2; a/x = 8.
        check(Trace.of(b(0, "a"), x(2, 8, "x")), new Expect()
                .node("a", 1, 10, 2, 10, 10, 1)
                .node("a/x", 1, 8, 8, 8, 8, 0)
                .warnings(0, 0, 0, 1));
    }

    @Test
    void anUnclosedBClosesAtTheLargestTsEvenOfAnE() {
        // B a@0, B b@1, X x@2+3, E b@12. b [1,12] holds x [2,5]. Largest time max(0,1,2,5,12) = 12: a closes there.
        // a = 12, excl 1; a/b = 11, excl 8; a/b/x = 3. unclosed 1.
        check(Trace.of(b(0, "a"), b(1, "b"), x(2, 3, "x"), e(12, "b")), new Expect()
                .node("a", 1, 12, 1, 12, 12, 1)
                .node("a/b", 1, 11, 8, 11, 11, 1)
                .node("a/b/x", 1, 3, 3, 3, 3, 0)
                .warnings(0, 0, 0, 1));
    }

    @Test
    void unclosedBsCloseInnermostFirstAtTheLargestTime() {
        // B a@0, X q@1+2, B b@5. Largest time max(0, 1, 3, 5) = 5. q closed at 3 (step 1 at t=5);
        // at the end b closes at 5 (0 ns), then a at 5. unclosed 2.
        // a = 5, excl 5-2-0 = 3, sub 2; a/q = 2; a/b = 0.
        check(Trace.of(b(0, "a"), x(1, 2, "q"), b(5, "b")), new Expect()
                .node("a", 1, 5, 3, 5, 5, 2)
                .node("a/q", 1, 2, 2, 2, 2, 0)
                .node("a/b", 1, 0, 0, 0, 0, 0)
                .warnings(0, 0, 0, 2));
    }

    @Test
    void anOpenBAboveAnXIsClippedWhenTheXClosesAtTheEndOfTheTrack() {
        // X x@0+10, B b@3. End of track: x closes at its own end 10 and clips b there (overlap 1);
        // no B is left open afterwards, so no unclosed_begin. x = 10, excl 3; x/b [3,10] = 7.
        check(Trace.of(x(0, 10, "x"), b(3, "b")), new Expect()
                .node("x", 1, 10, 3, 10, 10, 1)
                .node("x/b", 1, 7, 7, 7, 7, 0)
                .warnings(1, 0, 0, 0));
    }

    @Test
    void theLargestTimeCountsTheOwnEndOfAnXEvenWhenTheXWasClipped() {
        // B a@0, X x@2+10, E a@5, B b@6. E a clips x at 5 (overlap 1). b is left open; the largest time of
        // the track's events is max(0, 2, 2+10, 5, 6) = 12, so b closes at 12 (unclosed 1).
        // a = 5, excl 2; a/x = 3; b [6,12] = 6.
        check(Trace.of(b(0, "a"), x(2, 10, "x"), e(5, "a"), b(6, "b")), new Expect()
                .node("a", 1, 5, 2, 5, 5, 1)
                .node("a/x", 1, 3, 3, 3, 3, 0)
                .node("b", 1, 6, 6, 6, 6, 0)
                .warnings(1, 0, 0, 1));
    }

    // ---- tracks and inputs ----

    @Test
    void identicalPathsOfSeveralTracksAndInputsAddUpButTracksNeverCrossInputs() {
        Track t2 = Track.thread("1", "2");
        // Input 0, thread(1,1): a [0,10] with b [1,3]; then B c@20 left open: closes at 20 (its track's
        //   largest time), 0 ns, unclosed 1.
        // Input 0, thread(1,2): a [5,8] with b [6,7].
        // Input 1, thread(1,1) is a new track: E c@25 has no open B (unmatched 1); a [30,31].
        // a: 3 calls 10+3+1 = 14, min 1, max 10, excl 14-(2+1) = 11, sub 2; a/b: 2 calls 2+1 = 3; c: 0.
        check(Trace.inputs(
                        List.of(b(0, "a"), b(1, "b"), e(3, "b"), b(t2, 5, "a"), b(t2, 6, "b"), e(t2, 7, "b"),
                                e(t2, 8, "a"), e(10, "a"), b(20, "c")),
                        List.of(e(25, "c"), b(30, "a"), e(31, "a"))),
                new Expect()
                        .node("a", 3, 14, 11, 1, 10, 2)
                        .node("a/b", 2, 3, 3, 1, 2, 0)
                        .node("c", 1, 0, 0, 0, 0, 0)
                        .warnings(0, 0, 1, 1));
    }

    /** Thread (1,1) and three async tracks whose frames have the thread's names, in file order. */
    private static Trace threadAndAsyncTracks() {
        Track a7 = Track.async("1", "cat", "7");
        Track a8 = Track.async("1", "cat", "8");
        Track a1 = Track.async("1", "", "1"); // not thread(1,1)
        // thread(1,1): a [0,10] with b [2,6]. async 7: b [1,3] at its root (not under the thread's a).
        // async 8: a [4,9] with c [5,6]. async (1,"",1): e [3,4] at its root.
        return Trace.of(b(0, "a"), b(a7, 1, "b"), b(2, "b"), e(a7, 3, "b"), b(a1, 3, "e"), e(a1, 4, "e"),
                b(a8, 4, "a"), b(a8, 5, "c"), e(a8, 6, "c"), e(6, "b"), e(a8, 9, "a"), e(10, "a"));
    }

    @Test
    void asyncTracksAreStacksOfTheirOwnInAPartApartFromTheThreads() {
        // Thread: a = 10, excl 10-4 = 6, sub 1; a/b = 4. Async part: a = 5, excl 4, sub 1; a/c = 1; b = 2; e = 1.
        check(threadAndAsyncTracks(),
                new Expect()
                        .node("a", 1, 10, 6, 10, 10, 1)
                        .node("a/b", 1, 4, 4, 4, 4, 0)
                        .node(TestTrace.ASYNC + "/a", 1, 5, 4, 5, 5, 1)
                        .node(TestTrace.ASYNC + "/a/c", 1, 1, 1, 1, 1, 0)
                        .node(TestTrace.ASYNC + "/b", 1, 2, 2, 2, 2, 0)
                        .node(TestTrace.ASYNC + "/e", 1, 1, 1, 1, 1, 0));
    }

    @Test
    void asyncInsideFoldsTheirFramesIntoTheThreadsTree() {
        // a: 2 calls 10+5 = 15, min 5, max 10, excl 15-4-1 = 10, sub 2; a/b = 4; a/c = 1; b = 2; e = 1.
        Folder folder = new Folder(FoldOptions.defaults().withAsync(AsyncMode.INSIDE));
        TestTrace.feed(threadAndAsyncTracks(), folder);
        assertEquals(new Expect()
                        .node("a", 2, 15, 10, 5, 10, 2)
                        .node("a/b", 1, 4, 4, 4, 4, 0)
                        .node("a/c", 1, 1, 1, 1, 1, 0)
                        .node("b", 1, 2, 2, 2, 2, 0)
                        .node("e", 1, 1, 1, 1, 1, 0).folded().render(),
                TestTrace.snapshot(folder).render());
        assertFalse(folder.tree().hasAsyncPart());
    }

    @Test
    void asyncOffLeavesTheirEventsOutAsNotes() {
        Folder folder = new Folder(FoldOptions.defaults().withAsync(AsyncMode.OFF));
        TestTrace.feed(threadAndAsyncTracks(), folder);
        assertEquals(new Expect()
                        .node("a", 1, 10, 6, 10, 10, 1)
                        .node("a/b", 1, 4, 4, 4, 4, 0).folded().render(),
                TestTrace.snapshot(folder).render());
        assertEquals(8, folder.diagnostics().noteCount(AsyncMode.NOTE_OFF), "one note per b and e event");
    }

    // ---- times and metrics ----

    @Test
    void hugeEpochTimestampsStayExactToTheNanosecond() {
        long t0 = 1_795_000_000_000_000_000L; // a double's ulp is 256 ns here
        // B a@t0, X b@t0+1+3, E a@t0+10; B c@t0+20, X d@t0+21+1e9, c left open.
        // a = 10, excl 7; a/b = 3. End: d closes at t0+21+1e9, c at the largest time, the same:
        // c = 1e9+1, excl 1; c/d = 1e9. unclosed 1.
        check(Trace.of(b(t0, "a"), x(t0 + 1, 3, "b"), e(t0 + 10, "a"), b(t0 + 20, "c"),
                        x(t0 + 21, 1_000_000_000L, "d")),
                new Expect()
                        .node("a", 1, 10, 7, 10, 10, 1)
                        .node("a/b", 1, 3, 3, 3, 3, 0)
                        .node("c", 1, 1_000_000_001L, 1, 1_000_000_001L, 1_000_000_001L, 1)
                        .node("c/d", 1, 1_000_000_000L, 1_000_000_000L, 1_000_000_000L, 1_000_000_000L, 0)
                        .warnings(0, 0, 0, 1));
    }

    @Test
    void minAndMaxAreThoseOfSingleCalls() {
        // a [0,2] = 2, [10,17] = 7, X a@20+4 = 4: calls 3, incl 13, min 2, max 7.
        check(Trace.of(b(0, "a"), e(2, "a"), b(10, "a"), e(17, "a"), x(20, 4, "a")), new Expect()
                .node("a", 3, 13, 13, 2, 7, 0));
    }

    @Test
    void subcallsCountDirectChildCallsOnly() {
        // B a@0, X b@1+1, X b@3+1, X c@5+1, X d@5+0, X b@7+1, E a@10. d (0) opens after c (1) at 5: c's child.
        // a = 10, excl 10-3-1 = 6, sub 3 (b) + 1 (c) = 4; a/b: 3 calls, 3; a/c = 1, excl 1, sub 1; a/c/d = 0.
        check(Trace.of(b(0, "a"), x(1, 1, "b"), x(3, 1, "b"), x(5, 1, "c"), x(5, 0, "d"), x(7, 1, "b"),
                        e(10, "a")),
                new Expect()
                        .node("a", 1, 10, 6, 10, 10, 4)
                        .node("a/b", 3, 3, 3, 1, 1, 0)
                        .node("a/c", 1, 1, 1, 1, 1, 1)
                        .node("a/c/d", 1, 0, 0, 0, 0, 0));
    }

    // ---- helpers ----

    /** Expected nodes and fold warnings, written by hand. */
    private static final class Expect {
        private final Map<List<String>, Stats> nodes = new LinkedHashMap<>();
        private final Map<String, Long> warnings = new LinkedHashMap<>();

        Expect() {
            warnings(0, 0, 0, 0);
        }

        /** {@code path} is region names joined by "/". */
        Expect node(String path, long calls, long inclusive, long exclusive, long min, long max, long subcalls) {
            nodes.put(List.of(path.split("/")), new Stats(calls, inclusive, exclusive, min, max, subcalls));
            return this;
        }

        Expect warnings(long overlap, long mismatchedEnd, long unmatchedEnd, long unclosedBegin) {
            warnings.put(Diagnostics.OVERLAP, overlap);
            warnings.put(Diagnostics.MISMATCHED_END, mismatchedEnd);
            warnings.put(Diagnostics.UNMATCHED_END, unmatchedEnd);
            warnings.put(Diagnostics.UNCLOSED_BEGIN, unclosedBegin);
            return this;
        }

        Folded folded() {
            return new Folded(nodes, warnings);
        }
    }

    private static void check(Trace trace, Expect expect) {
        String expected = expect.folded().render();
        Folder folder = TestTrace.fold(trace);
        assertAll(
                () -> assertEquals(expected, TestTrace.snapshot(folder).render(), "Folder on" + trace),
                () -> assertEquals(expected, TestTrace.snapshot(folder.toProfile().tree(), folder.diagnostics()).render(),
                        "Folder.toProfile() on" + trace),
                () -> assertEquals(expected, ReferenceReplay.replay(trace).render(), "ReferenceReplay on" + trace),
                () -> assertEquals(folder.diagnostics().warningCount(), expect.warnings.values().stream()
                        .mapToLong(Long::longValue).sum(), "no other warnings: " + folder.diagnostics().warnings()));
    }

    @Test
    void warningsNameTheBeginAndEndPhasesOfTheirKindOfTrack() {
        // The same stray end, mismatched end and unclosed begin on a thread and on an async track.
        for (boolean async : new boolean[]{false, true}) {
            Folder folder = new Folder();
            folder.beginInput("t.json");
            int track = async ? folder.asyncTrack("1", "c", "7") : folder.thread("1", "1");
            folder.end(track, 1_000, folder.frames().names().intern("stray"));
            folder.begin(track, 2_000, folder.frames().intern("a"));
            folder.end(track, 3_000, folder.frames().names().intern("z"));
            folder.end(track, 3_500, EventSink.NO_NAME);
            folder.begin(track, 4_000, folder.frames().intern("open"));
            folder.endInput();
            String b = async ? "b" : "B";
            String e = async ? "e" : "E";
            String label = async ? "async pid 1 cat c id 7" : "pid 1 tid 1";
            Map<String, Diagnostics.Entry> w = folder.diagnostics().warnings();
            assertEquals(List.of("t.json: " + label + ": " + e + " 'stray' at 1 us with no open " + b,
                    "t.json: " + label + ": " + e + " without a name at 3.5 us with no open " + b),
                    w.get(Diagnostics.UNMATCHED_END).examples());
            assertEquals(List.of("t.json: " + label + ": " + e + " 'z' at 3 us closes " + b + " 'a'"),
                    w.get(Diagnostics.MISMATCHED_END).examples());
            assertEquals(List.of("t.json: " + label + " depth 0: " + b + " 'open' never ended; closed at the track's"
                    + " last time 4 us"), w.get(Diagnostics.UNCLOSED_BEGIN).examples());
        }
    }
}
