package dev.ppw.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
