package dev.ppw.collect.folded;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Random folded texts over a few bytes that matter ({@code ;}, spaces, a two-byte character, line ends) read
 * as a naive line-by-line split reads them: the frames the reader keeps from line to line never differ from
 * what splitting each line afresh gives, and every good line is one sample, every bad one one warning.
 */
class FoldedReaderPropertiesTest {
    private static final int EXAMPLES = 1000;
    private static final String[] PIECES = {"a", "b", "ab", ";", ";", " ", "é", "\t"};

    @Test
    void theReaderSplitsEveryLineAsANaiveSplitDoes() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(1, 30)).checkAssert((seed, lines) -> {
            SplittableRandom random = new SplittableRandom(seed);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < lines; i++) {
                int pieces = random.nextInt(8);
                for (int k = 0; k < pieces; k++) {
                    text.append(PIECES[random.nextInt(PIECES.length)]);
                }
                text.append(random.nextInt(4) == 0 ? "" : " " + random.nextInt(3));
                text.append(random.nextBoolean() ? "\n" : "\r\n");
            }
            RecordingSink sink = new RecordingSink();
            try {
                new FoldedFormat().read(InputSource.of("p.folded", text.toString().getBytes(StandardCharsets.UTF_8)),
                        sink, ReadOptions.defaults());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Naive expected = naive(text.toString());
            assertEquals(expected.samples(), sink.calls().stream().filter(c -> c.startsWith("sample ")).toList(),
                    text::toString);
            assertEquals(expected.bad(), sink.diagnostics().warningCount(FoldedReader.BAD_EVENT), text::toString);
        });
    }

    private record Naive(List<String> samples, long bad) {
    }

    /**
     * Each line on its own: strip, split off the last field, drop one ';' that ends the stack (an empty last frame),
     * split the rest at every ';'.
     */
    private static Naive naive(String text) {
        List<String> samples = new ArrayList<>();
        long bad = 0;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].stripTrailing();
            if (line.isEmpty()) {
                continue;
            }
            int space = Math.max(line.lastIndexOf(' '), line.lastIndexOf('\t'));
            String count = line.substring(space + 1);
            String stack = space < 0 ? "" : line.substring(0, space).stripTrailing();
            if (stack.length() > 1 && stack.endsWith(";")) {
                stack = stack.substring(0, stack.length() - 1);
            }
            boolean emptyFrame = false;
            for (String frame : stack.split(";", -1)) {
                emptyFrame |= frame.isEmpty();
            }
            if (!count.matches("[0-9]+") || stack.isEmpty() || emptyFrame) {
                bad++;
            } else if (!count.equals("0")) {
                samples.add("sample T(,) " + (i + 1) + " " + count + " samples x" + count + " " + stack);
            }
        }
        return new Naive(samples, bad);
    }
}
