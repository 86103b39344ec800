package dev.ppw.collect.unread;

import dev.ppw.model.format.Head;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The member names of a JSON object in a head, as far as the head goes: enough for probes of JSON formats
 * (a V8 CPU profile's {@code nodes}, a speedscope file's {@code $schema}) without parsing the document. Values
 * are skipped by bracket depth and strings; nothing is decoded but the names.
 */
public final class JsonKeys {
    /**
     * The names met, in order, and whether the object ended within the head (then they are all its names).
     */
    public record Keys(List<String> names, boolean complete) {
        /** Whether {@code name} is among the names met. */
        public boolean has(String name) {
            return names.contains(name);
        }
    }

    private JsonKeys() {
    }

    /**
     * The names of the object the head opens with; null when it does not open with an object or breaks JSON, which
     * includes an object followed by what no JSON document holds ({@code {} 1}: a folded stack whose frame is
     * {@code {}}, found by a property test).
     */
    public static Keys ofObject(Head head) {
        int first = head.firstNonWhitespace();
        if (first < 0 || head.byteAt(first) != '{') {
            return null;
        }
        byte[] b = head.bytes();
        Keys keys = scan(b, first);
        return keys != null && keys.complete() && !endsOrAnotherValueFollows(b, skipValue(b, first)) ? null : keys;
    }

    /**
     * True when nothing but white space follows a whole top-level value ending before {@code end}, or another
     * object or array does (JSON lines), or the head ends first.
     */
    private static boolean endsOrAnotherValueFollows(byte[] b, int end) {
        if (end < 0) {
            return true;
        }
        int i = skipWhitespace(b, end);
        return i >= b.length || b[i] == '{' || b[i] == '[';
    }

    /**
     * The names of the first element of the array the head opens with, when that element is an object; null
     * otherwise.
     */
    static Keys ofFirstElement(Head head) {
        int first = head.firstNonWhitespace();
        if (first < 0 || head.byteAt(first) != '[') {
            return null;
        }
        byte[] b = head.bytes();
        int i = skipWhitespace(b, first + 1);
        return i < b.length && b[i] == '{' ? scan(b, i) : null;
    }

    /** Scans the object opening at {@code open}: its names at depth 1 until it closes or the head ends. */
    private static Keys scan(byte[] b, int open) {
        List<String> names = new ArrayList<>();
        int n = b.length;
        int i = skipWhitespace(b, open + 1);
        if (i < n && b[i] == '}') {
            return new Keys(names, true);
        }
        while (i < n) {
            if (b[i] != '"') {
                return null;
            }
            int end = stringEnd(b, i);
            if (end < 0) {
                return new Keys(names, false);
            }
            names.add(new String(b, i + 1, end - i - 1, StandardCharsets.UTF_8));
            i = skipWhitespace(b, end + 1);
            if (i >= n) {
                return new Keys(names, false);
            }
            if (b[i] != ':') {
                return null;
            }
            i = skipValue(b, skipWhitespace(b, i + 1));
            if (i < 0) {
                return new Keys(names, false);
            }
            i = skipWhitespace(b, i);
            if (i >= n) {
                return new Keys(names, false);
            }
            byte c = b[i];
            if (c == '}') {
                return new Keys(names, true);
            }
            if (c != ',') {
                return null;
            }
            i = skipWhitespace(b, i + 1);
        }
        return new Keys(names, false);
    }

    /** The index after the value starting at {@code i}, or -1 when the head ends inside it. */
    private static int skipValue(byte[] b, int i) {
        int n = b.length;
        int depth = 0;
        while (i < n) {
            byte c = b[i];
            if (c == '"') {
                int end = stringEnd(b, i);
                if (end < 0) {
                    return -1;
                }
                i = end + 1;
                if (depth == 0) {
                    return i;
                }
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                if (depth == 0) {
                    return i; // the end of a number or literal, or an empty value: the caller judges the bracket
                }
                depth--;
                if (depth == 0) {
                    return i + 1;
                }
            } else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
                return i;
            }
            i++;
        }
        return -1;
    }

    /** The index of the quote closing the string that opens at {@code open}, or -1 when the head ends first. */
    private static int stringEnd(byte[] b, int open) {
        for (int i = open + 1; i < b.length; i++) {
            byte c = b[i];
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static int skipWhitespace(byte[] b, int i) {
        while (i < b.length) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                break;
            }
            i++;
        }
        return i;
    }
}
