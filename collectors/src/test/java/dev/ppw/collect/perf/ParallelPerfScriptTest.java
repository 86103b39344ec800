package dev.ppw.collect.perf;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;

import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * A perf script file read in chunks on two threads ({@link ParallelPerfScript}) gives the sink the calls, in the
 * same order, and the warnings that one stream gives it: real files of every layout, cut into chunks of any size,
 * and the same files damaged.
 */
class ParallelPerfScriptTest {
    @TempDir
    Path dir;

    private static byte[] resource(String path) throws IOException {
        byte[] b = testResource(path);
        return path.endsWith(".gz") ? new GZIPInputStream(new ByteArrayInputStream(b)).readAllBytes() : b;
    }

    private record Reading(List<String> calls, String warnings, String error) {
    }

    private Reading read(byte[] bytes, int jobs, int chunkBytes) throws IOException {
        Path file = Files.write(dir.resolve("p-" + jobs + "-" + chunkBytes + ".txt"), bytes);
        RecordingSink sink = new RecordingSink();
        String error = null;
        try {
            new PerfScriptFormat().read(InputSource.of(file), sink,
                    ReadOptions.defaults().withWorkers(TestWorkers.of(jobs)).withParallelFromBytes(0)
                            .withChunkBytes(chunkBytes));
        } catch (BadInputException e) {
            error = e.getMessage().replace(file.toString(), "FILE");
        }
        StringBuilder warnings = new StringBuilder();
        sink.diagnostics().warnings().forEach((kind, e) -> warnings.append(kind).append(' ').append(e.count())
                .append(' ').append(e.examples()).append('\n'));
        return new Reading(sink.calls().stream().map(c -> c.replace(file.toString(), "FILE")).toList(),
                warnings.toString().replace(file.toString(), "FILE"), error);
    }

    @ParameterizedTest
    @ValueSource(strings = {"perf/made/work-g.default.txt", "perf/made/work-multi.default.txt",
            "perf/made/work-nog.default.txt", "perf/made/layouts/layouts-nog.F-comm-tid-event-ip-sym-dso.txt.gz",
            "perf/made/layouts/layouts-g.F-comm-pid-event-ip-sym-dso.txt.gz",
            "perf/flamegraph/perf-java-stacks-02.txt.gz", "perf/flamegraph/perf-vertx-stacks-01.txt.gz",
            "perf/flamegraph/perf-iperf-stacks-pidtid-01.txt.gz", "perf/flamegraph/perf-cycles-instructions-01.txt.gz"})
    void chunksOfAnySizeGiveTheCallsOfOneStream(String path) throws IOException {
        byte[] bytes = resource(path);
        Reading one = read(bytes, 1, 1 << 20);
        for (int chunk : new int[] {64, 1000, 1 << 14}) {
            assertEquals(one, read(bytes, 2, chunk), path + " in chunks of " + chunk);
        }
    }

    @Test
    void damagedFilesGiveTheCallsAndWarningsOfOneStream() throws IOException {
        byte[] original = resource("perf/made/work-multi.default.txt");
        byte[] head = Arrays.copyOf(original, 20000);
        byte[] alphabet = " \t\n:/+()[]0x9af.,#\0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        qt().withExamples(60).forAll(longs().all(), integers().between(1, 20)).checkAssert((seed, edits) -> {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] b = Arrays.copyOf(head, 2000 + random.nextInt(head.length - 2000));
            for (int i = 0; i < edits; i++) {
                b[random.nextInt(b.length)] = random.nextBoolean() ? alphabet[random.nextInt(alphabet.length)]
                        : (byte) random.nextInt(256);
            }
            try {
                assertEquals(read(b, 1, 1 << 20), read(b, 2, 300 + random.nextInt(3000)), "seed " + seed);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
    }
}
