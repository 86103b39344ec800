package dev.ppw.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Test;

/** The harness's rules themselves: which failures a reader may give, and what fails a fuzz target. */
class ReaderFuzzingTest {
    @Test
    void badInputWithAPlaceOrAboutTheWholeInputIsAllowed() {
        for (String message : new String[] {
                "fuzz-input:3:14: not valid JSON: Unexpected character",
                "fuzz-input:2: a line with no count",
                "fuzz-input: a packet header at byte 1024 runs past the end",
                "fuzz-input: the input is empty",
                "fuzz-input: the gzip data ends before any content (a cut file?)"}) {
            ReaderFuzzing.checkFailure(new BadInputException(message));
        }
    }

    @Test
    void badInputWithoutAPlaceFailsTheTarget() {
        AssertionError e = assertThrows(AssertionError.class, () -> ReaderFuzzing.checkFailure(
                new BadInputException("cannot read fuzz-input: Unexpected end of ZLIB input stream")));
        assertEquals("a bad input's message says where (fuzz-input:line:column or a byte offset), got: cannot read"
                + " fuzz-input: Unexpected end of ZLIB input stream", e.getMessage());
    }

    @Test
    void aMessageOfTwoLinesFailsTheTarget() {
        assertThrows(AssertionError.class, () -> ReaderFuzzing.checkFailure(
                new BadInputException("fuzz-input:1:1: not valid JSON\n\tat Parser.java:12")));
    }

    @Test
    void anyOtherExceptionFailsTheTargetWithItAsTheCause() {
        IndexOutOfBoundsException thrown = new IndexOutOfBoundsException("Index 5 out of bounds for length 4");
        AssertionError e = assertThrows(AssertionError.class, () -> ReaderFuzzing.checkFailure(thrown));
        assertEquals(thrown, e.getCause());
    }

    @Test
    void theAllocationLimitGrowsWithTheInput() {
        assertEquals(256L << 20, ReaderFuzzing.allocationLimit(0));
        assertEquals((256L << 20) + 4096L * 1000, ReaderFuzzing.allocationLimit(1000));
    }

    @Test
    void aFormatNotRegisteredIsRefusedAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReaderFuzzing.of("nope"));
        assertTrue(e.getMessage().startsWith("no input format named nope is registered: [chrome-json"),
                e.getMessage());
    }
}
