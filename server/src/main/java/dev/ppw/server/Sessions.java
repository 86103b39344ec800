package dev.ppw.server;

import dev.ppw.store.RunInfo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sessions of a store, as its runs name them (a session is a name runs share, made with its first run): each
 * with its number of runs and its first and latest run's time, the latest session first.
 *
 * @param name   the session's name
 * @param runs   how many runs it has
 * @param first  its first run's time
 * @param latest its newest run's time
 */
record Sessions(String name, int runs, Instant first, Instant latest) {
    /** The sessions of {@code runs} (oldest first), newest session first; runs without a session are in none. */
    static List<Sessions> of(List<RunInfo> runs) {
        Map<String, Sessions> byName = new LinkedHashMap<>();
        for (RunInfo r : runs) {
            if (r.session().isEmpty()) {
                continue;
            }
            byName.merge(r.session(), new Sessions(r.session(), 1, r.created(), r.created()),
                    (a, b) -> new Sessions(a.name, a.runs + 1, a.first.isBefore(b.first) ? a.first : b.first,
                            a.latest.isAfter(b.latest) ? a.latest : b.latest));
        }
        List<Sessions> sessions = new ArrayList<>(byName.values());
        sessions.sort((a, b) -> b.latest.compareTo(a.latest));
        return sessions;
    }
}
