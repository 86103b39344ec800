package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Ev;
import dev.ppw.aggregate.TestTrace.Track;
import dev.ppw.model.ThreadMode;
import org.junit.jupiter.api.Test;

import dev.ppw.model.CallTree;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.TestTrees.rows;
import static dev.ppw.aggregate.TestTrace.b;
import static dev.ppw.aggregate.TestTrace.e;
import static dev.ppw.aggregate.TestTrace.x;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/** {@link ThreadMode#SPLIT}: each thread a top level named after it, async tracks under one per process. */
class FolderThreadsTest {
    private static final Track T2 = Track.thread("1", "2");
    private static final Track T3 = Track.thread("2", "7");
    private static final Track ASYNC = Track.async("1", "net", "42");

    // Thread (1,1): a [0,10] holding b [2,5], then X c@20+5. Thread (1,2): a [1,4]. Async (1,net,42): r [3,9].
    private static final List<Ev> EVENTS = List.of(b(0, "a"), b(T2, 1, "a"), b(2, "b"), b(ASYNC, 3, "r"),
            e(T2, 4, "a"), e(5, "b"), e(ASYNC, 9, "r"), e(10, "a"), x(20, 5, "c"));

    @Test
    void eachThreadIsATopLevelNamedWhenTheTreeIsTakenSoNamesMayComeLast() {
        Folder folder = split();
        folder.beginInput("t.json");
        feed(folder, EVENTS);
        folder.endInput();
        // M events after every timed event, as PerfFlowAspect writes them at exit.
        folder.threadName("1", "1", "main");
        folder.processName("1", "server");
        // main: one call of (10 + 5) ns, the sum of its track's top frames; no time of its own.
        assertEquals(List.of(
                "main: calls=1 sub=2 incl=15 excl=0 min=15 max=15",
                "main => a: calls=1 sub=1 incl=10 excl=7 min=10 max=10",
                "main => a => b: calls=1 sub=0 incl=3 excl=3 min=3 max=3",
                "main => c: calls=1 sub=0 incl=5 excl=5 min=5 max=5",
                "pid 1 tid 2: calls=1 sub=1 incl=3 excl=0 min=3 max=3",
                "pid 1 tid 2 => a: calls=1 sub=0 incl=3 excl=3 min=3 max=3",
                "[async] async server: calls=1 sub=1 incl=6 excl=0 min=6 max=6",
                "[async] async server => r: calls=1 sub=0 incl=6 excl=6 min=6 max=6"), rows(folder.tree()));
        FolderPropertiesTest.assertInvariants(folder.tree(), " split threads");
        assertEquals(rows(folder.tree()), rows(folder.toProfile().tree()));
    }

    @Test
    void unnamedThreadsAreToldApartByPidAndTidAndSoAreNamesakes() {
        Folder folder = split();
        folder.beginInput("t.json");
        feed(folder, List.of(x(0, 4, "a"), x(T2, 0, 2, "a"), x(T3, 0, 1, "a"), b(ASYNC, 0, "r"), e(ASYNC, 1, "r")));
        folder.endInput();
        assertEquals(List.of(
                "pid 1 tid 1: calls=1 sub=1 incl=4 excl=0 min=4 max=4",
                "pid 1 tid 1 => a: calls=1 sub=0 incl=4 excl=4 min=4 max=4",
                "pid 1 tid 2: calls=1 sub=1 incl=2 excl=0 min=2 max=2",
                "pid 1 tid 2 => a: calls=1 sub=0 incl=2 excl=2 min=2 max=2",
                "pid 2 tid 7: calls=1 sub=1 incl=1 excl=0 min=1 max=1",
                "pid 2 tid 7 => a: calls=1 sub=0 incl=1 excl=1 min=1 max=1",
                "[async] async pid 1: calls=1 sub=1 incl=1 excl=0 min=1 max=1",
                "[async] async pid 1 => r: calls=1 sub=0 incl=1 excl=1 min=1 max=1"), rows(folder.tree()));
        folder.threadName("1", "2", "worker");
        folder.threadName("2", "7", "worker");
        // A thread is its (pid, tid): two workers stay two top levels, their name telling which is which.
        assertEquals(List.of(
                "pid 1 tid 1: calls=1 sub=1 incl=4 excl=0 min=4 max=4",
                "pid 1 tid 1 => a: calls=1 sub=0 incl=4 excl=4 min=4 max=4",
                "worker (pid 1 tid 2): calls=1 sub=1 incl=2 excl=0 min=2 max=2",
                "worker (pid 1 tid 2) => a: calls=1 sub=0 incl=2 excl=2 min=2 max=2",
                "worker (pid 2 tid 7): calls=1 sub=1 incl=1 excl=0 min=1 max=1",
                "worker (pid 2 tid 7) => a: calls=1 sub=0 incl=1 excl=1 min=1 max=1",
                "[async] async pid 1: calls=1 sub=1 incl=1 excl=0 min=1 max=1",
                "[async] async pid 1 => r: calls=1 sub=0 incl=1 excl=1 min=1 max=1"), rows(folder.tree()));
    }

