package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.AfterAll;

/**
 * The JFR reader on any bytes, from a plain file as the JDK's parser reads them (a recording given in memory or
 * through a pipe is copied to one first): read, or bad input with a byte offset.
 */
class JfrFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFile("jfr", ReadOptions.defaults());

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void jfr(byte[] input) {
        READING.read(input);
    }
}
