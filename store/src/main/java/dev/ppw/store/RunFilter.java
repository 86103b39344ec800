package dev.ppw.store;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which runs a listing or a history takes: those having every tag of {@code tags}, in {@code session} when given,
 * made at or after {@code since} when given; of those the {@code last} newest when positive, else all. Runs come
 * oldest first.
 */
public record RunFilter(Map<String, String> tags, Optional<String> session, Optional<Instant> since, int last) {
    public RunFilter {
        tags = Map.copyOf(tags);
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(since, "since");
        if (last < 0) {
            throw new IllegalArgumentException("last must be >= 0, got " + last);
        }
    }

    /** Every run. */
    public static RunFilter all() {
        return new RunFilter(Map.of(), Optional.empty(), Optional.empty(), 0);
    }

    public RunFilter withTag(String key, String value) {
        Map<String, String> more = new java.util.LinkedHashMap<>(tags);
        more.put(key, value);
        return new RunFilter(more, session, since, last);
    }

    public RunFilter withSession(String name) {
        return new RunFilter(tags, Optional.ofNullable(name), since, last);
    }

    public RunFilter withSince(Instant when) {
        return new RunFilter(tags, session, Optional.ofNullable(when), last);
    }

    public RunFilter withLast(int newest) {
        return new RunFilter(tags, session, since, newest);
    }

    /**
     * A time as {@code --since} and the server's filter take it: a date ({@code 2024-05-01}, its start in
     * {@code zone}), a date and time ({@code 2024-05-01T12:00}, in {@code zone}), an instant
     * ({@code 2024-05-01T12:00:00Z}, or with an offset), or a time before {@code now}: a number and d, h or m
     * ({@code 7d}, {@code 12h}, {@code 30m}).
     *
     * @throws IllegalArgumentException naming what it takes, for anything else
     */
    public static Instant since(String text, Instant now, ZoneId zone) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.matches("[0-9]{1,9}[dhm]")) {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            Duration ago = switch (t.charAt(t.length() - 1)) {
                case 'd' -> Duration.ofDays(n);
                case 'h' -> Duration.ofHours(n);
                default -> Duration.ofMinutes(n);
            };
            return now.minus(ago);
        }
        String s = text.strip();
        try {
            if (s.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(s).atStartOfDay(zone).toInstant();
            }
            if (s.endsWith("Z") || s.matches(".*[+-]\\d{2}:\\d{2}$")) {
                return java.time.OffsetDateTime.parse(s).toInstant();
            }
            return LocalDateTime.parse(s).atZone(zone).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("since takes a date (2024-05-01), a date and time (2024-05-01T12:00)"
                    + " or a time ago (7d, 12h, 30m), got '" + text + "'");
        }
    }
}
