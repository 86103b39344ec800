package dev.ppw.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Percent-encoding, as URLs and forms use it: query strings and form bodies ({@code +} a space) into their fields,
 * path segments ({@code +} itself) into text, and text into query values. A bad escape is a 400.
 */
final class Query {
    private Query() {
    }

    /** {@code a=1&b=x+y&b=z} as {a: [1], b: ["x y", z]}; a name without '=' has the value "". */
    static Map<String, List<String>> parse(String raw) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return fields;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), true);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1), true);
            fields.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return fields;
    }

    /** A path segment's text: {@code %XX} escapes as UTF-8, {@code +} itself. */
    static String segment(String raw) {
        return decode(raw, false);
    }

    private static String decode(String raw, boolean plusIsSpace) {
        if (raw.indexOf('%') < 0 && !(plusIsSpace && raw.indexOf('+') >= 0)) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length() || Character.digit(raw.charAt(i + 1), 16) < 0
                        || Character.digit(raw.charAt(i + 2), 16) < 0) {
                    throw HttpError.badRequest("bad percent escape in '" + Ids.shorten(raw) + "'");
                }
                bytes.write(Character.digit(raw.charAt(i + 1), 16) * 16 + Character.digit(raw.charAt(i + 2), 16));
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < raw.length()) {
                    b = raw.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.writeBytes(b);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** {@code text} as a query value: everything but unreserved characters escaped. */
    static String encode(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
                    || c == '_' || c == '~') {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return sb.toString();
    }
}
