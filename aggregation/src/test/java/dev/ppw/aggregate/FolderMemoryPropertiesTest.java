package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Ev;
import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.aggregate.TestTrace.Track;
import dev.ppw.aggregate.TraceGenerator.Forest;
import dev.ppw.aggregate.TraceGenerator.Order;
import dev.ppw.aggregate.TraceGenerator.Style;
import dev.ppw.model.CallTree;
import dev.ppw.model.EventSink;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.ThreadMode;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static dev.ppw.aggregate.RegionCounterValues.cpuSamples;
import static dev.ppw.aggregate.RegionCounterValues.cpuSum;
import static dev.ppw.aggregate.RegionCounterValues.memoryPeak;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * Bounded memory changes nothing: folding with a tiny spill limit, any reorder window, through
 * {@link Folder#fold} (replay while reading, second readings) or as a plain {@link EventSink} (spilling
 * only), gives the very tree of the default in-memory fold (node ids included) and the same warnings with
 * the same examples, for forests in every order and for event soups with ties. Start-ordered forests fold
 * through {@link Folder#fold} without writing a run.
 */
class FolderMemoryPropertiesTest {
    private static final Gen<List<Integer>> FOREST_OPS =
            lists().of(integers().between(0, TraceGenerator.FOREST_OP_MAX)).ofSizeBetween(0, 120);
    private static final Gen<List<Integer>> SOUP_OPS =
            lists().of(integers().between(0, TraceGenerator.SOUP_OP_MAX)).ofSizeBetween(0, 60);
    // style (3) x order (3) x base (0 or the epoch)
    private static final Gen<Integer> FOREST_CASE = integers().between(0, 17);
    private static final long[] WINDOWS = {0, 1, 2, 3, 5, 8, 13, 30, 100, 1_000_000, Long.MAX_VALUE};
    private static final int LIMITS = 50;
    /** Decoded by {@link Settings#of}: a spill limit of 1..50 events, one of {@link #WINDOWS}, threads merged or split. */
    private static final Gen<Integer> SETTINGS = integers().between(0, LIMITS * WINDOWS.length * 2 - 1);
    private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

    @Test
    void forestsInAnyOrderFoldAsInMemoryWhateverTheLimitAndWindow() {
        qt().withExamples(examples(400))
                .forAll(FOREST_OPS, FOREST_CASE, integers().all(), SETTINGS)
                .checkAssert((ops, c, seed, settings) -> {
                    Forest forest = TraceGenerator.forest(ops, Style.values()[c % 3], Order.values()[(c / 3) % 3],
                            c / 9 == 1 ? TraceGenerator.EPOCH_NANOS : 0, seed);
                    checkBounded(forest.trace(), Settings.of(settings));
                });
    }

    @Test
    void eventSoupsWithTiesFoldAsInMemoryWhateverTheLimitAndWindow() {
        qt().withExamples(examples(600))
                .forAll(SOUP_OPS, booleans().all(), SETTINGS)
                .checkAssert((ops, epoch, settings) ->
                        checkBounded(TraceGenerator.soup(ops, epoch ? TraceGenerator.EPOCH_NANOS : 0), Settings.of(settings)));
    }

    @Test
    void nearlySortedSoupsFoldAsInMemoryWhateverTheLimitAndWindow() {
        // Sorted by time, then some neighbours swapped: in order within a small window, with many ties, so
        // that replay while reading starts, and events at or just before its frontier come late.
        qt().withExamples(examples(600))
                .forAll(SOUP_OPS, integers().all(), SETTINGS)
                .checkAssert((ops, seed, settings) -> checkBounded(nearlySorted(TraceGenerator.soup(ops, 0), seed),
                        Settings.of(settings)));
    }

    @Test
    void regionCountersFoldAsInMemoryWhateverTheLimitAndWindow() {
        // Counter samples at the times of other events (ties with ends and starts) and in between, named after
        // regions of the trace or not: attached, summed and noted the same whatever spills or replays early.
        qt().withExamples(examples(500))
                .forAll(SOUP_OPS, integers().all(), SETTINGS, booleans().all())
                .checkAssert((ops, seed, settings, sorted) -> {
                    Trace soup = TraceGenerator.soup(ops, seed % 2 == 0 ? TraceGenerator.EPOCH_NANOS : 0);
                    Trace withCounters = withCounters(sorted ? nearlySorted(soup, seed) : soup, seed);
                    checkBounded(withCounters, Settings.of(settings));
                });
    }

    @Test
    void forestsWithCountersFoldAsInMemoryWhateverTheLimitAndWindow() {
        qt().withExamples(examples(300))
                .forAll(FOREST_OPS, FOREST_CASE, integers().all(), SETTINGS)
                .checkAssert((ops, c, seed, settings) -> {
                    Forest forest = TraceGenerator.forest(ops, Style.values()[c % 3], Order.values()[(c / 3) % 3],
                            c / 9 == 1 ? TraceGenerator.EPOCH_NANOS : 0, seed);
                    checkBounded(withCounters(forest.trace(), seed), Settings.of(settings));
                });
    }

    /**
     * {@code trace} with region counter samples added after random events: at that event's time (or its
     * end, or just after), on its track, named after it or after another event's region.
     */
    static Trace withCounters(Trace trace, long seed) {
        Random random = new Random(seed);
        List<List<Ev>> inputs = new ArrayList<>();
        for (List<Ev> input : trace.inputs()) {
            List<Ev> events = new ArrayList<>();
            for (Ev ev : input) {
                events.add(ev);
                if (random.nextInt(3) == 0) {
                    Ev named = input.get(random.nextInt(input.size()));
                    long ts = switch (random.nextInt(3)) {
                        case 0 -> ev.tsNanos();
                        case 1 -> ev.tsNanos() + ev.durNanos();
                        default -> ev.tsNanos() + 1;
                    };
                    events.add(random.nextInt(events.size() + 1) == 0 ? 0 : events.size(),
                            TestTrace.c(ev.track(), ts, random.nextInt(2000) - 100, random.nextBoolean() ? ev.name()
                                    : named.name()));
                }
            }
            inputs.add(events);
        }
        return new Trace(inputs);
    }

    @Test
    void startOrderedForestsReplayWhileReadingAndNeverSpill() {
        // Distinct timestamps and window 0: after each replay a track keeps at most its latest event, so
        // 3 tracks stay under half of any limit from 8 up.
        qt().withExamples(examples(200))
                .forAll(FOREST_OPS, integers().between(0, 2), integers().between(8, 50))
                .checkAssert((ops, style, limit) -> {
                    Forest forest = TraceGenerator.forest(ops, Style.values()[style], Order.START, 0, 0);
                    Folder bounded = new Folder(options(limit, 0, false));
                    foldEach(forest.trace(), bounded, true);
                    assertEquals(0, bounded.runsSpilled(), "runs spilled for" + forest);
                    assertEquals(0, bounded.secondReadings(), "second readings for" + forest);
                    assertEquals(dump(inMemory(forest.trace(), false)), dump(bounded), "on" + forest);
                });
    }

    private static Trace nearlySorted(Trace soup, long seed) {
        Random random = new Random(seed);
        List<List<Ev>> inputs = new ArrayList<>();
        for (List<Ev> input : soup.inputs()) {
            List<Ev> events = new ArrayList<>(input);
            events.sort(Comparator.comparingLong(Ev::tsNanos));
            for (int i = 1; i < events.size(); i++) {
                if (random.nextInt(4) == 0) {
                    Collections.swap(events, i - 1, i);
                }
            }
            inputs.add(events);
        }
        return new Trace(inputs);
    }

    private record Settings(int limit, long window, boolean split) {
        static Settings of(int code) {
            return new Settings(1 + code % LIMITS, WINDOWS[(code / LIMITS) % WINDOWS.length],
                    code / (LIMITS * WINDOWS.length) == 1);
        }
    }

    @Test
    void tracksFinishedOnSeveralThreadsFoldAsOnOne() {
        qt().withExamples(examples(400))
                .forAll(FOREST_OPS, FOREST_CASE, integers().all(), integers().between(0, 11))
                .checkAssert((ops, c, seed, jobsAndSplit) -> {
                    Forest forest = TraceGenerator.forest(ops, Style.values()[c % 3], Order.values()[(c / 3) % 3],
                            c / 9 == 1 ? TraceGenerator.EPOCH_NANOS : 0, seed);
                    boolean split = jobsAndSplit % 2 == 1;
                    Folder parallel = new Folder(options(Long.MAX_VALUE, FoldOptions.DEFAULT_WINDOW_NANOS, split))
                            .withWorkers(TestWorkers.of(2 + jobsAndSplit / 4), 1 + (jobsAndSplit / 2) % 2 * 3);
                    foldEach(forest.trace(), parallel, jobsAndSplit % 4 < 2);
                    assertEquals(dump(inMemory(forest.trace(), split)), dump(parallel), "on" + forest);
                });
        qt().withExamples(examples(400))
                .forAll(SOUP_OPS, integers().between(0, 5))
                .checkAssert((ops, jobs) -> {
                    Trace soup = TraceGenerator.soup(ops, jobs % 2 == 0 ? TraceGenerator.EPOCH_NANOS : 0);
                    Folder parallel = new Folder(options(Long.MAX_VALUE, FoldOptions.DEFAULT_WINDOW_NANOS, false))
                            .withWorkers(TestWorkers.of(2 + jobs / 2), 1);
                    foldEach(soup, parallel, jobs % 2 == 1);
                    assertEquals(dump(inMemory(soup, false)), dump(parallel), "on" + soup);
                });
    }

    @Test
    void inputsFoldedApartAndAbsorbedInOrderFoldAsTogether() {
        // Several inputs (forests with region counters, and soups with ties), each folded by a folder of its
        // own, then absorbed in input order: the very tree of folding them one after another, node ids,
        // counter sum bits, warnings and their examples included.
        qt().withExamples(examples(300))
                .forAll(lists().of(FOREST_OPS).ofSizeBetween(1, 4), FOREST_CASE, integers().all(), SOUP_OPS)
                .checkAssert((forests, c, seed, soupOps) -> {
                    List<List<Ev>> inputs = new ArrayList<>();
                    for (int i = 0; i < forests.size(); i++) {
                        Forest forest = TraceGenerator.forest(forests.get(i), Style.values()[(c + i) % 3],
                                Order.values()[(c / 3 + i) % 3], c / 9 == 1 ? TraceGenerator.EPOCH_NANOS : 0, seed + i);
                        inputs.addAll(withCounters(forest.trace(), seed + i).inputs());
                    }
                    inputs.addAll(TraceGenerator.soup(soupOps, 0).inputs());
                    Trace trace = new Trace(inputs);
                    Folder together = inMemory(trace, false);
                    Folder absorbing = new Folder(options(Long.MAX_VALUE, FoldOptions.DEFAULT_WINDOW_NANOS, false));
                    for (int i = 0; i < inputs.size(); i++) {
                        Folder apart = new Folder(options(1 + Math.floorMod(seed + i, 40), 0, false));
                        feedInput("input" + i + ".json", inputs.get(i), apart);
                        absorbing.absorb(apart);
                    }
                    assertEquals(dump(together), dump(absorbing), "on" + trace);
                    assertEquals(noteCounts(together), noteCounts(absorbing));
                    assertEquals(together.toProfile().inputs(), absorbing.toProfile().inputs());
                });
    }

    private static String noteCounts(Folder folder) {
        StringBuilder sb = new StringBuilder();
        folder.diagnostics().notes().forEach((kind, e) -> sb.append(kind).append('=').append(e.count()).append(' '));
        return sb.toString();
    }

    /** Default in-memory fold vs bounded folds with and without replay while reading. */
    private static void checkBounded(Trace trace, Settings s) {
        String expected = dump(inMemory(trace, s.split()));
        for (boolean viaFold : new boolean[] {true, false}) {
            Folder bounded = new Folder(options(s.limit(), s.window(), s.split()));
            foldEach(trace, bounded, viaFold);
            assertEquals(expected, dump(bounded), s + (viaFold ? ", fold()" : ", as EventSink") + ", on" + trace);
        }
    }

    static FoldOptions options(long limit, long window, boolean split) {
        return new FoldOptions(false, split ? ThreadMode.SPLIT : ThreadMode.MERGE, limit, window, TMP);
    }

    private static Folder inMemory(Trace trace, boolean split) {
        Folder folder = new Folder(options(Long.MAX_VALUE, FoldOptions.DEFAULT_WINDOW_NANOS, split));
        foldEach(trace, folder, false);
        return folder;
    }

    /** Each input of {@code trace} into {@code folder}, by {@link Folder#fold} or as a plain sink. */
    static void foldEach(Trace trace, Folder folder, boolean viaFold) {
        for (int i = 0; i < trace.inputs().size(); i++) {
            List<Ev> events = trace.inputs().get(i);
            String name = "input" + i + ".json";
            if (viaFold) {
                try {
                    folder.fold(sink -> feedInput(name, events, sink));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                feedInput(name, events, folder);
            }
        }
    }

    /** One input, as a collector pushes it. */
    static void feedInput(String name, List<Ev> events, EventSink sink) {
        sink.beginInput(name);
        for (Ev ev : events) {
            Track t = ev.track();
            int track = t.async() ? sink.asyncTrack(t.pid(), t.tidOrCat(), t.id()) : sink.thread(t.pid(), t.tidOrCat());
            switch (ev.ph()) {
                case 'B' -> sink.begin(track, ev.tsNanos(), sink.frames().intern(ev.name()));
                case 'E' -> sink.end(track, ev.tsNanos(), TestTrace.endName(sink, ev));
                case 'X' -> sink.complete(track, ev.tsNanos(), ev.durNanos(), sink.frames().intern(ev.name()));
                case 'C' -> sink.regionCounter(track, ev.tsNanos(), sink.frames().names().intern(ev.name()),
                        TestTrace.counterCpu(ev.durNanos()), TestTrace.counterMemory(ev.durNanos()));
                default -> throw new IllegalArgumentException("phase " + ev.ph());
            }
        }
        sink.endInput();
    }

    /** Every node by id (parent, name, metrics), then every warning kind with its count and examples. */
    static String dump(Folder folder) {
        CallTree tree = folder.tree();
        StringBuilder sb = new StringBuilder();
        for (int n = 1; n < tree.size(); n++) {
            sb.append(n).append(" <- ").append(tree.parent(n)).append(' ').append(tree.regionName(n))
                    .append(": calls=").append(tree.calls(n)).append(" sub=").append(tree.subcalls(n))
                    .append(" incl=").append(tree.inclusiveNanos(n)).append(" excl=").append(tree.exclusiveNanos(n))
                    .append(" min=").append(tree.minInclusiveNanos(n)).append(" max=").append(tree.maxInclusiveNanos(n));
            if (tree.has(RegionCounters.GROUP)) {
                // Exact bits: a sum added in another order would show.
                sb.append(" cpu=").append(cpuSamples(tree, n)).append('/').append(Double.toHexString(cpuSum(tree, n)))
                        .append(" mem=").append(Double.toHexString(memoryPeak(tree, n)));
            }
            sb.append('\n');
        }
        sb.append("counter_outside_region=").append(folder.diagnostics().noteCount(Folder.COUNTER_OUTSIDE_REGION))
                .append('\n');
        folder.diagnostics().warnings().forEach((kind, e) ->
                sb.append(kind).append('=').append(e.count()).append(' ').append(e.examples()).append('\n'));
        return sb.toString();
    }

    private static int examples(int quickDefault) {
        return Integer.getInteger("ppw.folder.examples", quickDefault);
    }
}
