package dev.ppw.aggregate;

import java.util.Arrays;

/**
 * A buffer of one track's timed events in arrival (file) order, as primitive columns, and their replay
 * order: {@link #BYTES_PER_EVENT} bytes per event, plus the arrays' spare capacity.
 *
 * <p>Kind is packed into the duration column: {@link #BEGIN} and {@link #END} are negative markers, a
 * value >= 0 is an {@code X} event's duration in nanoseconds. The id column holds a frame id for begins
 * and {@code X}, a region name id for ends. Events leave the buffer only as a whole ({@link #clear}) or
 * by time ({@link #retainFrom}), and what stays keeps its arrival order, so that index order is always
 * file order.
 */
final class TrackEvents {
    static final long BEGIN = -1;
    static final long END = -2;
    /** Bytes one buffered event takes: ts and duration (longs) and id (int). */
    static final int BYTES_PER_EVENT = 20;
    private static final int MIN_CAPACITY = 16;

    private long[] tsNanos = new long[MIN_CAPACITY];
    private long[] durNanos = new long[MIN_CAPACITY];
    private int[] ids = new int[MIN_CAPACITY];
    private int size;

    void add(long ts, long dur, int id) {
        if (size == ids.length) {
            resize(size * 2);
        }
        tsNanos[size] = ts;
        durNanos[size] = dur;
        ids[size] = id;
        size++;
    }

    int size() {
        return size;
    }

    long ts(int event) {
        return tsNanos[event];
    }

    /** Duration of an {@code X}, or {@link #BEGIN}/{@link #END}. */
    long dur(int event) {
        return durNanos[event];
    }

    int id(int event) {
        return ids[event];
    }

    /** Empties the buffer and gives its memory back. */
    void clear() {
        size = 0;
        shrink();
    }

    /** Keeps only the events at or after {@code fromNanos}, in their arrival order. */
    void retainFrom(long fromNanos) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (tsNanos[i] >= fromNanos) {
                tsNanos[kept] = tsNanos[i];
                durNanos[kept] = durNanos[i];
                ids[kept] = ids[i];
                kept++;
            }
        }
        size = kept;
        shrink();
    }

    /**
     * Gives back the spare capacity of a buffer that emptied: the folder counts events, not capacity, so a
     * buffer keeps at most four times what it holds (and {@link #MIN_CAPACITY}).
     */
    private void shrink() {
        if (ids.length > 4 * Math.max(size, MIN_CAPACITY)) {
            resize(Math.max(2 * size, MIN_CAPACITY));
        }
    }

    private void resize(int capacity) {
        tsNanos = Arrays.copyOf(tsNanos, capacity);
        durNanos = Arrays.copyOf(durNanos, capacity);
        ids = Arrays.copyOf(ids, capacity);
    }

    /**
     * Compares two events by replay order without their file order: by time; at one time the begins and
     * ends before the {@code X} events, and {@code X} events longest first (SEMANTICS.md section 1, steps 2
     * and 4). Zero means "then in file order".
     */
    static int compare(long tsA, long durA, long tsB, long durB) {
        int c = Long.compare(tsA, tsB);
        if (c != 0) {
            return c;
        }
        boolean xa = durA >= 0;
        boolean xb = durB >= 0;
        if (xa != xb) {
            return xa ? 1 : -1;
        }
        return xa ? Long.compare(durB, durA) : 0;
    }

    /** Event indices in replay order: {@link #compare}, then file order. */
    int[] replayOrder() {
        int n = size;
        int[] order = new int[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            order[i] = i;
            if (sorted && i > 0 && compare(i - 1, i) > 0) {
                sorted = false;
            }
        }
        if (!sorted) {
            mergeSort(order, new int[n], 0, n);
        }
        return order;
    }

    private int compare(int a, int b) {
        int c = compare(tsNanos[a], durNanos[a], tsNanos[b], durNanos[b]);
        return c != 0 ? c : Integer.compare(a, b);
    }

    /** Stable, allocation-free after the scratch array; no recursion deeper than log2(n). */
    private void mergeSort(int[] a, int[] scratch, int from, int to) {
        if (to - from <= 24) {
            for (int i = from + 1; i < to; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= from && compare(a[j], v) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, scratch, from, mid);
        mergeSort(a, scratch, mid, to);
        if (compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        int k = from;
        while (i < mid && j < to) {
            a[k++] = compare(scratch[j], scratch[i]) < 0 ? scratch[j++] : scratch[i++];
        }
        while (i < mid) {
            a[k++] = scratch[i++];
        }
        while (j < to) {
            a[k++] = scratch[j++];
        }
    }
}
