package dev.ppw.collect.perf;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.ppw.collect.TestInputs.FORMATS;
import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The files made here from one perf.data by {@code perf script} and {@code perf script -F ...}
 * (resources/perf/README.md): every layout is detected and gives the same stacks, as many samples as perf
 * printed (932, {@code perf script -F tid | wc -l}), and the same threads.
 */
class PerfMadeFilesTest {
    private static final long WORK_G_SAMPLES = 932;
    private static final long WORK_NOG_SAMPLES = 828;

    private static RecordingSink read(String resource) throws IOException {
        byte[] bytes = testResource("perf/made/" + resource);
        InputSource source = InputSource.of(resource, bytes);
        assertEquals("perf-script", FORMATS.detect(source.head()).name(), resource);
        RecordingSink sink = new RecordingSink();
        new PerfScriptFormat().read(InputSource.of(resource, bytes), sink, ReadOptions.defaults());
        assertEquals(Map.of(), sink.warnings(), resource);
        return sink;
    }

    /** Stack (regions only, outermost first) to number of samples. */
    private static Map<String, Long> stacks(RecordingSink sink) {
        Map<String, Long> out = new TreeMap<>();
        for (String call : PerfScriptReaderTest.samples(sink)) {
            String stack = call.substring(call.indexOf(" x1 ") + 4).replaceAll(" @[^;]*", "");
            out.merge(stack, 1L, Long::sum);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"work-g.F-comm-pid-tid-time-event-ip-sym-dso.txt", "work-g.F-tid-time-ip-sym-symoff.txt",
            "work-g.F-pid-tid-ip-sym.txt", "work-g.F-dso-sym-symoff-ip-period-time-cpu-tid-pid-comm-event.txt"})
    void everyFieldLayoutGivesTheDefaultLayoutsStacks(String layout) throws IOException {
        Map<String, Long> expected = stacks(read("work-g.default.txt"));
        assertEquals(WORK_G_SAMPLES, expected.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(expected, stacks(read(layout)));
    }

    @Test
    void samplesWithoutCallGraphsInBothLayouts() throws IOException {
        Map<String, Long> expected = stacks(read("work-nog.default.txt"));
        assertEquals(WORK_NOG_SAMPLES, expected.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(expected, stacks(read("work-nog.F-comm-pid-tid-time-period-event-ip-sym-symoff-dso.txt")));
    }

    /** perf script -F event | sort | uniq -c gave 816 cpu-clock, 453 page-faults (period 20), 116 context-switches. */
    @Test
    void threeEventsInOneFileAreThreeWeights() throws IOException {
        Map<String, long[]> byWeight = new TreeMap<>();
        for (String call : PerfScriptReaderTest.samples(read("work-multi.default.txt"))) {
            String[] f = call.split(" ");
            long[] sum = byWeight.computeIfAbsent(f[4], k -> new long[2]);
            sum[0]++;
            sum[1] += Long.parseLong(f[3]);
        }
        assertEquals(List.of("context_switches", "page_faults", "time"), List.copyOf(byWeight.keySet()));
        assertEquals(116, byWeight.get("context_switches")[0]);
        assertEquals(116, byWeight.get("context_switches")[1]);
        assertEquals(453, byWeight.get("page_faults")[0]);
        assertEquals(453 * 20, byWeight.get("page_faults")[1]);
        assertEquals(816, byWeight.get("time")[0]);
    }

    @Test
    void theHeadsOfTheSharedFilesAreCertain() throws IOException {
        for (String head : List.of("perf-work-fp.default.head.txt", "perf-work-fp.fields.head.txt",
                "perf-node-perfbasicprof-A.default.head.txt")) {
            assertEquals(Confidence.CERTAIN, new PerfScriptFormat().probe(
                    InputSource.of(head, testResource("perf/" + head)).head()), head);
        }
    }

    @Test
    void probesTellPerfScriptPerfStatAndFoldedApart() throws IOException {
        String noStacks = "perf_work 14612/14612   521.415818: cpu-clock:ppp:      1157 main (/tmp/perf/perf_work)\n"
                + "perf_work 14612/14614   521.417341: cpu-clock:ppp:      1457 worker (/tmp/perf/perf_work)\n";
        assertEquals(Confidence.POSSIBLE, new PerfScriptFormat().probe(Head.of("p.txt", utf8(noStacks))));
        assertEquals(Confidence.NONE, new PerfScriptFormat().probe(Head.of("p.txt", utf8(noStacks.lines().findFirst()
                .orElseThrow() + "\n"))), "one line is not enough");
        assertEquals(Confidence.NONE, new PerfScriptFormat().probe(Head.of("a.folded", utf8("main;a 12\nmain;b 3\n"))));
        for (String stat : List.of("perf-stat-interval.txt", "perf-stat-interval.csv")) {
            Head head = InputSource.of(stat, testResource("perf/" + stat)).head();
            assertEquals(Confidence.NONE, new PerfScriptFormat().probe(head), stat);
            assertEquals(Confidence.CERTAIN, new PerfStatFormat().probe(head), stat);
            assertEquals("perf-stat", FORMATS.detect(head).name(), stat);
        }
        Head script = InputSource.of("s", testResource("perf/perf-work-fp.default.head.txt")).head();
        assertEquals(Confidence.NONE, new PerfStatFormat().probe(script));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
