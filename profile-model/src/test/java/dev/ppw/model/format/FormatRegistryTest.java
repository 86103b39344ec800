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

    /** A recognised format with a signature; it says more when the head is JSON. */
    private record Recognised(String name, String description, String nextStep, Function<Head, Confidence> probeFn)
            implements UnreadFormat {
        @Override
        public Confidence probe(Head head) {
            return probeFn.apply(head);
        }

        @Override
        public String describe(Head head) {
            return head.latin1().startsWith("[") ? "a flight log of JSON" : description;
        }
    }

    /** Certain of "FLR\0" and of JSON with a "flight" key: the latter also fits the JSON events. */
    private static final UnreadFormat FLIGHT = new Recognised("flight", "a flight log (written by the flight recorder)",
            "convert it to folded stacks", h -> starts(h, "FLR\0") || h.latin1().contains("\"flight\"")
            ? Confidence.CERTAIN : Confidence.NONE);
    /** Possible for "ev " lines, as the line readers: a tie the readers win. */
    private static final UnreadFormat EVENT_LOG = new Recognised("event-log", "an event log", "none",
            h -> starts(h, "ev ") ? Confidence.POSSIBLE : Confidence.NONE);
    /** Named *.rep only. */
    private static final UnreadFormat REPORT = new Recognised("report", "a report (written by a tool)", "export it as JSON",
            h -> h.fileName().contains(".rep") ? Confidence.NAME_ONLY : Confidence.NONE);

    private static final FormatRegistry REGISTRY = new FormatRegistry(List.of(JSON_EVENTS, SIGNED, NAMED, LINES_B, LINES_A),
            List.of(REPORT, FLIGHT, EVENT_LOG));
    private static final String READ = "Formats read: a-lines, b-lines, json-events, named-profile, signed-profile"
            + " ('ppw-java formats').";

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
                        Confidence.POSSIBLE),
                row("a recognizer's possible ties with readers: they win", head("t.txt", "ev 1\n"), "a-lines",
                        Confidence.POSSIBLE),
                row("a certain reader is never second-guessed", head("t.json", "[{\"ph\": \"X\", \"flight\": 1}]"),
                        "json-events", Confidence.CERTAIN),
                row("a reader's name beats a recognizer's name", head("x.rep.prof", "\u0001"), "named-profile",
                        Confidence.NAME_ONLY));
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
                refused("protobuf no recognizer claims", head("trace.json", perfetto), "trace.json: unrecognized format"
                        + " at byte 0; it starts with \"\\x0a\\x0c\\x08\\x01\\x10\\x96\\x01\\x1a\\x03abc(\\x00\". " + READ),
                refused("text", head("t.json", "hello world"), "t.json: unrecognized format at line 1, column 1 (byte 0); it starts with"
                        + " \"hello world\". " + READ),
                refused("text after blank lines and a byte order mark", new Head("t.json", utf8("\n\n  hello"), 0,
                        true, false, true), "t.json: unrecognized format at line 3, column 3 (byte 7); it starts with"
                        + " \"\\x0a\\x0a  hello\". " + READ),
                refused("long text is quoted short", head("t.json", "x".repeat(100)), "t.json: unrecognized format"
                        + " at line 1, column 1 (byte 0); it starts with \"" + "x".repeat(24) + "...\". " + READ),
                refused("binary", head("t.json", new byte[] {0, 1, 2, (byte) 0xff, 'P', 'K', '"'}), "t.json: unrecognized"
                        + " format at byte 0; it starts with \"\\x00\\x01\\x02\\xffPK\\\"\". " + READ),
                refused("text after gzip, cut", new Head("t.json", utf8("hello"), 1, false, true, true), "t.json:"
                        + " unrecognized format after gzip decompression (and its gzip data ends early) at line 1, column 1 (byte 0); it starts with"
                        + " \"hello\". " + READ),
                refused("a recognised format, certain", head("rec.jfr", "FLR\0\0\2\0\1"), "rec.jfr: this is a flight"
                        + " log (written by the flight recorder); ppw-java does not read it yet. Next: convert it to"
                        + " folded stacks. " + READ),
                refused("a recognised format beats a possible reader", head("t.json", "[{\"flight\": 1}]"),
                        "t.json: this is a flight log of JSON; ppw-java does not read it yet. Next: convert it to folded"
                        + " stacks. " + READ),
                refused("a recognised format, gzipped", new Head("x", utf8("FLR\0"), 1, false, false, true), "x: this is"
                        + " a flight log (written by the flight recorder), gzipped; ppw-java does not read it yet. Next:"
                        + " convert it to folded stacks. " + READ),
                refused("a recognised format by its name only", head("dir/x.rep", "\u0001\u0002 binary"), "dir/x.rep: by its"
                        + " name, a report (written by a tool) (its bytes show no sign of one); ppw-java does not read it"
                        + " yet. Next: export it as JSON. " + READ),
                refused("whitespace says more than a name", head("x.rep", "  \n"), "x.rep: the input holds only whitespace"));
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
    void identifySaysWhatDetectDoesWithoutThrowing() {
        assertEquals(new Detection.Read(SIGNED, Confidence.CERTAIN), REGISTRY.identify(head("t.json", "{\"format\": \"signed\"}")));
        Detection flight = REGISTRY.identify(head("a.jfr", "FLR\0"));
        assertEquals(FLIGHT, ((Detection.Unread) flight).format());
        assertEquals(Confidence.CERTAIN, flight.confidence());
        Detection report = REGISTRY.identify(head("a.rep", "\u0001"));
        assertEquals(REPORT, ((Detection.Unread) report).format());
        assertEquals(Confidence.NAME_ONLY, report.confidence());
        assertEquals(new Detection.Unknown("t.json: the input is empty"), REGISTRY.identify(head("t.json", "")));
        assertEquals(Confidence.NONE, REGISTRY.identify(head("t.json", "")).confidence());
        for (Head h : List.of(head("a.jfr", "FLR\0"), head("a.rep", "\u0001"), head("t", "zz"))) {
            Detection d = REGISTRY.identify(h);
            String message = d instanceof Detection.Unread u ? u.message() : ((Detection.Unknown) d).message();
            assertEquals(message, assertThrows(BadInputException.class, () -> REGISTRY.detect(h)).getMessage());
        }
    }

    @Test
    void recognisedFormatsAreListedApartFromTheFormatsRead() {
        assertEquals(List.of(EVENT_LOG, FLIGHT, REPORT), REGISTRY.unread());
        assertEquals(Optional.of(FLIGHT), REGISTRY.unreadByName("flight"));
        assertEquals(Optional.empty(), REGISTRY.byName("flight"), "not a format read: --input-format cannot name it");
        assertEquals(Optional.empty(), REGISTRY.unreadByName("a-lines"));
    }

    @Test
    void aReaderReplacingARecognizerTakesItsNameSoTheRecognizerMustGo() {
        EventFormat flightReader = new Events("flight", h -> Confidence.NONE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FormatRegistry(List.of(flightReader), List.of(FLIGHT)));
        assertEquals("two input formats are named flight (a reader replacing a recognizer of its format: delete the"
                + " recognizer's registration)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FormatRegistry(List.of(), List.of(FLIGHT, FLIGHT)));
        assertThrows(IllegalArgumentException.class, () -> new FormatRegistry(List.of(),
                List.of(new Recognised("Flight", "x", "y", h -> Confidence.NONE))));
        assertEquals(List.of("flight"), new FormatRegistry(List.of(flightReader), List.of(EVENT_LOG)).names());
    }

    @Test
    void confidenceIsSaidInLowerCase() {
        assertEquals(List.of("none", "name only", "possible", "certain"),
                Arrays.stream(Confidence.values()).map(Confidence::label).toList());
    }

    @Test
    void anEmptyRegistryReadsNothing() {
        FormatRegistry none = new FormatRegistry(List.of());
        assertEquals(List.of(), none.formats());
        assertEquals(List.of(), none.unread());
        BadInputException e = assertThrows(BadInputException.class, () -> none.detect(head("t.json", "[]")));
        assertEquals("t.json: unrecognized format at line 1, column 1 (byte 0); it starts with \"[]\". Formats read: none ('ppw-java formats').",
                e.getMessage());
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
