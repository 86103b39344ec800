package dev.ppw.collect;

import dev.ppw.model.BadInputException;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The public traces copied into test resources (see traces/README.md), read by path as the CLI reads them;
 * expected counts are the shared MANIFEST's.
 */
class SharedTracesTest {
    private static final Pattern PFA_TIMED = Pattern.compile("\"ts\": ([-0-9.eE+]+), (?:.*)?\"ph\": \"([BEXbe])\"");

    static Path resource(String name) {
        URL url = SharedTracesTest.class.getResource("/traces/" + name);
        if (url == null) {
            throw new IllegalArgumentException("missing test resource traces/" + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static RecordingSink read(String name) throws IOException {
        RecordingSink sink = new RecordingSink();
        TestInputs.readInto(InputSource.of(resource(name)), sink);
        return sink;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // file | B | E | X | tracks | notes
            "perfflowaspect/compact/perfflow.array.vm.7530.pfw | 0 | 0 | 12 | T(7530,7530) | {}",
            "perfflowaspect/cpumem_compact/perfflow.array.vm.7538.pfw | 0 | 0 | 12 | T(7538,7538) | {counter_reset=12}",
            "perfflowaspect/cpumem_verbose/perfflow.array.vm.7534.pfw | 12 | 12 | 0 | T(7534,7534) | {counter_reset=12}",
            "perfflowaspect/future/perfflow.array.vm.7640.pfw | 2 | 2 | 0 | T(7640,7640) A(7640,__main__,7649) | {}",
            "perfflowaspect/multiproc/perfflow.array.mp.7555.pfw | 12 | 12 | 0 | T(7557,7557) T(7556,7556) T(7559,7559) T(7558,7558) | {}",
            "perfflowaspect/nodes4/perfflow.array.node0.{fJobA}.vm.7541.pfw | 12 | 12 | 0 | T(7541,7541) | {}",
            "perfflowaspect/nodes4/perfflow.array.node1.{fJobA}.vm.7546.pfw | 12 | 12 | 0 | T(7546,7546) | {}",
            "perfflowaspect/nodes4/perfflow.array.node2.{fJobA}.vm.7551.pfw | 12 | 12 | 0 | T(7551,7551) | {}",
            "perfflowaspect/nodes4/perfflow.array.node3.{fJobA}.vm.7554.pfw | 12 | 12 | 0 | T(7554,7554) | {}",
            "perfflowaspect/object/perfflow.object.vm.7635.pfw | 12 | 12 | 0 | T(7635,7635) | {}",
            "perfflowaspect/verbose/perfflow.array.vm.7505.pfw | 12 | 12 | 0 | T(7505,7505) | {}",
    })
    void perfFlowAspectFilesReadFullyWithoutWarnings(String file, int begins, int ends, int completes, String tracks,
                                                     String notes) throws IOException {
        RecordingSink sink = read(file);
        assertEquals(begins, sink.count("B"), "B");
        assertEquals(ends, sink.count("E"), "E");
        assertEquals(completes, sink.count("X"), "X");
        // One measurement per call; the end-of-call resets (both values 0) are only counted.
        assertEquals(file.contains("cpumem") ? 12 : 0, sink.count("C"), "C: cpu_usage/memory_usage region counters");
        assertEquals(List.of(tracks.split(" ")), sink.tracks());
        assertEquals(Map.of(), sink.warnings());
        assertEquals(notes, sink.notes().toString());
        assertEquals("beginInput " + resource(file), sink.calls().get(0));
        assertEquals("endInput", sink.calls().get(sink.calls().size() - 1));
        assertEquals(expectedTimes(file), times(sink.events()), "every ts/dur exactly as BigDecimal reads it");
    }

    /** The ts (and dur) of each B/E/X/b/e line of a PerfFlowAspect file, as exact BigDecimal arithmetic gives them. */
    private static List<String> expectedTimes(String file) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(resource(file), StandardCharsets.UTF_8)) {
            Matcher m = PFA_TIMED.matcher(line);
            if (m.find()) {
                String time = nanos(m.group(1));
                Matcher dur = Pattern.compile("\"dur\": ([-0-9.eE+]+)").matcher(line);
                out.add(dur.find() ? time + " " + nanos(dur.group(1)) : time);
            }
        }
        return out;
    }

