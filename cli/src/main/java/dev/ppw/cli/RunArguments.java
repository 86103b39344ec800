package dev.ppw.cli;

import picocli.CommandLine.Model.CommandSpec;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The values the run commands take: {@code k=v} tags, a time {@code --since}, run ids. */
final class RunArguments {
    private RunArguments() {
    }

    /** {@code k=v} arguments as a map, split at each one's first '='; a usage error for one without. */
    static Map<String, String> tags(CommandSpec spec, List<String> pairs) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw ReportOptions.usage(spec, "a tag is KEY=VALUE, got '" + pair + "'");
            }
            tags.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return tags;
    }

    /**
     * {@code --since}: a date ({@code 2024-05-01}), a local date and time ({@code 2024-05-01T12:00}), an instant
     * ({@code 2024-05-01T12:00:00Z}), or a time ago: a number and d, h or m ({@code 7d}, {@code 12h}).
     */
    static Instant since(CommandSpec spec, String text, Instant now) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.matches("[0-9]+[dhm]")) {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            Duration ago = switch (t.charAt(t.length() - 1)) {
                case 'd' -> Duration.ofDays(n);
                case 'h' -> Duration.ofHours(n);
                default -> Duration.ofMinutes(n);
            };
            return now.minus(ago);
        }
        try {
            if (text.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(text).atStartOfDay(ZoneId.systemDefault()).toInstant();
            }
            if (text.endsWith("Z") || text.matches(".*[+-]\\d{2}:\\d{2}$")) {
                return Instant.parse(text);
            }
            return LocalDateTime.parse(text).atZone(ZoneId.systemDefault()).toInstant();
        } catch (DateTimeParseException e) {
            throw ReportOptions.usage(spec, "--since takes a date (2024-05-01), a date and time (2024-05-01T12:00)"
                    + " or a time ago (7d, 12h, 30m), got '" + text + "'");
        }
    }
}
