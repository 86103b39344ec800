package dev.ppw.collect;

import dev.ppw.collect.chrome.ChromeJsonFormat;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

import static dev.ppw.collect.TestInputs.failure;
import static dev.ppw.collect.TestInputs.gzip;
import static dev.ppw.collect.TestInputs.options;
import static dev.ppw.collect.TestInputs.read;
import static dev.ppw.collect.TestInputs.readInto;
import static dev.ppw.collect.TestInputs.resource;
import static dev.ppw.collect.TestInputs.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inputs read as the command line reads them: a source (gzip layers and a byte order mark removed), the
 * format detected from its head, and the Chrome format's reader, sequential or in parallel chunks.
 */
class InputReadingTest {
    private static final String ONE_EVENT = "[{\"ph\":\"X\",\"ts\":1,\"name\":\"a\"}]";
    private static final List<String> ONE_EVENT_CALLS = List.of("beginInput t.json", "X T(,) 1000 0 a", "endInput");

    @Test
    void gzipIsDetectedByMagicAndReadThrough() {
        byte[] tsc = resource("tsc-5.9.3-projectA.trace.json");
        assertEquals(read(tsc).calls(), read(gzip(tsc)).calls());
        assertEquals(ONE_EVENT_CALLS, read(gzip(gzip(utf8(ONE_EVENT)))).calls());
        assertEquals(ONE_EVENT_CALLS, read(gzip(gzip(gzip(utf8(ONE_EVENT))))).calls());
        assertEquals("t.json: gzip nested more than 3 levels deep",
                failure(gzip(gzip(gzip(gzip(utf8(ONE_EVENT)))))).getMessage());
    }

    @Test
    void theContentDecidesNeverTheFileName(@TempDir Path dir) throws IOException {
        Path perfettoNamedJson = dir.resolve("trace.json");
        Files.write(perfettoNamedJson, resource("chrome-A-all.head4k.pftrace.gz"));
        RecordingSink perfetto = new RecordingSink();
        readInto(InputSource.of(perfettoNamedJson), perfetto);
        assertEquals(Map.of("truncated", 1L), perfetto.warnings(), "read as the cut Perfetto trace it is");

        Path jsonNamedOtherwise = dir.resolve("trace.pftrace.gz");
        Files.write(jsonNamedOtherwise, utf8(ONE_EVENT));
        RecordingSink sink = new RecordingSink();
        readInto(InputSource.of(jsonNamedOtherwise), sink);
        assertEquals(List.of("X T(,) 1000 0 a"), sink.events());
    }

    @Test
    void progressReachesTheFileSizeWhetherReadInChunksOrAsAStream(@TempDir Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < 4000; i++) {
            sb.append("{\"name\": \"f\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(i * 10)
                    .append(", \"dur\": 5},\n");
        }
        Path large = Files.writeString(dir.resolve("large.json"), sb.toString());
        Path small = Files.writeString(dir.resolve("small.json"), ONE_EVENT);
        assertTrue(Files.size(large) > 1 << 16, "read in chunks");
        for (Path file : List.of(large, small)) {
            List<Long> seen = new java.util.ArrayList<>();
            RecordingSink sink = new RecordingSink();
            readInto(InputSource.of(file), sink, options().withWorkers(TestWorkers.of(2)).withProgress(seen::add));
            assertEquals(Files.size(file), seen.getLast(), file.toString());
            for (int i = 1; i < seen.size(); i++) {
                assertTrue(seen.get(i) >= seen.get(i - 1), "never moves back: " + seen);
            }
            assertEquals(file == large ? 4000 : 1, sink.count("X"));
        }
    }

