package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.AfterAll;

/**
 * The babeltrace2 text reader in parallel chunks ({@code ParallelTextReader}), forced on small inputs with chunks of
 * 64 bytes on two threads, so that lines are cut at every place and midnights and bad lines meet chunk ends.
 */
class LttngTextChunksFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFile("lttng-text",
            ReadOptions.defaults().withWorkers(TestWorkers.of(2)).withParallelFromBytes(0).withChunkBytes(64));

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void lttngTextChunks(byte[] input) {
        READING.read(input);
    }
}
