package dev.ppw.engine;

import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * {@link LiveFold}: calls pushed by several threads fold to what the same calls give as a trace, and snapshots taken
 * while they are pushed are whole states, growing.
 */
class LiveFoldTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final List<String> NAMES = List.of("main", "solve", "io", "step", "wait");

    /** One thread's calls: begins (name index) and ends, with non-decreasing times in ns. */
    private record Event(boolean begin, int name, long ns) {
    }

    private static List<Event> calls(SplittableRandom r, int count) {
        List<Event> events = new ArrayList<>();
        long t = r.nextLong(0, 1_000);
        int open = 0;
        for (int i = 0; i < count; i++) {
            // Equal times are common: they test the order of begins and ends at one time.
            t += r.nextInt(3) == 0 ? 0 : r.nextLong(1, 5_000);
            if (open > 0 && (open > 6 || r.nextBoolean())) {
                events.add(new Event(false, -1, t));
                open--;
            } else {
                events.add(new Event(true, r.nextInt(NAMES.size()), t));
                open++;
            }
        }
        return events;
    }

    /**
     * The calls of each thread as a Chrome trace of B and E events, times in µs with three decimals; the tracks
     * marked async as b and e events of the async track (pid 1, cat "c", id the track's number).
     */
    private static byte[] trace(List<List<Event>> threads, boolean[] async) {
        StringBuilder b = new StringBuilder("[\n");
        for (int tid = 0; tid < threads.size(); tid++) {
            List<Integer> stack = new ArrayList<>();
            for (Event e : threads.get(tid)) {
                String ts = (e.ns() / 1000) + "." + String.format("%03d", e.ns() % 1000);
                String track = async[tid] ? "\"cat\":\"c\",\"id\":" + tid + ",\"pid\":1,\"tid\":99"
                        : "\"pid\":1,\"tid\":" + tid;
                int name = e.begin() ? e.name() : stack.remove(stack.size() - 1);
                if (e.begin()) {
                    stack.add(name);
                }
                String ph = async[tid] ? (e.begin() ? "b" : "e") : (e.begin() ? "B" : "E");
                b.append("{\"name\":\"").append(NAMES.get(name)).append("\",\"ph\":\"").append(ph).append("\",")
                        .append(track).append(",\"ts\":").append(ts).append("},\n");
            }
        }
        return b.append("{}]\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void push(LiveFold fold, LiveFold.Lane lane, List<Event> events) {
        for (Event e : events) {
            if (e.begin()) {
                lane.begin(fold.frame(NAMES.get(e.name())), e.ns());
            } else {
                lane.end(e.ns());
            }
        }
    }

    /** Thread lanes and async lanes alike: each track of a trace, its calls in their part. */
    @Test
    void callsPushedByThreadsFoldAsTheSameCallsInATrace() {
        qt().withExamples(60).forAll(longs().all(), integers().between(1, 4), integers().between(0, 120))
                .checkAssert((seed, threads, count) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    List<List<Event>> calls = new ArrayList<>();
                    boolean[] async = new boolean[threads];
                    for (int t = 0; t < threads; t++) {
                        calls.add(calls(r, count));
                        async[t] = r.nextInt(3) == 0;
                    }
                    ViewSpec view = r.nextBoolean() ? ViewSpec.TREE : ViewSpec.FLAT;
                    LiveFold fold = ENGINE.liveFold("live", view, RowOptions.defaults());
                    ExecutorService pushers = Executors.newFixedThreadPool(threads);
                    try {
                        List<Future<?>> done = new ArrayList<>();
                        for (int t = 0; t < threads; t++) {
                            List<Event> mine = calls.get(t);
                            LiveFold.Lane lane = async[t] ? fold.asyncLane("1", "c", Integer.toString(t))
                                    : fold.lane("1", Integer.toString(t), null);
                            boolean close = r.nextBoolean();
                            done.add(pushers.submit(() -> {
                                push(fold, lane, mine);
                                if (close) {
                                    lane.close();
                                }
                            }));
                        }
                        for (Future<?> f : done) {
                            f.get(30, TimeUnit.SECONDS);
                        }
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    } finally {
                        pushers.shutdownNow();
                    }
                    AnalysisResult live = fold.snapshot();
                    AnalysisResult traced = ENGINE.analyze(Analysis.profile(List.of(InputSource.of("live",
                            trace(calls, async)))).withView(view));
                    assertEquals(rows(traced.profile()), rows(live.profile()), "seed " + seed);
                    assertEquals(traced.diagnostics().warningCount(dev.ppw.model.Diagnostics.UNCLOSED_BEGIN),
                            live.diagnostics().warningCount(dev.ppw.model.Diagnostics.UNCLOSED_BEGIN), "seed " + seed);
                });
    }

    /** Each row's part, path, calls, subcalls, inclusive and exclusive time, min and max, in row order. */
    private static List<String> rows(Profile p) {
        CallTree t = p.tree();
        List<String> rows = new ArrayList<>();
        for (int n = 1; n < t.size(); n++) {
            rows.add(t.part(n) + " " + t.path(n, " => ") + " " + t.calls(n) + " " + t.subcalls(n) + " " + t.inclusiveNanos(n) + " "
                    + t.exclusiveNanos(n) + " " + t.minInclusiveNanos(n) + " " + t.maxInclusiveNanos(n));
        }
        rows.sort(null);
        return rows;
    }

    @Test
    void snapshotsTakenWhileThreadsPushAreWholeAndGrow() throws Exception {
        LiveFold fold = ENGINE.liveFold("live", ViewSpec.TREE, RowOptions.defaults());
        int outer = fold.frame("outer");
        int inner = fold.frame("inner");
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(2);
        ExecutorService pushers = Executors.newFixedThreadPool(2);
        try {
            List<Future<Long>> pushed = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                LiveFold.Lane lane = fold.lane("1", Integer.toString(t), "worker " + t);
                pushed.add(pushers.submit(() -> {
                    long ns = 0;
                    long calls = 0;
                    started.countDown();
                    // Each outer call has exactly two inner calls of 1 ns: any whole state keeps that ratio.
                    while (!stop.get() || calls < 1000) {
                        lane.begin(outer, ns);
                        lane.begin(inner, ns);
                        lane.end(ns + 1);
                        lane.begin(inner, ns + 1);
                        lane.end(ns + 2);
                        lane.end(ns + 3);
                        ns += 3;
                        calls++;
                    }
                    lane.close();
                    return calls;
                }));
            }
            assertTrue(started.await(30, TimeUnit.SECONDS));
            long lastTotal = 0;
            for (int i = 0; i < 20; i++) {
                Profile p = fold.snapshot().profile();
                CallTree t = p.tree();
                int o = t.findChild(CallTree.ROOT, t.frames().intern("outer"));
                if (o != CallTree.NONE) {
                    int in = t.findChild(o, t.frames().intern("inner"));
                    // An outer call open in a copy is closed at the last time, with its inner calls so far.
                    assertTrue(t.calls(in) >= 2 * t.calls(o) - 4 && t.calls(in) <= 2 * t.calls(o),
                            t.calls(o) + " outer, " + t.calls(in) + " inner");
                }
                long total = p.total(SampleWeights.TIME);
                assertTrue(total >= lastTotal, "the profile grows: " + lastTotal + " then " + total);
                lastTotal = total;
            }
            stop.set(true);
            long calls = 0;
            for (Future<Long> f : pushed) {
                calls += f.get(30, TimeUnit.SECONDS);
            }
            Profile last = fold.snapshot().profile();
            CallTree t = last.tree();
            int o = t.findChild(CallTree.ROOT, t.frames().intern("outer"));
            assertEquals(calls, t.calls(o));
            assertEquals(2 * calls, t.calls(t.findChild(o, t.frames().intern("inner"))));
            assertEquals(3 * calls, last.total(SampleWeights.TIME));
        } finally {
            stop.set(true);
            pushers.shutdownNow();
        }
    }

    @Test
    void anEventEarlierThanItsLanesLastIsTakenAtTheLastTimeAndCounted() {
        LiveFold fold = ENGINE.liveFold("live", ViewSpec.TREE, RowOptions.defaults());
        LiveFold.Lane lane = fold.lane("1", "1", null);
        lane.begin(fold.frame("a"), 100);
        lane.end(50);
        AnalysisResult r = fold.snapshot();
        assertEquals(1, r.diagnostics().warningCount(dev.ppw.aggregate.LiveTrack.TIME_BACKWARDS));
        assertEquals(0, r.profile().total(SampleWeights.TIME));
        assertEquals(1, r.profile().tree().calls(1));
    }
}
