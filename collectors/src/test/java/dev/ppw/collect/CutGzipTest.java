package dev.ppw.collect;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static dev.ppw.collect.TestInputs.failure;
import static dev.ppw.collect.TestInputs.gzip;
import static dev.ppw.collect.TestInputs.read;
import static dev.ppw.collect.TestInputs.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code .gz} whose writer was killed: every complete event of the text it still holds is kept, as
 * from the same text uncompressed, with one {@code truncated} warning; a cut so early that nothing can be
 * read is a one-line error, never an IOException.
 */
class CutGzipTest {

    @Test
    void everyCompleteEventBeforeTheCutIsKept() {
        StringBuilder trace = new StringBuilder("[\n");
        for (int i = 0; i < 3000; i++) {
            trace.append("{\"name\":\"f").append(i % 7).append("\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":")
                    .append(2 * i).append(",\"dur\":1},\n");
        }
        RecordingSink fromGzip = read(cutAfter(utf8(trace.toString()), 40_500));
        RecordingSink fromText = read(Arrays.copyOf(utf8(trace.toString()), 40_500));
        assertEquals(fromText.events().size(), fromGzip.events().size());
        assertEquals(fromText.events(), fromGzip.events());
        assertEquals(Map.of("truncated", 1L), fromGzip.warnings());
    }

    @Test
    void aCutLeavingTooLittleToParseIsAnErrorNotAnIOException() {
        assertEquals("t.json: the gzip data ends after only 2 bytes of content (a cut file?)",
                failure(cutAfter(utf8("[\n{\"ph\":\"X\",\"ts\":1}]"), 2)).getMessage());
        assertEquals("t.json: the gzip data ends after only 1 byte of content (a cut file?)",
                failure(cutAfter(utf8("{\"traceEvents\":[]}"), 1)).getMessage());
    }

    @Test
    void aCutInTheObjectHeaderSaysSoRatherThanNoContent() {
        String header = "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"v\":1},\"traceEvents\":[";
        byte[] cut = cutAfter(utf8(header + "{\"ph\":\"X\",\"ts\":1}]}"), header.indexOf("\"traceEvents\""));
        String message = failure(cut).getMessage();
        assertTrue(message.startsWith("t.json:1:") && message.endsWith(": the input ends before any traceEvents array"),
                message);
    }

    @Test
    void theWarningOrErrorOfACutGzipGivesThePositionOfTheCut() {
        String header = "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"v\":1},\"traceEvents\":[";
        byte[] inHeader = cutAfter(utf8(header + "{\"ph\":\"X\",\"ts\":1}]}"), header.indexOf("\"traceEvents\""));
        assertEquals("t.json:1:45: the input ends before any traceEvents array", failure(inHeader).getMessage());

        String events = "[\n{\"ph\":\"X\",\"ts\":1},\n{\"ph\":\"X\",\"ts\":2},\n";
        RecordingSink sink = read(cutAfter(utf8(events + "{\"ph\":\"X\",\"ts\":3}]"), events.length()));
        assertEquals("t.json:4:1: the compressed stream ends early; the 2 complete events before it are kept",
                sink.firstExample("truncated"));
    }

    @Test
    void aWholeGzipStillReadsWithoutWarnings() {
        byte[] text = utf8("[{\"ph\":\"X\",\"ts\":1,\"name\":\"a\"}]");
        assertEquals(Map.of(), read(gzip(text)).warnings());
        assertEquals(read(text).events(), read(gzip(text)).events());
    }

    /**
     * {@code text} gzipped and cut where its compressed bytes have given exactly its first {@code textBytes}
     * bytes: the compressor is flushed there, as a writer flushing its log would.
     */
    private static byte[] cutAfter(byte[] text, int textBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int flushEnd;
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 512, true)) {
            gz.write(text, 0, textBytes);
            gz.flush();
            flushEnd = out.size();
            gz.write(text, textBytes, text.length - textBytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Arrays.copyOf(out.toByteArray(), flushEnd);
    }
}
