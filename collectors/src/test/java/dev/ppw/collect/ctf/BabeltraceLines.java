package dev.ppw.collect.ctf;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines {@code babeltrace2 --clock-seconds} prints for a trace, parsed into what the tests compare with our
 * decoding: each event's time in nanoseconds, its name, and its top-level integer and string fields (a field in
 * several scopes keeps the last, the payload's, as {@link CtfEvent} looks fields up).
 */
record BabeltraceLines(long nanos, String name, Map<String, Object> fields) {
    static List<BabeltraceLines> parse(List<String> lines) {
        List<BabeltraceLines> out = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            int close = line.indexOf(']');
            String[] time = line.substring(1, close).split("\\.");
            long nanos = Long.parseLong(time[0]) * 1_000_000_000L + Long.parseLong(time[1]);
            int afterDelta = line.indexOf(") ", close) + 2;
            int host = line.indexOf(' ', afterDelta);
            int colon = line.indexOf(": ", host + 1);
            String name = line.substring(host + 1, colon);
            out.add(new BabeltraceLines(nanos, name, fields(line.substring(colon + 2))));
        }
        return out;
    }

    private static Map<String, Object> fields(String s) {
        Map<String, Object> out = new LinkedHashMap<>();
        int depth = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '{' || c == '[') {
                depth++;
                i++;
            } else if (c == '}' || c == ']') {
                depth--;
                i++;
            } else if (c == '"') {
                i = endOfString(s, i);
            } else if (depth == 1 && Character.isLetter(c) || depth == 1 && c == '_') {
                int keyEnd = s.indexOf(" = ", i);
                String key = s.substring(i, keyEnd);
                int v = keyEnd + 3;
                if (s.charAt(v) == '"') {
                    int end = endOfString(s, v);
                    out.put(key, unescape(s.substring(v + 1, end - 1)));
                    i = end;
                } else if (s.charAt(v) == '[' || s.charAt(v) == '{' || s.charAt(v) == '(') {
                    out.remove(key);
                    i = v;
                } else {
                    int end = v;
                    while (end < s.length() && s.charAt(end) != ',' && s.charAt(end) != ' ') {
                        end++;
                    }
                    String number = s.substring(v, end);
                    out.put(key, number.startsWith("0x") ? new BigInteger(number.substring(2), 16).longValue()
                            : number.startsWith("-") ? Long.parseLong(number) : new BigInteger(number).longValue());
                    i = end;
                }
            } else {
                i++;
            }
        }
        return out;
    }

    private static int endOfString(String s, int open) {
        int i = open + 1;
        while (s.charAt(i) != '"') {
            i += s.charAt(i) == '\\' ? 2 : 1;
        }
        return i + 1;
    }

    private static String unescape(String s) {
        return s.replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
