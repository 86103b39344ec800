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
