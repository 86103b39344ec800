package dev.ppw.collect.lttng;

import java.time.LocalDate;

/**
 * Times in the words of babeltrace2, for the messages of the LTTng readers: nanoseconds printed the way
 * {@code babeltrace2} prints an event's time, so that a warning can be found in its text.
 */
final class LttngTimes {
    private static final long SECOND = 1_000_000_000L;
    private static final long DAY = 86_400L * SECOND;

    private LttngTimes() {
    }

    /** babeltrace2's default: the time of day, {@code [04:47:12.686308403]} (of UTC for a time since the epoch). */
    static String timeOfDay(long nanos) {
        long inDay = Math.floorMod(nanos, DAY);
        long seconds = inDay / SECOND;
        return String.format("[%02d:%02d:%02d.%09d]", seconds / 3600, seconds / 60 % 60, seconds % 60, inDay % SECOND);
    }

    /** {@code --clock-seconds}: seconds since the epoch, {@code [1795929979.016231702]}. */
    static String seconds(long nanos) {
        return String.format("[%d.%09d]", Math.floorDiv(nanos, SECOND), Math.floorMod(nanos, SECOND));
    }

    /** {@code --clock-date --clock-gmt}: the date and time, {@code [2026-11-29 04:47:12.686308403]}. */
    static String date(long nanos) {
        return "[" + LocalDate.ofEpochDay(Math.floorDiv(nanos, DAY)) + " " + timeOfDay(nanos).substring(1);
    }
}
