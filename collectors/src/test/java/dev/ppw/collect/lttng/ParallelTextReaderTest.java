package dev.ppw.collect.lttng;

import dev.ppw.collect.RecordingSink;
import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * babeltrace2 text read in chunks on several threads hands the folding what one reader of the whole file does:
 * the same sink calls in the same order, the same warnings with the same places, the same error, whatever the
 * chunk size (down to lines cut by several chunk ends) and the number of threads.
 */
class ParallelTextReaderTest {
    private static final byte[] TEXT = TestInputs.testResource("lttng/ust.debuginfo.txt");
    private static final byte[] PIECES = "[]{}(),:=\" \n0x9.-+\\é".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path tmp;

    /** The outcome of a reading: every sink call, then the warnings with their examples, or the error. */
    private static String outcome(Path file, ReadOptions options) {
        RecordingSink sink = new RecordingSink();
        try {
            new BabeltraceTextFormat(LttngTextTest.RESOURCES).read(InputSource.of(file, "m.txt"), sink, options);
        } catch (BadInputException e) {
            return "error " + e.getMessage();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> out = new ArrayList<>(sink.calls());
        sink.diagnostics().warnings().forEach((k, e) -> out.add(k + " " + e.count() + " " + e.examples()));
        sink.diagnostics().notes().forEach((k, e) -> out.add(k + " " + e.count()));
        return String.join("\n", out);
    }

    private Path write(String name, byte[] bytes) {
        try {
            return Files.write(tmp.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void chunksOfAnySizeReadAsOneReaderReadsTheFile() {
        qt().withExamples(40).forAll(longs().all(), integers().between(0, 12)).checkAssert((seed, edits) -> {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] text = Arrays.copyOf(TEXT, random.nextInt(TEXT.length) + 1);
            for (int i = 0; i < edits; i++) {
                text[random.nextInt(text.length)] = random.nextInt(3) == 0 ? (byte) random.nextInt(256)
                        : PIECES[random.nextInt(PIECES.length)];
            }
            Path file = write("t-" + seed + ".txt", text);
            String one = outcome(file, ReadOptions.defaults());
            int chunk = 1 + random.nextInt(random.nextBoolean() ? 300 : 20_000);
            int jobs = 2 + random.nextInt(2);
            assertEquals(one, outcome(file, ReadOptions.defaults().withWorkers(TestWorkers.of(jobs)).withParallelFromBytes(0)
                    .withChunkBytes(chunk)), "chunks of " + chunk + " bytes on " + jobs + " threads, seed " + seed);
        });
    }

    @Test
    void midnightsAreCountedAcrossChunksAndBadLinesKeepTheirNumbers() {
        String text = """
                [23:59:59.999999990] (+?.?????????) h python:call: { cpu_id = 0 }, { vpid = 1, vtid = 1 }, { co_name = "a" }
                not an event at all

                [00:00:00.000000010] (+0.000000020) h python:return: { cpu_id = 0 }, { vpid = 1, vtid = 1 }, { }
                [00:00:00.000000020] (+0.000000010) h python:return: { cpu_id = 0 }, { vpid = 1, vtid = 1 }, { }
                [00:00:00.00000003""";
        Path file = write("m.txt", text.getBytes(StandardCharsets.UTF_8));
        String one = outcome(file, ReadOptions.defaults());
        assertTrue(one.contains("E T(1,1) 86400000000010"), one);
        assertTrue(one.contains("m.txt:2:1: expected '[' and the event's time"), one);
        assertTrue(one.contains("truncated 1 [m.txt:6:"), one);
        for (int chunk = 1; chunk < text.length() + 2; chunk += 7) {
            assertEquals(one, outcome(file, ReadOptions.defaults().withWorkers(TestWorkers.of(2)).withParallelFromBytes(0)
                    .withChunkBytes(chunk)), "chunks of " + chunk);
        }
    }

    @Test
    void aFileWithoutEventsIsTheSameErrorInChunks() {
        Path file = write("none.txt", "no\nevents\nhere\n".getBytes(StandardCharsets.UTF_8));
        String one = outcome(file, ReadOptions.defaults());
        assertEquals("error m.txt:1:1: not babeltrace2 text: no line is an event (expected '[' and the event's time):"
                + " \"no\"", one);
        assertEquals(one, outcome(file, ReadOptions.defaults().withWorkers(TestWorkers.of(3)).withParallelFromBytes(0).withChunkBytes(4)));
    }
}
