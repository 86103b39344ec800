package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;

/** The pprof reader on legacy CPU profiles (machine words, a memory map): read, or bad input with a byte offset. */
class PprofLegacyFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("pprof");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void pprofLegacy(byte[] input) {
        READING.read(input);
    }
}
