package dev.ppw.collect.chrome;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Matching events against the last two events' shapes is only a faster way to the same result: for runs of
 * events that keep or change their keys, order, spacing and values (escapes, non-ASCII, numbers for names,
 * quoted ids, odd times, missing and repeated keys, line breaks, nested args), cut anywhere, the parser with
 * shapes records exactly what the key-by-key parser records, and stops at the same place in the same state.
 */
class ChunkParserShapeTest {
    private static final String[] NAMES = {"\"io.read\"", "\"inner_loop_body\"", "\"a\"", "\"\"", "\"x\\\"y\"",
            "\"caf\u00e9\"", "42", "-1.5", "true", "\"a much longer region name, with commas: and colons\"",
            // Longer than ChunkParser.SHAPE_TAIL: the shape matcher itself then meets the end of the range.
            "\"" + "a region name of many words ".repeat(24) + "\""};
    private static final String[] TIMES = {"1795322503741606.235", "0", "0.5", "12", "1e3", "-4", "\"7\"", "01",
            "9223372036854775.807", "3.14159", "null"};
    private static final String[] IDS = {"7530", "7531", "\"main\"", "-0", "1.0", "\"\"", "12345678901234567"};
    private static final String[] PHASES = {"\"X\"", "\"X\"", "\"B\"", "\"E\"", "\"i\"", "\"b\"", "\"M\"", "\"\\u0058\"", "\"XX\""};
    /**
     * Values of "cat", a key the parser ignores, changing from event to event: prefixes of each other, a
     * comma inside, 15 to 17 bytes with the quotes, empty, escaped, non-ASCII, a number, one longer than
     * ChunkParser.SHAPE_TAIL.
     */
    private static final String[] CATS = {"\"a\"", "\"ab\"", "\"a,b\"", "\"fifteen bytes\"", "\"sixteen bytes!\"",
            "\"seventeen bytes\"", "\"\"", "\"x\\\"y\"", "\"caf\u00e9\"", "1", "\"__main__\"", "\"__main__x\"",
            "\"" + "c".repeat(ChunkParser.SHAPE_TAIL) + "\""};
    private static final String[] OTHERS = {"\"cat\": \"__main__\"", "\"args\": {}", "\"args\": {\"n\": [1, 2, {\"k\": null}]}",
            "\"tts\": 5", "\"cat\":\"a\\nb\"", "\"id\": \"0x1\""};

    @Test
    void shapesChangeNothing() {
        qt().withExamples(3000).forAll(longs().all(), integers().between(1, 40), integers().between(0, 100))
                .checkAssert((seed, events, cutPercent) -> {
                    byte[] content = trace(new Random(seed), events);
                    int to = (int) ((long) content.length * cutPercent / 100);
                    byte[] b = Arrays.copyOf(content, content.length + 3);
                    ChunkParser shaped = new ChunkParser(b, 0, 0, to, ChunkParser.OPEN);
                    ChunkParser plain = new ChunkParser(b, 0, 0, to, ChunkParser.OPEN);
                    plain.shapes = false;
                    assertSame(plain.parse(), shaped.parse(), new String(content, 0, to, StandardCharsets.UTF_8));
                });
    }

    @Test
    void aRunOfOneShapeIsReadByShape() {
        StringBuilder json = new StringBuilder("[");
        for (int k = 0; k < 100; k++) {
            json.append(k == 0 ? "\n" : ",\n").append("{\"name\": \"n").append(k % 7).append("\", \"cat\": \"c\", \"pid\": 1,")
                    .append(" \"tid\": 2, \"ts\": ").append(1000 + k).append(".5, \"ph\": \"X\", \"dur\": ").append(k)
                    .append('}');
        }
        json.append("\n]");
        String text = awayFromTheEnd(json.toString());
        // Spare bytes after the range, as in a chunk: a shape is matched a word at a time.
        byte[] b = Arrays.copyOf(text.getBytes(StandardCharsets.US_ASCII), text.length() + 16);
        ChunkParser p = new ChunkParser(b, 0, 1, text.length(), ChunkParser.OPEN).parse();
        assertEquals(100, p.count);
        for (int e = 0; e < 100; e++) {
            assertEquals(ChunkParser.KIND_X, p.kinds[e]);
            assertEquals((1000 + e) * 1000L + 500, p.ts[e]);
            assertEquals(e * 1000L, p.dur[e]);
            assertEquals("n" + e % 7, p.string(p.b[e]));
        }
        assertTrue(p.shapeLearned(), "the run's shape is kept");
        assertEquals(99, p.shapedEvents, "all but the first event read by its shape");
    }

