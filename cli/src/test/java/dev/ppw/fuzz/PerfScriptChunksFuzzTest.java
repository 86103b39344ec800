package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.AfterAll;

/**
 * The perf script reader in parallel chunks ({@code ParallelPerfScript}), forced on small inputs with chunks of 64
 * bytes on two threads, so that the file is cut at every block.
 */
class PerfScriptChunksFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFile("perf-script",
            ReadOptions.defaults().withWorkers(TestWorkers.of(2)).withParallelFromBytes(0).withChunkBytes(64));

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void perfScriptChunks(byte[] input) {
        READING.read(input);
    }
}
