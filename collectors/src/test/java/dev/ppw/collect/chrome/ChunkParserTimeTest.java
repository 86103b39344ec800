package dev.ppw.collect.chrome;

import dev.ppw.collect.DecimalNanos;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** ChunkParser's own reading of ts and dur gives DecimalNanos's exact nanoseconds, digit for digit. */
class ChunkParserTimeTest {
    @Test
    void plainTimesAreReadAsDecimalNanosReadsThem() {
        qt().withExamples(5000).forAll(longs().between(0, Long.MAX_VALUE), integers().between(0, 20),
                        integers().between(0, 12), longs().all())
                .checkAssert((intPart, intDigits, fracDigits, fracBits) -> {
                    String whole = Long.toString(intPart);
                    whole = whole.substring(0, Math.max(1, Math.min(whole.length(), intDigits)));
                    StringBuilder text = new StringBuilder(whole);
                    if (fracDigits > 0) {
                        text.append('.');
                        long bits = fracBits;
                        for (int k = 0; k < fracDigits; k++) {
                            text.append((char) ('0' + Math.floorMod(bits, 10)));
                            bits /= 10;
                        }
                    }
                    assertEquals(DecimalNanos.parseMicros(text), read(text.toString()), text::toString);
                });
    }

    @Test
    void edgeTimes() {
        for (String t : new String[] {"0", "0.0", "0.0005", "0.0004999", "1.9995", "9223372036854775.807",
                "9223372036854774.999", "9223372036854775.8075", "1795322503741605.500", "1e3", "12.5e-1",
                "999999999999999999", "1000000000000000000.5",
                // Eight digits at a time: word and digit boundaries, the 18-digit limit.
                "12345678", "1234567812345678", "123456781234567812", "1234567812345678123", "99999999.99999999",
                "1234567.12345678", "90000000000000000.1"}) {
            assertEquals(DecimalNanos.parseMicros(t), read(t), t);
        }
    }

    @Test
    void leadingZerosAreNotJsonAndLeftToTheEventLogic() {
        for (String t : new String[] {"00", "00000000", "0000000012345678", "01234567.5", "0123456789012345678"}) {
            assertEquals(DecimalNanos.UNUSABLE, read(t), t);
        }
    }

    /** The ts of a minimal X event, as the parser records it (UNUSABLE when it left the event to Jackson). */
    private static long read(String ts) {
        byte[] b = ("{\"ph\":\"X\",\"ts\":" + ts + ",\"dur\":0}").getBytes(StandardCharsets.US_ASCII);
        ChunkParser p = new ChunkParser(b, 0, 0, b.length, ChunkParser.OPEN).parse();
        if (p.count != 1 || p.kinds[0] != ChunkParser.KIND_X) {
            return DecimalNanos.UNUSABLE;
        }
        return p.ts[0];
    }
}
