package dev.ppw.model.output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AtomicOutputTest {
    @TempDir
    Path dir;

    @Test
    void replacesAnExistingFileAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old content that is longer than the new one");
        AtomicOutput.write(target, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertEquals("new", Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aSymbolicLinkStaysALinkAndTheFileItNamesIsReplaced() throws IOException {
        Path real = dir.resolve("real.csv");
        Files.writeString(real, "old");
        Path first = Files.createSymbolicLink(dir.resolve("first.csv"), Path.of("real.csv"));
        Path chain = Files.createSymbolicLink(dir.resolve("chain.csv"), first);
        AtomicOutput.write(chain, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertTrue(Files.isSymbolicLink(chain) && Files.isSymbolicLink(first));
        assertEquals("new", Files.readString(real));
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.csv"), Path.of("later.csv"));
        AtomicOutput.write(dangling, out -> out.write('x'));
        assertTrue(Files.isSymbolicLink(dangling));
        assertEquals("x", Files.readString(dir.resolve("later.csv")));
        assertEquals(5, listing().size(), "no temporary file left: " + listing());
    }

    @Test
    void aLoopOfLinksIsAnErrorNotAHang() throws IOException {
        Path a = Files.createSymbolicLink(dir.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(dir.resolve("b"), Path.of("a"));
        IOException e = assertThrows(IOException.class, () -> AtomicOutput.write(a, out -> out.write('x')));
        assertTrue(e.getMessage().contains("too many levels of symbolic links"), e.getMessage());
    }

    @Test
    void aDeviceOrANamedPipeIsWrittenThroughNeverReplaced() throws Exception {
        Path devNull = Path.of("/dev/null");
        if (Files.isWritable(devNull)) {
            AtomicOutput.write(devNull, out -> out.write("gone".getBytes(StandardCharsets.UTF_8)));
            assertFalse(Files.isRegularFile(devNull), "/dev/null is still a device");
        }
        Path fifo = dir.resolve("pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        if (mkfifo.waitFor() != 0) {
            return; // no mkfifo here: the device case above stands alone
        }
        java.util.concurrent.CompletableFuture<String> read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        AtomicOutput.write(fifo, out -> out.write("through the pipe".getBytes(StandardCharsets.UTF_8)));
        assertEquals("through the pipe", read.get(30, java.util.concurrent.TimeUnit.SECONDS));
        assertFalse(Files.isRegularFile(fifo), "the pipe is still a pipe");
        assertEquals(List.of(fifo), listing());
    }

    @Test
    void theLongestNameTheFileSystemTakesCanBeTheTarget() throws IOException {
        Path target = dir.resolve("p".repeat(250) + ".csv");
        AtomicOutput.write(target, out -> out.write('x'));
        assertEquals("x", Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void createsAFileThatDidNotExist() throws IOException {
        Path target = dir.resolve("fresh.json");
        AtomicOutput.write(target, out -> out.write('x'));
        assertEquals("x", Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aFailingWriterLeavesTheOldFileIntactAndNoTemporaryFile() throws IOException {
        Path target = dir.resolve("out.txt");
        Files.writeString(target, "precious");
        IOException e = assertThrows(IOException.class, () -> AtomicOutput.write(target, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("precious", Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aNameEndingInGzIsWrittenGzipped() throws IOException {
        Path target = dir.resolve("merged.ppw.json.gz");
        Files.writeString(target, "old plain content");
        AtomicOutput.write(target, out -> out.write("{\"x\": 1}\n".getBytes(StandardCharsets.UTF_8)));
        byte[] bytes = Files.readAllBytes(target);
        assertEquals(0x1f, bytes[0] & 0xff, "gzip magic");
        assertEquals(0x8b, bytes[1] & 0xff, "gzip magic");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(target))) {
            assertEquals("{\"x\": 1}\n", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(List.of(target), listing());
        assertTrue(AtomicOutput.gzipped(Path.of("A.CSV.GZ")));
        assertFalse(AtomicOutput.gzipped(Path.of("gz")));
        assertFalse(AtomicOutput.gzipped(Path.of("out.json")));
    }

    @Test
    void aFailingGzipWriterLeavesTheOldFileIntact() throws IOException {
        Path target = dir.resolve("out.csv.gz");
        Files.writeString(target, "precious");
        assertThrows(IOException.class, () -> AtomicOutput.write(target, out -> {
            out.write(new byte[100_000]);
            throw new IOException("disk full");
        }));
        assertEquals("precious", Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
