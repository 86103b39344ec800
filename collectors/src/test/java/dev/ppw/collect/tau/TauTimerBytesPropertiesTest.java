package dev.ppw.collect.tau;

import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
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
 * Random TAU files whose timer lines mix the usual shape with what only the text reading reads (signs, exponents,
 * long digit runs, names padded with non-ASCII spaces, a stray quote) read to the same tree, frames in the same
 * order, or refused with the same message, whether timer lines are read from their bytes or as text.
 */
class TauTimerBytesPropertiesTest {
    private static final int EXAMPLES = 1000;
    private static final String[] NAME_PIECES = {"f", "g()", " ", "  ", " => ", "=>", "=", ">", "é", "\u2003", "\t",
        "\"", "h<T>", "MPI_Send() "};
    private static final String[] NUMBERS = {"0", "1", "7", "12", "+3", "-4", "-4.5", "1e3", "2E-2", "0.00049",
        "0.0005", "12.3456", "9.99999", "007", ".5", "5.", ".", "", "x", "123456789012345", "1234567890123456",
        "12345678901234567890", "999999999999999999", "1.5e400"};

    @Test
    void timersReadFromTheirBytesAreTheTimersReadAsText() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(1, 12)).checkAssert((seed, timers) -> {
            SplittableRandom random = new SplittableRandom(seed);
            StringBuilder text = new StringBuilder(timers + " templated_functions_MULTI_TIME\n");
            text.append("# Name Calls Subrs Excl Incl ProfileCalls # <metadata></metadata>\n");
            for (int i = 0; i < timers; i++) {
                text.append('"');
                for (int k = 1 + random.nextInt(5); k > 0; k--) {
                    text.append(NAME_PIECES[random.nextInt(NAME_PIECES.length)]);
                }
                text.append('"');
                for (int f = 0; f < 5; f++) {
                    text.append(random.nextInt(8) == 0 ? "  " : " ");
                    text.append(random.nextInt(3) == 0 ? NUMBERS[random.nextInt(NUMBERS.length)]
                            : Integer.toString(random.nextInt(1000)) + (random.nextBoolean() ? "" : "." + random.nextInt(100000)));
                }
                text.append(" GROUP=\"TAU_CALLPATH\"").append(random.nextInt(4) == 0 ? " \r\n" : " \n");
            }
            text.append("0 aggregates\n");
            String file = text.toString();
            assertEquals(reading(file, true), reading(file, false), file);
        });
    }

    /** The tree, node by node in id order, and the frames in id order; or the message of the refusal. */
    private static String reading(String text, boolean textOnly) {
        Profile p;
        try {
            p = TauProfileReader.read("t/profile.0.0.0", "profile.0.0.0",
                    new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), textOnly);
        } catch (BadInputException e) {
            return "refused: " + e.getMessage();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CallTree t = p.tree();
        List<String> rows = new ArrayList<>();
        for (int node = 1; node < t.size(); node++) {
            rows.add(t.path(node, " => ") + " " + t.calls(node) + " " + t.subcalls(node) + " "
                    + t.exclusiveNanos(node) + " " + t.inclusiveNanos(node));
        }
        for (int frame = 0; frame < t.frames().size(); frame++) {
            rows.add("frame " + frame + " " + t.frames().regionName(frame));
        }
        return String.join("\n", rows);
    }
}
