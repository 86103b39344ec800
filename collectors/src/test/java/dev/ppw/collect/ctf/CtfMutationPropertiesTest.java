package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * A real LTTng trace damaged at random (its metadata or a stream cut, or bytes of it replaced) is decoded to
 * the end or refused with a {@link BadInputException} of one line naming the input; never another exception,
 * never a hang (each reading runs under a timeout), on one thread and on several.
 */
class CtfMutationPropertiesTest {
    private static final int EXAMPLES = Integer.getInteger("ppw.mutation.examples", 2500) / 10;
    private static final String[] FILES = {"metadata", "channel0_0", "channel0_1"};

    @TempDir
    Path tmp;

    @Test
    void damagedTracesAreReadOrRefusedInOneLine() throws IOException {
        Path source = CtfTraceReaderTest.resource("cyg-uid").resolve("ust/uid/0/64-bit");
        byte[][] originals = new byte[FILES.length][];
        for (int i = 0; i < FILES.length; i++) {
            originals[i] = Files.readAllBytes(source.resolve(FILES[i]));
        }
        Path dir = Files.createDirectories(tmp.resolve("t"));
        qt().withExamples(EXAMPLES).forAll(integers().between(0, FILES.length - 1), integers().between(0, 999),
                integers().between(0, 64), longs().all()).checkAssert((file, atPerMille, count, seed) -> {
                    try {
                        for (int i = 0; i < FILES.length; i++) {
                            byte[] bytes = originals[i];
                            if (i == file) {
                                bytes = damage(bytes, atPerMille, count, seed);
                            }
                            Files.write(dir.resolve(FILES[i]), bytes);
                        }
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                    int jobs = (int) (seed & 1) + 1;
                    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                        try {
                            CtfTraceReader.read(dir, "T", TestWorkers.of(jobs), event -> {
                                event.name();
                                event.string("procname");
                            });
                        } catch (BadInputException e) {
                            assertTrue(e.getMessage().startsWith("T: "), e.getMessage());
                            assertFalse(e.getMessage().contains("\n"), e.getMessage());
                        }
                    }, () -> "file " + FILES[file] + " at " + atPerMille + " count " + count + " seed " + seed);
                });
    }

    /** Cut at {@code atPerMille} when {@code count} is 0, else {@code count} bytes from there replaced. */
    private static byte[] damage(byte[] in, int atPerMille, int count, long seed) {
        int at = (int) ((long) atPerMille * in.length / 1000);
        if (count == 0) {
            return Arrays.copyOf(in, at);
        }
        byte[] out = in.clone();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = at; i < Math.min(out.length, at + count); i++) {
            out[i] = random.nextInt(4) == 0 ? (byte) 0xff : (byte) random.nextInt(256);
        }
        return out;
    }
}
