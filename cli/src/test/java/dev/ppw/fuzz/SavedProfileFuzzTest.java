package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.junit.jupiter.api.AfterAll;

/** The saved-profile reader ({@code ppw-profile}) on any bytes: loaded, or bad input with a position. */
class SavedProfileFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("ppw-profile");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void savedProfile(byte[] input) {
        READING.read(input);
    }
}
