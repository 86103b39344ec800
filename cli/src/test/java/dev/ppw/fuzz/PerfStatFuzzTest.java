package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.junit.jupiter.api.AfterAll;

/** The perf stat interval reader on any bytes: read, or bad input with a position. */
class PerfStatFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("perf-stat");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void perfStat(byte[] input) {
        READING.read(input);
    }
}
