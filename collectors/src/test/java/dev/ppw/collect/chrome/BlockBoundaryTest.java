package dev.ppw.collect.chrome;

import dev.ppw.collect.TestInputs;
import dev.ppw.model.format.ByteRanges;
import dev.ppw.model.format.InputSource;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a block's own parse starts, and that a trace without line ends (JSON written on one line) is read
 * in blocks too, with the sequential reader's result: between braces may be inside an event's args, and
 * such a guess must only cost a second parse of that block.
 */
class BlockBoundaryTest {
    @TempDir
    Path dir;

    @Test
    void aPlaceBetweenBracesAcrossALineEndIsTakenFirst() {
        assertEquals(15, ParallelChromeReader.firstBoundary(bytes("{\"a\":[{},{}]},\n{\"b\":1}"), 22));
        assertEquals(5, ParallelChromeReader.firstBoundary(bytes("1}, \t{2"), 7));
        assertEquals(-1, ParallelChromeReader.firstBoundary(bytes("x,\r\n{"), 5));
        assertEquals(7, ParallelChromeReader.firstBoundary(bytes("1},\n   {2"), 9));
        assertEquals(4, ParallelChromeReader.firstBoundary(bytes("1}\n,{2"), 6));
        assertEquals(-1, ParallelChromeReader.firstBoundary(bytes("{\"a\":1}\n{\"b\":2}"), 15));
        assertEquals(-1, ParallelChromeReader.firstBoundary(bytes(",{,{{"), 5));
    }