    @Test
    void utf16AndUtf32AreRefusedWithAdviceWithOrWithoutAByteOrderMark() {
        String advice = "t.json: the input is UTF-16 or UTF-32 text; ppw-java reads Chrome JSON in UTF-8: convert it"
                + " first (iconv -f UTF-16 -t UTF-8)";
        for (java.nio.charset.Charset cs : List.of(java.nio.charset.StandardCharsets.UTF_16,
                java.nio.charset.StandardCharsets.UTF_16LE, java.nio.charset.StandardCharsets.UTF_16BE,
                java.nio.charset.Charset.forName("UTF-32LE"))) {
            assertEquals(advice, failure(ONE_EVENT.getBytes(cs)).getMessage(), cs.name());
        }
        assertEquals(advice, failure(("\uFEFF" + ONE_EVENT).getBytes(java.nio.charset.StandardCharsets.UTF_16LE))
                .getMessage());
        assertEquals(advice.replace("t.json: the input is UTF-16 or UTF-32 text", "t.json: the input is UTF-16 or"
                + " UTF-32 text after gzip decompression"),
                failure(gzip(ONE_EVENT.getBytes(java.nio.charset.StandardCharsets.UTF_16))).getMessage());
    }

    @Test
    void aByteOrderMarkAndLeadingWhitespaceAreSkippedKeepingPositions() {
        assertEquals(ONE_EVENT_CALLS, read("\uFEFF" + ONE_EVENT).calls());
        RecordingSink sink = read("\uFEFF\n\n" + " ".repeat(1000) + "\t\r\n[1]");
        assertEquals("t.json:4:2: an event is a number, not an object", sink.firstExample("bad_event"));
        assertEquals("t.json: the input holds only a byte order mark and whitespace", failure("\uFEFF \n").getMessage());
    }

    @Test
    void jsonStartingWithANewlineIsNotMistakenForProtobuf() {
        // 0x0a then '{' (0x7b) would be a TracePacket of 123 bytes: the text content tells them apart.
        RecordingSink sink = read("\n{\"traceEvents\":[{\"ph\":\"X\",\"ts\":1,\"name\":\"a\"}],\"more\":\""
                + "x".repeat(200) + "\"}");
        assertEquals(List.of("X T(,) 1000 0 a"), sink.events());
        assertTrue(failure("\nhello, this is text\n").getMessage().contains("unrecognized format"));
    }

    @Test
    void aSyntheticPerfettoPacketIsRead() throws IOException {
        byte[] packet = {0x0a, 0x0c, 0x08, 0x01, 0x10, (byte) 0x96, 0x01, 0x1a, 0x03, 'a', 'b', 'c', 0x28, 0x00,
                0x0a, 0x02, 0x08, 0x02};
        assertEquals(List.of("beginInput t.json", "endInput"), read(packet).calls(), "packets without events");
        assertEquals(List.of("beginInput t.json", "endInput"), read(gzip(packet)).calls());
        // A field running past its packet within the bytes held is not protobuf.
        byte[] broken = {0x0a, 0x03, 0x12, 0x09, 0x01, 0x0a, 0x01, 0x00};
        assertTrue(failure(broken).getMessage().contains("unrecognized format"));
    }

    @Test
    void detectionFailuresNeverBeginAnInputButReadFailuresStillEndIt() {
        RecordingSink rejected = new RecordingSink();
        assertThrows(BadInputException.class, () -> readInto("t.json", utf8("nope"), rejected));
        assertEquals(List.of(), rejected.calls());

        RecordingSink broken = new RecordingSink();
        assertThrows(BadInputException.class, () -> readInto("t.json", utf8("[{\"ph\":\"X\",\"ts\":1},\n@]"),
                broken));
        assertEquals(List.of("beginInput t.json", "X T(,) 1000 0 <unnamed>", "endInput"), broken.calls());
    }

    @Test
    void theChromeFormatClosesWhatItOpensWhetherTheReadingEndsOrFails() throws IOException {
        for (String text : List.of(ONE_EVENT, "[{\"ph\":\"X\",\"ts\":1},\n@]")) {
            ClosingWatch source = new ClosingWatch(InputSource.of("t.json", gzip(utf8(text))));
            try {
                readInto(source, new RecordingSink());
            } catch (BadInputException e) {
                assertTrue(e.getMessage().startsWith("t.json:2:1: not valid JSON"), e.getMessage());
            }
            assertEquals(1, source.opened);
            assertEquals(1, source.closed, text);
        }
    }

