package dev.ppw.aggregate;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * {@link TrackEvents#replayOrder} is the order of {@link TrackEvents#compare} then file order, whichever way
 * it sorts: inputs nearly in completion order (the insertion sort within its budget), far from sorted (the
 * budget exceeded at various points, the merge sort finishing), with many equal times and kinds mixed.
 */
class TrackEventsOrderTest {
    @Test
    void replayOrderIsTheComparatorsOrder() {
        SplittableRandom r = new SplittableRandom(42);
        for (int round = 0; round < 400; round++) {
            int n = r.nextInt(1, round < 200 ? 60 : 3000);
            int shape = r.nextInt(4);
            TrackEvents events = new TrackEvents();
            for (int i = 0; i < n; i++) {
                long ts = switch (shape) {
                    case 0 -> r.nextLong(0, 50); // random, many ties
                    case 1 -> n - i; // reversed
                    case 2 -> i * 10L - (r.nextInt(8) == 0 ? r.nextInt(60) : 0); // nearly sorted
                    default -> i < n / 2 ? i : r.nextLong(0, n); // sorted, then random
                };
                long dur = switch (r.nextInt(5)) {
                    case 0 -> TrackEvents.BEGIN;
                    case 1 -> TrackEvents.END;
                    case 2 -> TrackEvents.counterDur(r.nextDouble());
                    default -> r.nextLong(0, 20);
                };
                events.add(ts, dur, i);
            }
            Integer[] expected = new Integer[n];
            for (int i = 0; i < n; i++) {
                expected[i] = i;
            }
            Arrays.sort(expected, (a, b) -> {
                int c = TrackEvents.compare(events.ts(a), events.dur(a), events.ts(b), events.dur(b));
                return c != 0 ? c : Integer.compare(a, b);
            });
            assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), events.replayOrder(),
                    "round " + round + " shape " + shape + " n " + n);
        }
    }
}
