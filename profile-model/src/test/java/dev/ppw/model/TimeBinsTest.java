package dev.ppw.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimeBinsTest {
    @Test
    void binsAreContiguousAndOfOneWidth() {
        TimeBins bins = new TimeBins(true, 1_000, 250, 4);
        assertEquals(4, bins.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(bins.endNanos(i), bins.startNanos(i + 1));
        }
        assertEquals(1_000, bins.startNanos(0));
        assertEquals(2_000, bins.endNanos(3));
        assertTrue(bins.absoluteTime());
    }

    @Test
    void rowsAreCopiedAndAbsentRowsReadZero() {
        TimeBins bins = new TimeBins(false, 0, 10, 2);
        long[] inclusive = {7, 3};
        bins.putRow(5, inclusive, new long[] {2, 3}, new long[] {1, 1});
        inclusive[0] = 99;
        assertArrayEquals(new long[] {7, 3}, bins.inclusiveNanos(5));
        assertArrayEquals(new long[] {2, 3}, bins.exclusiveNanos(5));
        assertArrayEquals(new long[] {1, 1}, bins.calls(5));
        assertFalse(bins.has(6));
        assertArrayEquals(new long[] {0, 0}, bins.inclusiveNanos(6));
        assertArrayEquals(new int[] {5}, bins.rows());
    }

    @Test
    void refusesRowsOfAnotherLengthAndBinsPastTheClock() {
        TimeBins bins = new TimeBins(false, 0, 10, 2);
        assertThrows(IllegalArgumentException.class, () -> bins.putRow(1, new long[3], new long[2], new long[2]));
        assertThrows(ArithmeticException.class, () -> new TimeBins(true, Long.MAX_VALUE - 5, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> new TimeBins(true, 0, 0, 1));
    }
}
