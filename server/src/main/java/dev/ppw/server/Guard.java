package dev.ppw.server;

import com.sun.net.httpserver.Headers;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Who may ask (docs/server.md, "Security"), checked before any route: the token, the Host and the Origin.
 *
 * <ul>
 * <li>The token: 192 random bits, made at start and printed in the URL to open. Every request carries it as the
 * query's {@code token}, an {@code Authorization: token ...} header (as Jupyter takes it), or the cookie set after
 * the first request that gave it right (HttpOnly, SameSite=Strict, named after the port: cookies do not tell ports
 * apart). A token given in the query or header decides even when a cookie is there too. None, or a wrong one: 403.
 * <li>The Host: {@code localhost}, a loopback address, or the bound address, at the bound port. A page of another
 * site whose name an attacker points at 127.0.0.1 (DNS rebinding) sends its own name: 403. With a wildcard bind
 * ({@code 0.0.0.0}, {@code ::}), any IP address is taken, never a name.
 * <li>The Origin: when a request has one (a browser's fetch, a form's post) it must be this server's, so that a page
 * of another site cannot ask with the cookie (CSRF) nor read an answer. A request that changes something (any
 * method but GET and HEAD) without one must carry the token in the query or header (a program, not a browser's
 * cookie).
 * </ul>
 */
final class Guard {
    /** How a request proved it may ask. */
    enum Proof { QUERY, HEADER, COOKIE }

    private static final HexFormat HEX = HexFormat.of();

    private final byte[] token;
    private final String tokenText;
    private final InetAddress bound;
    private final int port;

    Guard(String token, InetAddress bound, int port) {
        this.tokenText = token;
        this.token = token.getBytes(StandardCharsets.US_ASCII);
        this.bound = bound;
        this.port = port;
    }

    /** A new token: 24 bytes of {@link SecureRandom}, in hex. */
    static String newToken() {
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        return HEX.formatHex(b);
    }

    String token() {
        return tokenText;
    }

    /** The cookie that carries the token once a request gave it. */
    String cookieName() {
        return "ppw_token_" + port;
    }

    /** The {@code Set-Cookie} value after a request that gave the token right. */
    String cookie() {
        return cookieName() + "=" + tokenText + "; Path=/; HttpOnly; SameSite=Strict";
    }

    /** Why the Host header is refused, or empty when it names this server. */
    Optional<String> hostProblem(Headers headers) {
        List<String> hosts = headers.get("Host");
        if (hosts == null || hosts.size() != 1) {
            return Optional.of("a request needs one Host header");
        }
        return allowedAuthority(hosts.get(0)) ? Optional.empty()
                : Optional.of("Host '" + Ids.shorten(hosts.get(0)) + "' is not this server's: open it as "
                + "127.0.0.1 or localhost (or the address it is bound to)");
    }

    /**
     * How the request proved it may ask, or empty when it did not (no token, or a wrong one).
     *
     * @param queryToken the query's {@code token} value, when it has one
     */
    Optional<Proof> proof(Optional<String> queryToken, Headers headers) {
        if (queryToken.isPresent()) {
            return matches(queryToken.get()) ? Optional.of(Proof.QUERY) : Optional.empty();
        }
        String authorization = headers.getFirst("Authorization");
        if (authorization != null) {
            String[] parts = authorization.strip().split("\\s+", 2);
            return parts.length == 2 && parts[0].equalsIgnoreCase("token") && matches(parts[1])
                    ? Optional.of(Proof.HEADER) : Optional.empty();
        }
        for (String header : headers.getOrDefault("Cookie", List.of())) {
            for (String c : header.split(";")) {
                String cookie = c.strip();
                if (cookie.startsWith(cookieName() + "=")) {
                    return matches(cookie.substring(cookieName().length() + 1)) ? Optional.of(Proof.COOKIE)
                            : Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** Why a request is refused by its Origin, or empty when it is not. */
    Optional<String> originProblem(String method, Headers headers, Proof proof) {
        String origin = headers.getFirst("Origin");
        if (origin == null) {
            boolean changes = !method.equals("GET") && !method.equals("HEAD");
            return changes && proof == Proof.COOKIE
                    ? Optional.of("a " + method + " with the cookie needs an Origin header") : Optional.empty();
        }
        try {
            URI uri = new URI(origin);
            if ("http".equalsIgnoreCase(uri.getScheme()) && uri.getRawPath() != null && uri.getRawPath().isEmpty()
                    && allowedAuthority(uri.getRawAuthority())) {
                return Optional.empty();
            }
        } catch (URISyntaxException e) {
            // refused below, as any other origin
        }
        return Optional.of("Origin '" + Ids.shorten(origin) + "' is not this server's");
    }

    private boolean matches(String given) {
        return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token);
    }

    /** True for {@code host[:port]} naming this server at its port (port 80 when none is given). */
    private boolean allowedAuthority(String authority) {
        if (authority == null || authority.isEmpty() || authority.contains("@")) {
            return false;
        }
        String host;
        String portText;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                return false;
            }
            host = authority.substring(1, close);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                return false;
            }
            portText = rest.isEmpty() ? "" : rest.substring(1);
        } else {
            int colon = authority.lastIndexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            portText = colon < 0 ? "" : authority.substring(colon + 1);
        }
        int given;
        try {
            given = portText.isEmpty() ? 80 : Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            return false;
        }
        return given == port && allowedHost(host.toLowerCase(Locale.ROOT));
    }

    private boolean allowedHost(String host) {
        if (host.equals("localhost")) {
            return true;
        }
        Optional<InetAddress> address = literal(host);
        if (address.isEmpty()) {
            return false;
        }
        InetAddress a = address.get();
        return a.isLoopbackAddress() || a.equals(bound) || bound.isAnyLocalAddress();
    }

    /** {@code host} as an IP address when it is one written out (never a name looked up). */
    static Optional<InetAddress> literal(String host) {
        boolean v4 = host.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
        boolean v6 = host.indexOf(':') >= 0 && host.matches("[0-9a-fA-F:.%a-zA-Z]+");
        if (!v4 && !v6) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(host));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}
