package dev.ppw.server;

import com.sun.net.httpserver.Headers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One request as handlers see it: its method, its decoded path and the values its route pattern named, its query's
 * values, its headers, and its body (read once, at most {@link #MAX_BODY_BYTES}).
 */
final class Request {
    /** The largest body taken: a run's settings are a few kilobytes. */
    static final int MAX_BODY_BYTES = 1 << 20;

    private final String method;
    private final String path;
    private final Map<String, List<String>> query;
    private final Headers headers;
    private final InputStream body;
    private Map<String, String> pathValues = Map.of();

    Request(String method, String path, Map<String, List<String>> query, Headers headers, InputStream body) {
        this.method = method;
        this.path = path;
        this.query = query;
        this.headers = headers;
        this.body = body;
    }

    String method() {
        return method;
    }

    String path() {
        return path;
    }

    Headers headers() {
        return headers;
    }

    Map<String, List<String>> query() {
        return query;
    }

    Request withPathValues(Map<String, String> values) {
        this.pathValues = Map.copyOf(values);
        return this;
    }

    /** The path's value named {@code name} in the route's pattern. */
    String pathValue(String name) {
        String v = pathValues.get(name);
        if (v == null) {
            throw new IllegalStateException("the route has no {" + name + "}");
        }
        return v;
    }

    /** The path's value {@code name} as a run id: a positive integer, else 400. */
    long id(String name) {
        return Ids.parse(name, pathValue(name));
    }

    /** The query's first value of {@code name}, blank values taken as absent. */
    Optional<String> param(String name) {
        List<String> values = query.get(name);
        if (values == null) {
            return Optional.empty();
        }
        return values.stream().filter(v -> !v.isBlank()).findFirst();
    }

    /** Every non-blank value of {@code name} in the query, in order. */
    List<String> params(String name) {
        List<String> values = new ArrayList<>();
        for (String v : query.getOrDefault(name, List.of())) {
            if (!v.isBlank()) {
                values.add(v);
            }
        }
        return values;
    }

    /** The body as text, 413 past {@link #MAX_BODY_BYTES}. */
    String bodyText() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = body.read(buffer)) >= 0; ) {
            out.write(buffer, 0, n);
            if (out.size() > MAX_BODY_BYTES) {
                throw new HttpError(413, "the request's body is over " + MAX_BODY_BYTES + " bytes");
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The body of a form ({@code application/x-www-form-urlencoded}) as its fields, in order. */
    Map<String, List<String>> formFields() throws IOException {
        return Query.parse(bodyText());
    }

    /** A query or form as a map of names to values, in order. */
    static Map<String, List<String>> copy(Map<String, List<String>> fields) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        fields.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return copy;
    }
}
