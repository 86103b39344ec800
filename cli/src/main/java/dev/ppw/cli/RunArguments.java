package dev.ppw.cli;

import dev.ppw.store.RunFilter;
import picocli.CommandLine.Model.CommandSpec;

import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
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
        try {
            return RunFilter.since(text, now, ZoneId.systemDefault());
        } catch (IllegalArgumentException e) {
            throw ReportOptions.usage(spec, "--" + e.getMessage());
        }
    }
}
