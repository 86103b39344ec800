package dev.ppw.collect;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.quicktheories.core.Gen;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.strings;

class DecimalNanosTest {
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);

    @ParameterizedTest(name = "{0} us = {1} ns")
    @CsvSource({
            "0, 0",
            "-0, 0",
            "-0.0, 0",
            "1, 1000",
            "1.5, 1500",
            "12.75, 12750",
            "0.001, 1",
            // halves away from zero, both signs
            "0.0005, 1",
            "-0.0005, -1",
            "0.0015, 2",
            "-0.0015, -2",
            "0.0025, 3",
            "0.00049999999, 0",
            "-0.00049999999, 0",
            "0.00050000001, 1",
            "0.0004, 0",
            "0.0006, 1",
            // exponents
            "1.5e3, 1500000",
            "1.5E3, 1500000",
            "1.5e+3, 1500000",
            "2E-3, 2",
            "5e-4, 1",
            "4.99e-4, 0",
            "-5e-4, -1",
            "1e-400, 0",
            "0e999999, 0",
            "0.000e2000000000000000000000000, 0",
            "123456789e-9, 123",
            "123456789e-12, 0",
            "123456789e-6, 123457",
            // real trace values, far beyond a double's sub-microsecond precision
            "1795322503741605.5, 1795322503741605500",
            "1795322507310359.8, 1795322507310359800",
            "1679127184455376.0, 1679127184455376000",
            "178603.13999999998, 178603140",
            "1795322503741605.0005, 1795322503741605001",
            "1795322503741605.0004999, 1795322503741605000",
            // lenient forms a JSON parser would not produce
            ".5, 500",
            "5., 5000",
            "+1, 1000",
            // the largest and smallest representable results
            "9223372036854775.807, 9223372036854775807",
            "-9223372036854775.807, -9223372036854775807",
            "9223372036854775.8064, 9223372036854775806",
            "9223372036854775.8069, 9223372036854775807",
            "922337203685477580.7e-2, 9223372036854775807",
    })
    void convertsExactlyAndRoundsHalvesAwayFromZero(String micros, long nanos) {
        assertEquals(nanos, DecimalNanos.parseMicros(micros));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "+", ".", "e3", "1e", "1e+", "1.5.2", "1x", " 1", "1 ", "NaN", "Infinity",
            "-Infinity", "0x10", "1_000", "--1", "1e3.5",
            // beyond a long of nanoseconds
            "9223372036854775.8075", "-9223372036854775.8075", "9223372036854775.808", "-9223372036854775.808",
            "1e16", "1e300", "1e9999999999999999999999", "-1e9999999999999999999999",
            "100000000000000000000000000000"})
    void rejectsWhatIsNotAFiniteNumberThatFits(String text) {
        assertEquals(DecimalNanos.UNUSABLE, DecimalNanos.parseMicros(text), text);
    }

    @Test
    void readsFromTheMiddleOfABufferWithoutLookingOutside() {
        char[] buf = "xx12.5e1yy".toCharArray();
        assertEquals(125_000, DecimalNanos.parseMicros(buf, 2, 6));
        assertEquals(12_000, DecimalNanos.parseMicros(buf, 2, 2));
        assertEquals(DecimalNanos.UNUSABLE, DecimalNanos.parseMicros(buf, 2, 7));
    }

    /** Decimal texts as JSON and traces write them: optional sign, digits, fraction, exponent. */
    private static Gen<String> decimals() {
        Gen<String> digits = strings().betweenCodePoints('0', '9').ofLengthBetween(1, 22);
        Gen<String> fraction = strings().betweenCodePoints('0', '9').ofLengthBetween(0, 12);
        return booleans().all().zip(digits, fraction, (negative, i, f) -> (negative ? "-" : "") + i + (f.isEmpty() ? "" : "." + f))
                .zip(integers().between(-30, 30), booleans().all(), (m, e, withExponent) -> withExponent ? m + "e" + e : m);
    }

    @Test
    void agreesWithBigDecimalRoundingHalfUp() {
        qt().withExamples(20_000).forAll(decimals()).checkAssert(text -> {
            BigInteger exact = new BigDecimal(text).movePointRight(3).setScale(0, RoundingMode.HALF_UP).toBigInteger();
            boolean fits = exact.compareTo(LONG_MAX) <= 0 && exact.compareTo(LONG_MIN) > 0;
            long expected = fits ? exact.longValueExact() : DecimalNanos.UNUSABLE;
            assertEquals(expected, DecimalNanos.parseMicros(text), text);
        });
    }

    @Test
    void agreesWithBigDecimalNearTheLongLimits() {
        // Values within a few thousand ns of +-Long.MAX_VALUE, with sub-nanosecond digits.
        qt().withExamples(5_000).forAll(integers().between(-5000, 5000), integers().between(0, 9999), booleans().all())
                .checkAssert((offset, subNanos, negative) -> {
                    BigDecimal nanos = new BigDecimal(LONG_MAX.add(BigInteger.valueOf(offset)))
                            .add(new BigDecimal(BigInteger.valueOf(subNanos), 4));
                    if (negative) {
                        nanos = nanos.negate();
                    }
                    String text = nanos.movePointLeft(3).toPlainString();
                    BigInteger exact = nanos.setScale(0, RoundingMode.HALF_UP).toBigInteger();
                    boolean fits = exact.compareTo(LONG_MAX) <= 0 && exact.compareTo(LONG_MIN) > 0;
                    assertEquals(fits ? exact.longValueExact() : DecimalNanos.UNUSABLE, DecimalNanos.parseMicros(text), text);
                });
    }

    @Test
    void isDecimalKnowsTheSyntaxThatParseMicrosReads() {
        // BigDecimal's grammar is the same (sign, digits with an optional point, an exponent); short texts keep
        // its exponent within an int.
        qt().withExamples(20_000).forAll(strings().betweenCodePoints(0, 15).ofLengthBetween(0, 9)).checkAssert(code -> {
            StringBuilder text = new StringBuilder();
            code.codePoints().forEach(c -> text.append("0123456789.eE+- ".charAt(c)));
            String s = text.toString();
            boolean big;
            try {
                new BigDecimal(s);
                big = true;
            } catch (NumberFormatException e) {
                big = false;
            }
            assertEquals(big, DecimalNanos.isDecimal(s.toCharArray(), 0, s.length()), s);
            if (DecimalNanos.parseMicros(s) != DecimalNanos.UNUSABLE) {
                assertTrue(DecimalNanos.isDecimal(s.toCharArray(), 0, s.length()), s);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e400", "-1e400", "100000000000000000000000000000", "9223372036854775.808"})
    void aNumberBeyondALongOfNanosecondsIsStillDecimal(String text) {
        assertEquals(DecimalNanos.UNUSABLE, DecimalNanos.parseMicros(text));
        assertTrue(DecimalNanos.isDecimal(text.toCharArray(), 0, text.length()));
    }
}
