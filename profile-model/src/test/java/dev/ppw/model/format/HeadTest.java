package dev.ppw.model.format;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a head says about its bytes, for probes and for detection's messages. */
class HeadTest {
    @Test
    void theFileNameIsTheLastSegmentOfTheInputName() {
        assertEquals("x.ppw.json", Head.of("runs/a/x.ppw.json", new byte[0]).fileName());
        assertEquals("x.json", Head.of("C:\\runs\\x.json", new byte[0]).fileName());
        assertEquals("-", Head.of("-", new byte[0]).fileName());
    }

    @Test
    void jsonStartingWithANewlineIsNotMistakenForProtobuf() {
        // 0x0a then '{' (0x7b) would be a TracePacket of 123 bytes: the text content tells them apart.
        assertFalse(head("\n{\"traceEvents\":[{\"ph\":\"X\",\"ts\":1,\"name\":\"a\"}],\"more\":\"" + "x".repeat(200)
                + "\"}").looksLikePerfettoProtobuf());
        byte[] packet = {0x0a, 0x0c, 0x08, 0x01, 0x10, (byte) 0x96, 0x01, 0x1a, 0x03, 'a', 'b', 'c', 0x28, 0x00,
            0x0a, 0x02, 0x08, 0x02};
        assertTrue(Head.of("t", packet).looksLikePerfettoProtobuf());
        // A field running past its packet within the bytes held is not protobuf.
        assertFalse(Head.of("t", new byte[] {0x0a, 0x03, 0x12, 0x09, 0x01, 0x0a, 0x01, 0x00}).looksLikePerfettoProtobuf());
    }

    @Test
    void utf16AndUtf32AreToldByTheirMarkOrTheirZeroBytes() {
        for (String cs : new String[] {"UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32LE"}) {
            assertTrue(Head.of("t", "[1]".getBytes(java.nio.charset.Charset.forName(cs))).looksLikeUtf16Or32(), cs);
        }
        assertFalse(head("[1]").looksLikeUtf16Or32());
        assertFalse(new Head("t", new byte[] {'[', 0}, 0, true, false, true).looksLikeUtf16Or32(),
                "after a UTF-8 byte order mark the text is UTF-8");
    }

    @Test
    void theFirstBytesAreQuotedOnOnePrintableLine() {
        assertEquals("a\\\"b\\\\\\x0a\\xff", Head.of("t", new byte[] {'a', '"', 'b', '\\', '\n', (byte) 0xff}).quote(24));
        assertEquals("abc...", head("abcdef").quote(3));
        assertEquals(2, head(" \t[").firstNonWhitespace());
        assertEquals(-1, head(" \r\n").firstNonWhitespace());
    }

    @Test
    void aCutContentIsAWholeOne() {
        assertThrows(IllegalArgumentException.class, () -> new Head("t", new byte[0], 1, false, true, false));
        byte[] bytes = {'['};
        Head h = Head.of("t", bytes);
        bytes[0] = '{';
        assertEquals('[', h.byteAt(0), "the head keeps its own copy");
    }

    private static Head head(String text) {
        return Head.of("t", text.getBytes(StandardCharsets.UTF_8));
    }
}
