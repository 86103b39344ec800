package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.junit.jupiter.api.AfterAll;

/** The Chrome JSON reader, streaming (Jackson), on any bytes: read, or bad input with a position. */
class ChromeJsonFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("chrome-json");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void chromeJson(byte[] input) {
        READING.read(input);
    }
}
