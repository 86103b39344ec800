package dev.ppw.report;

import dev.ppw.model.TimeUnits;
import dev.ppw.model.DisplayUnit;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class TimeUnitsTest {
    private static final DisplayUnit[] UNITS = DisplayUnit.values();

    @Test
    void examplesOfSemantics() {
        assertEquals("1234.567", TimeUnits.exact(1234567, DisplayUnit.US));
        assertEquals("1234", TimeUnits.exact(1234000, DisplayUnit.US));
        assertEquals("0.000000007", TimeUnits.exact(7, DisplayUnit.S));
        assertEquals("-0.5", TimeUnits.exact(-500, DisplayUnit.US));
        assertEquals("-1.5", TimeUnits.exact(-1500, DisplayUnit.US));
        assertEquals("0", TimeUnits.exact(0, DisplayUnit.MS));
        assertEquals("-9223372036.854775808", TimeUnits.exact(Long.MIN_VALUE, DisplayUnit.S));
    }

    @Test
    void exactIsThePlainDecimalOfTheNanoseconds() {
        qt().forAll(longs().all(), integers().between(0, UNITS.length - 1)).checkAssert((nanos, u) -> {
            DisplayUnit unit = UNITS[u];
            String text = TimeUnits.exact(nanos, unit);
            assertEquals(0, new BigDecimal(text).compareTo(BigDecimal.valueOf(nanos, unit.scale())), text);
            assertFalse(text.contains("E") || text.contains(",") || text.contains("+"), text);
            if (text.contains(".")) {
                assertFalse(text.endsWith("0") || text.endsWith("."), text);
            }
            assertEquals(BigDecimal.valueOf(nanos, unit.scale()).stripTrailingZeros().toPlainString(), text);
        });
    }

    @Test
    void smallValuesRoundTripInEveryUnit() {
        qt().forAll(longs().between(-2_000_000_000L, 2_000_000_000L), integers().between(0, UNITS.length - 1))
                .checkAssert((nanos, u) -> assertEquals(nanos.longValue(),
                        new BigDecimal(TimeUnits.exact(nanos, UNITS[u])).movePointRight(UNITS[u].scale())
                                .longValueExact()));
    }

    @Test
    void parseExactReadsBackWhatExactWrites() {
        qt().forAll(longs().all(), integers().between(0, UNITS.length - 1)).checkAssert((nanos, u) -> {
            String text = TimeUnits.exact(nanos, UNITS[u]);
            assertEquals(nanos.longValue(), parse(text, UNITS[u]), text);
        });
    }

    @Test
    void parseExactTakesAnyJsonNumberThatIsWholeNanoseconds() {
        assertEquals(1234567, parse("1234.567", DisplayUnit.US));
        assertEquals(1234567, parse("1234.5670000000", DisplayUnit.US));
        assertEquals(1234567, parse("1.234567e3", DisplayUnit.US));
        assertEquals(1234567, parse("123456700E-2", DisplayUnit.NS));
        assertEquals(-500, parse("-0.5", DisplayUnit.US));
        assertEquals(0, parse("-0", DisplayUnit.S));
        assertEquals(7, parse("0.000000007", DisplayUnit.S));
        assertEquals(Long.MIN_VALUE, parse("-9223372036.854775808", DisplayUnit.S));
        assertEquals(Long.MAX_VALUE, parse("9223372036854775807", DisplayUnit.NS));
        assertEquals("not a whole number of nanoseconds", parseError("0.5", DisplayUnit.NS));
        assertEquals("not a whole number of nanoseconds", parseError("1.0000000001", DisplayUnit.S));
        assertEquals("not a whole number of nanoseconds", parseError("1e-10", DisplayUnit.S));
        assertEquals("out of range (more than 292 years in nanoseconds)", parseError("9223372036854775808", DisplayUnit.NS));
        assertEquals("out of range (more than 292 years in nanoseconds)", parseError("9223372037", DisplayUnit.S));
        assertEquals("not a decimal number", parseError("1.2.3", DisplayUnit.US));
        assertEquals("not a decimal number", parseError("", DisplayUnit.US));
    }

    @Test
    void hugeExponentsAreDecidedWithoutWritingTheirDigits() {
        // these once built a million-digit number (movePointRight) and stripped its zeros one division at a time
        assertEquals("out of range (more than 292 years in nanoseconds)", parseError("1e2549323", DisplayUnit.NS));
        assertEquals("out of range (more than 292 years in nanoseconds)", parseError("-2.5E999999999", DisplayUnit.S));
        assertEquals(0, parse("0e2549323", DisplayUnit.US));
        assertEquals(0, parse("-0.000E999999999", DisplayUnit.NS));
        assertEquals("not a whole number of nanoseconds", parseError("1e-2549323", DisplayUnit.S));
        assertEquals(9_000_000_000_000_000_000L, parse("9e18", DisplayUnit.NS));
        assertEquals(9_000_000_000_000_000_000L, parse("0.0009e13", DisplayUnit.S));
        assertEquals("out of range (more than 292 years in nanoseconds)", parseError("10e18", DisplayUnit.NS));
    }

    @Test
    void nearestNanosRoundsHalvesAwayFromZero() {
        assertEquals(3, TimeUnits.nearestNanos(2.5));
        assertEquals(-3, TimeUnits.nearestNanos(-2.5));
        assertEquals(2, TimeUnits.nearestNanos(2.4999999));
        assertEquals(0, TimeUnits.nearestNanos(0.49999999999999994));
        assertEquals(75498, TimeUnits.nearestNanos(Math.sqrt(5.7e9)));
        assertEquals(Long.MAX_VALUE, TimeUnits.nearestNanos(1e30));
    }

    private static long parse(String text, DisplayUnit unit) {
        return TimeUnits.parseExact(text.toCharArray(), 0, text.length(), unit);
    }

    private static String parseError(String text, DisplayUnit unit) {
        return assertThrows(NumberFormatException.class, () -> parse(text, unit)).getMessage();
    }

    @Test
    void fixedRoundsHalfAwayFromZero() {
        assertEquals("1.235", TimeUnits.fixed(1234567, DisplayUnit.MS, 3));
        assertEquals("0.235", TimeUnits.fixed(234500, DisplayUnit.MS, 3));
        assertEquals("-0.235", TimeUnits.fixed(-234500, DisplayUnit.MS, 3));
        assertEquals("0.000", TimeUnits.fixed(7, DisplayUnit.MS, 3));
        assertEquals("-0.001", TimeUnits.fixed(-500, DisplayUnit.MS, 3));
        assertEquals("12", TimeUnits.fixed(12, DisplayUnit.NS, 0));
        qt().forAll(longs().between(-Long.MAX_VALUE / 2, Long.MAX_VALUE / 2), integers().between(0, 2),
                integers().between(0, 3)).checkAssert((nanos, u, d) -> {
                    DisplayUnit unit = UNITS[u];
                    String expected = BigDecimal.valueOf(nanos, unit.scale()).setScale(d, RoundingMode.HALF_UP)
                            .toPlainString();
                    String actual = TimeUnits.fixed(nanos, unit, d);
                    assertEquals(0, new BigDecimal(expected).compareTo(new BigDecimal(actual)), actual);
                    assertEquals(d, new BigDecimal(actual).scale(), actual);
                });
    }

    @Test
    void readableUnitIsTheLargestWithAtLeastOne() {
        assertEquals(DisplayUnit.S, TimeUnits.readable(1_000_000_000L));
        assertEquals(DisplayUnit.MS, TimeUnits.readable(999_999_999L));
        assertEquals(DisplayUnit.MS, TimeUnits.readable(1_000_000L));
        assertEquals(DisplayUnit.US, TimeUnits.readable(1_000L));
        assertEquals(DisplayUnit.NS, TimeUnits.readable(999L));
        assertEquals(DisplayUnit.NS, TimeUnits.readable(0L));
        assertEquals(DisplayUnit.S, TimeUnits.readable(Long.MIN_VALUE));
    }

    @Test
    void unitsParseFromTheirLabels() {
        for (DisplayUnit u : UNITS) {
            assertEquals(u, DisplayUnit.fromLabel(u.label()));
        }
    }
}
