package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.junit.jupiter.api.AfterAll;

/** The babeltrace2 text (LTTng) reader on any bytes: read, or bad input with a position. */
class LttngTextFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("lttng-text");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void lttngText(byte[] input) {
        READING.read(input);
    }
}
