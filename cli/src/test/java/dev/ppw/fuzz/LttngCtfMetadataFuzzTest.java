package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.model.format.ReadOptions;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;

/**
 * The CTF reader (an LTTng trace folder) on any metadata bytes, packetised or TSDL text, beside a real stream file
 * of the trace the seeds' metadata describes: the TSDL parser and what the decoder makes of the types it declares.
 */
class LttngCtfMetadataFuzzTest {
    private static final byte[] STREAM = CtfFuzzing.resource("ctf/ch_1");
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFolder("lttng-ctf", ReadOptions.defaults(),
            metadata -> Map.of(CtfFuzzing.TRACE + "metadata", metadata, CtfFuzzing.TRACE + "ch_1", STREAM));

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void lttngCtfMetadata(byte[] input) {
        READING.read(input);
    }
}
