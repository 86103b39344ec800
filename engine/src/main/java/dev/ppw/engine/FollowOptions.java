package dev.ppw.engine;

import java.util.Objects;

/**
 * How {@link Engine#follow} reads an input that is still being written and how often it shows the profile so
 * far. Immutable; the same options may serve several calls at once.
 *
 * @param profile        how the input is read and folded, as for {@link Engine#profile} (its {@code jobs} is not
 *                       used: a followed input is read on one thread, in order; {@code skipBad} has nothing to
 *                       skip: there is one input)
 * @param view           the view of every snapshot and of the final profile
 * @param intervalNanos  time between two snapshots, in nanoseconds, at least 1 ms; a snapshot is taken only
 *                       when events were read since the last one
 * @param untilIdleNanos stop following once no new byte has come for this long, in nanoseconds; 0 follows until
 *                       stopped (a {@link FollowStop}) or until the end of a stream that ends (standard input)
 * @param pollNanos      how often a file that has no new bytes is looked at again (its size), in nanoseconds, at
 *                       least 1 ms; it bounds how late a stop or the idle time is noticed too
 */
public record FollowOptions(ProfileOptions profile, ViewSpec view, long intervalNanos, long untilIdleNanos,
                            long pollNanos) {
    /** One millisecond in nanoseconds: the shortest interval and poll period. */
    public static final long MIN_PERIOD_NANOS = 1_000_000L;
    /** The default time between snapshots: one second. */
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000_000L;
    /** The default poll period of a file at its end: 100 ms. */
    public static final long DEFAULT_POLL_NANOS = 100_000_000L;

    public FollowOptions {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(view, "view");
        if (intervalNanos < MIN_PERIOD_NANOS) {
            throw new IllegalArgumentException("the interval must be at least 1ms, got " + intervalNanos + "ns");
        }
        if (untilIdleNanos < 0) {
            throw new IllegalArgumentException("the idle time must not be negative, got " + untilIdleNanos + "ns");
        }
        if (pollNanos < MIN_PERIOD_NANOS) {
            throw new IllegalArgumentException("the poll period must be at least 1ms, got " + pollNanos + "ns");
        }
        if (profile.threadProfiles()) {
            throw new IllegalArgumentException("a followed input gives no per-thread profiles");
        }
    }

    /** {@link ProfileOptions#defaults()}, the tree view, a snapshot a second, no idle limit, polled every 100 ms. */
    public static FollowOptions defaults() {
        return new FollowOptions(ProfileOptions.defaults(), ViewSpec.TREE, DEFAULT_INTERVAL_NANOS, 0,
                DEFAULT_POLL_NANOS);
    }

    /** How the input is read and folded ({@link ProfileOptions}; its jobs are not used). */
    public FollowOptions withProfile(ProfileOptions options) {
        return new FollowOptions(options, view, intervalNanos, untilIdleNanos, pollNanos);
    }

    /** The view of every snapshot and of the final profile. */
    public FollowOptions withView(ViewSpec spec) {
        return new FollowOptions(profile, spec, intervalNanos, untilIdleNanos, pollNanos);
    }

    /** {@code nanos} (at least 1 ms) between two snapshots. */
    public FollowOptions withIntervalNanos(long nanos) {
        return new FollowOptions(profile, view, nanos, untilIdleNanos, pollNanos);
    }

    /** Stops once no new byte came for {@code nanos}; 0 never stops for idleness. */
    public FollowOptions withUntilIdleNanos(long nanos) {
        return new FollowOptions(profile, view, intervalNanos, nanos, pollNanos);
    }

    /** A file at its end looked at again every {@code nanos} (at least 1 ms). */
    public FollowOptions withPollNanos(long nanos) {
        return new FollowOptions(profile, view, intervalNanos, untilIdleNanos, nanos);
    }
}
