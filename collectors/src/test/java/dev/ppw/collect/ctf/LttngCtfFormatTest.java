package dev.ppw.collect.ctf;

import dev.ppw.model.work.Workers;
import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What lttng-ctf claims: files of a CTF trace by their magic, and folders that hold a trace as LTTng lays it out. */
class LttngCtfFormatTest {
    private static final LttngCtfFormat FORMAT = new LttngCtfFormat();

    private static Confidence probe(String resource) throws IOException {
        return FORMAT.probe(InputSource.of("f", TestInputs.testResource(resource)).head());
    }

    @Test
    void filesOfATraceAreCertainOthersAreNot() throws IOException {
        assertEquals(Confidence.CERTAIN, probe("unread/ctf-made-stream_0"));
        assertEquals(Confidence.CERTAIN, probe("unread/ctf-made-metadata-packet"));
        assertEquals(Confidence.CERTAIN, probe("unread/ctf-made-metadata"));
        assertEquals(Confidence.CERTAIN, probe("ctf/cyg-uid/ust/uid/0/64-bit/channel0_1"));
        assertEquals(Confidence.NONE, probe("lttng/ust.txt"));
        assertEquals(Confidence.NONE, probe("unread/other-object.json"));
    }

    @Test
    void foldersOfAnLttngOutputAreClaimedOthersAreNot(@TempDir Path tmp) throws IOException {
        Path uid = CtfTraceReaderTest.resource("cyg-uid");
        assertTrue(FORMAT.readsDirectory(uid), "the output folder");
        assertTrue(FORMAT.readsDirectory(uid.resolve("ust")), "its domain folder");
        assertTrue(FORMAT.readsDirectory(uid.resolve("ust/uid/0/64-bit")), "a trace folder");
        assertFalse(FORMAT.readsDirectory(uid.resolve("ust/uid/0/64-bit/index")), "the index folder");
        assertFalse(FORMAT.readsDirectory(uid.getParent()), "a folder of test traces is searched, not claimed");
        Files.writeString(tmp.resolve("metadata"), "not CTF metadata");
        assertFalse(FORMAT.readsDirectory(tmp), "a file named metadata that is not CTF");
    }

    @Test
    void aFolderForcedAsCtfNamesTheMetadataThatIsNotCtfAtItsFirstByte(@TempDir Path tmp) throws IOException {
        Path trace = Files.createDirectories(tmp.resolve("ust/uid/0/64-bit"));
        Files.writeString(trace.resolve("metadata"), "not CTF metadata");
        Files.write(trace.resolve("ch_0"), new byte[] {1, 2, 3});
        BadInputException e = assertThrows(BadInputException.class, () -> CtfTraceReader.read(tmp, "DIR", Workers.inline(), event -> { }));
        assertEquals("DIR: ust/uid/0/64-bit/metadata: byte 0: not CTF metadata (it opens with neither the packet magic"
                + " 0x75D11D57 nor \"/* CTF 1.8\")", e.getMessage());
        Path empty = Files.createDirectories(tmp.resolve("other"));
        BadInputException none = assertThrows(BadInputException.class, () -> CtfTraceReader.read(empty, "E", Workers.inline(), event -> { }));
        assertEquals("E: no CTF trace in this folder (no 'metadata' file opening with the CTF magic or \"/* CTF 1.8\")",
                none.getMessage());
    }
}
