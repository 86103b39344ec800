package dev.ppw.engine;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Numbers written as strings (SEMANTICS.md section 1): a generated trace whose every {@code ts}, {@code dur}
 * and counter arg is rewritten as a string folds to the very profile of the trace as written, counters,
 * warnings and all, whether it is read on one thread or in parallel chunks.
 */
class StringNumbersPropertiesTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final String[] REGIONS = {"main", "work", "io", "idle"};

    @TempDir
    static Path dir;

    @Test
    void aTraceWithItsNumbersInStringsFoldsToTheSameProfile() {
        qt().withExamples(80).forAll(longs().all(), integers().between(1, 150), integers().between(16, 600))
                .checkAssert((seed, events, chunk) -> {
                    Path numbers = write("numbers-" + seed + ".json", trace(new SplittableRandom(seed), events, false));
                    Path strings = write("strings-" + seed + ".json", trace(new SplittableRandom(seed), events, true));
                    String expected = outcome(numbers, 1, Tuning.defaults());
                    assertEquals(expected, outcome(strings, 1, Tuning.defaults()), "seed " + seed);
                    assertEquals(expected, outcome(strings, 2, Tuning.defaults().withParallelFromBytes(0)
                            .withChunkBytes(chunk)), "seed " + seed + ", chunks of " + chunk);
                });
    }

    @Test
    void theGeneratedTracesHoldEveryKindOfNumberTheRuleCovers() {
        String text = trace(new SplittableRandom(7), 150, true);
        for (String kind : List.of("\"ts\": \"", "\"dur\": \"", "\"cpu_usage\": \"", "\"memory_usage\": \"",
                "\"used\": \"", "e-", "{\"ph\": \"E\", \"pid\"")) {
            assertTrue(text.contains(kind), kind);
        }
    }

    private static Path write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The tree as CSV and JSON (counters included), and every warning and note with its examples. */
    private static String outcome(Path file, int jobs, Tuning tuning) {
        AnalysisResult r = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(file.toString()))).withJobs(jobs)
                .withReading(ReadingOptions.defaults().withTuning(tuning)));
        Report report = r.report();
        StringBuilder b = new StringBuilder();
        for (String format : List.of("csv", "json")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try {
                ENGINE.write(report, format, out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            b.append(out.toString(StandardCharsets.UTF_8)).append('\n');
        }
        Diagnostics d = r.diagnostics();
        d.warnings().forEach((k, e) -> b.append("warning ").append(k).append(' ').append(e.count()).append(' ')
                .append(e.examples()).append('\n'));
        d.notes().forEach((k, e) -> b.append("note ").append(k).append(' ').append(e.count()).append('\n'));
        return b.toString().replace(file.toString(), "TRACE").replace(file.getFileName().toString(), "TRACE");
    }

    /**
     * Two threads of B/E/X calls (ends with and without a name, some mismatched), PerfFlowAspect's region
     * counters and generic counter series, at epoch microseconds with fractions and exponents; every number
     * in a string when {@code inStrings}. The same random draws either way, so both texts hold one trace.
     */
    static String trace(SplittableRandom r, int events, boolean inStrings) {
        List<String> lines = new ArrayList<>();
        long clockNanos = 1_795_322_503_741_605_000L;
        for (int e = 0; e < events; e++) {
            clockNanos += 1 + r.nextInt(5000);
            int tid = 1 + r.nextInt(2);
            String region = REGIONS[r.nextInt(REGIONS.length)];
            String ts = number(r, inStrings, micros(r, clockNanos));
            String head = "{\"pid\": 1, \"tid\": " + tid + ", \"ts\": " + ts;
            lines.add(switch (r.nextInt(8)) {
                case 0, 1 -> head + ", \"ph\": \"B\", \"name\": \"" + region + "\"}";
                case 2 -> head + ", \"ph\": \"E\", \"name\": \"" + region + "\"}";
                case 3 -> "{\"ph\": \"E\", \"pid\": 1, \"tid\": " + tid + ", \"ts\": " + ts + "}";
                case 4, 5 -> head + ", \"ph\": \"X\", \"name\": \"" + region + "\", \"dur\": "
                        + number(r, inStrings, micros(r, r.nextInt(20_000))) + "}";
                case 6 -> head + ", \"ph\": \"C\", \"name\": \"" + region + "\", \"args\": {\"cpu_usage\": "
                        + number(r, inStrings, r.nextInt(100) + "." + r.nextInt(10)) + ", \"memory_usage\": "
                        + number(r, inStrings, String.valueOf(r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(99_999))) + "}}";
                default -> head + ", \"ph\": \"C\", \"name\": \"heap\", \"args\": {\"used\": "
                        + number(r, inStrings, r.nextInt(1000) + "e" + (r.nextInt(5) - 2)) + ", \"label\": \"x\"}}";
            });
        }
        return "[\n" + String.join(",\n", lines) + "\n]\n";
    }

    /** {@code nanos} as decimal microseconds, written one of the ways writers do: 12.345, 12345e-3, 0.012345e3. */
    private static String micros(SplittableRandom r, long nanos) {
        String plain = nanos / 1000 + (nanos % 1000 == 0 && r.nextBoolean() ? "" : "." + String.format("%03d",
                nanos % 1000));
        return switch (r.nextInt(6)) {
            case 0 -> nanos + "e-3";
            case 1 -> nanos + "E-3";
            default -> plain;
        };
    }

    private static String number(SplittableRandom r, boolean inStrings, String text) {
        return inStrings ? "\"" + text + "\"" : text;
    }
}