    @Test
    void eachShapeKeepsItsOwnKeys() {
        // A note without ts, then an X: the X without ts that looks like the note is the event logic's.
        String json = "{\"ph\":\"i\",\"name\":\"a\"},\n{\"ph\":\"X\",\"name\":\"b\",\"ts\":1,\"dur\":2},\n"
                + "{\"ph\":\"X\",\"name\":\"c\"},\n{\"ph\":\"X\",\"name\":\"d\",\"ts\":3,\"dur\":4},\n"
                + "{\"ph\":\"B\",\"name\":\"e\"}";
        ChunkParser shaped = parsedAlike(json);
        assertEquals(ChunkParser.KIND_OTHER, shaped.kinds[2]);
        assertEquals(ChunkParser.KIND_X, shaped.kinds[3]);
        assertEquals(ChunkParser.KIND_OTHER, shaped.kinds[4]);
    }

    @Test
    void aShapeThatMatchesOnlyInPartCountsNoLines() {
        // Pretty-printed: the shapes hold line ends. The second event matches the first one's shape up to
        // its last key, after two line ends; the third is the event logic's, at its own line.
        String json = "{\"name\": \"a\",\n \"ph\": \"X\",\n \"ts\": 1,\n \"dur\": 2},\n"
                + "{\"name\": \"b\",\n \"ph\": \"X\",\n \"ts\": 1,\n \"tid\": 2},\n"
                + "{\"name\": \"\\u0063\",\n \"ph\": \"X\",\n \"ts\": 1,\n \"dur\": 2},\n"
                + "{\"name\": \"d\",\n \"ph\": \"X\",\n \"ts\": 1,\n \"dur\": 2}";
        ChunkParser shaped = parsedAlike(json);
        assertEquals(ChunkParser.KIND_OTHER, shaped.kinds[2]);
        assertEquals(8, shaped.lineOf[2]);
        assertEquals(15, shaped.newlines);
        assertEquals(1, shaped.shapedEvents, "the last event, by the first one's shape");
    }

