package dev.ppw.collect;

import dev.ppw.collect.chrome.ChromeJsonFormat;
import dev.ppw.collect.folded.FoldedFormat;
import dev.ppw.collect.saved.SavedProfileFormat;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static dev.ppw.collect.TestInputs.FORMATS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The formats of this module as the registry finds them, and what detection makes of real inputs. */
class FormatDetectionTest {
    private static final String SAVED = "{\n  \"format\": \"ppw-profile\",\n  \"version\": 1}\n";
    private static final String TRACE = "[{\"ph\":\"X\",\"name\":\"f\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1}]";

    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    /** The detected format's name, then the content the source hands it. */
    private static String formatAndContent(Path p) throws IOException {
        InputSource source = InputSource.of(p);
        String format = FORMATS.detect(source.head()).name();
        try (InputStream in = source.open()) {
            return format + ":" + new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theServiceLoaderFindsEveryFormatRegisteredInThisModule() throws IOException {
        List<String> registered;
        try (InputStream in = FormatDetectionTest.class.getResourceAsStream(
                "/META-INF/services/" + InputFormat.class.getName())) {
            registered = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).sorted().toList();
        }
        assertEquals(registered, FORMATS.formats().stream().map(f -> f.getClass().getName()).sorted().toList());
        assertTrue(FORMATS.names().containsAll(List.of("chrome-json", "folded", "ppw-profile")), FORMATS.names()::toString);
        assertInstanceOf(FoldedFormat.class, FORMATS.byName("folded").orElseThrow());
        assertInstanceOf(EventFormat.class, FORMATS.byName("folded").orElseThrow());
        assertInstanceOf(ChromeJsonFormat.class, FORMATS.byName("chrome-json").orElseThrow());
        assertInstanceOf(EventFormat.class, FORMATS.byName("chrome-json").orElseThrow());
        assertInstanceOf(SavedProfileFormat.class, FORMATS.byName("ppw-profile").orElseThrow());
        assertInstanceOf(ProfileFormat.class, FORMATS.byName("ppw-profile").orElseThrow());
        for (InputFormat f : FORMATS.formats()) {
            assertTrue(!f.description().isBlank() && !f.description().contains("\n"), f.name());
        }
    }

    @Test
    void savedProfileIsRecognisedPlainAndGzippedWithContentIntact() throws IOException {
        assertEquals("ppw-profile:" + SAVED, formatAndContent(write("a.ppw.json", SAVED.getBytes(StandardCharsets.UTF_8))));
        assertEquals("ppw-profile:" + SAVED, formatAndContent(write("a.gz", gzip(SAVED))));
        byte[] bom = ("\uFEFF" + SAVED).getBytes(StandardCharsets.UTF_8);
        assertEquals("ppw-profile:" + SAVED, formatAndContent(write("bom.json", bom)));
    }

    @Test
    void chromeTracesAreTracesWhateverTheirName() throws IOException {
        assertEquals("chrome-json:" + TRACE, formatAndContent(write("x.ppw.json", TRACE.getBytes(StandardCharsets.UTF_8))));
        String object = "{\"traceEvents\": [], \"format\": \"ppw-profile\"}";
        assertTrue(formatAndContent(write("o.json", object.getBytes(StandardCharsets.UTF_8))).startsWith("chrome-json:"),
                "only a leading format member marks a saved profile");
    }

    @Test
    void probesSayHowSureTheyAre() {
        ChromeJsonFormat chrome = new ChromeJsonFormat();
        SavedProfileFormat saved = new SavedProfileFormat();
        assertEquals(Confidence.CERTAIN, chrome.probe(head("[{\"ph\":\"X\"}]")));
        assertEquals(Confidence.CERTAIN, chrome.probe(head("{\"otherData\": {}, \"traceEvents\" : [")));
        assertEquals(Confidence.POSSIBLE, chrome.probe(head("[\n  {\"name\": \"a\"")));
        assertEquals(Confidence.NONE, chrome.probe(head(SAVED)), "an object closed without traceEvents is no trace");
        assertEquals(Confidence.POSSIBLE, chrome.probe(head("{\"format\": \"ppw-profile\", \"rows\": [[1,")),
                "an object the head cuts may hold traceEvents further on");
        assertEquals(Confidence.POSSIBLE, chrome.probe(head("{\"a\": \"}\"")), "a brace in a string closes nothing");
        assertEquals(Confidence.NONE, chrome.probe(head("\"traceEvents\": []")));
        assertEquals(Confidence.NONE, chrome.probe(Head.of("t.json", "[{\"ph\"".getBytes(StandardCharsets.UTF_16LE))));
        assertEquals(Confidence.CERTAIN, saved.probe(head(SAVED)));
        assertEquals(Confidence.CERTAIN, saved.probe(head(" {\"format\" :\"ppw-profile\", \"traceEvents\": []}")));
        assertEquals(Confidence.NONE, saved.probe(head("{\"version\": 1, \"format\": \"ppw-profile\"}")));
        assertEquals(Confidence.NONE, saved.probe(Head.of("a.ppw.json", "hello".getBytes(StandardCharsets.UTF_8))),
                "the name alone says nothing");
        // Both certain: the profile's leading member decides.
        assertEquals("ppw-profile", FORMATS.detect(head("{\"format\": \"ppw-profile\", \"traceEvents\": []}")).name());
    }

    @Test
    void unreadableContentIsRefusedByDetection() throws IOException {
        Path garbage = write("g.json", "hello".getBytes(StandardCharsets.UTF_8));
        BadInputException e = assertThrows(BadInputException.class, () -> FORMATS.detect(InputSource.of(garbage).head()));
        assertTrue(e.getMessage().startsWith(garbage + ": unrecognized format"), e.getMessage());
    }

    @Test
    void aFormatForcedOnTheOtherKindGivesItsReadersMessage() throws IOException {
        InputSource saved = InputSource.of("p.json", SAVED.getBytes(StandardCharsets.UTF_8));
        RecordingSink sink = new RecordingSink();
        BadInputException chrome = assertThrows(BadInputException.class,
                () -> new ChromeJsonFormat().read(saved, sink, ReadOptions.defaults()));
        assertEquals("p.json:1:1: a JSON object without a traceEvents array is not a Chrome trace (its keys: format,"
                + " version): \"{\"", chrome.getMessage());
        assertEquals(List.of("beginInput p.json", "endInput"), sink.calls());

        InputSource trace = InputSource.of("t.json", TRACE.getBytes(StandardCharsets.UTF_8));
        BadInputException profile = assertThrows(BadInputException.class,
                () -> new SavedProfileFormat().read(trace, ReadOptions.defaults()));
        assertEquals("t.json:1:1: not a ppw-profile: expected a JSON object: \"[\"", profile.getMessage());
    }

    private static Head head(String text) {
        return Head.of("t.json", text.getBytes(StandardCharsets.UTF_8));
    }
}
