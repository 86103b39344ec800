package dev.ppw.collect;

import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.ppw.collect.TestInputs.failure;
import static dev.ppw.collect.TestInputs.gzip;
import static dev.ppw.collect.TestInputs.read;
import static dev.ppw.collect.TestInputs.resource;
import static dev.ppw.collect.TestInputs.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceReadersTest {
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
        BadInputException e = assertThrows(BadInputException.class,
                () -> TraceReaders.read(perfettoNamedJson, new RecordingSink()));
        assertTrue(e.getMessage().startsWith(perfettoNamedJson + ": this is a Perfetto protobuf trace"), e.getMessage());

        Path jsonNamedOtherwise = dir.resolve("trace.pftrace.gz");
        Files.write(jsonNamedOtherwise, utf8(ONE_EVENT));
        RecordingSink sink = new RecordingSink();
        TraceReaders.read(jsonNamedOtherwise, sink);
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
            TraceReaders.read(file, sink, 2, seen::add);
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
    void aSyntheticPerfettoPacketIsRecognised() {
        byte[] packet = {0x0a, 0x0c, 0x08, 0x01, 0x10, (byte) 0x96, 0x01, 0x1a, 0x03, 'a', 'b', 'c', 0x28, 0x00,
                0x0a, 0x02, 0x08, 0x02};
        assertTrue(failure(packet).getMessage().contains("Perfetto protobuf trace, not Chrome JSON"));
        assertTrue(failure(gzip(packet)).getMessage().contains("Perfetto protobuf trace, not Chrome JSON"));
        // A field running past its packet within the bytes held is not protobuf.
        byte[] broken = {0x0a, 0x03, 0x12, 0x09, 0x01, 0x0a, 0x01, 0x00};
        assertTrue(failure(broken).getMessage().contains("unrecognized format"));
    }

    @Test
    void detectionFailuresNeverBeginAnInputButReadFailuresStillEndIt() {
        RecordingSink rejected = new RecordingSink();
        assertThrows(BadInputException.class,
                () -> TraceReaders.read("t.json", new ByteArrayInputStream(utf8("nope")), rejected));
        assertEquals(List.of(), rejected.calls());

        RecordingSink broken = new RecordingSink();
        assertThrows(BadInputException.class, () -> TraceReaders.read("t.json",
                new ByteArrayInputStream(utf8("[{\"ph\":\"X\",\"ts\":1},\n@]")), broken));
        assertEquals(List.of("beginInput t.json", "X T(,) 1000 0 <unnamed>", "endInput"), broken.calls());
    }

    @Test
    void theCallersStreamIsLeftOpen() throws IOException {
        boolean[] closed = {false};
        ByteArrayInputStream in = new ByteArrayInputStream(gzip(utf8(ONE_EVENT))) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        TraceReaders.read("t.json", in, new RecordingSink());
        assertFalse(closed[0]);
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