    @Test
    void byNameNamesakesShareATopLevel() {
        Folder folder = new Folder(FoldOptions.defaults().withThreads(ThreadMode.BY_NAME));
        folder.beginInput("t.json");
        feed(folder, List.of(x(0, 4, "a"), x(T2, 0, 2, "a"), x(T3, 0, 1, "a"), b(ASYNC, 0, "r"), e(ASYNC, 1, "r")));
        folder.endInput();
        folder.threadName("1", "2", "worker");
        folder.threadName("2", "7", "worker");
        assertEquals(List.of(
                "pid 1 tid 1: calls=1 sub=1 incl=4 excl=0 min=4 max=4",
                "pid 1 tid 1 => a: calls=1 sub=0 incl=4 excl=4 min=4 max=4",
                "worker: calls=2 sub=2 incl=3 excl=0 min=1 max=2",
                "worker => a: calls=2 sub=0 incl=3 excl=3 min=1 max=2",
                "[async] async pid 1: calls=1 sub=1 incl=1 excl=0 min=1 max=1",
                "[async] async pid 1 => r: calls=1 sub=0 incl=1 excl=1 min=1 max=1"), rows(folder.tree()));
    }

    @Test
    void theSameThreadInTwoInputsIsOneTopLevelWithACallPerInput() {
        Folder folder = split();
        FolderMemoryPropertiesTest.feedInput("one.json", List.of(x(0, 4, "a")), folder);
        FolderMemoryPropertiesTest.feedInput("two.json", List.of(x(0, 6, "a"), x(10, 1, "b")), folder);
        assertEquals(List.of(
                "pid 1 tid 1: calls=2 sub=3 incl=11 excl=0 min=4 max=7",
                "pid 1 tid 1 => a: calls=2 sub=0 incl=10 excl=10 min=4 max=6",
                "pid 1 tid 1 => b: calls=1 sub=0 incl=1 excl=1 min=1 max=1"), rows(folder.tree()));
    }

    @Test
    void splitByPidNamesEachPidTreesTopLevelsWhenItsInputEnds() {
        Folder folder = new Folder(FoldOptions.defaults().withSplitByPid(true).withThreads(ThreadMode.SPLIT));
        folder.beginInput("t.json");
        feed(folder, List.of(x(0, 4, "a"), x(T3, 0, 1, "b")));
        folder.threadName("2", "7", "io");
        folder.endInput();
        assertEquals(List.of("1", "2"), folder.nodePids());
        assertEquals(List.of(
                "pid 1 tid 1: calls=1 sub=1 incl=4 excl=0 min=4 max=4",
                "pid 1 tid 1 => a: calls=1 sub=0 incl=4 excl=4 min=4 max=4"), rows(folder.nodeProfiles().get(0).tree()));
        assertEquals(List.of(
                "io: calls=1 sub=1 incl=1 excl=0 min=1 max=1",
                "io => b: calls=1 sub=0 incl=1 excl=1 min=1 max=1"), rows(folder.nodeProfiles().get(1).tree()));
    }

