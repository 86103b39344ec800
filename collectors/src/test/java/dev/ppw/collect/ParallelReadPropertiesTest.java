package dev.ppw.collect;

import dev.ppw.collect.MutatedTracesPropertiesTest.Mutation;
import dev.ppw.collect.ValidTraces.Seed;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static dev.ppw.collect.TestInputs.NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The chunked, parallel reader of a file (the Chrome format reading a plain file on {@code jobs}) gives exactly what the
 * sequential reader gives for the same bytes: the same sink calls in the same order, tracks and frames
 * numbered alike, the same warnings with the same examples (file:line:column), the same notes, and the same
 * error. Checked on valid traces (shared copies and hand-made ones), the same damaged, and generated traces
 * full of what could fool a chunk boundary, with chunks down to a few bytes and 1 to 3 threads.
 */
class ParallelReadPropertiesTest {
    private static final int EXAMPLES = Integer.getInteger("ppw.parallel.examples", 600);
    private static Path dir;

    @BeforeAll
    static void makeDir() throws IOException {
        dir = Files.createTempDirectory("ppw-parallel");
    }

    @AfterAll
    static void removeDir() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    private static final List<Seed> SEEDS = ValidTraces.all();

    private static final Gen<Mutation> MUTATION = integers().between(0, MutatedTracesPropertiesTest.Kind.values().length - 1)
            .zip(integers().between(0, 1000), integers().between(0, 60), longs().all(),
                    (k, at, length, seed) -> new Mutation(MutatedTracesPropertiesTest.Kind.values()[k], at, length, seed));

    @Test
    void validTracesReadInChunksAsSequentially() {
        qt().withExamples(EXAMPLES).forAll(integers().between(0, SEEDS.size() - 1), integers().between(1, 400),
                integers().between(1, 3)).checkAssert((s, chunk, jobs) ->
                assertSame(SEEDS.get(s).bytes(), chunk, jobs, SEEDS.get(s).name()));
    }

    @Test
    void damagedTracesReadInChunksAsSequentially() {
        qt().withExamples(EXAMPLES).forAll(integers().between(0, SEEDS.size() - 1),
                lists().of(MUTATION).ofSizeBetween(1, 2), integers().between(1, 300), integers().between(1, 3))
                .checkAssert((s, mutations, chunk, jobs) -> {
                    byte[] b = SEEDS.get(s).bytes();
                    for (Mutation m : mutations) {
                        b = m.apply(b);
                    }
                    assertSame(b, chunk, jobs, SEEDS.get(s).name() + " " + mutations);
                });
    }

