package dev.ppw.collect.chrome;

import dev.ppw.collect.RecordingSink;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static dev.ppw.collect.TestInputs.failure;
import static dev.ppw.collect.TestInputs.read;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A writer killed inside a number or a literal leaves {@code "ts": 1795322503661461.} or {@code "scope": nul}
 * at the end of the file. Jackson calls that an invalid token, but it is a cut like any other: the complete
 * events are kept and one {@code truncated} warning names the cut event. Garbage that merely sits at the
 * end stays an error.
 */
class CutValueTest {
    private static final String ONE_EVENT = "[\n{\"ph\":\"X\",\"ts\":1,\"dur\":2,\"name\":\"a\"},\n";

    @ParameterizedTest
    @ValueSource(strings = {"\"ts\":1795322503661461.", "\"ts\": -0.", "\"scope\":nul", "\"scope\": n", "\"f\":tr",
            "\"f\":fals", "\"ts\":Infin", "\"ts\":-Inf", "\"ts\":+IN", "\"ts\":N", "\"a\":[1,t", "\"a\":[\n1."})
    void aValueCutByTheEndOfTheInputIsATruncation(String cutEvent) {
        RecordingSink sink = read(ONE_EVENT + "{\"ph\":\"X\"," + cutEvent);
        assertEquals(Map.of("truncated", 1L), sink.warnings());
        assertEquals("t.json:3:1: the input ends inside the event that starts here; the 1 complete events before"
                + " it are kept", sink.firstExample("truncated"));
        assertEquals(List.of("X T(,) 1000 2000 a"), sink.events());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"ts\":xyz", "\"ts\":1.x}]", "\"ts\":01", "\"ts\":1.e", "\"n\":\"a\"tr", "\"n\":truex",
            "\"n\":nulll"})
    void garbageAtTheEndIsStillAnError(String badEvent) {
        String message = failure(ONE_EVENT + "{\"ph\":\"X\"," + badEvent).getMessage();
        assertEquals("t.json:3:", message.substring(0, 9), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":nul", "{\"a\":[1.", "{\"a\":{\"b\":tr"})
    void aCutBeforeTheEventsIsStillNotATrace(String header) {
        assertEquals("t.json:1:", failure(header).getMessage().substring(0, 9));
    }
}
