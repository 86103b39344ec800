package dev.ppw.collect;

import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InputKindTest {
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

    private static String kindAndContent(Path p) throws IOException {
        try (TraceReaders.OpenedInput in = TraceReaders.open(p)) {
            return in.kind() + ":" + new String(in.content().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void savedProfileIsRecognisedPlainAndGzippedWithContentIntact() throws IOException {
        String saved = "{\n  \"format\": \"ppw-profile\",\n  \"version\": 1}\n";
        assertEquals("SAVED_PROFILE:" + saved, kindAndContent(write("a.ppw.json", saved.getBytes(StandardCharsets.UTF_8))));
        assertEquals("SAVED_PROFILE:" + saved, kindAndContent(write("a.gz", gzip(saved))));
        byte[] bom = ("\uFEFF" + saved).getBytes(StandardCharsets.UTF_8);
        assertEquals("SAVED_PROFILE:" + saved, kindAndContent(write("bom.json", bom)));
    }

    @Test
    void chromeTracesAreTracesWhateverTheirName() throws IOException {
        String trace = "[{\"ph\":\"X\",\"name\":\"f\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1}]";
        assertEquals("TRACE:" + trace, kindAndContent(write("x.ppw.json", trace.getBytes(StandardCharsets.UTF_8))));
        String object = "{\"traceEvents\": [], \"format\": \"ppw-profile\"}";
        assertTrue(kindAndContent(write("o.json", object.getBytes(StandardCharsets.UTF_8))).startsWith("TRACE:"),
                "only a leading format key marks a saved profile");
    }

    @Test
    void unreadableContentIsRefusedAtOpen() throws IOException {
        Path garbage = write("g.json", "hello".getBytes(StandardCharsets.UTF_8));
        BadInputException e = assertThrows(BadInputException.class, () -> TraceReaders.open(garbage));
        assertTrue(e.getMessage().startsWith(garbage + ": unrecognized format"), e.getMessage());
    }
}