    private static String nanos(String micros) {
        return new BigDecimal(micros).movePointRight(3).setScale(0, RoundingMode.HALF_UP).toPlainString();
    }

    /** The times of recorded events: "ts" for B/E, "ts dur" for X. */
    private static List<String> times(List<String> events) {
        List<String> out = new ArrayList<>();
        for (String e : events) {
            String[] f = e.split(" ");
            out.add(e.startsWith("X ") ? f[2] + " " + f[3] : f[2]);
        }
        return out;
    }

    @Test
    void compactModeKeepsFileOrderChildrenBeforeParents() throws IOException {
        RecordingSink sink = read("perfflowaspect/compact/perfflow.array.vm.7530.pfw");
        assertEquals(List.of(
                "X T(7530,7530) 1795322503741605500 12750 bas",
                "X T(7530,7530) 1795322503740504000 1599500 bar",
                "X T(7530,7530) 1795322503739379500 2765250 foo"), sink.events().subList(0, 3));
    }

    @Test
    void asyncFutureUsesTheAsyncTrackAndTheThreadTrack() throws IOException {
        RecordingSink sink = read("perfflowaspect/future/perfflow.array.vm.7640.pfw");
        assertEquals(List.of(
                "B T(7640,7640) 1795322507385419200 foo",
                "B A(7640,__main__,7649) 1795322509386534800 bar",
                "E A(7640,__main__,7649) 1795322512386991200 bar",
                "E T(7640,7640) 1795322512387323800 foo"), sink.events());
    }

    @Test
    void typescriptTraceHasMetadataAndEveryTimedPhase() throws IOException {
        RecordingSink sink = read("tsc-5.9.3-projectA.trace.json");
        assertEquals(198, sink.count("B"));
        assertEquals(198, sink.count("E"));
        assertEquals(134, sink.count("X"));
        assertEquals(List.of("T(1,1)"), sink.tracks());
        assertTrue(sink.calls().contains("process_name 1 tsc"), "process_name");
        assertTrue(sink.calls().contains("thread_name 1 1 Main"), "thread_name");
        assertEquals(Map.of("phase_M", 1L), sink.notes()); // TracingStartedInBrowser
        assertEquals(Map.of(), sink.warnings());
        // "ts":179454.371 -> 179454371 ns; ts values like 178603.13999999998 round to the nearest ns.
        assertEquals("B T(1,1) 179454371 createProgram", sink.events().get(0));
    }

    @Test
    void aFileCutMidEventKeepsEveryCompleteEventWithOneTruncatedWarning() throws IOException {
        RecordingSink sink = read("perfflowaspect-verbose-cut.pfw");
        RecordingSink whole = read("perfflowaspect/verbose/perfflow.array.vm.7505.pfw");
        assertEquals(whole.events().subList(0, 8), sink.events());
        assertEquals(Map.of("truncated", 1L), sink.warnings());
        assertEquals(resource("perfflowaspect-verbose-cut.pfw") + ":10:1: the input ends inside the event that starts"
                + " here; the 8 complete events before it are kept", sink.firstExample("truncated"));
        assertEquals("endInput", sink.calls().get(sink.calls().size() - 1));
    }

    @Test
    void aCutRealPerfettoTraceKeepsItsWholePackets() throws IOException {
        Path file = resource("chrome-A-all.head4k.pftrace.gz");
        RecordingSink sink = new RecordingSink();
        TestInputs.readInto(InputSource.of(file), sink);
        assertEquals(Map.of("truncated", 1L), sink.warnings());
        assertTrue(sink.firstExample("truncated").startsWith(file + ": byte "), sink.firstExample("truncated"));
        assertEquals("endInput", sink.calls().get(sink.calls().size() - 1));
    }
}
