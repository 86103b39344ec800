package dev.ppw.model.format;

import dev.ppw.model.BadInputException;
import dev.ppw.model.EventSink;
import dev.ppw.model.Profile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Detection is one pure function of the head over the registered probes: a table of heads and the format
 * (and confidence) they give, or the exact message when no format reads them. The formats here are
 * stand-ins whose probes are written out in the table; the real ones are tested in {@code collectors}.
 */
class FormatRegistryTest {
    /** An event format whose probe is {@code probe}. */
    private record Events(String name, Function<Head, Confidence> probeFn) implements EventFormat {
        @Override
        public String description() {
            return name + " events";
        }

        @Override
        public Confidence probe(Head head) {
            return probeFn.apply(head);
        }

        @Override
        public void read(InputSource source, EventSink sink, ReadOptions options) {
            throw new AssertionError("detection never reads");
        }
    }

    /** A profile format whose probe is {@code probe}. */
    private record Profiles(String name, Function<Head, Confidence> probeFn) implements ProfileFormat {
        @Override
        public String description() {
            return name + " profiles";
        }

        @Override
        public Confidence probe(Head head) {
            return probeFn.apply(head);
        }

        @Override
        public Profile read(InputSource source, ReadOptions options) {
            throw new AssertionError("detection never reads");
        }
    }

    private static boolean starts(Head h, String prefix) {
        return h.latin1().startsWith(prefix);
    }

    /** JSON arrays and objects; certain with a "ph" key. */
    private static final EventFormat JSON_EVENTS = new Events("json-events", h -> h.firstNonWhitespace() >= 0
            && (h.byteAt(h.firstNonWhitespace()) == '[' || h.byteAt(h.firstNonWhitespace()) == '{')
            ? (h.latin1().contains("\"ph\":") ? Confidence.CERTAIN : Confidence.POSSIBLE) : Confidence.NONE);
    /** Its signature at the start; certain. */
    private static final ProfileFormat SIGNED = new Profiles("signed-profile",
            h -> starts(h, "{\"format\": \"signed\"") ? Confidence.CERTAIN : Confidence.NONE);
    /** Named *.prof, with no signature: only its name says so. */
    private static final ProfileFormat NAMED = new Profiles("named-profile",
            h -> h.fileName().endsWith(".prof") ? Confidence.NAME_ONLY : Confidence.NONE);
    /** Lines of text starting "ev "; only possible: anything could start so. */
    private static final EventFormat LINES_B = new Events("b-lines", h -> starts(h, "ev ") ? Confidence.POSSIBLE : Confidence.NONE);
    private static final EventFormat LINES_A = new Events("a-lines", h -> starts(h, "ev ") ? Confidence.POSSIBLE : Confidence.NONE);

    private static final FormatRegistry REGISTRY = new FormatRegistry(List.of(JSON_EVENTS, SIGNED, NAMED, LINES_B, LINES_A));

    /** One row: a head, then the format chosen and its confidence. */
    record Row(String label, Head head, String format, Confidence confidence) {
        @Override
        public String toString() {
            return label;
        }
    }