    @Test
    void eachThreadIsATreeOfItsOwnAndTheirSumIsTheTreeOfMergedThreads() {
        Folder folder = split();
        folder.beginInput("t.json");
        feed(folder, EVENTS);
        folder.endInput();
        folder.threadName("1", "1", "main");
        List<CallTree> parts = ThreadTrees.each(folder.tree());
        assertEquals(List.of(
                "a: calls=1 sub=1 incl=10 excl=7 min=10 max=10",
                "a => b: calls=1 sub=0 incl=3 excl=3 min=3 max=3",
                "c: calls=1 sub=0 incl=5 excl=5 min=5 max=5"), rows(parts.get(0)));
        assertEquals(List.of("a: calls=1 sub=0 incl=3 excl=3 min=3 max=3"), rows(parts.get(1)));
        // the async tracks' top level keeps them in the async part
        assertEquals(List.of("[async] r: calls=1 sub=0 incl=6 excl=6 min=6 max=6"), rows(parts.get(2)));
        assertEquals(3, parts.size());

        Folder merged = new Folder();
        merged.beginInput("t.json");
        feed(merged, EVENTS);
        merged.endInput();
        assertEquals(rows(merged.tree()), rows(ThreadTrees.summed(folder.tree())));
    }

    @Test
    void anyTraceSplitByThreadSumsBackToTheTreeOfMergedThreads() {
        qt().withExamples(300).forAll(lists().of(integers().between(0, TraceGenerator.SOUP_OP_MAX))
                .ofSizeBetween(0, 40)).checkAssert(ops -> {
                    TestTrace.Trace trace = TraceGenerator.soup(ops, 0);
                    Folder apart = split();
                    TestTrace.feed(trace, apart);
                    Map<String, TestTrees.Metrics> expected = byPartAndPath(TestTrace.fold(trace).tree());
                    assertEquals(expected, byPartAndPath(ThreadTrees.summed(apart.tree())), "on" + trace);
                    Map<String, TestTrees.Metrics> added = new HashMap<>();
                    for (CallTree part : ThreadTrees.each(apart.tree())) {
                        byPartAndPath(part).forEach((path, m) -> added.merge(path, m, FolderThreadsTest::plus));
                    }
                    assertEquals(expected, added, "the threads added up, on" + trace);
                });
    }

    @Test
    void mergedThreadsHaveNoTopLevel() {
        Folder folder = new Folder();
        folder.beginInput("t.json");
        feed(folder, EVENTS);
        folder.endInput();
        assertEquals(List.of(
                "a: calls=2 sub=1 incl=13 excl=10 min=3 max=10",
                "a => b: calls=1 sub=0 incl=3 excl=3 min=3 max=3",
                "c: calls=1 sub=0 incl=5 excl=5 min=5 max=5",
                "[async] r: calls=1 sub=0 incl=6 excl=6 min=6 max=6"), rows(folder.tree()));
    }

    /** A tree's nodes keyed by part and path (a path may be in both parts), asserting each key is one node. */
    private static Map<String, TestTrees.Metrics> byPartAndPath(CallTree tree) {
        Map<String, TestTrees.Metrics> nodes = new HashMap<>();
        for (int n = 1; n < tree.size(); n++) {
            String key = tree.part(n).label() + " " + tree.path(n, " => ");
            assertEquals(null, nodes.put(key, TestTrees.metrics(tree, n)), "one node per part and path: " + key);
        }
        return nodes;
    }

    /** Two nodes' metrics added as TreeAdd adds them: sums, min of the set minima, max of the maxima. */
    private static TestTrees.Metrics plus(TestTrees.Metrics a, TestTrees.Metrics b) {
        long min = a.min() == CallTree.UNSET ? b.min() : b.min() == CallTree.UNSET ? a.min() : Math.min(a.min(), b.min());
        return new TestTrees.Metrics(a.calls() + b.calls(), a.subcalls() + b.subcalls(), a.inclusive() + b.inclusive(),
                a.exclusive() + b.exclusive(), min, Math.max(a.max(), b.max()));
    }

    private static Folder split() {
        return new Folder(FoldOptions.defaults().withThreads(ThreadMode.SPLIT).withSpillDirectory(Path.of(
                System.getProperty("java.io.tmpdir"))));
    }

    private static void feed(Folder folder, List<Ev> events) {
        for (Ev ev : events) {
            Track t = ev.track();
            int track = t.async() ? folder.asyncTrack(t.pid(), t.tidOrCat(), t.id()) : folder.thread(t.pid(), t.tidOrCat());
            switch (ev.ph()) {
                case 'B' -> folder.begin(track, ev.tsNanos(), folder.frames().intern(ev.name()));
                case 'E' -> folder.end(track, ev.tsNanos(), TestTrace.endName(folder, ev));
                default -> folder.complete(track, ev.tsNanos(), ev.durNanos(), folder.frames().intern(ev.name()));
            }
        }
    }
}
