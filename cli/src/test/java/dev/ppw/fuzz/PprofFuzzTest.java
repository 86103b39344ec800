package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.junit.jupiter.api.AfterAll;

/** The pprof reader on any bytes: read, or bad input with a position. */
class PprofFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("pprof");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void pprof(byte[] input) {
        READING.read(input);
    }
}
