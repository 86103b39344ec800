package dev.ppw.collect.ctf;

import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CtfTraceReaderTest {
    static Path resource(String name) {
        try {
            return Path.of(CtfTraceReaderTest.class.getResource("/ctf/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<CtfEvent> events(Path dir, int jobs) throws IOException {
        List<CtfEvent> out = new ArrayList<>();
        CtfTraceReader.read(dir, dir.toString(), TestWorkers.of(jobs), out::add);
        return out;
    }

    /** Every event, its time to the nanosecond and every integer and string field as babeltrace2 prints them. */
    static void assertSameAsBabeltrace(Path dir, Path babeltraceText, int jobs) throws IOException {
        List<BabeltraceLines> expected = BabeltraceLines.parse(Files.readAllLines(babeltraceText));
        List<CtfEvent> actual = events(dir, jobs);
        assertEquals(expected.size(), actual.size(), "events");
        for (int i = 0; i < expected.size(); i++) {
            BabeltraceLines want = expected.get(i);
            CtfEvent got = actual.get(i);
            String where = "event " + i + " " + want.name();
            assertEquals(want.nanos(), got.timestampNanos(), where);
            assertEquals(want.name(), got.name(), where);
            for (Map.Entry<String, Object> f : want.fields().entrySet()) {
                if (f.getValue() instanceof String text) {
                    assertEquals(text, got.string(f.getKey()), where + " " + f.getKey());
                } else {
                    assertEquals((long) (Long) f.getValue(), got.integer(f.getKey()), where + " " + f.getKey());
                }
            }
        }
    }

    @Test
    void cygProfileTraceDecodesAsBabeltracePrintsIt() throws IOException {
        assertSameAsBabeltrace(resource("cyg-uid"), resource("cyg-uid.bt.txt"), 1);
    }

    @Test
    void perProcessBuffersOfTwoRunsDecodeAsBabeltracePrintsThem() throws IOException {
        assertSameAsBabeltrace(resource("cyg-pid"), resource("cyg-pid.bt.txt"), 1);
        assertSameAsBabeltrace(resource("cyg-pid"), resource("cyg-pid.bt.txt"), 3);
    }

    @Test
    void parallelDecodingGivesTheSameEvents() throws IOException {
        assertSameAsBabeltrace(resource("cyg-uid"), resource("cyg-uid.bt.txt"), 4);
    }
}
