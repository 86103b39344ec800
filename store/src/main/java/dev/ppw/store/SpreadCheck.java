package dev.ppw.store;

import java.util.Arrays;
import java.util.Optional;

/**
 * Whether a run's value leaves the spread of the runs before it (SEMANTICS.md "History"): the median {@code m} of
 * the previous values and their median absolute deviation {@code MAD}; the value {@code x} is outside when
 * {@code |x - m| > max(K * 1.4826 * MAD, FLOOR * |m|)}. 1.4826 * MAD estimates the standard deviation of normal
 * noise and, unlike it, is not moved by the outliers a history of runs has (a run on a busy machine); K = 3.5 is
 * Iglewicz and Hoaglin's cut for the modified z-score. The floor keeps a value that moves by less than 1% of the
 * median from being flagged when most previous values are equal (MAD 0: counts, or sampled times in whole periods).
 */
public final class SpreadCheck {
    /** How many estimated standard deviations away a value must be to be flagged. */
    public static final double K = 3.5;
    /** 1 / the 0.75 quantile of the standard normal: MAD times this estimates sigma. */
    public static final double NORMAL_SCALE = 1.4826;
    /** The least change flagged, as a fraction of the median. */
    public static final double FLOOR = 0.01;
    /** The fewest previous values a check is made with. */
    public static final int MIN_PREVIOUS = 5;

    private SpreadCheck() {
    }

    /**
     * The verdict on {@code last} against {@code previous}.
     *
     * @param median    the previous values' median
     * @param mad       their median absolute deviation from it
     * @param threshold the largest distance from the median not flagged
     * @param outside   true when {@code |last - median| > threshold}
     */
    public record Verdict(long last, int previous, double median, double mad, double threshold, boolean outside) {
        /** {@code +1} above the spread, {@code -1} below, 0 inside. */
        public int direction() {
            return !outside ? 0 : last > median ? 1 : -1;
        }
    }

    /** The verdict, or empty when there are fewer than {@link #MIN_PREVIOUS} previous values. */
    public static Optional<Verdict> check(long[] previous, long last) {
        if (previous.length < MIN_PREVIOUS) {
            return Optional.empty();
        }
        double median = median(previous.clone());
        double[] absolute = new double[previous.length];
        for (int i = 0; i < previous.length; i++) {
            absolute[i] = Math.abs(previous[i] - median);
        }
        Arrays.sort(absolute);
        int n = absolute.length;
        double mad = n % 2 == 1 ? absolute[n / 2] : (absolute[n / 2 - 1] + absolute[n / 2]) / 2;
        double threshold = Math.max(K * NORMAL_SCALE * mad, FLOOR * Math.abs(median));
        return Optional.of(new Verdict(last, previous.length, median, mad, threshold,
                Math.abs(last - median) > threshold));
    }

    private static double median(long[] values) {
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : ((double) values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
