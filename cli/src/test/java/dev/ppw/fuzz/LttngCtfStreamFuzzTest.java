package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.format.ReadOptions;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;

/**
 * The CTF reader (an LTTng trace folder) on any stream bytes: a real LTTng-UST trace's metadata beside one fuzzed
 * stream file, so the fuzzer spends its time in packet and event decoding, which a fuzzed metadata rarely reaches.
 */
class LttngCtfStreamFuzzTest {
    private static final byte[] METADATA = CtfFuzzing.resource("ctf/metadata");
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFolder("lttng-ctf", ReadOptions.defaults(),
            stream -> Map.of(CtfFuzzing.TRACE + "metadata", METADATA, CtfFuzzing.TRACE + "ch_0", stream));

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void lttngCtfStream(byte[] input) {
        READING.read(input);
    }
}
