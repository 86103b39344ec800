package dev.ppw.aggregate;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link TrackEvents#sort} puts the events in the order of {@link TrackEvents#compare} then file order,
 * whichever way it sorts: inputs nearly in completion order (the insertion sort within its budget), far from
 * sorted (the budget exceeded at various points, the radix sort finishing), with many equal times and kinds
 * mixed, times spread over the whole range of a long (negative ones too), times whose low bits are all
 * equal, and one time shared by many events; a second sort after more events are added keeps file order among equal keys.
 * Half of the rounds use blocks of 2 to 128 events, so that the same inputs also go through the blocked storage
 * (appends past a block, the insertion sort across blocks, the radix sort reading blocks).
 */
class TrackEventsOrderTest {
    @Test
    void sortIsTheComparatorsOrder() {
        SplittableRandom r = new SplittableRandom(42);
        for (int round = 0; round < 400; round++) {
            int n = r.nextInt(1, round < 200 ? 60 : 3000);
            int shape = r.nextInt(10);
            TrackEvents events = round % 2 == 0 ? new TrackEvents() : new TrackEvents(r.nextInt(1, 8));
            for (int i = 0; i < n; i++) {
                long ts = switch (shape) {
                    case 0 -> r.nextLong(0, 50); // random, many ties
                    case 1 -> n - i; // reversed
                    case 2 -> i * 10L - (r.nextInt(8) == 0 ? r.nextInt(60) : 0); // nearly sorted
                    case 3 -> i < n / 2 ? i : r.nextLong(0, n); // sorted, then random
                    case 4 -> r.nextInt(3) == 0 ? r.nextLong() : r.nextLong(-5, 5); // any long, many ties
                    case 5 -> r.nextLong(0, 50) << 24; // low digits all equal: radix passes skipped
                    case 7 -> i * 3L; // strictly increasing: the sort reads nothing
                    case 8 -> i == n - 1 ? r.nextLong(-1, 3L * i + 1) : i * 3L; // so, but for the last event
                    case 9 -> i / 3 * 3L; // increasing in threes: each time's kinds in order or not
                    default -> r.nextInt(10) == 0 ? r.nextLong(0, 1L << 40) : 7; // one time shared by most
                };
                long dur = switch (r.nextInt(5)) {
                    case 0 -> TrackEvents.BEGIN;
                    case 1 -> TrackEvents.END;
                    case 2 -> TrackEvents.counterDur(r.nextDouble());
                    default -> r.nextLong(0, 20);
                };
                events.add(ts, dur, i);
                if (i == n / 3 && r.nextBoolean()) {
                    events.sort(); // sorted early: what follows comes later in the file
                }
            }
            long[] ts = new long[n];
            long[] dur = new long[n];
            for (int k = 0; k < n; k++) {
                int i = events.id(k);
                ts[i] = events.ts(k);
                dur[i] = events.dur(k);
            }
            Integer[] expected = new Integer[n];
            for (int i = 0; i < n; i++) {
                expected[i] = i;
            }
            Arrays.sort(expected, (a, b) -> {
                int c = TrackEvents.compare(ts[a], dur[a], ts[b], dur[b]);
                return c != 0 ? c : Integer.compare(a, b);
            });
            events.sort();
            int[] sorted = new int[n];
            for (int k = 0; k < n; k++) {
                sorted[k] = events.id(k);
            }
            assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), sorted,
                    "round " + round + " shape " + shape + " n " + n);
        }
    }

    @Test
    void blocksInTimeOrderAreSortedWhereTheyAre() {
        TrackEvents events = new TrackEvents(4);
        for (int i = 0; i < 1000; i++) {
            events.add(i * 3L, i % 2 == 0 ? TrackEvents.BEGIN : TrackEvents.END, i);
        }
        assertTrue(events.blocked(), "1000 events in blocks of 16");
        events.sort();
        assertTrue(events.blocked(), "strict time order: nothing to move, the blocks stay");
        for (int k = 0; k < 1000; k++) {
            assertEquals(k, events.id(k));
            assertEquals(k * 3L, events.ts(k));
        }
    }

    @Test
    void retainAndClearLeaveBlocksForFlatColumns() {
        TrackEvents events = new TrackEvents(3);
        for (int i = 0; i < 100; i++) {
            events.add(i, 5, i);
        }
        events.sort();
        events.retainFrom(90);
        assertFalse(events.blocked());
        assertEquals(10, events.size());
        for (int k = 0; k < 10; k++) {
            assertEquals(90 + k, events.id(k));
        }
        for (int i = 100; i < 200; i++) {
            events.add(i, TrackEvents.BEGIN, i);
        }
        assertTrue(events.blocked());
        assertEquals(110, events.size());
        assertEquals(150, events.id(60));
        events.clear();
        assertFalse(events.blocked());
        assertEquals(0, events.size());
    }
}