    /**
     * The shortcut for blocks without a line end in the search window (JSON on one line) finds what looking
     * at every byte finds: random blocks of braces, commas, blanks and line ends, short and past the window.
     */
    @Test
    void theOneLineShortcutFindsWhatAFullSearchFinds() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(11);
        byte[] alphabet = bytes("{},  \n\tx");
        for (int round = 0; round < 3000; round++) {
            int length = round < 2500 ? r.nextInt(0, 120) : r.nextInt(60_000, 70_000);
            boolean lineEnds = r.nextBoolean();
            byte[] b = new byte[length];
            for (int k = 0; k < length; k++) {
                byte c = alphabet[r.nextInt(alphabet.length)];
                b[k] = c == '\n' && !lineEnds ? (byte) ' ' : c;
            }
            if (length > 0 && r.nextInt(4) == 0) {
                b[r.nextInt(length)] = '\n'; // a single line end anywhere, past the window too
            }
            assertEquals(fullSearch(b, length), ParallelChromeReader.firstBoundary(b, length), "round " + round);
        }
    }

    /** The specification of firstBoundary, byte by byte: a place across a line end in the first 64 KiB wins. */
    private static int fullSearch(byte[] b, int length) {
        int onOneLine = -1;
        for (int k = 0; k < length; k++) {
            int j = k - 1;
            boolean lineEnd = false;
            if (b[k] == '{') {
                while (j >= 0 && (b[j] == ' ' || b[j] == '\n' || b[j] == '\t' || b[j] == '\r')) {
                    lineEnd |= b[j--] == '\n';
                }
                if (j >= 0 && b[j] == ',') {
                    j--;
                    while (j >= 0 && (b[j] == ' ' || b[j] == '\n' || b[j] == '\t' || b[j] == '\r')) {
                        lineEnd |= b[j--] == '\n';
                    }
                    if (j >= 0 && b[j] == '}') {
                        if (lineEnd) {
                            return k;
                        }
                        onOneLine = onOneLine < 0 ? k : onOneLine;
                    }
                }
            }
            if (onOneLine >= 0 && k >= 64 << 10) {
                return onOneLine;
            }
        }
        return onOneLine;
    }

    @Test
    void aTraceOnOneLineIsReadInBlocks() throws IOException {
        StringBuilder json = new StringBuilder("{\"traceEvents\":[");
        for (int k = 0; k < 3000; k++) {
            json.append(k == 0 ? "" : ",").append("{\"args\":{\"data\":{\"k\":").append(k)
                    .append("}},\"cat\":\"c\",\"dur\":").append(k % 5).append(",\"name\":\"n").append(k % 13)
                    .append("\",\"ph\":\"X\",\"pid\":1,\"tid\":").append(k % 3).append(",\"ts\":").append(k * 10).append('}');
        }
        json.append("],\"otherData\":{\"version\":\"1\"}}");
        ParallelChromeReader.Counts counts = assertSameAsSequential(json.toString(), 4096, 2);
        assertTrue(counts.chunksAhead() > 20, "blocks parsed on the workers were used: " + counts);
        assertFalse(counts.readAgain());
    }

    @Test
    void objectsInArgsArraysOnOneLineCostOnlyASecondParse() throws IOException {
        StringBuilder json = new StringBuilder("[");
        for (int k = 0; k < 2000; k++) {
            json.append(k == 0 ? "" : ", ").append("{\"args\": {\"stack\": [{\"f\": 1}, {\"f\": 2}, {\"g\": [{}, {}]}]},")
                    .append(" \"name\": \"n").append(k % 7).append("\", \"ph\": \"").append(k % 2 == 0 ? 'B' : 'E')
                    .append("\", \"pid\": 1, \"tid\": 1, \"ts\": ").append(k).append('}');
        }
        json.append(']');
        ParallelChromeReader.Counts counts = assertSameAsSequential(json.toString(), 3000, 2);
        assertFalse(counts.readAgain());
    }

    @Test
    void objectsInArgsArraysOnLinesAreNotTakenForBoundaries() throws IOException {
        StringBuilder json = new StringBuilder("[\n");
        for (int k = 0; k < 2000; k++) {
            json.append("{\"args\": {\"stack\": [{\"f\": 1}, {\"f\": 2}]}, \"name\": \"n").append(k % 7)
                    .append("\", \"ph\": \"X\", \"dur\": 1, \"pid\": 1, \"tid\": 1, \"ts\": ").append(k).append("},\n");
        }
        ParallelChromeReader.Counts counts = assertSameAsSequential(json.toString(), 3000, 2);
        assertTrue(counts.chunksAhead() > 20, "every block starts at a line end: " + counts);
    }

    @Test
    void aPrettyPrintedTraceIsReadInBlocks() throws IOException {
        StringBuilder json = new StringBuilder("{\n  \"traceEvents\": [\n");
        for (int k = 0; k < 2000; k++) {
            json.append(k == 0 ? "" : ",\n").append("    {\n      \"args\": {\n        \"frames\": [\n          {\n")
                    .append("            \"f\": 1\n          },\n          {\n            \"f\": 2\n          }\n        ]\n")
                    .append("      },\n      \"name\": \"n").append(k % 7).append("\",\n      \"ph\": \"")
                    .append(k % 2 == 0 ? 'B' : 'E').append("\",\n      \"pid\": 1,\n      \"tid\": 1,\n      \"ts\": ")
                    .append(k).append("\n    }");
        }
        json.append("\n  ]\n}\n");
        ParallelChromeReader.Counts counts = assertSameAsSequential(json.toString(), 4096, 2);
        assertTrue(counts.chunksAhead() > 20, "blocks parsed on the workers were used: " + counts);
        assertFalse(counts.readAgain());
    }

    private ParallelChromeReader.Counts assertSameAsSequential(String json, int chunk, int jobs) throws IOException {
        byte[] content = bytes(json);
        dev.ppw.collect.RecordingSink sequential = new dev.ppw.collect.RecordingSink();
        TestInputs.readInto("t.json", content, sequential);
        Path file = dir.resolve("t.json");
        Files.write(file, content);
        dev.ppw.collect.RecordingSink parallel = new dev.ppw.collect.RecordingSink();
        parallel.beginInput("t.json");
        ParallelChromeReader.Counts counts;
        try (ByteRanges ranges = InputSource.of(file).openRanges().orElseThrow()) {
            counts = ParallelChromeReader.readCounting(ranges, "t.json", parallel, TestWorkers.of(jobs), chunk,
                    bytes -> { });
        }
        parallel.endInput();
        assertEquals(sequential.calls(), parallel.calls());
        assertEquals(sequential.tracks(), parallel.tracks());
        assertEquals(summary(sequential.diagnostics()), summary(parallel.diagnostics()));
        assertTrue(sequential.calls().size() > 1000, "the trace was read: " + sequential.calls().size());
        return counts;
    }

    private static String summary(dev.ppw.model.Diagnostics d) {
        StringBuilder b = new StringBuilder();
        d.warnings().forEach((kind, e) -> b.append(kind).append(' ').append(e.count()).append(e.examples()).append('\n'));
        d.notes().forEach((kind, e) -> b.append(kind).append(' ').append(e.count()).append('\n'));
        return b.toString();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
