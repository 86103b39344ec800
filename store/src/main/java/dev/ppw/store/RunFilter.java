package dev.ppw.store;

import java.time.Instant;
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
}
