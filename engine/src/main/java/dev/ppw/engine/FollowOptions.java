package dev.ppw.engine;

import java.util.Objects;

/**
 * How {@link Engine#follow} reads an input that is still being written and how often it shows the profile so
 * far. Immutable; the same options may serve several calls at once.
 *
 * @param reading        how the input is read and folded, as an {@link Analysis} reads (a followed input is read
 *                       on one thread, in order; {@code skipBad} has nothing to skip: there is one input)
 * @param view           the view of every snapshot and of the final profile
 * @param rows           the rows each snapshot and the final profile show, chosen and ordered; their percentiles
 *                       make the fold keep call times
 * @param intervalNanos  time between two snapshots, in nanoseconds, at least 1 ms; a snapshot is taken only
 *                       when events were read since the last one
 * @param untilIdleNanos stop following once no new byte has come for this long, in nanoseconds; 0 follows until
 *                       stopped (a {@link FollowStop}) or until the end of a stream that ends (standard input)
 * @param pollNanos      how often a file that has no new bytes is looked at again (its size), in nanoseconds, at
 *                       least 1 ms; it bounds how late a stop or the idle time is noticed too
 */
public record FollowOptions(ReadingOptions reading, ViewSpec view, RowOptions rows, long intervalNanos,
                            long untilIdleNanos, long pollNanos) {
    /** One millisecond in nanoseconds: the shortest interval and poll period. */
    public static final long MIN_PERIOD_NANOS = 1_000_000L;
    /** The default time between snapshots: one second. */
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000_000L;
    /** The default poll period of a file at its end: 100 ms. */
    public static final long DEFAULT_POLL_NANOS = 100_000_000L;

    public FollowOptions {
        Objects.requireNonNull(reading, "reading");
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(rows, "rows");
        if (intervalNanos < MIN_PERIOD_NANOS) {
            throw new IllegalArgumentException("the interval must be at least 1ms, got " + intervalNanos + "ns");
        }
        if (untilIdleNanos < 0) {
            throw new IllegalArgumentException("the idle time must not be negative, got " + untilIdleNanos + "ns");
        }
        if (pollNanos < MIN_PERIOD_NANOS) {
            throw new IllegalArgumentException("the poll period must be at least 1ms, got " + pollNanos + "ns");
        }
    }

    /** The tree view, every row, a snapshot a second, until stopped. */
    public static FollowOptions defaults() {
        return new FollowOptions(ReadingOptions.defaults(), ViewSpec.TREE, RowOptions.defaults(),
                DEFAULT_INTERVAL_NANOS, 0, DEFAULT_POLL_NANOS);
    }

    public FollowOptions withReading(ReadingOptions options) {
        return new FollowOptions(options, view, rows, intervalNanos, untilIdleNanos, pollNanos);
    }

    public FollowOptions withView(ViewSpec spec) {
        return new FollowOptions(reading, spec, rows, intervalNanos, untilIdleNanos, pollNanos);
    }

    public FollowOptions withRows(RowOptions options) {
        return new FollowOptions(reading, view, options, intervalNanos, untilIdleNanos, pollNanos);
    }

    public FollowOptions withIntervalNanos(long nanos) {
        return new FollowOptions(reading, view, rows, nanos, untilIdleNanos, pollNanos);
    }

    public FollowOptions withUntilIdleNanos(long nanos) {
        return new FollowOptions(reading, view, rows, intervalNanos, nanos, pollNanos);
    }

    public FollowOptions withPollNanos(long nanos) {
        return new FollowOptions(reading, view, rows, intervalNanos, untilIdleNanos, nanos);
    }
}
