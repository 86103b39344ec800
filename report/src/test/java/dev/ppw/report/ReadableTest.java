package dev.ppw.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/** Numbers for people in text (SEMANTICS.md "Text"): separators, binary prefixes, two decimals at most. */
class ReadableTest {
    @Test
    void countsNumbersAndBytesReadAsPeopleWriteThem() {
        assertEquals("2,375,070,287", Readable.count(2_375_070_287L));
        assertEquals("-1,000", Readable.count(-1000));
        assertEquals("162,511,591.87", Readable.number(162511591.87025252));
        assertEquals("586,500", Readable.number(586500.0));
        assertEquals("18,325.5", Readable.number(18325.504));
        assertEquals("0.01", Readable.number(0.005));
        assertEquals("-2.5", Readable.number(-2.5));
        assertEquals("", Readable.number(Double.NaN));
        assertEquals("512 B", Readable.bytes(512));
        assertEquals("1023 B", Readable.bytes(1023));
        assertEquals("1.00 KiB", Readable.bytes(1024));
        assertEquals("320.00 MiB", Readable.bytes(335_544_320L));
        assertEquals("146.00 MiB", Readable.bytes(153_092_096L));
        assertEquals("8.00 EiB", Readable.bytes(Long.MAX_VALUE));
    }

    @Test
    void aCountWithoutItsSeparatorsIsTheCount() {
        qt().forAll(longs().all()).checkAssert(v -> assertEquals(Long.toString(v), Readable.count(v).replace(",", "")));
    }

    @Test
    void bytesAreWithinHalfAHundredthOfTheirPrefix() {
        qt().forAll(longs().between(1024, Long.MAX_VALUE / 2)).checkAssert(v -> {
            String[] printed = Readable.bytes(v).split(" ");
            int power = java.util.List.of("KiB", "MiB", "GiB", "TiB", "PiB", "EiB").indexOf(printed[1]) + 1;
            java.math.BigDecimal exact = java.math.BigDecimal.valueOf(v)
                    .divide(java.math.BigDecimal.valueOf(1024).pow(power));
            java.math.BigDecimal shown = new java.math.BigDecimal(printed[0]);
            assertEquals(true, exact.subtract(shown).abs().compareTo(new java.math.BigDecimal("0.005")) <= 0,
                    v + " as " + Readable.bytes(v));
            assertEquals(true, shown.compareTo(java.math.BigDecimal.ONE) >= 0 && shown.compareTo(
                    java.math.BigDecimal.valueOf(1024)) <= 0, v + " as " + Readable.bytes(v));
        });
    }
}
