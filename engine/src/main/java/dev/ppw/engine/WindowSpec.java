package dev.ppw.engine;

import java.util.List;
import java.util.Objects;

/**
 * How to split each node's time (SEMANTICS.md "Time bins" and "Phases"): into time bins of one width, or into
 * phases at marker events and explicit windows. Times are integer nanoseconds of the trace's clock, relative to
 * each node's first event unless {@link #absoluteTime()}. Immutable.
 */
public sealed interface WindowSpec permits WindowSpec.Bins, WindowSpec.Phases {
    /** The most bins a split may have: each bin is a profile of its own while reading. */
    int MAX_BINS = 100_000;

    /** True when times are the trace clock's own, false when relative to each node's first event. */
    boolean absoluteTime();

    /**
     * Time bins: {@code count} bins (their width the longest node's span divided by it, rounded up), or bins of
     * {@code widthNanos} (as many as the longest node needs); exactly one of the two is positive.
     *
     * @param count        how many bins ({@code --time-bins N}), at most {@link #MAX_BINS}; 0 when a width is given
     * @param widthNanos   each bin's width ({@code --bin-width W}); 0 when a count is given
     * @param absoluteTime bins on the trace clock, aligned on multiples of the width (a width given), or from the
     *                     earliest node's first event (a count given)
     */
    record Bins(int count, long widthNanos, boolean absoluteTime) implements WindowSpec {
        public Bins {
            if ((count > 0) == (widthNanos > 0) || count < 0 || widthNanos < 0) {
                throw new IllegalArgumentException("time bins need a count or a width, exactly one of them positive,"
                        + " got " + count + " bins of " + widthNanos + " ns");
            }
            if (count > MAX_BINS) {
                throw new IllegalArgumentException("at most " + MAX_BINS + " time bins, got " + count);
            }
        }

        /** {@code count} bins over the longest node's span. */
        public static Bins ofCount(int count, boolean absoluteTime) {
            return new Bins(count, 0, absoluteTime);
        }

        /** Bins of {@code widthNanos}. */
        public static Bins ofWidth(long widthNanos, boolean absoluteTime) {
            return new Bins(0, widthNanos, absoluteTime);
        }
    }

    /**
     * Phases: the regions and instants named {@code markerNames} (a phase per name), then the explicit
     * {@code windows} (a phase per label), then {@code (outside)} for the time no window covers, when there is any.
     *
     * @param markerNames  exact region or instant names, in the order their phases are listed; may be empty
     * @param windows      explicit windows, in the order their phases are listed; may be empty when
     *                     {@code markerNames} is not
     * @param absoluteTime explicit windows on the trace clock, not relative to each node's first event
     */
    record Phases(List<String> markerNames, List<TimeWindow> windows, boolean absoluteTime) implements WindowSpec {
        public Phases {
            markerNames = List.copyOf(markerNames);
            windows = List.copyOf(windows);
            if (markerNames.isEmpty() && windows.isEmpty()) {
                throw new IllegalArgumentException("phases need marker names or windows");
            }
        }
    }

    /**
     * An explicit window {@code [startNanos, endNanos)}, named {@code label} (as the user wrote it:
     * {@code 1.5s:2s}).
     */
    record TimeWindow(long startNanos, long endNanos, String label) {
        public TimeWindow {
            Objects.requireNonNull(label, "label");
            if (endNanos <= startNanos) {
                throw new IllegalArgumentException("window " + label + " ends at or before its start");
            }
        }
    }

    /**
     * The split asked for cannot be made of these inputs: more bins than {@link #MAX_BINS} (a width too small for
     * the inputs' span). A usage problem, found only once the inputs were scanned.
     */
    final class TooManyBinsException extends UnusableRequestException {
        private static final long serialVersionUID = 1L;

        TooManyBinsException(String message) {
            super(message);
        }
    }
}
