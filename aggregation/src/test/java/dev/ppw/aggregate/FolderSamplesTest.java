package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.EventSink;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.ThreadMode;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static dev.ppw.aggregate.MergeInputs.ALLOCATED;
import static dev.ppw.aggregate.TestTrees.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Stack samples (SEMANTICS.md section 2, sampled inputs) folded by {@link Folder#sample}: each adds its
 * weight to every node of its stack's inclusive value and its leaf's exclusive value, one call each, no
 * per-call min or max; per input, after the input's tracks; per pid when split; under the thread's top
 * level when threads are split; weights other than time in columns of their own.
 */
class FolderSamplesTest {
    /** One sample: thread (pid, tid), stack outermost first, weight in {@code metric}. */
    record Sample(String pid, String tid, List<String> stack, Metric metric, long amount) {
        static Sample time(String pid, String tid, long nanos, String... stack) {
            return new Sample(pid, tid, List.of(stack), SampleWeights.TIME, nanos);
        }
    }

    /** One input of samples, and X events (region, start, duration) on thread (1, 1) after them. */
    private static void feed(EventSink sink, String input, List<Sample> samples, Object... xs) {
        sink.beginInput(input);
        long ts = 0;
        for (Sample s : samples) {
            int[] frames = s.stack().stream().mapToInt(name -> sink.frames().intern(name)).toArray();
            sink.sample(sink.thread(s.pid(), s.tid()), ts++, s.metric(), s.amount(), frames, frames.length);
        }
        for (int i = 0; i < xs.length; i += 3) {
            sink.complete(sink.thread("1", "1"), (Long) xs[i + 1], (Long) xs[i + 2], sink.frames().intern((String) xs[i]));
        }
        sink.endInput();
    }

    private static final List<Sample> MAIN = List.of(Sample.time("1", "1", 10, "main", "a"),
            Sample.time("1", "1", 5, "main", "a", "b"), Sample.time("1", "1", 2, "main"),
            Sample.time("1", "1", 3, "main", "c"));

    @Test
    void eachSampleAddsItsWeightUpItsStackAndOneCallPerNodeWithoutMinOrMax() {
        Folder folder = new Folder();
        folder.beginInput("s.txt");
        folder.sample(folder.thread("1", "1"), 0, SampleWeights.TIME, 7, new int[0], 0);
        folder.endInput();
        feed(folder, "t.txt", MAIN);
        assertEquals(List.of(
                "[samples] main: calls=4 sub=3 incl=20 excl=2 min=-1 max=-1",
                "[samples] main => a: calls=2 sub=1 incl=15 excl=10 min=-1 max=-1",
                "[samples] main => a => b: calls=1 sub=0 incl=5 excl=5 min=-1 max=-1",
                "[samples] main => c: calls=1 sub=0 incl=3 excl=3 min=-1 max=-1"), rows(folder.tree()));
        assertEquals(1, folder.diagnostics().noteCount("empty_stack"));
    }

    @Test
    void aCountedSampleIsThatManySingleSamples() {
        Folder counted = new Folder();
        counted.beginInput("folded.txt");
        int[] stack = {counted.frames().intern("main"), counted.frames().intern("a")};
        counted.sample(counted.thread("", ""), 0, SampleWeights.TIME, 42, 42, stack, 2);
        counted.sample(counted.thread("", ""), 0, ALLOCATED, 4096, 3, stack, 1);
        counted.endInput();
        Folder single = new Folder();
        single.beginInput("folded.txt");
        int[] same = {single.frames().intern("main"), single.frames().intern("a")};
        for (int i = 0; i < 42; i++) {
            single.sample(single.thread("", ""), 0, SampleWeights.TIME, 1, same, 2);
        }
        for (int i = 0; i < 3; i++) {
            single.sample(single.thread("", ""), 0, ALLOCATED, i == 0 ? 4096 : 0, same, 1);
        }
        single.endInput();
        assertEquals(rows(single.tree()), rows(counted.tree()));
        assertEquals(List.of("[samples] main: calls=45 sub=42 incl=42 excl=0 min=-1 max=-1",
                "[samples] main => a: calls=42 sub=0 incl=42 excl=42 min=-1 max=-1"), rows(counted.tree()));
        assertEquals(4096, counted.tree().exclusive(1, ALLOCATED));
    }

    @Test
    void aWeightOfCallsAddsToTheCallsOpenWithoutCountingAny() {
        Folder folder = new Folder();
        folder.beginInput("lttng.txt");
        int track = folder.thread("5", "6");
        int main = folder.frames().intern("main");
        int fill = folder.frames().intern("fill");
        folder.begin(track, 100, main);
        folder.begin(track, 200, fill);
        folder.weigh(track, 250, ALLOCATED, 64, new int[] {main, fill}, 2);
        folder.end(track, 300, EventSink.NO_NAME);
        folder.weigh(track, 350, ALLOCATED, 8, new int[] {main}, 1);
        folder.end(track, 400, EventSink.NO_NAME);
        folder.endInput();
        assertEquals(List.of("main: calls=1 sub=1 incl=300 excl=200 min=300 max=300",
                "main => fill: calls=1 sub=0 incl=100 excl=100 min=100 max=100"), rows(folder.tree()));
        assertEquals(72, folder.tree().inclusive(1, ALLOCATED));
        assertEquals(8, folder.tree().exclusive(1, ALLOCATED));
        assertEquals(64, folder.tree().exclusive(2, ALLOCATED));
    }

    @Test
    void anInputsSamplesJoinAfterItsTracksAndInputsAssociate() {
        List<Sample> second = List.of(Sample.time("1", "2", 4, "main", "z"), Sample.time("2", "1", 1, "y"));
        Folder sequential = new Folder().withWorkers(TestWorkers.of(2), 1);
        feed(sequential, "one.txt", MAIN, "y", 0L, 10L, "main", 20L, 5L);
        feed(sequential, "two.txt", second, "x", 0L, 1L);
        Folder one = new Folder();
        feed(one, "one.txt", MAIN, "y", 0L, 10L, "main", 20L, 5L);
        Folder two = new Folder();
        feed(two, "two.txt", second, "x", 0L, 1L);
        one.absorb(two);
        // The traced main and the sampled main are two roots: one per part.
        List<String> expected = List.of(
                "y: calls=1 sub=0 incl=10 excl=10 min=10 max=10",
                "main: calls=1 sub=0 incl=5 excl=5 min=5 max=5",
                "[samples] main: calls=5 sub=4 incl=24 excl=2 min=-1 max=-1",
                "[samples] main => a: calls=2 sub=1 incl=15 excl=10 min=-1 max=-1",
                "[samples] main => a => b: calls=1 sub=0 incl=5 excl=5 min=-1 max=-1",
                "[samples] main => c: calls=1 sub=0 incl=3 excl=3 min=-1 max=-1",
                "[samples] main => z: calls=1 sub=0 incl=4 excl=4 min=-1 max=-1",
                "x: calls=1 sub=0 incl=1 excl=1 min=1 max=1",
                "[samples] y: calls=1 sub=0 incl=1 excl=1 min=-1 max=-1");
        assertEquals(expected, rows(sequential.tree()));
        assertEquals(expected, rows(one.tree()));
        assertEquals(FolderMemoryPropertiesTest.dump(sequential), FolderMemoryPropertiesTest.dump(one));
    }

    @Test
    void splitByPidEveryPidWithSamplesIsANodeInTrackOrder() {
        Folder folder = new Folder(true);
        feed(folder, "t.txt", List.of(Sample.time("7", "1", 3, "idle"), Sample.time("1", "1", 2, "main")),
                "main", 0L, 10L);
        assertEquals(List.of("7", "1"), folder.nodePids());
        assertEquals(List.of("[samples] idle: calls=1 sub=0 incl=3 excl=3 min=-1 max=-1"),
                rows(folder.nodeProfiles().get(0).tree()));
        assertEquals(List.of("main: calls=1 sub=0 incl=10 excl=10 min=10 max=10",
                        "[samples] main: calls=1 sub=0 incl=2 excl=2 min=-1 max=-1"),
                rows(folder.nodeProfiles().get(1).tree()));
    }

    @Test
    void splitThreadsPutSamplesUnderTheirThreadsTopLevel() {
        Folder folder = new Folder(FoldOptions.defaults().withThreads(ThreadMode.SPLIT));
        feed(folder, "t.txt", List.of(Sample.time("1", "1", 3, "main", "a"), Sample.time("1", "2", 4, "work"),
                Sample.time("1", "1", 1, "main")));
        folder.threadName("1", "1", "ui");
        assertEquals(List.of(
                "[samples] ui: calls=2 sub=2 incl=4 excl=0 min=-1 max=-1",
                "[samples] ui => main: calls=2 sub=1 incl=4 excl=1 min=-1 max=-1",
                "[samples] ui => main => a: calls=1 sub=0 incl=3 excl=3 min=-1 max=-1",
                "[samples] pid 1 tid 2: calls=1 sub=1 incl=4 excl=0 min=-1 max=-1",
                "[samples] pid 1 tid 2 => work: calls=1 sub=0 incl=4 excl=4 min=-1 max=-1"), rows(folder.tree()));
    }

    @Test
    void aBytesWeightFillsItsOwnColumnsAndNoTime() {
        Folder folder = new Folder();
        feed(folder, "alloc.txt", List.of(new Sample("1", "1", List.of("main", "alloc"), ALLOCATED, 4096),
                new Sample("1", "1", List.of("main"), ALLOCATED, 64)));
        CallTree tree = folder.tree();
        assertEquals(List.of(MetricGroup.ofWeight(ALLOCATED)), tree.metricGroups());
        assertEquals(List.of(
                "[samples] main: calls=2 sub=1 incl=0 excl=0 min=-1 max=-1",
                "[samples] main => alloc: calls=1 sub=0 incl=0 excl=0 min=-1 max=-1"), rows(tree));
        assertEquals(List.of(4160L, 64L, 4096L, 4096L), List.of(tree.inclusive(1, ALLOCATED), tree.exclusive(1, ALLOCATED),
                tree.inclusive(2, ALLOCATED), tree.exclusive(2, ALLOCATED)));
    }

    @Test
    void samplesInAnyOrderOfInputsAndWithinThemGiveTheSameTree() {
        qt().withExamples(200).forAll(lists().of(integers().between(0, 9_999)).ofSizeBetween(0, 30), longs().all())
                .checkAssert((seeds, shuffle) -> {
                    List<List<Sample>> inputs = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                    for (int s : seeds) {
                        List<String> stack = new ArrayList<>();
                        for (int d = 0; d <= s % 4; d++) {
                            stack.add("r" + (s / (d + 1)) % 3);
                        }
                        inputs.get(s % 3).add(new Sample(Integer.toString(s / 7 % 2), "1", stack,
                                s % 5 == 0 ? ALLOCATED : SampleWeights.TIME, s % 97));
                    }
                    Folder inOrder = new Folder();
                    for (int i = 0; i < inputs.size(); i++) {
                        feed(inOrder, "in" + i, inputs.get(i));
                    }
                    Random random = new Random(shuffle);
                    List<List<Sample>> shuffled = new ArrayList<>();
                    for (List<Sample> in : inputs) {
                        List<Sample> copy = new ArrayList<>(in);
                        Collections.shuffle(copy, random);
                        shuffled.add(copy);
                    }
                    Collections.shuffle(shuffled, random);
                    Folder anyOrder = new Folder();
                    for (int i = 0; i < shuffled.size(); i++) {
                        feed(anyOrder, "in" + i, shuffled.get(i));
                    }
                    assertEquals(byPath(inOrder.tree()), byPath(anyOrder.tree()));
                });
    }

    /** Path to every metric, weights included, in path order. */
    private static Map<String, String> byPath(CallTree tree) {
        Map<String, String> rows = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            String weights = tree.has(MetricGroup.ofWeight(ALLOCATED))
                    ? " bytes=" + tree.inclusive(n, ALLOCATED) + "/" + tree.exclusive(n, ALLOCATED) : "";
            rows.put(tree.path(n, " => "), TestTrees.metrics(tree, n) + weights);
        }
        return rows;
    }
}
