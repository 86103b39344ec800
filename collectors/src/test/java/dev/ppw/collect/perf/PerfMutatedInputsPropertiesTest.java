package dev.ppw.collect.perf;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;

import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Real perf files with random bytes overwritten, lines cut and the file cut short: each reader either reads
 * them (counting what it skips) or refuses them with its one-line message and a position, never another
 * exception.
 */
class PerfMutatedInputsPropertiesTest {
    private static final byte[] ALPHABET = " \t\n:/+()[]0x9af.,#<>".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @Test
    void mutatedPerfScriptIsReadOrRefusedCleanly() {
        check(new PerfScriptFormat(), testResource("perf/made/work-multi.default.txt"));
    }

    @Test
    void mutatedPerfStatIsReadOrRefusedCleanly() {
        check(new PerfStatFormat(), testResource("perf/made/stat-A.csv"));
    }

    private static void check(EventFormat format, byte[] original) {
        byte[] head = Arrays.copyOf(original, Math.min(original.length, 6000));
        qt().withExamples(300).forAll(longs().all(), integers().between(1, 40)).checkAssert((seed, edits) -> {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] b = Arrays.copyOf(head, random.nextInt(head.length) + 1);
            for (int i = 0; i < edits; i++) {
                int at = random.nextInt(b.length);
                b[at] = random.nextBoolean() ? ALPHABET[random.nextInt(ALPHABET.length)] : (byte) random.nextInt(256);
            }
            try {
                format.read(InputSource.of("m.txt", b), new RecordingSink(), ReadOptions.defaults());
            } catch (BadInputException e) {
                assertTrue(e.getMessage().startsWith("m.txt:") && !e.getMessage().contains("\n"), e.getMessage());
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
    }
}
