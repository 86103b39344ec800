package dev.ppw.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Detection;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import java.io.IOException;

/**
 * Format detection on any bytes: {@link FormatRegistry#identify} never throws and always names a format read, or
 * says in one line, naming the input, what the bytes are. The head as an input gives it (gzip undone) may be
 * refused only as bad input with a position, as a reader's may.
 */
class FormatDetectionFuzzTest {
    private static final FormatRegistry FORMATS = FormatRegistry.load(FormatDetectionFuzzTest.class.getClassLoader());

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void identify(byte[] input) throws IOException {
        if (input.length > ReaderFuzzing.MAX_INPUT_BYTES) {
            return;
        }
        check(FORMATS.identify(Head.of(ReaderFuzzing.INPUT_NAME, input)));
        Head head;
        try (InputSource source = InputSource.of(ReaderFuzzing.INPUT_NAME, input)) {
            head = source.head();
        } catch (BadInputException e) {
            ReaderFuzzing.checkMessage(e.getMessage(), e);
            return;
        }
        assertTrue(head.length() <= Head.MAX_BYTES, "a head holds at most Head.MAX_BYTES");
        check(FORMATS.identify(head));
    }

    private static void check(Detection detection) {
        assertNotNull(detection);
        String message = switch (detection) {
            case Detection.Read read -> {
                assertNotNull(read.format());
                yield null;
            }
            case Detection.Unread unread -> unread.message();
            case Detection.Unknown unknown -> unknown.message();
        };
        if (message != null) {
            assertTrue(message.startsWith(ReaderFuzzing.INPUT_NAME + ": "), message);
            assertEquals(-1, message.indexOf('\n'), message);
        }
    }
}
