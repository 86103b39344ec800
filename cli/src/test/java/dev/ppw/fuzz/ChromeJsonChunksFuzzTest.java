package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.AfterAll;

/**
 * The Chrome JSON reader in parallel chunks ({@code ParallelChromeReader}, {@code ChunkParser}), forced on small
 * inputs with chunks of 64 bytes on two threads, so that events and values are cut at every place.
 */
class ChromeJsonChunksFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFile("chrome-json",
            ReadOptions.defaults().withWorkers(TestWorkers.of(2)).withParallelFromBytes(0).withChunkBytes(64));

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void chromeJsonChunks(byte[] input) {
        READING.read(input);
    }
}
