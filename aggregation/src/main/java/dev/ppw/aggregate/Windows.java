package dev.ppw.aggregate;

import java.util.Arrays;

/**
 * The time windows one input is cut into ({@link Folder#windows}): sorted, non-overlapping half-open
 * intervals {@code [startNanos[i], endNanos[i])} of the trace clock (integer nanoseconds), window {@code i}
 * belonging to phase {@code phase[i]} of {@code 0 .. phaseCount - 1}. Several windows may belong to one phase:
 * the phase is their union. A phase may have no window in a given input (it then folds nothing there), which
 * is how inputs of one fold share a list of phases.
 *
 * <p>Time bins are the windows of {@link #bins}: window {@code i} is phase {@code i}. The arrays are copied.
 *
 * @param startNanos each window's first nanosecond, increasing
 * @param endNanos   each window's end (exclusive), after its start and at or before the next window's start
 * @param phase      each window's phase
 * @param phaseCount how many phases there are, at least 1
 */
public record Windows(long[] startNanos, long[] endNanos, int[] phase, int phaseCount) {
    public Windows {
        startNanos = startNanos.clone();
        endNanos = endNanos.clone();
        phase = phase.clone();
        if (startNanos.length != endNanos.length || startNanos.length != phase.length) {
            throw new IllegalArgumentException("one start, end and phase per window");
        }
        if (phaseCount < 1) {
            throw new IllegalArgumentException("at least one phase, got " + phaseCount);
        }
        for (int i = 0; i < startNanos.length; i++) {
            if (endNanos[i] <= startNanos[i]) {
                throw new IllegalArgumentException("window " + i + " ends at " + endNanos[i] + " ns, not after its start "
                        + startNanos[i] + " ns");
            }
            if (i > 0 && startNanos[i] < endNanos[i - 1]) {
                throw new IllegalArgumentException("window " + i + " starts before window " + (i - 1) + " ends");
            }
            if (phase[i] < 0 || phase[i] >= phaseCount) {
                throw new IllegalArgumentException("window " + i + " is in phase " + phase[i] + " of " + phaseCount);
            }
        }
    }

    /**
     * {@code count} bins of {@code widthNanos} from {@code firstStartNanos}, bin {@code i} being window and
     * phase {@code i}.
     *
     * @throws ArithmeticException when the last bin's end does not fit in a long
     */
    public static Windows bins(long firstStartNanos, long widthNanos, int count) {
        if (widthNanos < 1 || count < 1) {
            throw new IllegalArgumentException(count + " bins of " + widthNanos + " ns");
        }
        Math.addExact(firstStartNanos, Math.multiplyExact(widthNanos, (long) count));
        long[] starts = new long[count];
        long[] ends = new long[count];
        int[] phases = new int[count];
        for (int i = 0; i < count; i++) {
            starts[i] = firstStartNanos + i * widthNanos;
            ends[i] = starts[i] + widthNanos;
            phases[i] = i;
        }
        return new Windows(starts, ends, phases, count);
    }

    /** Each window's first nanosecond (a copy). */
    @Override
    public long[] startNanos() {
        return startNanos.clone();
    }

    /** Each window's end, exclusive (a copy). */
    @Override
    public long[] endNanos() {
        return endNanos.clone();
    }

    /** Each window's phase (a copy). */
    @Override
    public int[] phase() {
        return phase.clone();
    }

    long start(int window) {
        return startNanos[window];
    }

    long end(int window) {
        return endNanos[window];
    }

    int phaseOf(int window) {
        return phase[window];
    }

    /** How many windows. */
    public int size() {
        return startNanos.length;
    }

    /**
     * The first window whose end is after {@code tsNanos} (the window holding it, or the next one), or
     * {@link #size()} when none.
     */
    int firstEndingAfter(long tsNanos) {
        int lo = 0;
        int hi = endNanos.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (endNanos[mid] <= tsNanos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The window holding {@code tsNanos}, or -1 when it falls in none. */
    int windowAt(long tsNanos) {
        int w = firstEndingAfter(tsNanos);
        return w < startNanos.length && startNanos[w] <= tsNanos ? w : -1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Windows w && phaseCount == w.phaseCount && Arrays.equals(startNanos, w.startNanos)
                && Arrays.equals(endNanos, w.endNanos) && Arrays.equals(phase, w.phase);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(startNanos) + Arrays.hashCode(endNanos)) + phaseCount;
    }

    @Override
    public String toString() {
        return "Windows" + Arrays.toString(startNanos) + Arrays.toString(endNanos) + Arrays.toString(phase);
    }
}
