package dev.ppw.server;

import dev.ppw.model.DisplayUnit;
import dev.ppw.model.TimeUnits;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Values as the pages show them to people, as {@code runs list} and {@code history} print them. */
final class Shown {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private Shown() {
    }

    /** A time in UTC to the second. */
    static String when(Instant instant) {
        return WHEN.format(instant);
    }

    /** {@code value} of {@code unit}: time in a readable unit with at most 3 decimals, anything else as it is. */
    static String value(long value, String unit) {
        if (!"ns".equals(unit)) {
            return value + ("calls".equals(unit) || unit.isEmpty() ? "" : " " + unit);
        }
        DisplayUnit shown = TimeUnits.readable(value);
        return TimeUnits.fixed(value, shown, Math.min(3, shown.scale())) + " " + shown.label();
    }

    /** Tags as {@code k=v} pairs joined by commas, in key order. */
    static String tags(Map<String, String> tags) {
        List<String> pairs = new ArrayList<>();
        tags.forEach((k, v) -> pairs.add(k + "=" + v));
        return String.join(", ", pairs);
    }
}
