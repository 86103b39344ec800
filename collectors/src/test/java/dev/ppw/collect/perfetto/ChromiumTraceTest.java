package dev.ppw.collect.perfetto;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import dev.ppw.collect.RecordingSink;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

import static dev.ppw.collect.TestInputs.readInto;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Chromium 156's own trace (its first 60000 packets, traces/README.md), read by the reader and counted by a
 * plain walk of the protobuf that knows nothing of tracks, clocks or interning: both must see the same events.
 */
class ChromiumTraceTest {
    private static final String FILE = "/traces/chrome-A-all.packets60k.pftrace.gz";

    private static Path file() throws URISyntaxException {
        return Path.of(ChromiumTraceTest.class.getResource(FILE).toURI());
    }

    /** Track events by kind: their type, or the legacy phase of those without one ("legacy R"). */
    private static Map<String, Long> walk(Path file, long[] packets) throws IOException {
        Map<String, Long> kinds = new TreeMap<>();
        try (InputStream in = new GZIPInputStream(java.nio.file.Files.newInputStream(file))) {
            CodedInputStream trace = CodedInputStream.newInstance(in);
            while (!trace.isAtEnd()) {
                assertEquals(0x0a, trace.readTag());
                CodedInputStream packet = CodedInputStream.newInstance(trace.readByteArray());
                trace.resetSizeCounter();
                packets[0]++;
                for (int tag = packet.readTag(); tag != 0; tag = packet.readTag()) {
                    if (WireFormat.getTagFieldNumber(tag) != 11) {
                        packet.skipField(tag);
                        continue;
                    }
                    CodedInputStream event = CodedInputStream.newInstance(packet.readByteArray());
                    String kind = "untyped";
                    for (int t = event.readTag(); t != 0; t = event.readTag()) {
                        if (WireFormat.getTagFieldNumber(t) == 9) {
                            kind = "type " + event.readEnum();
                        } else if (WireFormat.getTagFieldNumber(t) == 6 && kind.equals("untyped")) {
                            CodedInputStream legacy = CodedInputStream.newInstance(event.readByteArray());
                            for (int l = legacy.readTag(); l != 0; l = legacy.readTag()) {
                                if (WireFormat.getTagFieldNumber(l) == 2) {
                                    kind = "legacy " + (char) legacy.readInt32();
                                } else {
                                    legacy.skipField(l);
                                }
                            }
                        } else if (WireFormat.getTagFieldNumber(t) == 12) {
                            extraCounterValues(event, t, kinds);
                        } else {
                            event.skipField(t);
                        }
                    }
                    kinds.merge(kind, 1L, Long::sum);
                }
            }
        }
        return kinds;
    }

    /** TrackEvent.extra_counter_values, packed or not. */
    private static void extraCounterValues(CodedInputStream event, int tag, Map<String, Long> kinds) throws IOException {
        if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
            CodedInputStream values = CodedInputStream.newInstance(event.readByteArray());
            while (!values.isAtEnd()) {
                values.readInt64();
                kinds.merge("extra counter values", 1L, Long::sum);
            }
        } else {
            event.readInt64();
            kinds.merge("extra counter values", 1L, Long::sum);
        }
    }

    @Test
    void theReaderSeesEveryEventThePlainWalkCounts() throws IOException, URISyntaxException {
        long[] packets = {0};
        Map<String, Long> walked = walk(file(), packets);
        assertEquals(60000, packets[0]);

        RecordingSink sink = new RecordingSink();
        PerfettoReader[] reader = new PerfettoReader[1];
        try (InputSource source = InputSource.of(file()); InputStream content = source.open()) {
            sink.beginInput(source.name());
            reader[0] = new PerfettoReader(source.name(), sink);
            reader[0].read(content);
            sink.endInput();
        }
        assertEquals(60000, reader[0].packets());
        assertEquals(Map.of(), sink.warnings(), "a clean trace: every track described, every clock defined");
        Map<String, Long> read = new TreeMap<>();
        read.put("type 1", sink.count("B"));
        read.put("type 2", sink.count("E"));
        read.put("type 3", sink.notes().getOrDefault("instant_event", 0L));
        read.put("counter values", sink.count("counter"));
        read.put("type 5", sink.notes().getOrDefault("event_type_5", 0L));
        sink.notes().forEach((kind, count) -> {
            if (kind.startsWith("phase_")) {
                read.put("legacy " + kind.substring("phase_".length()), count);
            }
        });
        walked.put("counter values", walked.remove("type 4") + walked.remove("extra counter values"));
        assertEquals(walked, read);
        assertEquals(Map.of("type 1", 28045L, "type 2", 27976L, "type 3", 3567L, "type 5", 36L,
                "counter values", 59131L), walked, "the counts of this cut, for the record");
    }

    @Test
    void detectedAndReadWhateverItIsNamed() throws IOException, URISyntaxException {
        RecordingSink sink = new RecordingSink();
        readInto(InputSource.of(file(), "trace.json"), sink);
        assertEquals(28045L, sink.count("B"));
    }
}
