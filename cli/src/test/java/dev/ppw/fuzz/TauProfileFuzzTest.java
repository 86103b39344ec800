package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.junit.jupiter.api.AfterAll;

/** The TAU profile reader on any bytes (one profile.N.C.T file): its profile, or bad input with a position. */
class TauProfileFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.of("tau");

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void tauProfile(byte[] input) {
        READING.read(input);
    }
}
