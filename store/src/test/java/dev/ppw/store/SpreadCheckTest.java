package dev.ppw.store;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** The history check's rule (SEMANTICS.md "History"), on exact cases and on generated noise. */
class SpreadCheckTest {
    @Test
    void aValueFarFromTheMedianInMadsIsFlaggedWithItsDirection() {
        long[] previous = {100, 102, 98, 101, 99, 100, 103, 97};
        SpreadCheck.Verdict inside = SpreadCheck.check(previous, 105).orElseThrow();
        assertEquals(100.0, inside.median());
        assertEquals(1.5, inside.mad());
        assertEquals(3.5 * 1.4826 * 1.5, inside.threshold(), 1e-9);
        assertFalse(inside.outside(), "7.78 from the median is within the spread");
        SpreadCheck.Verdict above = SpreadCheck.check(previous, 108).orElseThrow();
        assertTrue(above.outside());
        assertEquals(1, above.direction());
        assertEquals(-1, SpreadCheck.check(previous, 91).orElseThrow().direction());
    }

    @Test
    void equalPreviousValuesFlagOnlyAChangeOfMoreThanOnePercent() {
        long[] same = {1000, 1000, 1000, 1000, 1000};
        assertFalse(SpreadCheck.check(same, 1010).orElseThrow().outside());
        assertTrue(SpreadCheck.check(same, 1011).orElseThrow().outside());
        assertTrue(SpreadCheck.check(new long[] {0, 0, 0, 0, 0}, 1).orElseThrow().outside(), "any change from 0");
    }

    @Test
    void fewerThanFivePreviousRunsGiveNoVerdict() {
        assertTrue(SpreadCheck.check(new long[] {1, 2, 3, 4}, 100).isEmpty());
    }

    @Test
    void normalNoiseIsRarelyFlagged() {
        // 10,000 checks of a value against 10 to 30 earlier values, all drawn from one normal distribution: the rule's
        // false alarms. SEMANTICS.md gives the reasoning; under 1% is what it promises for 10 or more previous runs.
        SplittableRandom random = new SplittableRandom(42);
        int alarms = 0;
        int checks = 10_000;
        for (int c = 0; c < checks; c++) {
            long[] previous = new long[10 + random.nextInt(21)];
            for (int i = 0; i < previous.length; i++) {
                previous[i] = normal(random);
            }
            if (SpreadCheck.check(previous, normal(random)).orElseThrow().outside()) {
                alarms++;
            }
        }
        assertTrue(alarms < checks / 100, alarms + " false alarms in " + checks);
    }

    @Test
    void aValueBeyondTheSpreadOfBoundedNoiseIsAlwaysFlagged() {
        // Noise within +-A about 1 s: the median is within A of 1 s and the MAD at most A, so the threshold is at most
        // 3.5 * 1.4826 * A = 5.19 A (the 1% floor, 10 ms, is below that here), and a value 7.2 A to 8.2 A above 1 s is
        // more than 6.2 A from the median, whatever the draw.
        long a = 3_464_000; // the half-width of uniform noise of sigma 2 ms
        qt().withExamples(300).forAll(longs().between(1, 1_000_000), integers().between(5, 30))
                .checkAssert((seed, n) -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    long[] previous = new long[n];
                    for (int i = 0; i < n; i++) {
                        previous[i] = 1_000_000_000L - a + random.nextLong(2 * a + 1);
                    }
                    long above = 1_000_000_000L + 72 * a / 10 + random.nextLong(a + 1);
                    SpreadCheck.Verdict verdict = SpreadCheck.check(previous, above).orElseThrow();
                    assertTrue(verdict.outside() && verdict.direction() == 1, "seed " + seed + ": " + verdict);
                    long below = 2_000_000_000L - above;
                    assertEquals(-1, SpreadCheck.check(previous, below).orElseThrow().direction(), "seed " + seed);
                });
    }

    private static final long SIGMA = 2_000_000;

    /** Around 1 s, sigma 2 ms: a timing of a run with 0.2% noise, whose 1% floor is then 2.5 sigma. */
    private static long normal(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return 1_000_000_000L + Math.round(SIGMA * Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v));
    }
}
