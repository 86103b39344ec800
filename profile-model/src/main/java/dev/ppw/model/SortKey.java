package dev.ppw.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What the rows of a report are sorted by ({@code --sort}); ties go by name, callsite, then node. */
public enum SortKey {
    /** Inclusive time, largest first. */
    INCLUSIVE,
    /** Exclusive (self) time, largest first. */
    EXCLUSIVE,
    /** Number of calls, most first. */
    CALLS,
    /** Number of calls made, most first. */
    SUBCALLS,
    /** Smallest single call's inclusive time, largest first; unset last. */
    MIN,
    /** Largest single call's inclusive time, largest first; unset last. */
    MAX,
    /** Region name (the key text for flat and TAU), ascending. */
    NAME;

    /** The lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** How the key sorts unless told otherwise: names from A, numbers from the largest. */
    public SortDirection defaultDirection() {
        return this == NAME ? SortDirection.ASCENDING : SortDirection.DESCENDING;
    }

    /**
     * The key whose {@link #label()} is {@code text} (case-insensitive, surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the value and the accepted ones when none matches
     */
    public static SortKey parse(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (SortKey key : values()) {
            if (key.label().equals(wanted)) {
                return key;
            }
        }
        throw new IllegalArgumentException("unknown sort key '" + text + "': expected one of "
                + Arrays.stream(values()).map(SortKey::label).collect(Collectors.joining(", ")));
    }
}
