package dev.ppw.model.output;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class InertInScriptTest {
    private static final char[] ALPHABET = {'a', '<', '>', '&', '\u2028', '\u2029', '"', '\\', '/', '!', '-', 'é',
        '\uD83D', '\uDE00', '\n'};

    @Test
    void whatWouldEndOrChangeAScriptElementBecomesJsonEscapes() {
        assertEquals("\"\\u003C/script\\u003E \\u003C!-- a \\u0026 b\\u2028c\\u2029\"",
                inert("\"</script> <!-- a & b\u2028c\u2029\"", new Random(1)));
        assertEquals("[1, {\"x\": \"naïve \uD83D\uDE00\"}]", inert("[1, {\"x\": \"naïve \uD83D\uDE00\"}]", new Random(2)));
    }

    @Test
    void theOutputIsTheSameHoweverTheTextIsCutIntoWrites() {
        qt().withExamples(500).forAll(longs().all(), integers().between(0, 200)).checkAssert((seed, length) -> {
            Random r = new Random(seed);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < length; i++) {
                text.append(ALPHABET[r.nextInt(ALPHABET.length)]);
            }
            String expected = text.toString().replace("<", "\\u003C").replace(">", "\\u003E").replace("&", "\\u0026")
                    .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
            assertEquals(expected, inert(text.toString(), r), "seed " + seed);
        });
    }

    /** {@code text} through the filter in writes of random kinds and lengths. */
    private static String inert(String text, Random r) {
        StringWriter out = new StringWriter();
        try (InertInScript w = new InertInScript(out)) {
            int at = 0;
            while (at < text.length()) {
                int n = Math.min(text.length() - at, 1 + r.nextInt(8));
                switch (r.nextInt(3)) {
                    case 0 -> {
                        w.write(text.charAt(at));
                        n = 1;
                    }
                    case 1 -> w.write(text, at, n);
                    default -> w.write(("xx" + text.substring(at, at + n) + "yy").toCharArray(), 2, n);
                }
                at += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
