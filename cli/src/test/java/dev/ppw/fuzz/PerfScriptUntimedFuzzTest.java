package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;

/** The perf script reader on headers without a time and frames at any indent: read, or bad input with a position. */
class PerfScriptUntimedFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("perf-script");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void perfScriptUntimed(byte[] input) {
        READING.read(input);
    }
}