    static List<Row> detected() {
        return List.of(
                row("a JSON array", head("t.json", "[{\"name\": \"a\"}]"), "json-events", Confidence.POSSIBLE),
                row("a JSON array with a ph key", head("t.json", " [{\"ph\": \"X\"}]"), "json-events", Confidence.CERTAIN),
                row("the signature beats possible JSON", head("t.json", "{\"format\": \"signed\", \"rows\": []}"),
                        "signed-profile", Confidence.CERTAIN),
                row("certain ties: the profile format first", head("t.json", "{\"format\": \"signed\", \"ph\": 1}"),
                        "signed-profile", Confidence.CERTAIN),
                row("possible ties: by name", head("t.txt", "ev 1 2 3\n"), "a-lines", Confidence.POSSIBLE),
                row("a name never beats bytes that fit", head("x.prof", "[1, 2]"), "json-events", Confidence.POSSIBLE),
                row("a name alone decides when no bytes fit", head("dir/x.prof", "\u0001\u0002binary"), "named-profile",
                        Confidence.NAME_ONLY),
                row("gzipped JSON", new Head("t.json.gz", utf8("[]"), 2, false, false, true), "json-events",
                        Confidence.POSSIBLE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("detected")
    void theMostConfidentProbeWinsAndTiesFollowTheFixedOrder(Row row) {
        InputFormat f = REGISTRY.detect(row.head());
        assertEquals(row.format(), f.name());
        assertEquals(row.confidence(), f.probe(row.head()));
        assertEquals(f, REGISTRY.detect(row.head()), "pure: the same head, the same answer");
    }

    /** One row: a head no probe takes, and the whole message. */
    record Refused(String label, Head head, String message) {
        @Override
        public String toString() {
            return label;
        }
    }

    static List<Refused> refused() {
        byte[] perfetto = {0x0a, 0x0c, 0x08, 0x01, 0x10, (byte) 0x96, 0x01, 0x1a, 0x03, 'a', 'b', 'c', 0x28, 0x00};
        byte[] spaces = new byte[Head.MAX_BYTES];
        Arrays.fill(spaces, (byte) ' ');
        return List.of(
                refused("empty", head("t.json", ""), "t.json: the input is empty"),
                refused("empty after gzip", new Head("t.json", new byte[0], 1, false, false, true),
                        "t.json: the input is empty after gzip decompression"),
                refused("empty and cut", new Head("t.json", new byte[0], 1, false, true, true),
                        "t.json: the input is empty after gzip decompression (and its gzip data ends early)"),
                refused("cut after two bytes, even if they fit", new Head("t.json", utf8("[\n"), 1, false, true, true),
                        "t.json: the gzip data ends after only 2 bytes of content (a cut file?)"),
                refused("cut after one byte", new Head("t.json", utf8("{"), 1, false, true, true),
                        "t.json: the gzip data ends after only 1 byte of content (a cut file?)"),
                refused("only whitespace", head("t.json", " \n\t\r\n "), "t.json: the input holds only whitespace"),
                refused("a byte order mark and whitespace", new Head("t.json", utf8(" \n"), 0, true, false, true),
                        "t.json: the input holds only a byte order mark and whitespace"),
                refused("only a byte order mark", new Head("t.json", new byte[0], 0, true, false, true),
                        "t.json: the input holds only a byte order mark and whitespace"),
                refused("whitespace beyond the head", new Head("t.json", spaces, 0, false, false, false),
                        "t.json: unrecognized format: more than 65536 bytes of whitespace"),
                refused("UTF-16 with its byte order mark", head("t.json", new byte[] {(byte) 0xff, (byte) 0xfe, '[', 0}),
                        "t.json: the input is UTF-16 or UTF-32 text; ppw-java reads Chrome JSON in UTF-8: convert it first"
                                + " (iconv -f UTF-16 -t UTF-8)"),
                refused("UTF-16 after gzip", new Head("t.json", new byte[] {0, '{', 0, '"'}, 1, false, false, true),
                        "t.json: the input is UTF-16 or UTF-32 text after gzip decompression; ppw-java reads Chrome JSON"
                                + " in UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)"),
                refused("Perfetto protobuf", head("trace.json", perfetto), "trace.json: this is a Perfetto protobuf trace,"
                        + " not Chrome JSON: re-record with --trace-startup-format=json, or convert it with Perfetto's"
                        + " traceconv (traceconv json IN OUT)"),
                refused("text", head("t.json", "hello world"), "t.json: unrecognized format (expected a Chrome trace: JSON,"
                        + " optionally gzipped); it starts with: \"hello world\""),
                refused("long text is quoted short", head("t.json", "x".repeat(100)), "t.json: unrecognized format"
                        + " (expected a Chrome trace: JSON, optionally gzipped); it starts with: \"" + "x".repeat(24)
                        + "...\""),
                refused("binary", head("t.json", new byte[] {0, 1, 2, (byte) 0xff, 'P', 'K', '"'}), "t.json: unrecognized"
                        + " format (expected a Chrome trace: JSON, optionally gzipped); it starts with:"
                        + " \"\\x00\\x01\\x02\\xffPK\\\"\""),
                refused("text after gzip, cut", new Head("t.json", utf8("hello"), 1, false, true, true), "t.json:"
                        + " unrecognized format after gzip decompression (and its gzip data ends early) (expected a"
                        + " Chrome trace: JSON, optionally gzipped); it starts with: \"hello\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void whatNoFormatReadsIsOneLineSayingWhatItLooksLike(Refused row) {
        BadInputException e = assertThrows(BadInputException.class, () -> REGISTRY.detect(row.head()));
        assertEquals(row.message(), e.getMessage());
        assertEquals(0, e.getStackTrace().length, "no stack trace for bad input");
    }

    @Test
    void aCertainProbeEndsDetectionSoLaterProbesDoNotScanTheHead() {
        int[] probed = new int[1];
        EventFormat counted = new Events("counted-events", h -> {
            probed[0]++;
            return Confidence.CERTAIN;
        });
        FormatRegistry registry = new FormatRegistry(List.of(counted, SIGNED));
        assertEquals(SIGNED, registry.detect(head("t.json", "{\"format\": \"signed\", \"ph\": 1}")));
        assertEquals(0, probed[0], "the event format comes after the certain profile format");
        assertEquals(counted, registry.detect(head("t.json", "[{\"ph\": \"X\"}]")));
        assertEquals(1, probed[0]);
    }

    @Test
    void formatsAreListedByNameAndFoundByName() {
        assertEquals(List.of("a-lines", "b-lines", "json-events", "named-profile", "signed-profile"), REGISTRY.names());
        assertEquals(REGISTRY.names(), REGISTRY.formats().stream().map(InputFormat::name).toList());
        assertEquals(Optional.of(SIGNED), REGISTRY.byName("signed-profile"));
        assertEquals(Optional.empty(), REGISTRY.byName("Signed-Profile"));
    }

    @Test
    void namesAreUniqueAndLowerCaseWithDashes() {
        assertThrows(IllegalArgumentException.class, () -> new FormatRegistry(List.of(LINES_A, LINES_A)));
        assertThrows(IllegalArgumentException.class,
                () -> new FormatRegistry(List.of(new Events("Chrome JSON", h -> Confidence.NONE))));
    }

    @Test
    void anEmptyRegistryReadsNothing() {
        FormatRegistry none = new FormatRegistry(List.of());
        assertEquals(List.of(), none.formats());
        BadInputException e = assertThrows(BadInputException.class, () -> none.detect(head("t.json", "[]")));
        assertEquals("t.json: unrecognized format (expected a Chrome trace: JSON, optionally gzipped); it starts with:"
                + " \"[]\"", e.getMessage());
        assertEquals(List.of(), FormatRegistry.load(new ClassLoader(null) { }).formats(),
                "the service loader finds no format where none is registered");
    }

    private static Row row(String label, Head head, String format, Confidence confidence) {
        return new Row(label, head, format, confidence);
    }

    private static Refused refused(String label, Head head, String message) {
        return new Refused(label, head, message);
    }

    private static Head head(String name, String text) {
        return head(name, utf8(text));
    }

    private static Head head(String name, byte[] bytes) {
        return Head.of(name, bytes);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
