package dev.ppw.server;

import dev.ppw.store.RunFilter;
import dev.ppw.store.RunInfo;
import dev.ppw.store.RunStore;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;

/** What requests ask of the store in common: a filter of runs from a query, and a run by id (404 when absent). */
final class RunQuery {
    private RunQuery() {
    }

    /**
     * The runs a query's {@code tag} ({@code k=v}, repeatable), {@code session}, {@code since} and {@code last}
     * take; a bad value is a 400.
     */
    static RunFilter filter(Request request, Instant now) {
        RunFilter filter = RunFilter.all();
        for (String pair : request.params("tag")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw HttpError.badRequest("a tag is KEY=VALUE, got '" + Ids.shorten(pair) + "'");
            }
            filter = filter.withTag(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        Optional<String> session = request.param("session");
        if (session.isPresent()) {
            filter = filter.withSession(session.get());
        }
        Optional<String> since = request.param("since");
        if (since.isPresent()) {
            try {
                filter = filter.withSince(RunFilter.since(since.get(), now, ZoneId.systemDefault()));
            } catch (IllegalArgumentException e) {
                throw HttpError.badRequest(e.getMessage());
            }
        }
        return filter.withLast(count(request, "last", 0));
    }

    /** The query's {@code name} as a count of at least 1, or {@code otherwise} when absent; a bad one is a 400. */
    static int count(Request request, String name, int otherwise) {
        Optional<String> text = request.param(name);
        if (text.isEmpty()) {
            return otherwise;
        }
        String t = text.get().strip();
        if (!t.matches("[0-9]{1,9}") || Integer.parseInt(t) < 1) {
            throw HttpError.badRequest("bad " + name + " '" + Ids.shorten(t) + "': expected a whole number, 1 or more");
        }
        return Integer.parseInt(t);
    }

    /** Run {@code id} of the store, or 404. */
    static RunInfo run(RunStore store, long id) {
        return store.run(id).orElseThrow(() -> HttpError.notFound("no run " + id + " in the store"));
    }

    /** The filter's values, for a form that shows them again. */
    static Map<String, String> shown(Request request) {
        return Map.of("tag", String.join(" ", request.params("tag")), "session", request.param("session").orElse(""),
                "since", request.param("since").orElse(""), "last", request.param("last").orElse(""));
    }
}
