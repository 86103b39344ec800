package dev.ppw.cli;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Chromium's Perfetto traces read by ppw-java and by {@link PerfettoReference}, a decoder that shares nothing with
 * the reader: every callpath row (part and path) has the same calls, subcalls and inclusive time in both.
 */
class PerfettoAgainstReferenceTest {
    private static final Path RESOURCES = Path.of("../collectors/src/test/resources");
    private static final Path DEVTOOLS = RESOURCES.resolve("perfetto/chromium-devtools-timeline.pftrace.gz");
    private static final Path ALL_CATEGORIES = RESOURCES.resolve("traces/chrome-A-all.packets60k.pftrace.gz");

    @TempDir
    Path dir;

    private static PerfettoReference reference() {
        return PerfettoReference.load(RESOURCES.resolve("perfetto"));
    }

    @Test
    void everyRowOfTheDevtoolsTimelineTraceAgreesWithTheIndependentDecoding() throws IOException {
        Map<String, PerfettoReference.Row> expected = reference().callpaths(DEVTOOLS);
        Map<String, PerfettoReference.Row> read = callpaths(DEVTOOLS);
        assertEquals(expected, read);
        assertTrue(read.size() > 700, read.size() + " rows");
    }

    @Test
    void everyRowOfTheAllCategoriesTraceAgreesWithTheIndependentDecoding() throws IOException {
        assertEquals(reference().callpaths(ALL_CATEGORIES), callpaths(ALL_CATEGORIES));
    }

    /**
     * The renderer's {@code Commit} slices are calls of its main thread, with their children; Chromium's
     * {@code PipelineReporter} tracks hold a {@code Commit} stage too, which is an async span: two rows named
     * {@code Commit} in a flat view, one per part, that a reading by name alone confuses (the async one has no
     * children and a fraction of the time).
     */
    @Test
    void commitIsAThreadCallWithChildrenAndAnAsyncStageApart() throws IOException {
        Map<String, PerfettoReference.Row> expected = reference().callpaths(DEVTOOLS);
        Map<String, long[]> flat = new TreeMap<>();
        for (List<String> row : csv(Cli.run("profile", DEVTOOLS.toString(), "--view", "flat", "--format", "csv"))) {
            flat.put(row.get(0) + "|" + row.get(1), new long[] {Long.parseLong(row.get(2)), Long.parseLong(row.get(3)),
                    Long.parseLong(row.get(4))});
        }
        long[] thread = flat.get("thread|Commit");
        long[] async = flat.get("async|Commit");
        assertTrue(thread[1] > 0 && async[1] == 0, "the thread's Commits have children, the stages none");
        long calls = 0;
        long subcalls = 0;
        for (Map.Entry<String, PerfettoReference.Row> e : expected.entrySet()) {
            if (e.getKey().endsWith("|Commit") || e.getKey().endsWith(" => Commit")) {
                calls += e.getValue().calls();
                subcalls += e.getValue().subcalls();
            }
        }
        assertEquals(calls, thread[0] + async[0], "every Commit the decoding has, in one part or the other");
        assertEquals(subcalls, thread[1]);
    }

    /**
     * The same trace with every thread's TrackDescriptor moved behind all other packets: each thread's events
     * come before its track is described, and are held until it is, so the profile is the decoding's still (which
     * resolves tracks once it has read everything, as trace processor does).
     */
    @Test
    void eventsBeforeTheirThreadsDescriptorAreHeldNotDropped() throws IOException {
        Path moved = dir.resolve("descriptors-last.pftrace");
        Files.write(moved, threadDescriptorsLast(DEVTOOLS));
        Cli run = Cli.run("profile", moved.toString(), "--view", "callpath", "--format", "csv");
        assertFalse(run.err().contains("unknown_track"), run.err());
        assertEquals(reference().callpaths(moved), rows(run));
        assertEquals(callpaths(DEVTOOLS).keySet(), rows(run).keySet(), "the same calls as the trace in its order");
    }

    private static Map<String, PerfettoReference.Row> callpaths(Path trace) {
        return rows(Cli.run("profile", trace.toString(), "--view", "callpath", "--format", "csv"));
    }

    private static Map<String, PerfettoReference.Row> rows(Cli run) {
        assertEquals(0, run.exit(), run.toString());
        Map<String, PerfettoReference.Row> rows = new TreeMap<>();
        for (List<String> row : csv(run)) {
            rows.merge(row.get(0) + "|" + row.get(1), new PerfettoReference.Row(Long.parseLong(row.get(7)),
                    Long.parseLong(row.get(8)), Long.parseLong(row.get(9))), PerfettoReference.Row::plus);
        }
        return rows;
    }

    /** The records of a CSV output with a {@code part} column, header left out (RFC 4180 quotes undone). */
    private static List<List<String>> csv(Cli run) {
        List<List<String>> records = new ArrayList<>();
        String text = run.out();
        List<String> record = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                record.add(cell.toString());
                cell.setLength(0);
                records.add(record);
                record = new ArrayList<>();
            } else if (c != '\r') {
                cell.append(c);
            }
        }
        assertEquals("part", records.getFirst().getFirst(), "a part column: the trace has async spans");
        return records.subList(1, records.size());
    }

    /** The packets of a gzipped trace, those holding a thread's TrackDescriptor moved to the end. */
    private static byte[] threadDescriptorsLast(Path trace) throws IOException {
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        ByteArrayOutputStream last = new ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(trace))) {
            CodedInputStream packets = CodedInputStream.newInstance(in);
            packets.setSizeLimit(Integer.MAX_VALUE);
            while (!packets.isAtEnd()) {
                packets.readTag();
                byte[] packet = packets.readByteArray();
                packets.resetSizeCounter();
                ByteArrayOutputStream to = describesAThread(packet) ? last : first;
                CodedOutputStream out = CodedOutputStream.newInstance(to);
                out.writeByteArray(1, packet);
                out.flush();
            }
        }
        last.writeTo(first);
        return first.toByteArray();
    }

    private static boolean describesAThread(byte[] packet) throws IOException {
        CodedInputStream p = CodedInputStream.newInstance(packet);
        for (int tag = p.readTag(); tag != 0; tag = p.readTag()) {
            // TracePacket.track_descriptor (60) holding TrackDescriptor.thread (4), as trace_packet.proto numbers them.
            if (WireFormat.getTagFieldNumber(tag) != 60) {
                p.skipField(tag);
                continue;
            }
            CodedInputStream d = CodedInputStream.newInstance(p.readByteArray());
            for (int t = d.readTag(); t != 0; t = d.readTag()) {
                if (WireFormat.getTagFieldNumber(t) == 4) {
                    return true;
                }
                d.skipField(t);
            }
        }
        return false;
    }
}
