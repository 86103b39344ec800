package dev.ppw.collect.lttng;

import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * What the fuzzers will hold the LTTng pieces to: any bytes read as babeltrace2 text end as events, counted
 * bad lines or one {@link BadInputException} naming a place; any bytes read as ELF name nothing or name
 * what a symbol table says, and never throw.
 */
class LttngRobustnessTest {
    private static final byte[] TEXT = TestInputs.testResource("lttng/ust.debuginfo.txt");
    private static final byte[] BINARY = TestInputs.testResource("lttng/ust_work");
    private static final byte[] PIECES = "[]{}(),:=\" \n0x9.-+\\é".getBytes(StandardCharsets.UTF_8);

    @Test
    void mutatedTextEndsAsEventsBadLinesOrOnePlacedError() {
        long lines = new String(TEXT, StandardCharsets.UTF_8).lines().count();
        qt().withExamples(300).forAll(longs().all(), integers().between(1, 40)).checkAssert((seed, edits) -> {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] text = Arrays.copyOf(TEXT, random.nextInt(TEXT.length) + 1);
            for (int i = 0; i < edits; i++) {
                text[random.nextInt(text.length)] = random.nextInt(3) == 0 ? (byte) random.nextInt(256)
                        : PIECES[random.nextInt(PIECES.length)];
            }
            TreeSink sink = new TreeSink();
            try {
                new BabeltraceTextFormat(LttngTextTest.RESOURCES).read(InputSource.of("m.txt", text), sink,
                        ReadOptions.defaults());
                Diagnostics d = sink.diagnostics();
                assertTrue(d.warningCount(Diagnostics.BAD_EVENT) + d.warningCount(Diagnostics.TRUNCATED)
                        <= lines + edits, "every bad line is counted once");
            } catch (BadInputException e) {
                assertTrue(e.getMessage().matches("m\\.txt:\\d+:\\d+: not babeltrace2 text: .*"), e.getMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Test
    void aCutOrMutatedBinaryNamesNothingOrWhatItsSymbolsSay() {
        ElfSymbols whole = ElfSymbols.parse(BINARY);
        Set<String> functions = new HashSet<>();
        for (long a = 0; a < 0x2000; a++) {
            String n = whole.name(a, false);
            if (n != null) {
                functions.add(n);
            }
        }
        assertTrue(functions.containsAll(Set.of("main", "fill", "fib", "leaf", "worker")), functions.toString());
        qt().withExamples(300).forAll(longs().all(), integers().between(0, 8)).checkAssert((seed, edits) -> {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] bytes = Arrays.copyOf(BINARY, random.nextInt(BINARY.length + 1));
            for (int i = 0; i < edits && bytes.length > 0; i++) {
                bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
            }
            ElfSymbols cut = ElfSymbols.parse(bytes);
            if (cut != null && edits == 0) {
                for (long a = 0x1100; a < 0x1500; a++) {
                    assertEquals(whole.name(a, true), cut.name(a, true));
                }
            } else if (cut != null) {
                assertTrue(cut.size() >= 0 && (cut.name(0x1200, false) == null || !cut.name(0x1200, false).isEmpty()));
            }
        });
    }

    @Test
    void notElfIsNoSymbols() {
        assertNull(ElfSymbols.parse(new byte[0]));
        assertNull(ElfSymbols.parse("#!/bin/sh\necho hello, this is no ELF file at all........................\n"
                .getBytes(StandardCharsets.UTF_8)));
    }
}
