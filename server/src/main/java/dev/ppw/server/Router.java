package dev.ppw.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Routes by method and path pattern: a pattern is segments, each literal or a {@code {name}} that takes one whole
 * segment (decoded) as the value {@code name}. The first route whose pattern and method fit wins; a path that fits
 * a pattern under another method only is a 405, one that fits none a 404.
 */
final class Router {
    /** What answers a route's requests. */
    interface Handler {
        Response handle(Request request) throws Exception;
    }

    private record Route(String method, List<String> pattern, Handler handler) {
    }

    /** What a path and method found. */
    sealed interface Match {
        /** The route, and the values its pattern named. */
        record Found(Handler handler, Map<String, String> values) implements Match {
        }

        /** The path is a route's, but not under this method: the methods it takes. */
        record WrongMethod(Set<String> allowed) implements Match {
        }

        /** No route has the path. */
        record None() implements Match {
        }
    }

    private final List<Route> routes = new ArrayList<>();

    Router get(String pattern, Handler handler) {
        return add("GET", pattern, handler);
    }

    Router post(String pattern, Handler handler) {
        return add("POST", pattern, handler);
    }

    Router add(String method, String pattern, Handler handler) {
        routes.add(new Route(method, segments(pattern), handler));
        return this;
    }

    /** The route of {@code method} and {@code rawPath} (still percent-encoded: each segment is decoded alone). */
    Match match(String method, String rawPath) {
        List<String> path = segments(rawPath);
        Set<String> allowed = new TreeSet<>();
        for (Route r : routes) {
            Map<String, String> values = fit(r.pattern(), path);
            if (values == null) {
                continue;
            }
            if (r.method().equals(method)) {
                return new Match.Found(r.handler(), values);
            }
            allowed.add(r.method());
        }
        return allowed.isEmpty() ? new Match.None() : new Match.WrongMethod(allowed);
    }

    private static Map<String, String> fit(List<String> pattern, List<String> path) {
        if (pattern.size() != path.size()) {
            return null;
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < pattern.size(); i++) {
            String p = pattern.get(i);
            if (p.startsWith("{") && p.endsWith("}")) {
                values.put(p.substring(1, p.length() - 1), Query.segment(path.get(i)));
            } else if (!p.equals(path.get(i))) {
                return null;
            }
        }
        return values;
    }

    /** {@code /a/b/} as [a, b]; {@code /} as []. A trailing slash is no segment. */
    private static List<String> segments(String path) {
        List<String> segments = new ArrayList<>();
        for (String s : path.split("/", -1)) {
            if (!s.isEmpty()) {
                segments.add(s);
            }
        }
        return segments;
    }
}
