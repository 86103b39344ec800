package dev.ppw.collect.ctf;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real LTTng-UST trace (cyg-uid: two streams of one packet each, an index) damaged one way at a time: each damage
 * is a counted warning naming the file and byte, or an error with them where nothing is left to read; never an
 * empty profile without a word.
 */
class CtfDamageTest {
    private static final String TRACE = "ust/uid/0/64-bit/";
    private static final LttngCtfFormat FORMAT = new LttngCtfFormat((path) -> null);

    @TempDir
    Path tmp;

    private Path copy() throws IOException {
        Path from = CtfTraceReaderTest.resource("cyg-uid");
        Path to = tmp.resolve("cyg-uid");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    private static RecordingSink read(Path dir) throws IOException {
        RecordingSink sink = new RecordingSink();
        FORMAT.read(InputSource.ofDirectory(dir, "T"), sink, ReadOptions.defaults());
        return sink;
    }

    private static long begins(RecordingSink sink) {
        return sink.count("B");
    }

    private static void patch(Path file, int offset, byte[] bytes) throws IOException {
        byte[] all = Files.readAllBytes(file);
        System.arraycopy(bytes, 0, all, offset, bytes.length);
        Files.write(file, all);
    }

    @Test
    void theWholeTraceReadsWithoutAWord() throws IOException {
        RecordingSink sink = read(copy());
        assertTrue(begins(sink) > 10, sink.calls().toString());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void metadataWithoutStreamFilesIsAnErrorNamingTheMetadata() throws IOException {
        Path dir = copy();
        Files.delete(dir.resolve(TRACE + "channel0_0"));
        Files.delete(dir.resolve(TRACE + "channel0_1"));
        BadInputException withIndex = assertThrows(BadInputException.class, () -> read(dir));
        assertEquals("T: " + TRACE + "metadata: byte 0: a CTF trace with metadata but no stream file of any bytes"
                + " beside it (T: " + TRACE + "channel0_0: missing (or empty), though its index index/channel0_0.idx"
                + " lists 1 packet of 15727 bytes:"
                + " its events are lost, and 1 more missing): no event to read", withIndex.getMessage());
        try (Stream<Path> index = Files.list(dir.resolve(TRACE + "index"))) {
            for (Path p : index.toList()) {
                Files.delete(p);
            }
        }
        BadInputException bare = assertThrows(BadInputException.class, () -> read(dir));
        assertEquals("T: " + TRACE + "metadata: byte 0: a CTF trace with metadata but no stream file of any bytes"
                + " beside it: no event to read", bare.getMessage());
    }

    @Test
    void aStreamDeletedWithItsIndexKeptIsACountedWarning() throws IOException {
        Path dir = copy();
        long all = begins(read(dir));
        Files.delete(dir.resolve(TRACE + "channel0_1"));
        RecordingSink sink = read(dir);
        assertTrue(begins(sink) > 0 && begins(sink) < all, begins(sink) + " of " + all);
        assertEquals(Map.of("lttng_missing_stream", 1L), sink.warnings());
        assertEquals(List.of("T: " + TRACE + "channel0_1: missing (or empty), though its index index/channel0_1.idx"
                + " lists 1 packet of 19452 bytes: its events are lost"),
                sink.diagnostics().warnings().get("lttng_missing_stream").examples());
    }

    @Test
    void aStreamOfAnotherTraceIsSkippedAndCountedByPacket() throws IOException {
        Path dir = copy();
        long all = begins(read(dir));
        byte[] other = CompiledTrace.uuidBytes("00000000-1111-2222-3333-444444444444");
        patch(dir.resolve(TRACE + "channel0_1"), 4, other);
        RecordingSink sink = read(dir);
        assertTrue(begins(sink) > 0 && begins(sink) < all, begins(sink) + " of " + all);
        assertEquals(Map.of("lttng_uuid_mismatch", 1L), sink.warnings());
        assertEquals(List.of("T: " + TRACE + "channel0_1: byte 4: the packet carries trace UUID"
                + " 00000000-1111-2222-3333-444444444444, the metadata's is 13455f0c-807b-420d-91b2-5e57f5ed933e: a"
                + " stream of another trace (its packets skipped)"),
                sink.diagnostics().warnings().get("lttng_uuid_mismatch").examples());
        patch(dir.resolve(TRACE + "channel0_0"), 4, other);
        BadInputException none = assertThrows(BadInputException.class, () -> read(dir));
        assertTrue(none.getMessage().startsWith("T: no event read from the CTF trace: its 2 packets with content"
                + " carry another trace's UUID (T: " + TRACE + "channel0_0: byte 4: "), none.getMessage());
    }

    @Test
    void metadataOfAnotherMajorVersionIsAnErrorAtItsPlace() throws IOException {
        Path dir = copy();
        Path metadata = dir.resolve(TRACE + "metadata");
        byte[] packetised = Files.readAllBytes(metadata);
        patch(metadata, 35, new byte[] {99});
        BadInputException header = assertThrows(BadInputException.class, () -> read(dir));
        assertEquals("T: " + TRACE + "metadata: byte 35: a metadata packet of CTF version 99.8: ppw-java reads CTF"
                + " 1.8 only", header.getMessage());
        // The same TSDL as text, its trace block saying major = 99.
        String text = unpacked(packetised).replaceFirst("major = 1;", "major = 99;");
        Files.writeString(metadata, text, StandardCharsets.UTF_8);
        BadInputException tsdl = assertThrows(BadInputException.class, () -> read(dir));
        assertEquals("T: " + TRACE + "metadata:12:10: CTF metadata version 99.8: ppw-java reads CTF 1.8 (trace.major"
                + " = 1) only", tsdl.getMessage());
    }

    @Test
    void aDiscardCountOf2To64Minus1IsAnOverflowSaidAsSuch() throws IOException {
        Path dir = copy();
        byte[] max = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(-1L).array();
        patch(dir.resolve(TRACE + "channel0_0"), 72, max);
        RecordingSink sink = read(dir);
        assertEquals(Map.of("lttng_bad_discard_count", 1L), sink.warnings(), "no discards counted, and no wrap");
        assertEquals(List.of("T: " + TRACE + "channel0_0: byte 0: events_discarded is 18446744073709551615 after 0: a"
                + " growth of 18446744073709551615 events lost would overflow the count of discards (2^63 - 1): no"
                + " tracer loses that many, so the packet context is damaged or the tracer's counter wrapped (not"
                + " counted as discards)"), sink.diagnostics().warnings().get("lttng_bad_discard_count").examples());
        assertEquals("1 CTF packet whose events_discarded overflows the count of lost events (damaged or wrapped; not"
                + " counted)", sink.diagnostics().words().counted("lttng_bad_discard_count", 1));
        // A plausible count is the discards, as before.
        patch(dir.resolve(TRACE + "channel0_0"), 72, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(7)
                .array());
        assertEquals(Map.of("lttng_discarded_events", 7L), read(dir).warnings());
    }

    @Test
    void aTraceFolderWithoutItsMetadataIsClaimedAndNamesTheMissingFile() throws IOException {
        Path dir = copy();
        Files.delete(dir.resolve(TRACE + "metadata"));
        for (Path claimed : List.of(dir, dir.resolve("ust"), dir.resolve(TRACE))) {
            assertTrue(FORMAT.readsDirectory(claimed), claimed.toString());
        }
        BadInputException e = assertThrows(BadInputException.class, () -> read(dir));
        assertEquals("T: " + TRACE + "channel0_0: byte 0: a CTF stream whose metadata file (" + TRACE + "metadata) is"
                + " missing: the stream files channel0_0, channel0_1 cannot be decoded without the metadata the trace"
                + " was recorded with (LTTng writes it beside them)", e.getMessage());
    }

    @Test
    void aFolderOfStreamsWithoutMetadataBesideATraceIsACountedWarning() throws IOException {
        Path dir = copy();
        Path orphan = Files.createDirectories(dir.resolve("ust/uid/0/32-bit"));
        Files.copy(dir.resolve(TRACE + "channel0_0"), orphan.resolve("channel0_0"));
        RecordingSink sink = read(dir);
        assertEquals(Map.of("lttng_missing_metadata", 1L), sink.warnings());
        assertEquals(List.of("T: ust/uid/0/32-bit/metadata: missing: the CTF stream files channel0_0 cannot be"
                + " decoded without it (not read)"), sink.diagnostics().warnings().get("lttng_missing_metadata")
                .examples());
    }

    /** The TSDL text of packetised metadata (LTTng's, little-endian), as a text metadata file holds it. */
    private static String unpacked(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        StringBuilder text = new StringBuilder();
        for (int at = 0; at < bytes.length; ) {
            int content = b.getInt(at + 24) / 8;
            int packet = b.getInt(at + 28) / 8;
            text.append(new String(bytes, at + 37, content - 37, StandardCharsets.UTF_8));
            at += packet;
        }
        return text.toString();
    }
}