    @Test
    void twoKindsOfEventInTurnAreBothReadByShape() {
        StringBuilder json = new StringBuilder();
        for (int k = 0; k < 50; k++) {
            json.append(k == 0 ? "" : ",\n").append(k % 2 == 0
                    ? "{\"args\":{},\"cat\":\"c\",\"dur\":5,\"name\":\"n\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":" + k + "}"
                    : "{\"cat\":\"c\",\"name\":\"m\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":" + k + ",\"tts\":1}");
        }
        String text = awayFromTheEnd(json.toString());
        byte[] b = Arrays.copyOf(text.getBytes(StandardCharsets.US_ASCII), text.length() + 16);
        ChunkParser p = new ChunkParser(b, 0, 0, text.length(), ChunkParser.OPEN).parse();
        assertEquals(50, p.count);
        assertEquals(48, p.shapedEvents, "all but the first of each kind read by a shape");
        for (int e = 0; e < 50; e++) {
            assertEquals(e % 2 == 0 ? ChunkParser.KIND_X : ChunkParser.KIND_B, p.kinds[e]);
            assertEquals(e * 1000L, p.ts[e]);
        }
    }

    /** {@code json} parsed with shapes, once it is checked to give what the key-by-key parse gives. */
    /** {@code json} with spaces after it: its events start before the range's last {@link ChunkParser#SHAPE_TAIL} bytes. */
    private static String awayFromTheEnd(String json) {
        return json + " ".repeat(ChunkParser.SHAPE_TAIL);
    }

    private static ChunkParser parsedAlike(String events) {
        String json = awayFromTheEnd(events);
        // Spare bytes after the range, as in a chunk: a shape is matched a word at a time.
        byte[] b = Arrays.copyOf(json.getBytes(StandardCharsets.US_ASCII), json.length() + 16);
        ChunkParser shaped = new ChunkParser(b, 0, 0, json.length(), ChunkParser.OPEN).parse();
        ChunkParser plain = new ChunkParser(b, 0, 0, json.length(), ChunkParser.OPEN);
        plain.shapes = false;
        assertSame(plain.parse(), shaped, json);
        return shaped;
    }

    /** Events in runs of one shape, the shape changing between runs and now and then inside one. */
    private static byte[] trace(Random r, int events) {
        StringBuilder json = new StringBuilder();
        List<String> keys = shape(r);
        String colon = ": ";
        String comma = ", ";
        List<String> otherKeys = shape(r);
        String otherColon = ":";
        String otherComma = ",";
        for (int e = 0; e < events; e++) {
            if (r.nextInt(6) == 0 && r.nextBoolean()) {
                // Back to the shape before (Chromium writes a few kinds of event in turn).
                List<String> k = keys;
                keys = otherKeys;
                otherKeys = k;
                String c = colon;
                colon = otherColon;
                otherColon = c;
                c = comma;
                comma = otherComma;
                otherComma = c;
            } else if (r.nextInt(6) == 0) {
                otherKeys = keys;
                otherColon = colon;
                otherComma = comma;
                keys = shape(r);
                colon = r.nextInt(4) == 0 ? ":" : r.nextInt(8) == 0 ? " :\t" : ": ";
                // Wide spacing puts keys in a shape's second word.
                comma = r.nextInt(4) == 0 ? "," : r.nextInt(10) == 0 ? ",\n  " : r.nextInt(5) == 0 ? ",\t \t \t \t" : ", ";
            }
            json.append(e == 0 ? "" : r.nextInt(10) == 0 ? " ,\r\n" : ",\n").append('{');
            for (int k = 0; k < keys.size(); k++) {
                String key = keys.get(k);
                json.append(k == 0 ? "" : comma);
                if (key.startsWith("\"")) {
                    json.append(key); // a whole "key": value
                    continue;
                }
                String value = switch (key) {
                    case "name" -> r.nextInt(3) == 0 ? pick(r, NAMES) : "\"n" + r.nextInt(5) + "\"";
                    case "ts", "dur" -> r.nextInt(3) == 0 ? pick(r, TIMES) : r.nextInt(100000) + "." + r.nextInt(1000);
                    case "pid", "tid" -> r.nextInt(3) == 0 ? pick(r, IDS) : Integer.toString(r.nextInt(3));
                    case "ph" -> r.nextInt(4) == 0 ? pick(r, PHASES) : "\"X\"";
                    case "cat" -> r.nextInt(3) == 0 ? pick(r, CATS) : "\"__main__\"";
                    default -> "0";
                };
                json.append('"').append(key).append('"').append(colon).append(value);
            }
            json.append(r.nextInt(20) == 0 ? ",}" : "}");
        }
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> shape(Random r) {
        List<String> keys = new ArrayList<>(List.of("name", "pid", "tid", "ts", "ph"));
        if (r.nextBoolean()) {
            keys.add("dur");
        }
        if (r.nextInt(3) == 0) {
            keys.add(pick(r, OTHERS));
        }
        if (r.nextInt(3) == 0) {
            keys.add("cat");
        }
        if (r.nextInt(12) == 0) {
            keys.add("ts"); // a repeated key
        }
        if (r.nextInt(10) == 0) {
            keys.remove(r.nextInt(keys.size()));
        }
        java.util.Collections.shuffle(keys, r);
        return keys;
    }

    private static String pick(Random r, String[] from) {
        return from[r.nextInt(from.length)];
    }

    private static void assertSame(ChunkParser expected, ChunkParser actual, String input) {
        assertEquals(expected.outcome, actual.outcome, input);
        assertEquals(expected.stopAt, actual.stopAt, input);
        assertEquals(expected.endState, actual.endState, input);
        assertEquals(expected.newlines, actual.newlines, input);
        assertEquals(expected.lastLineStart, actual.lastLineStart, input);
        assertEquals(expected.count, actual.count, input);
        for (int e = 0; e < expected.count; e++) {
            String at = input + " @" + e;
            assertEquals(expected.kinds[e], actual.kinds[e], at);
            if (expected.kinds[e] == ChunkParser.KIND_OTHER || expected.kinds[e] == ChunkParser.KIND_NOTE) {
                assertEquals(expected.a[e], actual.a[e], at);
                assertEquals(expected.b[e], actual.b[e], at);
                if (expected.kinds[e] == ChunkParser.KIND_OTHER) {
                    assertEquals(expected.lineOf[e], actual.lineOf[e], at);
                    assertEquals(expected.lineStartOf[e], actual.lineStartOf[e], at);
                }
                continue;
            }
            assertEquals(expected.ts[e], actual.ts[e], at);
            assertEquals(expected.dur[e], actual.dur[e], at);
            assertEquals(expected.string(expected.b[e]), actual.string(actual.b[e]), at);
            assertEquals(expected.string(expected.trackPid[expected.a[e]]), actual.string(actual.trackPid[actual.a[e]]), at);
            assertEquals(expected.string(expected.trackTid[expected.a[e]]), actual.string(actual.trackTid[actual.a[e]]), at);
        }
    }
}
