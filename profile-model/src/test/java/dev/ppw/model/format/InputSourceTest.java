package dev.ppw.model.format;

import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sources hand formats the content: gzip layers removed, a byte order mark skipped, the head read once. */
class InputSourceTest {
    private static final String TEXT = "[{\"ph\":\"X\",\"ts\":1,\"name\":\"a\"}]";

    @TempDir
    Path dir;

    @Test
    void gzipLayersAreRemovedByTheirMagicUpToThree() throws IOException {
        byte[] text = utf8(TEXT);
        byte[] layered = text;
        for (int layers = 0; layers <= 3; layers++) {
            InputSource source = InputSource.of("t.json", layered);
            assertArrayEquals(text, content(source), layers + " layers");
            assertEquals(layers, source.head().gzipLayers());
            assertArrayEquals(text, source.head().bytes());
            assertEquals(layered.length, source.sizeBytes(), "the size as stored");
            layered = gzip(layered);
        }
        byte[] four = layered;
        BadInputException e = assertThrows(BadInputException.class, () -> InputSource.of("t.json", four).head());
        assertEquals("t.json: gzip nested more than 3 levels deep", e.getMessage());
    }

    @Test
    void aByteOrderMarkIsSkippedAndSaid() throws IOException {
        InputSource source = InputSource.of("t.json", utf8("\uFEFF" + TEXT));
        assertArrayEquals(utf8(TEXT), content(source));
        assertTrue(source.head().byteOrderMark());
        assertFalse(InputSource.of("t.json", utf8(TEXT)).head().byteOrderMark());
    }

    @Test
    void brokenCompressionIsAOneLineError() {
        byte[] gz = gzip(utf8(TEXT));
        byte[] corrupt = gz.clone();
        corrupt[10] = (byte) 0xff; // the first deflate block's header: an invalid block type
        List<String> messages = new ArrayList<>();
        for (byte[] bad : List.of(Arrays.copyOf(gz, 6), Arrays.copyOf(gz, 10), corrupt)) {
            messages.add(assertThrows(BadInputException.class, () -> InputSource.of("t.json", bad).head()).getMessage());
        }
        assertEquals(List.of("t.json: corrupt gzip header: it ends early",
                "t.json: the gzip data ends before any content (a cut file?)",
                "t.json: byte 0: corrupt gzip data: invalid block type"), messages);
    }

    @Test
    void aCutGzipGivesItsTextAndSaysItIsCut() throws IOException {
        byte[] gz = gzip(utf8(TEXT.repeat(20)));
        InputSource cut = InputSource.of("t.json", Arrays.copyOf(gz, gz.length - 4));
        Head head = cut.head();
        assertTrue(head.cut() && head.whole(), head.toString());
        assertEquals(TEXT.repeat(20).length(), head.length(), "the text is all there, only the trailer is cut");
        Head plain = InputSource.of("t.json", utf8(TEXT)).head();
        assertTrue(plain.whole() && !plain.cut());
    }

    @Test
    void theHeadHoldsAtLeastFourKibibytesAndLooksPastLeadingWhitespace() throws IOException {
        String body = "x".repeat(10_000);
        int length = InputSource.of("t.json", utf8(body)).head().length();
        assertTrue(length >= Head.PROBE_BYTES && length < 2 * Head.PROBE_BYTES, "held " + length);
        assertFalse(InputSource.of("t.json", utf8(body)).head().whole());
        Head afterSpaces = InputSource.of("t.json", utf8(" ".repeat(20_000) + "[]")).head();
        assertEquals(20_000, afterSpaces.firstNonWhitespace());
        Head onlySpaces = InputSource.of("t.json", utf8(" ".repeat(100_000))).head();
        assertEquals(Head.MAX_BYTES, onlySpaces.length());
        assertFalse(onlySpaces.whole());
    }

    @Test
    void progressCountsTheStoredBytesFromZeroOnEveryOpening() throws IOException {
        byte[] gz = gzip(utf8(TEXT.repeat(1000)));
        InputSource source = InputSource.of("t.json", gz);
        for (int reading = 0; reading < 2; reading++) {
            List<Long> seen = new ArrayList<>();
            try (InputStream in = source.open(seen::add)) {
                in.readAllBytes();
            }
            assertEquals(gz.length, seen.getLast());
            assertTrue(seen.getFirst() <= seen.getLast() && seen.getFirst() > 0, seen.toString());
        }
    }

    @Test
    void aPlainRegularFileIsOfferedForReadingAtOffsets() throws IOException {
        Path plain = Files.write(dir.resolve("plain.json"), utf8(TEXT));
        Path gzipped = Files.write(dir.resolve("plain.json.gz"), gzip(utf8(TEXT)));
        Path marked = Files.write(dir.resolve("marked.json"), utf8("\uFEFF" + TEXT));
        InputSource source = InputSource.of(plain);
        assertEquals(plain.toString(), source.name());
        assertEquals("t.json", InputSource.of(plain, "t.json").name());
        assertTrue(source.rereadable());
        assertEquals(Optional.of(plain), source.file());
        assertEquals(Files.size(plain), source.sizeBytes());
        assertArrayEquals(utf8(TEXT), content(source));
        assertArrayEquals(utf8(TEXT), content(source), "again");
        assertEquals(Optional.empty(), InputSource.of(gzipped).file());
        assertArrayEquals(utf8(TEXT), content(InputSource.of(gzipped)));
        assertEquals(Optional.empty(), InputSource.of(marked).file());
        assertEquals(Optional.empty(), InputSource.of(dir.resolve("missing.json")).file());
    }

    @Test
    void aSourceReadOnceReadsItsStreamOnceAndKeepsItsHead() throws IOException {
        int[] opened = {0};
        byte[] gz = gzip(utf8(TEXT));
        InputSource once = new OnceSource("pipe", () -> {
            opened[0]++;
            return new ByteArrayInputStream(gz);
        });
        assertFalse(once.rereadable());
        assertEquals(Optional.empty(), once.file());
        assertEquals(-1, once.sizeBytes());
        assertArrayEquals(utf8(TEXT), once.head().bytes());
        List<Long> seen = new ArrayList<>();
        try (InputStream in = once.open(seen::add)) {
            assertArrayEquals(utf8(TEXT), in.readAllBytes());
        }
        assertEquals(1, opened[0], "the head came from the one stream");
        assertEquals(gz.length, seen.getLast());
        assertArrayEquals(utf8(TEXT), once.head().bytes(), "the head is kept");
        assertThrows(IllegalStateException.class, once::open);
    }

    @Test
    void aSourceReadOnceThatFailedSaysSoAgainWithoutReopening() {
        int[] opened = {0};
        InputSource once = new OnceSource("pipe", () -> {
            opened[0]++;
            return new ByteArrayInputStream(new byte[] {0x1f, (byte) 0x8b, 8});
        });
        BadInputException first = assertThrows(BadInputException.class, once::head);
        BadInputException again = assertThrows(BadInputException.class, once::open);
        assertEquals(first.getMessage(), again.getMessage());
        assertEquals(1, opened[0]);
    }

    @Test
    void closingASourceReadOnceThatWasNeverOpenedClosesItsStream() throws IOException {
        boolean[] closed = {false};
        InputSource once = new OnceSource("pipe", () -> new ByteArrayInputStream(utf8(TEXT)) {
            @Override
            public void close() {
                closed[0] = true;
            }
        });
        once.head();
        once.close();
        assertTrue(closed[0]);
    }

    private static byte[] content(InputSource source) throws IOException {
        try (InputStream in = source.open()) {
            return in.readAllBytes();
        }
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
