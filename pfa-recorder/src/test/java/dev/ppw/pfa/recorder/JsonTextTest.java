package dev.ppw.pfa.recorder;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

/** Numbers and strings written as Python's json.dumps writes them, and read back exactly. */
class JsonTextTest {
    private static String text(JsonText t) {
        return new String(t.bytes, 0, t.size, StandardCharsets.US_ASCII);
    }

    @Test
    void microsecondsAsPerfFlowAspectPrintsThem() {
        assertEquals("1795322503661461.5", text(new JsonText().micros(1795322503661461500L)));
        assertEquals("12.75", text(new JsonText().micros(12750)));
        assertEquals("8.0", text(new JsonText().micros(8000)));
        assertEquals("0.001", text(new JsonText().micros(1)));
        assertEquals("0.0", text(new JsonText().micros(0)));
        assertEquals("1.01", text(new JsonText().micros(1010)));
    }

    /** Any non-negative nanosecond count is written as decimal microseconds that read back to the same count. */
    @Test
    void microsecondsAreExact() {
        qt().forAll(longs().between(0, Long.MAX_VALUE)).checkAssert(ns -> {
            String s = text(new JsonText().micros(ns));
            assertEquals(BigDecimal.valueOf(ns), new BigDecimal(s).movePointRight(3).stripTrailingZeros()
                    .setScale(0, java.math.RoundingMode.UNNECESSARY));
        });
    }

    @Test
    void floatsAsPythonRepr() {
        assertEquals("0.0", JsonText.pyRepr(0.0));
        assertEquals("18259.968", JsonText.pyRepr(18259.968));
        assertEquals("98.62583445052591", JsonText.pyRepr(98.625834450525915));
        assertEquals("0.0001", JsonText.pyRepr(0.0001));
        assertEquals("1e-05", JsonText.pyRepr(0.00001));
        assertEquals("1e+16", JsonText.pyRepr(1e16));
        assertEquals("1234567.0", JsonText.pyRepr(1234567.0));
        assertEquals("-2.5", JsonText.pyRepr(-2.5));
    }

    /** Python's repr is the shortest text that reads back as the same double: so is ours. */
    @Test
    void floatsReadBackExactly() {
        qt().forAll(doubles().any()).assuming(d -> !Double.isNaN(d) && !Double.isInfinite(d)).checkAssert(d ->
                assertEquals(Double.doubleToLongBits(d == 0 ? Math.abs(d) : d),
                        Double.doubleToLongBits(Double.parseDouble(JsonText.pyRepr(d)) + 0.0 == 0
                                ? 0.0 : Double.parseDouble(JsonText.pyRepr(d)))));
    }

    @Test
    void stringsWithEnsureAsciiEscapes() {
        assertEquals("\"a\\\"b\\\\c\\n\\t\\u0001\\u00e9\\u20ac\\ud83d\\ude00\\u007f\"",
                text(new JsonText().string("a\"b\\c\n\t\u0001é€😀\u007f")));
        assertEquals("null", text(new JsonText().string(null)));
    }

    /** Every string is written as JSON that a JSON reader gives back unchanged. */
    @Test
    void stringsReadBack() {
        qt().forAll(strings().allPossible().ofLengthBetween(0, 40)).checkAssert(s -> {
            String json = text(new JsonText().string(s));
            assertEquals(s, Traces.event("{\"k\": " + json + "}").values().get("k"));
        });
    }
}
