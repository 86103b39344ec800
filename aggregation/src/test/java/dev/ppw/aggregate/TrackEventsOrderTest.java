package dev.ppw.aggregate;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * {@link TrackEvents#sort} puts the events in the order of {@link TrackEvents#compare} then file order,
 * whichever way it sorts: inputs nearly in completion order (the insertion sort within its budget), far from
 * sorted (the budget exceeded at various points, the radix sort finishing), with many equal times and kinds
 * mixed, times spread over the whole range of a long (negative ones too), times whose low bits are all
 * equal, and one time shared by many events; a second sort after more events are added keeps file order among equal keys.
 */
class TrackEventsOrderTest {
    @Test
    void sortIsTheComparatorsOrder() {
        SplittableRandom r = new SplittableRandom(42);
        for (int round = 0; round < 400; round++) {
            int n = r.nextInt(1, round < 200 ? 60 : 3000);
            int shape = r.nextInt(7);
            TrackEvents events = new TrackEvents();
            for (int i = 0; i < n; i++) {
                long ts = switch (shape) {
                    case 0 -> r.nextLong(0, 50); // random, many ties
                    case 1 -> n - i; // reversed
                    case 2 -> i * 10L - (r.nextInt(8) == 0 ? r.nextInt(60) : 0); // nearly sorted
                    case 3 -> i < n / 2 ? i : r.nextLong(0, n); // sorted, then random
                    case 4 -> r.nextInt(3) == 0 ? r.nextLong() : r.nextLong(-5, 5); // any long, many ties
                    case 5 -> r.nextLong(0, 50) << 24; // low digits all equal: radix passes skipped
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
}
