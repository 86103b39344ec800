package dev.ppw.engine;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.Report;
import dev.ppw.testing.perfetto.PerfettoTraceWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The same slice stream written as a Perfetto trace and as Chrome JSON folds to the same profile (SEMANTICS.md
 * section 1 holds for both): threads of begins and ends, ends with and without names, some unmatched, some
 * begins left open, equal timestamps across threads. The Perfetto side goes through what makes the format hard:
 * one sequence per thread, names interned in the packet that first uses them, a sequence clock counting
 * nanoseconds incrementally from its snapshot, the track from the sequence's defaults.
 */
class PerfettoAsChromePropertiesTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final String[] REGIONS = {"main", "work", "io", "idle", "a => b"};

    @TempDir
    static Path dir;

    private record Event(long tsNanos, int thread, boolean begin, String name) {
    }

    @Test
    void aSliceStreamFoldsAsItsChromeJsonDoes() {
        qt().withExamples(60).forAll(longs().all(), integers().between(1, 120)).checkAssert((seed, n) -> {
            List<Event> events = events(new SplittableRandom(seed), n);
            Path perfetto = write("p-" + seed + ".pftrace", perfetto(events));
            Path chrome = write("c-" + seed + ".json", chrome(events).getBytes(StandardCharsets.UTF_8));
            assertEquals(outcome(chrome), outcome(perfetto), "seed " + seed);
        });
    }

    @Test
    void theGeneratedStreamsHoldEveryCaseTheRuleCovers() {
        String text = chrome(events(new SplittableRandom(3), 120));
        assertTrue(text.contains("\"ph\": \"E\", \"pid\""), "an end without a name");
        assertTrue(text.contains("\"ph\": \"E\", \"name\""), "an end with a name");
        String outcome = outcome(write("p-3.pftrace", perfetto(events(new SplittableRandom(3), 120))));
        for (String kind : List.of("unmatched_end", "unclosed_begin", "mismatched_end")) {
            assertTrue(outcome.contains(kind), kind + " in " + outcome);
        }
    }

    private static List<Event> events(SplittableRandom random, int n) {
        List<Event> events = new ArrayList<>();
        long ts = 1_000_000_000L + random.nextInt(1000);
        for (int i = 0; i < n; i++) {
            // Equal timestamps on different threads; time moves on by whole and part microseconds.
            ts += random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(5000);
            int thread = random.nextInt(3);
            boolean begin = random.nextInt(5) < 3;
            String name = begin || random.nextInt(3) == 0 ? REGIONS[random.nextInt(REGIONS.length)] : null;
            events.add(new Event(ts, thread, begin, name));
        }
        return events;
    }

    private static String chrome(List<Event> events) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            sb.append("{\"ph\": \"").append(e.begin() ? "B" : "E").append('"');
            if (e.name() != null) {
                sb.append(", \"name\": \"").append(e.name()).append('"');
            }
            sb.append(", \"pid\": 1, \"tid\": ").append(100 + e.thread()).append(", \"ts\": ")
                    .append(e.tsNanos() / 1000).append('.').append(String.format("%03d", e.tsNanos() % 1000))
                            .append('}')
                    .append(i + 1 < events.size() ? ",\n" : "\n");
        }
        return sb.append("]\n").toString();
    }

    // Field numbers of Perfetto's trace protos (protos/perfetto/trace/...) beyond the writer's shapes.
    private static final int CLOCK_SNAPSHOT = 6;
    private static final int TIMESTAMP = 8;
    private static final int SEQUENCE_ID = 10;
    private static final int TRACK_EVENT = 11;
    private static final int INTERNED_DATA = 12;
    private static final int SEQUENCE_FLAGS = 13;
    private static final int DEFAULTS = 59;

    private static byte[] perfetto(List<Event> events) {
        PerfettoTraceWriter trace = new PerfettoTraceWriter();
        for (int thread = 0; thread < 3; thread++) {
            trace.threadTrack(500 + thread, 1, 100 + thread, null);
        }
        long[] last = new long[3];
        boolean[] started = new boolean[3];
        List<Map<String, Integer>> interned = List.of(new HashMap<>(), new HashMap<>(), new HashMap<>());
        for (Event e : events) {
            int thread = e.thread();
            if (!started[thread]) {
                // The sequence's clock 64 counts nanoseconds from its snapshot, incrementally; events name none.
                started[thread] = true;
                last[thread] = e.tsNanos() - 17;
                trace.packet(p -> p.varint(SEQUENCE_ID, thread + 1).varint(SEQUENCE_FLAGS, 1)
                        .message(CLOCK_SNAPSHOT, s -> s
                                .message(1, c -> c.varint(1, 3).varint(2, e.tsNanos() - 17))
                                .message(1, c -> c.varint(1, 64).varint(2, 0).varint(3, 1)))
                        .message(DEFAULTS, d -> d.varint(58, 64).message(11, te -> te.varint(11, 500 + thread))));
                last[thread] = e.tsNanos() - 17;
            }
            long delta = e.tsNanos() - last[thread];
            last[thread] = e.tsNanos();
            Map<String, Integer> names = interned.get(thread);
            boolean fresh = e.name() != null && !names.containsKey(e.name());
            if (fresh) {
                names.put(e.name(), names.size() + 1);
            }
            trace.packet(p -> {
                p.varint(TIMESTAMP, delta).varint(SEQUENCE_ID, thread + 1).varint(SEQUENCE_FLAGS, 2);
                p.message(TRACK_EVENT, te -> {
                    te.varint(9, e.begin() ? 1 : 2);
                    if (e.name() != null) {
                        te.varint(10, names.get(e.name()));
                    }
                });
                if (fresh) {
                    p.message(INTERNED_DATA, i -> i.message(2, n -> n.varint(1, names.get(e.name())).string(2,
                            e.name())));
                }
            });
        }
        return trace.toBytes();
    }

    private static Path write(String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The profile as CSV, and the warnings by kind and count (their examples name the format's own places). */
    private static String outcome(Path file) {
        AnalysisResult r = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(file.toString()))));
        Report report = r.report();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ENGINE.write(report, "csv", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder b = new StringBuilder(out.toString(StandardCharsets.UTF_8));
        Diagnostics d = r.diagnostics();
        d.warnings().forEach((k, e) -> b.append("warning ").append(k).append(' ').append(e.count()).append('\n'));
        return b.toString();
    }
}
