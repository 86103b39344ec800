package dev.ppw.model.format;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

class PositionalReadsTest {
    /** Three pieces and a part: reads cross the buffer's boundary and end inside a piece. */
    private static final int FILE_BYTES = 3 * PositionalReads.PIECE_BYTES + 12_345;
    private static byte[] content;
    private static Path file;

    @BeforeAll
    static void writeFile(@TempDir Path dir) throws IOException {
        content = new byte[FILE_BYTES];
        new Random(7).nextBytes(content);
        file = Files.write(dir.resolve("bytes.bin"), content);
    }

    @Test
    void readsTheBytesAtAnyPositionIntoAnyPartOfTheArray() throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            qt().withExamples(300).forAll(integers().between(0, FILE_BYTES + 10), integers().between(0, FILE_BYTES),
                    integers().between(0, 50)).checkAssert((position, length, offset) -> {
                byte[] into = new byte[offset + length + 3];
                Arrays.fill(into, (byte) 0x5a);
                int read = read(channel, position, into, offset, length);
                int expected = (int) Math.max(0, Math.min(length, (long) FILE_BYTES - position));
                assertEquals(expected, read, "bytes read at " + position);
                byte[] wanted = new byte[into.length];
                Arrays.fill(wanted, (byte) 0x5a);
                System.arraycopy(content, Math.min(position, FILE_BYTES), wanted, offset, expected);
                assertArrayEquals(wanted, into, "only [offset, offset + read) is written, with the file's bytes");
            });
        }
    }

    @Test
    void leavesTheChannelsOwnPositionAlone() throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            channel.position(1000);
            byte[] into = new byte[PositionalReads.PIECE_BYTES + 1];
            assertEquals(into.length, PositionalReads.readFully(channel, 5, into, 0, into.length));
            assertEquals(1000, channel.position());
            assertEquals(content[5 + PositionalReads.PIECE_BYTES], into[PositionalReads.PIECE_BYTES]);
        }
    }

    @Test
    void threadsReadIntoTheirOwnBuffers() throws Exception {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Thread[] threads = new Thread[4];
            Throwable[] failures = new Throwable[threads.length];
            for (int t = 0; t < threads.length; t++) {
                int id = t;
                threads[t] = new Thread(() -> {
                    try {
                        byte[] into = new byte[2 * PositionalReads.PIECE_BYTES];
                        for (int round = 0; round < 20; round++) {
                            int position = (id * 7919 + round * 104_729) % (FILE_BYTES - into.length);
                            assertEquals(into.length, PositionalReads.readFully(channel, position, into, 0, into.length));
                            assertArrayEquals(Arrays.copyOfRange(content, position, position + into.length), into);
                        }
                    } catch (Throwable e) {
                        failures[id] = e;
                    }
                });
                threads[t].start();
            }
            for (int t = 0; t < threads.length; t++) {
                threads[t].join();
                if (failures[t] != null) {
                    throw new AssertionError("thread " + t, failures[t]);
                }
            }
        }
    }

    private static int read(FileChannel channel, int position, byte[] into, int offset, int length) {
        try {
            return PositionalReads.readFully(channel, position, into, offset, length);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
