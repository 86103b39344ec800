package dev.ppw.collect;

import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.ppw.collect.TestInputs.gzip;
import static dev.ppw.collect.TestInputs.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A table of malformed inputs: each either stops with a one-line {@link BadInputException} whose message is
 * given exactly (file, position, problem, quote), or is read with exactly the given warnings and number of
 * events kept.
 */
class MalformedInputsTest {

    /** One row: either {@code message} (an error) or {@code warnings} and {@code events} (a read). */
    record Case(String label, byte[] input, String message, Map<String, Long> warnings, int events) {
        @Override
        public String toString() {
            return label;
        }
    }

    static Case error(String label, byte[] input, String message) {
        return new Case(label, input, message, null, 0);
    }

    static Case error(String label, String input, String message) {
        return error(label, utf8(input), message);
    }

    static Case read(String label, String input, Map<String, Long> warnings, int events) {
        return new Case(label, utf8(input), null, warnings, events);
    }

    private static final String READ = " Formats read: chrome-json, folded, jfr, lttng-ctf, lttng-text, perf-script, perf-stat, perfetto, pprof, ppw-profile, tau, v8-cpuprofile ('ppw-java formats').";

    static List<Case> cases() {
        byte[] oneEventGz = gzip(utf8("[{\"ph\":\"X\",\"ts\":1}]"));
        return List.of(
                error("empty", new byte[0], "t.json: the input is empty"),
                error("whitespace only", " \n\t\r\n ", "t.json: the input holds only whitespace"),
                error("text garbage", "hello world", "t.json: unrecognized format at line 1, column 1 (byte 0); it starts with \"hello world\"."
                        + READ),
                error("binary", new byte[]{0, 1, 2, (byte) 0xff, 'P', 'K', '"'}, "t.json: unrecognized format at byte 0; it starts"
                        + " with \"\\x00\\x01\\x02\\xffPK\\\"\"." + READ),
                error("long garbage is quoted short", "x".repeat(100), "t.json: unrecognized format at line 1, column 1 (byte 0); it starts with \""
                        + "x".repeat(24) + "...\"." + READ),
                error("gzip of garbage", gzip(utf8("hello world")), "t.json: unrecognized format after gzip"
                        + " decompression at line 1, column 1 (byte 0); it starts with \"hello world\"." + READ),
                error("gzip of nothing", gzip(new byte[0]), "t.json: the input is empty after gzip decompression"),
                error("gzip cut in its header", Arrays.copyOf(oneEventGz, 6), "t.json: corrupt gzip header: it ends early"),
                error("gzip cut before any content", Arrays.copyOf(oneEventGz, 10),
                        "t.json: the gzip data ends before any content (a cut file?)"),
                error("gzip with corrupt data", corrupt(oneEventGz),
                        "t.json: byte 0: corrupt gzip data: invalid block type"),
                new Case("perfetto-like protobuf: read as Perfetto, packets without events", new byte[]{0x0a, 0x0c,
                        0x08, 0x01, 0x10, (byte) 0x96, 0x01, 0x1a, 0x03, 'a', 'b', 'c', 0x28, 0x00}, null, Map.of(), 0),
                error("top-level number", "5", "t.json: unrecognized format at line 1, column 1 (byte 0); it starts with \"5\"." + READ),
                error("UTF-16 is not read", new byte[]{(byte) 0xff, (byte) 0xfe, '[', 0, ']', 0}, "t.json: the input is"
                        + " UTF-16 or UTF-32 text; ppw-java reads Chrome JSON in UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)"),
                read("array of numbers", "[1,2]", Map.of("bad_event", 2L), 0),
                error("traceEvents not an array", "{\"traceEvents\": 5}",
                        "t.json:1:17: traceEvents is a number, not an array: \"{\\\"traceEvents\\\": 5}\""),
                error("object without traceEvents, whole", "{\"name\":[],\n\"samples\":[]}", "t.json: this is JSON, an"
                        + " object with the members name, samples (no traceEvents); ppw-java does not read it yet. Next: if a"
                        + " profiler wrote it, ask it for Chrome trace JSON or folded stacks instead." + READ),
                error("object without traceEvents, longer than the head", "{\"name\":[" + "1,".repeat(3000) + "1],"
                        + "\n\"samples\":[]}", "t.json:1:1: a JSON object without a traceEvents array is not a Chrome trace"
                        + " (its keys: name, samples): \"{\\\"name\\\":[1,1,1,1,1,1,1,1\""),
                error("invalid UTF-8 in a name", bytes("[{\"ph\":\"X\",\"ts\":1,\"name\":\"a", 0xff, " b\"}]"),
                        "t.json:1:29: not valid JSON: Invalid UTF-8 start byte 0xff: \"h\\\":\\\"X\\\",\\\"ts\\\":1,"
                                + "\\\"name\\\":\\\"a\uFFFD b\\\"}]\""),
                error("invalid UTF-8 in a skipped value", bytes("[\n{\"ph\":\"X\",\"args\":{\"s\":\"", 0xc3, "(\"}}]"),
                        "t.json:2:26: not valid JSON: Invalid UTF-8 middle byte 0x28: \"\\\"ph\\\":\\\"X\\\",\\\"args\\\":{\\\"s\\\":"
                                + "\\\"\uFFFD(\\\"}}]\""),
                error("nesting 100k deep", "[".repeat(100_000), "t.json:1:1002: JSON nested deeper than the parser's"
                        + " limit of 1000 levels: \"" + "[".repeat(48) + "\""),
                error("object nesting 100k deep", "{\"a\":".repeat(100_000), "t.json:1:5002: JSON nested deeper than"
                        + " the parser's limit of 1000 levels: \"" + "a\\\":{\\\"".repeat(9) + "a\\\":\""),
                error("number of 1200 digits", "[{\"ph\":\"X\",\"ts\":1" + "0".repeat(1200) + "}]", "t.json:1:1218: JSON"
                        + " exceeds a parser limit: Number value length (1201) exceeds the maximum allowed (1000, from"
                        + " `StreamReadConstraints.getMaxNumberLength()`): \"" + "0".repeat(24) + "}]\""),
                error("garbage where an event should start", "[{\"ph\":\"X\",\"ts\":1},\nxyz]", "t.json:2:5: not valid"
                        + " JSON: Unrecognized token 'xyz': was expecting (JSON String, Number (or 'NaN'/'+INF'/'-INF'),"
                        + " Array, Object or token 'null', 'true' or 'false'): \"xyz]\""),
                error("missing comma", "[{\"ph\":\"X\" \"ts\":1}]", "t.json:1:12: not valid JSON: Unexpected character"
                        + " ('\\\"' (code 34)): was expecting comma to separate Object entries: \"[{\\\"ph\\\":\\\"X\\\""
                        + " \\\"ts\\\":1}]\""),
                error("extra closing bracket", "[{\"ph\":\"X\",\"ts\":1}]]", "t.json:1:20: not valid JSON: Unexpected"
                        + " close marker ']': expected '}': \"[{\\\"ph\\\":\\\"X\\\",\\\"ts\\\":1}]]\""),
                error("raw control character in a string", "[{\"name\":\"a\u0001\"}]", "t.json:1:12: not valid JSON:"
                        + " Illegal unquoted character ((CTRL-CHAR, code 1)): has to be escaped using backslash to be"
                        + " included in string value: \"[{\\\"name\\\":\\\"a\\u0001\\\"}]\""),
                read("NaN ts", "[{\"ph\":\"X\",\"ts\":NaN}]", Map.of("missing_ts", 1L), 0),
                read("huge ts", "[{\"ph\":\"B\",\"ts\":1e300}]", Map.of("missing_ts", 1L), 0),
                read("ts just past a long of ns", "[{\"ph\":\"B\",\"ts\":9223372036854775.8075}]", Map.of("missing_ts", 1L), 0),
                read("string ts that is no number", "[{\"ph\":\"E\",\"ts\":\"1 \"}]", Map.of("missing_ts", 1L), 0),
                read("negative dur", "[{\"ph\":\"X\",\"ts\":1,\"dur\":-3}]", Map.of("bad_duration", 1L), 0),
                read("string dur that is no number", "[{\"ph\":\"X\",\"ts\":1,\"dur\":\"0x3\"}]", Map.of("bad_duration", 1L), 0),
                read("object pid", "[{\"ph\":\"X\",\"ts\":1,\"pid\":{\"a\":1}},{\"ph\":\"X\",\"ts\":1}]",
                        Map.of("bad_event", 1L), 1),
                read("array id", "[{\"ph\":\"b\",\"ts\":1,\"id\":[1]}]", Map.of("bad_event", 1L), 0),
                read("cut mid-event", "[\n{\"ph\":\"X\",\"ts\":1},\n{\"ph\":\"X\",\"t", Map.of("truncated", 1L), 1),
                read("cut in an unterminated string element", "[{\"ph\":\"X\",\"ts\":1}, \"ab", Map.of("truncated", 1L), 1),
                read("PerfFlowAspect: no ], trailing comma, repeated [", "[\n[\n{\"ph\":\"X\",\"ts\":1},\n[\n"
                        + "{\"ph\":\"X\",\"ts\":2},\n", Map.of(), 2),
                error("cut before traceEvents", "{\"otherData\":{\"a\":1},", "t.json:1:22: the input ends before any"
                        + " traceEvents array"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void malformedInputIsAnErrorOrCountedWarnings(Case c) {
        RecordingSink sink = new RecordingSink();
        try {
            TestInputs.readInto(TestInputs.NAME, c.input(), sink);
            if (c.message() != null) {
                fail("expected " + c.message() + "; read " + sink.calls() + " " + sink.warnings());
            }
            assertEquals(c.warnings(), sink.warnings());
            assertEquals(c.events(), sink.events().size(), () -> sink.events().toString());
        } catch (BadInputException e) {
            if (c.message() == null) {
                fail("expected a read, got " + e.getMessage());
            }
            assertEquals(c.message(), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line");
            assertEquals(0, e.getStackTrace().length, "no stack trace for bad input");
        } catch (java.io.IOException e) {
            fail(e);
        }
    }

    private static byte[] corrupt(byte[] gz) {
        byte[] c = gz.clone();
        for (int i = 10; i < c.length - 8; i++) {
            c[i] ^= 0x55;
        }
        return c;
    }

    private static byte[] bytes(String before, int b, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(utf8(before));
        out.write(b);
        out.writeBytes(utf8(after));
        return out.toByteArray();
    }
}
