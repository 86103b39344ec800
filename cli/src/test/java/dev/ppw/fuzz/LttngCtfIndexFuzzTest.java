package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.AfterAll;

import java.util.Map;

/**
 * The CTF reader's accounting of what a trace folder lacks: a real LTTng-UST trace's metadata and stream beside
 * the fuzzed bytes as the index of a stream that is missing (and as the present stream's index), so that every
 * index a damaged or deleted trace leaves is read for its packets and bytes, and a stream file without metadata
 * beside the trace (the fuzzed bytes again, under a folder of their own).
 */
class LttngCtfIndexFuzzTest {
    private static final byte[] METADATA = CtfFuzzing.resource("ctf/metadata");
    private static final byte[] STREAM = CtfFuzzing.resource("ctf/ch_1");
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFolder("lttng-ctf", ReadOptions.defaults(),
            index -> Map.of(CtfFuzzing.TRACE + "metadata", METADATA, CtfFuzzing.TRACE + "ch_1", STREAM,
                    CtfFuzzing.TRACE + "index/ch_0.idx", index, CtfFuzzing.TRACE + "index/ch_1.idx", index,
                    "ust/uid/0/32-bit/ch_0", index));

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void lttngCtfIndex(byte[] input) {
        READING.read(input);
    }
}