    @Test
    void generatedTracesReadInChunksAsSequentially() {
        // jobsAndCut: 1 to 3 jobs, and a cut at a per-mille of the length (none from 1000)
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(0, 80), integers().between(1, 500),
                integers().between(0, 3 * 1201 - 1)).checkAssert((seed, events, chunk, jobsAndCut) -> {
                    int jobs = jobsAndCut % 3 + 1;
                    int cut = jobsAndCut / 3;
                    byte[] b = generated(new SplittableRandom(seed), events);
                    if (cut < 1000) {
                        b = java.util.Arrays.copyOf(b, (int) ((long) b.length * cut / 1000));
                    }
                    assertSame(b, chunk, jobs, "generated seed " + seed + " events " + events + " cut " + cut);
                });
    }

    @Test
    void largeTracesReadInLargeChunksAsSequentially() {
        // Chunks of 64 KiB and more, as real files get them (the other properties use tiny ones): the same outcome.
        qt().withExamples(Integer.getInteger("ppw.parallel.largeExamples", 12)).forAll(longs().all(),
                integers().between(1 << 16, 1 << 18), integers().between(1, 3), integers().between(0, 1000))
                .checkAssert((seed, chunk, jobs, cut) -> {
                    byte[] b = generated(new SplittableRandom(seed), 6000);
                    if (cut < 500) {
                        b = java.util.Arrays.copyOf(b, (int) ((long) b.length * (500 + cut) / 1000));
                    }
                    assertSame(b, chunk, jobs, "generated seed " + seed + " cut " + cut + " chunk " + chunk);
                });
    }

    private static final String[] NAMES = {"main", "a{\\\"b", "x},{\\\"ph\\\":\\\"X\\\"", "line\\nbreak", "caf\u00e9",
            "\\u00e9t\\u00e9", "", "[", "tab\\tbed", "q\\\"", "plain.name", "},\\n{"};

    private static final String[] LONG_TEXTS = {"mojo/public/cpp/system/data_pipe_producer.cc",
            "0123456\\\"89abcdef0123", "01234567\\\\x", "0123456789abcdef\\n0123", "0123456789a\u00e9bcdef",
            "0123456789abcde\u20ac", "01234567", "0123456789abcdef",
            "\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9", "~~~~~~~~~~~~~~~~!!!!!!!!!!!!!!!!]]]]]]]]}}}}}}}}"};
    /** Not JSON (a raw quote or control byte in a string), rarely: the whole read then fails alike. */
    private static final String[] BROKEN_TEXTS = {"abcdefghijklmnop\"", "0123456789abc\u0001x", "01234567\t89"};
    private static final String[] OTHER_PHASES = {"n", "R", "P", "O", "t", "\\\"", "\\u0049", "XX", "", " ",
            "\u00e9", "x"};

    /** A trace of plain and unusual events, in the array or object form, one event per line or not. */
    static byte[] generated(SplittableRandom r, int events) {
        StringBuilder b = new StringBuilder();
        boolean object = r.nextInt(3) == 0;
        String unitHint = r.nextInt(2) == 0 ? "\"displayTimeUnit\": \"ms\", " : "";
        b.append(object ? "{\"otherData\": {\"v\": \"1\"}, " + unitHint + "\"traceEvents\": [\n" : "[\n");
        for (int e = 0; e < events; e++) {
            int shape = r.nextInt(20);
            if (shape == 0) {
                b.append("[\n"); // a forked PerfFlowAspect writer
                continue;
            }
            String ph = switch (r.nextInt(15)) {
                case 0, 1, 2, 3 -> "X";
                case 4, 5 -> "B";
                case 6, 7 -> "E";
                case 8 -> r.nextInt(2) == 0 ? "b" : "e";
                case 9 -> "M";
                case 10 -> "i";
                // Phases only counted as notes (Chromium's instants, flows, marks, samples) and odd ph strings.
                case 11 -> OTHER_PHASES[r.nextInt(OTHER_PHASES.length)];
                case 12 -> r.nextInt(2) == 0 ? "s" : "f";
                case 13 -> "I";
                default -> "C";
            };
            String name = NAMES[r.nextInt(NAMES.length)];
            String nameValue = r.nextInt(15) == 0 ? String.valueOf(r.nextInt(100)) : "\"" + name + "\"";
            String pid = r.nextInt(10) == 0 ? "\"" + r.nextInt(3) + "\"" : String.valueOf(r.nextInt(3));
            String ts = r.nextInt(30) == 0 ? "\"oops\"" : (1795322503741605L + r.nextInt(100000)) + "."
                    + r.nextInt(10000);
            StringBuilder ev = new StringBuilder();
            // An end without a name (closing whatever begin is open), empty or missing, sometimes.
            boolean nameless = r.nextInt(6) == 0 && (ph.equals("E") || ph.equals("e"));
            ev.append(!nameless ? "{\"name\": " + nameValue + ", " : r.nextBoolean() ? "{\"name\": \"\", " : "{")
                    .append("\"cat\": \"c\", \"pid\": ").append(pid).append(", \"tid\": ").append(r.nextInt(4))
                    .append(", \"ts\": ").append(maybeString(r, ts)).append(", \"ph\": \"").append(ph).append('"');
            if (ph.equals("X")) {
                ev.append(", \"dur\": ").append(maybeString(r, r.nextInt(40) == 0 ? "-1" : r.nextInt(1000) + "."
                        + r.nextInt(1000)));
            }
            if (ph.equals("b") || ph.equals("e") || ph.equals("n") || ph.equals("s") || ph.equals("f")) {
                ev.append(switch (r.nextInt(4)) {
                    case 0 -> ", \"id2\": {\"local\": \"0x" + r.nextInt(5) + "\"}";
                    case 1 -> ", \"id\": \"0x" + r.nextInt(5) + "\"";
                    default -> ", \"id\": " + r.nextInt(5);
                });
            }
            if (r.nextInt(8) == 0) {
                ev.append(", \"tts\": ").append(r.nextInt(1000)).append(", \"tdur\": ").append(r.nextInt(9));
            }
            if (ph.equals("M")) {
                ev.append(", \"args\": {\"name\": \"thr ").append(r.nextInt(5)).append("\"}");
            } else if (ph.equals("C") && r.nextInt(4) != 0) {
                // PerfFlowAspect's region counters (a reset when both are 0) or a generic numeric series.
                ev.append(switch (r.nextInt(3)) {
                    case 0 -> ", \"args\": {\"cpu_usage\": " + maybeString(r, r.nextInt(100) + ".5")
                            + ", \"memory_usage\": " + maybeString(r, String.valueOf(r.nextInt(9999))) + "}";
                    case 1 -> ", \"args\": {\"cpu_usage\": 0, \"memory_usage\": " + maybeString(r, "0") + "}";
                    default -> ", \"args\": {\"used\": " + maybeString(r, String.valueOf(r.nextInt(50)))
                            + ", \"total\": " + maybeString(r, "1e2") + "}";
                });
            } else if (r.nextInt(4) == 0) {
                ev.append(", \"args\": {\"k\": [1, 2.5e3, true, null, {\"s\": \"v\"}]}");
            } else if (r.nextInt(3) == 0) {
                // Long strings, skipped eight bytes at a time, with what stops that at any position.
                ev.append(", \"args\": {\"src_file_name_key\": \"").append(r.nextInt(150) == 0
                                ? BROKEN_TEXTS[r.nextInt(BROKEN_TEXTS.length)] : LONG_TEXTS[r.nextInt(LONG_TEXTS.length)])
                        .append("\", \"").append(NAMES[r.nextInt(NAMES.length)]).append("\": {\"nested_key_long\": \"")
                        .append(LONG_TEXTS[r.nextInt(LONG_TEXTS.length)]).append("\"}}");
            }
            ev.append('}');
            String event = ev.toString();
            if (r.nextInt(12) == 0) {
                event = event.replace(", ", ",\n  "); // pretty-printed: lines inside an event
            }
            b.append(event);
            int sep = r.nextInt(10);
            b.append(sep == 0 ? ", " : sep == 1 ? "\r\n," : ",\n");
        }
        int end = r.nextInt(4);
        if (end == 0) {
            b.append("{}]");
        } else if (end == 1) {
            b.append("{}]").append(object ? ", \"metadata\": {\"x\": [1, \"y\"]}, \"displayTimeUnit\": \"ns\"}\n" : "\n");
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@code number} as it is, or in a string as sloppy writers put it (1 in 5), now and then not quite a number. */
    private static String maybeString(SplittableRandom r, String number) {
        if (number.startsWith("\"") || r.nextInt(5) != 0) {
            return number;
        }
        return switch (r.nextInt(8)) {
            case 0 -> "\" " + number + "\"";
            case 1 -> "\"" + number + "us\"";
            default -> "\"" + number + "\"";
        };
    }

    /** What a read leaves: every sink call, the frames, every warning and note with examples, the error. */
    private static String outcome(RecordingSink sink, Throwable thrown) {
        StringBuilder b = new StringBuilder();
        sink.calls().forEach(c -> b.append(c).append('\n'));
        b.append("tracks ").append(sink.tracks()).append('\n');
        b.append("frames");
        for (int f = 0; f < sink.frames().size(); f++) {
            b.append(" [").append(sink.frames().regionName(f)).append(']');
        }
        b.append("\nnames");
        for (int n = 0; n < sink.frames().names().size(); n++) {
            b.append(" [").append(sink.frames().names().name(n)).append(']');
        }
        b.append('\n');
        Diagnostics d = sink.diagnostics();
        d.warnings().forEach((k, e) -> b.append("warning ").append(k).append(' ').append(e.count()).append(' ')
                .append(e.examples()).append('\n'));
        d.notes().forEach((k, e) -> b.append("note ").append(k).append(' ').append(e.count()).append('\n'));
        if (thrown != null) {
            b.append("thrown ").append(thrown.getClass().getSimpleName()).append(": ").append(thrown.getMessage());
        }
        return b.toString();
    }

    private static void assertSame(byte[] bytes, int chunk, int jobs, String what) {
        RecordingSink sequential = new RecordingSink();
        Throwable sequentialThrown = null;
        try {
            TestInputs.readInto(NAME, bytes, sequential);
        } catch (BadInputException | IOException e) {
            sequentialThrown = e;
        }
        RecordingSink parallel = new RecordingSink();
        Throwable parallelThrown = null;
        Path file = dir.resolve("t" + Thread.currentThread().threadId() + ".json");
        try {
            Files.write(file, bytes);
            TestInputs.readInto(InputSource.of(file, NAME), parallel, ReadOptions.defaults().withWorkers(TestWorkers.of(jobs))
                    .withParallelFromBytes(0).withChunkBytes(chunk));
        } catch (BadInputException | IOException e) {
            parallelThrown = e;
        }
        assertEquals(outcome(sequential, sequentialThrown), outcome(parallel, parallelThrown),
                () -> what + ", chunks of " + chunk + " bytes, " + jobs + " jobs:\n"
                        + new String(bytes, StandardCharsets.UTF_8));
    }

    @Test
    void aPlainTraceGoesTheFastWayAndMatches() {
        List<String> lines = new ArrayList<>();
        lines.add("[");
        for (int i = 0; i < 200; i++) {
            lines.add("{\"name\": \"f" + (i % 7) + "\", \"cat\": \"c\", \"pid\": 1, \"tid\": " + (i % 3) + ", \"ts\": "
                    + (1000 + i) + ".25, \"ph\": \"X\", \"dur\": 0.5},");
        }
        byte[] bytes = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        for (int chunk : new int[] {1, 7, 100, 1000, 100000}) {
            for (int jobs = 1; jobs <= 3; jobs++) {
                assertSame(bytes, chunk, jobs, "plain");
            }
        }
    }

    /**
     * A bare array, or an object whose first key is traceEvents, after blank lines, spaces and tabs is found
     * without the header reader; the positions of its events' warnings (file:line:column) are the header
     * reader's all the same. A CR, a byte order mark, UTF-16, other keys first go through the header reader.
     */
    @Test
    void aBareArrayAfterBlanksKeepsItsPositions() {
        // A negative dur is warned at its event's line and column: the first one on the bracket's line.
        String events = "{\"name\": \"c\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 9, \"dur\": -1},\n"
                + "  {\"name\": \"a\", \"ph\": \"B\", \"pid\": 1, \"tid\": 1, \"ts\": 5},\n"
                + "{\"name\": \"d\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": 6, \"dur\": -2}]\n";
        for (String before : new String[] {"", "\n\n", "  \t", "\n \t\n  ", "\r\n", "\ufeff", "{\"traceEvents\": ",
                "\n{\n  \"traceEvents\" :\n\t", "{\"traceEvents\":", "{\"displayTimeUnit\": \"ns\", \"traceEvents\": ",
                "{\"traceEvent\": [], \"traceEvents\": "}) {
            String text = before + "[" + events + (before.contains("{") ? "}" : "");
            for (int chunk : new int[] {1, 16, 1000}) {
                assertSame(text.getBytes(StandardCharsets.UTF_8), chunk, 2, "after " + before.replace("\n", "\\n"));
            }
        }
        assertSame("[".getBytes(StandardCharsets.UTF_16LE), 1000, 2, "UTF-16LE");
        assertSame(("[" + events).getBytes(StandardCharsets.UTF_16BE), 1000, 2, "UTF-16BE");
    }
}
