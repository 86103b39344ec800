package dev.ppw.server;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a handler answers: a status, a content type, headers of its own, and a body written once, either bytes of a
 * known length or a stream of unknown length (sent chunked: a page written as it is made, server-sent events).
 *
 * @param length the body's bytes, or -1 for a stream
 */
record Response(int status, String contentType, Map<String, String> headers, long length, Body body) {
    static final String HTML = "text/html; charset=utf-8";
    static final String JSON = "application/json";
    static final String TEXT = "text/plain; charset=utf-8";

    /** A body, written to the exchange's stream once; an exception after its first byte only ends the answer. */
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    Response {
        headers = Map.copyOf(headers);
    }

    static Response bytes(int status, String contentType, byte[] content) {
        return new Response(status, contentType, Map.of(), content.length, out -> out.write(content));
    }

    static Response html(String page) {
        return bytes(200, HTML, page.getBytes(StandardCharsets.UTF_8));
    }

    static Response json(byte[] content) {
        return bytes(200, JSON, content);
    }

    static Response text(int status, String message) {
        return bytes(status, TEXT, (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    static Response stream(String contentType, Body body) {
        return new Response(200, contentType, Map.of(), -1, body);
    }

    /** A 303 to {@code location} (a path of this server): after a form, or a token taken into the cookie. */
    static Response seeOther(String location) {
        return new Response(303, TEXT, Map.of("Location", location), 0, out -> { });
    }

    Response withStatus(int code) {
        return new Response(code, contentType, headers, length, body);
    }

    Response withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Response(status, contentType, more, length, body);
    }

    /** A download: the browser saves it as {@code fileName} instead of showing it. */
    Response asDownload(String fileName) {
        String safe = fileName.replaceAll("[^A-Za-z0-9._-]", "_");
        return withHeader("Content-Disposition", "attachment; filename=\"" + safe + "\"");
    }
}
