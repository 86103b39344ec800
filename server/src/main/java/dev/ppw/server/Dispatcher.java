package dev.ppw.server;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Every request's way through the server: the {@link Guard} first (Host, token, Origin: 403), then the route (404,
 * 405), then its handler; an {@link HttpError} is answered with its status and one line, anything else with a 500
 * and one line, and the problem told to the server's owner. A client never sees a stack trace.
 */
final class Dispatcher implements HttpHandler {
    private static final String NEEDS_TOKEN = "this server needs its token: open the URL it printed at start, or send"
            + " the header 'Authorization: token TOKEN'";

    private final Guard guard;
    private final Router router;
    private final Consumer<String> problems;

    Dispatcher(Guard guard, Router router, Consumer<String> problems) {
        this.guard = guard;
        this.router = router;
        this.problems = problems;
    }

    @Override
    public void handle(HttpExchange exchange) {
        String method = exchange.getRequestMethod();
        boolean head = method.equals("HEAD");
        Response response;
        Guard.Proof proof = null;
        try {
            Headers headers = exchange.getRequestHeaders();
            Optional<String> hostProblem = guard.hostProblem(headers);
            if (hostProblem.isPresent()) {
                throw HttpError.forbidden(hostProblem.get());
            }
            URI uri = exchange.getRequestURI();
            Map<String, List<String>> query = Query.parse(uri.getRawQuery());
            List<String> tokens = query.getOrDefault("token", List.of());
            proof = guard.proof(tokens.isEmpty() ? Optional.empty() : Optional.of(tokens.get(0)), headers)
                    .orElseThrow(() -> HttpError.forbidden(NEEDS_TOKEN));
            Optional<String> originProblem = guard.originProblem(method, headers, proof);
            if (originProblem.isPresent()) {
                throw HttpError.forbidden(originProblem.get());
            }
            String path = uri.getRawPath() == null ? "/" : uri.getRawPath();
            Router.Match match = router.match(head ? "GET" : method, path);
            response = switch (match) {
                case Router.Match.Found found -> found.handler().handle(
                        new Request(method, path, query, headers, exchange.getRequestBody())
                                .withPathValues(found.values()));
                case Router.Match.WrongMethod wrong -> Response.text(405, method + " is not taken here: "
                        + String.join(", ", wrong.allowed())).withHeader("Allow", String.join(", ", wrong.allowed()));
                case Router.Match.None none -> Response.text(404, "no page " + Ids.shorten(path)
                        + " here: the runs are at /, the API at /api/");
            };
        } catch (HttpError e) {
            response = Response.text(e.status(), e.getMessage());
        } catch (Exception | StackOverflowError e) {
            problems.accept(method + " " + exchange.getRequestURI().getRawPath() + ": " + e);
            response = Response.text(500, "the server could not answer: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage())));
        }
        if (proof == Guard.Proof.QUERY && response.status() < 400) {
            response = response.withHeader("Set-Cookie", guard.cookie());
        }
        send(exchange, response, head);
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private void send(HttpExchange exchange, Response r, boolean head) {
        try (exchange) {
            Headers h = exchange.getResponseHeaders();
            h.set("Content-Type", r.contentType());
            h.set("X-Content-Type-Options", "nosniff");
            h.set("Referrer-Policy", "no-referrer");
            h.set("Cache-Control", "no-store");
            if (r.contentType().startsWith("text/html")) {
                h.set("Content-Security-Policy", Html.POLICY);
            }
            r.headers().forEach(h::set);
            if (head || r.length() == 0) {
                exchange.sendResponseHeaders(r.status(), -1);
                return;
            }
            exchange.sendResponseHeaders(r.status(), r.length() < 0 ? 0 : r.length());
            OutputStream out = exchange.getResponseBody();
            r.body().writeTo(out);
            out.flush();
        } catch (IOException e) {
            // the client went away, or a stream's body failed after its first byte: the answer just ends
        } catch (RuntimeException e) {
            problems.accept(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath()
                    + ": while sending: " + e);
        }
    }
}
