package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.junit.jupiter.api.AfterAll;

/** The Perfetto protobuf reader on any bytes: read, or bad input with a position. */
class PerfettoFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("perfetto");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void perfetto(byte[] input) {
        READING.read(input);
    }
}