    @Test
    void onlyALargePlainFileIsReadInParallelChunksAndTheEventsAreTheSame(@TempDir Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < 2000; i++) {
            sb.append("{\"name\": \"f").append(i % 5).append("\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": ")
                    .append(i * 10).append(", \"dur\": 5},\n");
        }
        Path plain = Files.writeString(dir.resolve("plain.json"), sb.toString());
        Path gzipped = Files.write(dir.resolve("gzipped.json"), gzip(utf8(sb.toString())));
        Path marked = Files.writeString(dir.resolve("marked.json"), "\uFEFF" + sb);
        assertEquals(Optional.of(plain), InputSource.of(plain).file());
        assertEquals(Optional.empty(), InputSource.of(gzipped).file(), "compressed: not readable at offsets");
        assertEquals(Optional.empty(), InputSource.of(marked).file(), "its content starts after the byte order mark");
        assertEquals(Optional.empty(), InputSource.of("plain.json", utf8(sb.toString())).file(), "bytes in memory");

        RecordingSink sequential = new RecordingSink();
        readInto(InputSource.of(plain, "t.json"), sequential, options().withParallelFromBytes(Long.MAX_VALUE));
        for (Path file : List.of(plain, gzipped, marked)) {
            RecordingSink sink = new RecordingSink();
            readInto(InputSource.of(file, "t.json"), sink, options().withParallelFromBytes(0).withChunkBytes(4096)
                    .withWorkers(TestWorkers.of(2)));
            assertEquals(sequential.calls(), sink.calls(), file.toString());
        }
    }

    @Test
    void aSourceReadTwiceGivesTheSameEvents() throws IOException {
        InputSource source = InputSource.of("t.json", gzip(utf8(ONE_EVENT)));
        assertTrue(source.rereadable());
        RecordingSink first = new RecordingSink();
        RecordingSink second = new RecordingSink();
        new ChromeJsonFormat().read(source, first, options());
        new ChromeJsonFormat().read(source, second, options());
        assertEquals(ONE_EVENT_CALLS, first.calls());
        assertEquals(first.calls(), second.calls());
    }

    /** A source that counts the streams it opened and how many of them were closed. */
    private static final class ClosingWatch implements InputSource {
        private final InputSource inner;
        int opened;
        int closed;

        ClosingWatch(InputSource inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public InputStream open(LongConsumer rawBytesRead) throws IOException {
            opened++;
            return new FilterInputStream(inner.open(rawBytesRead)) {
                @Override
                public void close() throws IOException {
                    closed++;
                    super.close();
                }
            };
        }

        @Override
        public boolean rereadable() {
            return inner.rereadable();
        }

        @Override
        public Optional<Path> file() {
            return inner.file();
        }

        @Override
        public long sizeBytes() {
            return inner.sizeBytes();
        }

        @Override
        public Head head() throws IOException {
            return inner.head();
        }
    }

    @Test
    void aCutGzipKeepsWhatItHeld() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 20_000; i++) {
            sb.append("{\"ph\":\"X\",\"ts\":").append(i).append(",\"name\":\"n").append(i % 100).append("\"},\n");
        }
        byte[] gz = gzip(utf8(sb.toString()));
        RecordingSink sink = read(java.util.Arrays.copyOf(gz, gz.length / 2));
        assertTrue(sink.count("X") > 1000 && sink.count("X") < 20_000, "kept " + sink.count("X"));
        assertEquals(Map.of("truncated", 1L), sink.warnings());
        // Cut in the gzip trailer only: every event is there, the cut is still reported.
        byte[] small = gzip(utf8(ONE_EVENT));
        RecordingSink trailer = read(java.util.Arrays.copyOf(small, small.length - 4));
        assertEquals(List.of("X T(,) 1000 0 a"), trailer.events());
        assertEquals(Map.of("truncated", 1L), trailer.warnings());
        assertTrue(trailer.firstExample("truncated").contains("the compressed stream ends early"));
    }
}
