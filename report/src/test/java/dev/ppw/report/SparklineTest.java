package dev.ppw.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Sparkline}: one block per bin scaled to the row's largest, blank for none, bins grouped past 60. */
class SparklineTest {
    @Test
    void eachBinIsABlockScaledToTheLargest() {
        assertEquals("\u2581\u2584\u2588 \u2588", Sparkline.of(new long[] {1, 50, 100, 0, 99}));
        assertEquals("   ", Sparkline.of(new long[3]), "a row without time in any bin is blank");
    }

    @Test
    void moreThanSixtyBinsAreGroupedAndAdded() {
        long[] bins = new long[121];
        bins[0] = 1;
        bins[1] = 1;
        bins[120] = 4;
        // 3 bins per character: 41 characters, the first holding 2, the last 4.
        String line = Sparkline.of(bins);
        assertEquals(41, line.length());
        assertEquals(3, Sparkline.binsPerChar(121));
        assertEquals('\u2584', line.charAt(0));
        assertEquals('\u2588', line.charAt(40));
        assertEquals(" ".repeat(39), line.substring(1, 40));
    }
}
