package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;

/** The V8 CPU profile reader on the layout before Node.js 11 (a head tree, timestamps): read, or bad input with a position. */
class V8OldLayoutFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("v8-cpuprofile");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void v8OldLayout(byte[] input) {
        READING.read(input);
    }
}
