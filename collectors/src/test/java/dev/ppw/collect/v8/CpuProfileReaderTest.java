package dev.ppw.collect.v8;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** .cpuprofile in, the sink's samples out: stacks, callsites, weights, member order, and what is refused. */
class CpuProfileReaderTest {
    private static final String NAME = "p.cpuprofile";
    static final Path NODE = Path.of("src/test/resources/v8/node-workload-A.cpuprofile");

    /** (root) -> (program), (root) -> main -> work, (root) -> (idle); work's caller main is at a.js:3:5. */
    private static final String NODES = """
            "nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"hitCount":0,"children":[2,3,5]},
            {"id":2,"callFrame":{"functionName":"(program)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"hitCount":1},
            {"id":3,"callFrame":{"functionName":"main","scriptId":"7","url":"file:///a.js","lineNumber":2,"columnNumber":4},"hitCount":0,"children":[4]},
            {"id":4,"callFrame":{"functionName":"","scriptId":"7","url":"file:///a.js","lineNumber":9,"columnNumber":0},"hitCount":2,"positionTicks":[{"line":11,"ticks":2}]},
            {"id":5,"callFrame":{"functionName":"(idle)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"hitCount":1}]""";

    static RecordingSink read(String text) {
        RecordingSink sink = new RecordingSink();
        try {
            new V8CpuProfileFormat().read(InputSource.of(NAME, text.getBytes(StandardCharsets.UTF_8)), sink,
                    ReadOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    static List<String> samples(RecordingSink sink) {
        return sink.calls().stream().filter(c -> c.startsWith("sample ")).toList();
    }

    @Test
    void eachSampleWeighsTheTimeToTheNextAndTheLastOneTheTimeToTheEndARunOfOneNodeGoingOutAtOnce() {
        RecordingSink sink = read("{" + NODES + ",\"startTime\":1000,\"endTime\":1100,"
                + "\"samples\":[2,4,4,5],\"timeDeltas\":[10,20,5,30]}");
        assertEquals(List.of(
                "sample T(,) 1010000 20000 time x1 (program)",
                "sample T(,) 1030000 35000 time x2 main;(anonymous) @file:///a.js:3:5",
                "sample T(,) 1065000 35000 time x1 (idle)"), samples(sink));
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void membersInAnyOrderReadTheSame() {
        String nodesFirst = "{" + NODES + ",\"startTime\":1000,\"endTime\":1100,\"samples\":[2,4,4,5],"
                + "\"timeDeltas\":[10,20,5,30]}";
        String nodesLast = "{\"timeDeltas\":[10,20,5,30],\"endTime\":1100,\"samples\":[2,4,4,5],\"startTime\":1000,"
                + NODES + ",\"title\":\"x\"}";
        assertEquals(samples(read(nodesFirst)), samples(read(nodesLast)));
    }

    @Test
    void parentsMayBeGivenByParentInsteadOfChildren() {
        RecordingSink sink = read("""
                {"nodes":[{"id":1,"callFrame":{"functionName":"(root)"}},{"id":3,"callFrame":{"functionName":"f","url":"u.js","lineNumber":0},"parent":1},
                {"id":4,"callFrame":{"functionName":"g","url":"u.js","lineNumber":4,"columnNumber":2},"parent":3}],
                "startTime":0,"samples":[4],"timeDeltas":[1]}""");
        assertEquals(List.of("sample T(,) 1000 0 time x1 f;g @u.js:1"), samples(sink));
    }

    @Test
    void aNegativeDeltaNeverGoesBackInTimeSoNoWeightIsNegative() {
        RecordingSink sink = read("{" + NODES + ",\"startTime\":0,\"endTime\":100,"
                + "\"samples\":[2,5,2,5],\"timeDeltas\":[10,20,-5,30]}");
        // Raw times 10, 30, 25, 55: the third is taken at 30 (the latest reached), weighing 0 to 30 and 25 to 55.
        assertEquals(List.of(
                "sample T(,) 10000 20000 time x1 (program)",
                "sample T(,) 30000 0 time x1 (idle)",
                "sample T(,) 30000 25000 time x1 (program)",
                "sample T(,) 55000 45000 time x1 (idle)"), samples(sink));
    }

    @Test
    void aSampleOfAnUnknownNodeIsAWarningAndTheOthersAreKept() {
        RecordingSink sink = read("{" + NODES + ",\"startTime\":0,\"endTime\":100,"
                + "\"samples\":[2,99,5],\"timeDeltas\":[10,20,30]}");
        assertEquals(List.of("sample T(,) 10000 20000 time x1 (program)", "sample T(,) 60000 40000 time x1 (idle)"),
                samples(sink));
        assertEquals(Map.of(Diagnostics.BAD_EVENT, 1L), sink.warnings());
        assertEquals("p.cpuprofile:5:158: sample 1 of the array is of node 99, which the profile does not define;"
                + " the sample is skipped", sink.firstExample(Diagnostics.BAD_EVENT));
    }

    @Test
    void brokenProfilesAreRefusedWithTheirPlace() {
        assertEquals("p.cpuprofile:1:1: a V8 CPU profile is a JSON object, not an array",
                refused("[1,2]"));
        assertEquals("p.cpuprofile:1:1: a V8 CPU profile has nodes, samples and startTime; this object lacks samples",
                refused("{\"nodes\":[],\"startTime\":1}"));
        assertEquals("p.cpuprofile:1:37: 2 samples but 1 timeDeltas: each sample needs its delta",
                refused("{\"nodes\":[],\"startTime\":1,\"samples\":[1,1],\"timeDeltas\":[3]}"));
        assertEquals("p.cpuprofile:1:32: a node's id is a string, not an integer of 32 bits",
                refused("{\"nodes\":[{\"callFrame\":{},\"id\":\"7\"}],\"startTime\":1,\"samples\":[],\"timeDeltas\":[]}"));
        assertEquals("p.cpuprofile:1:49: the input ends inside the profile (a cut file?)",
                refused("{\"nodes\":[],\"startTime\":1,\"samples\":[1,2],\"timeD"));
        assertEquals("p.cpuprofile:1:3: not valid JSON: Unexpected character ('x' (code 120)): was expecting double-quote"
                + " to start field name", refused("{ x"));
        assertEquals("p.cpuprofile:1:1: node 1 lists child 2, which the profile does not define",
                refused("{\"nodes\":[{\"id\":1,\"children\":[2]}],\"startTime\":1,\"samples\":[],\"timeDeltas\":[]}"));
    }

    @Test
    void timesBeyond64BitNanosecondsAreRefusedNotWrapped() {
        // 9e15 us is 9e18 ns, inside a long; 9e15 us later is not.
        assertEquals("p.cpuprofile:1:52: the time of sample 1, or its gap to the sample before, does not fit in"
                + " 64-bit nanoseconds", refused("{\"nodes\":[],\"startTime\":9000000000000000,\"samples\":[1,1],"
                + "\"timeDeltas\":[1,9000000000000000]}"));
    }

    private static String refused(String text) {
        return assertThrows(BadInputException.class, () -> read(text)).getMessage();
    }

    @Test
    void theProbeIsSureOfAProfileInEitherOrderAndTakesTheNameAsAHintOnly() throws IOException {
        V8CpuProfileFormat format = new V8CpuProfileFormat();
        byte[] head = Arrays.copyOf(Files.readAllBytes(NODE), 2048);
        assertEquals(Confidence.CERTAIN, format.probe(Head.of("x", trimmed(head))));
        assertEquals(Confidence.CERTAIN, format.probe(Head.of("x", utf8("{\"samples\":[1,2],\"timeDeltas\":[1,"))));
        assertEquals(Confidence.NAME_ONLY, format.probe(Head.of("a.cpuprofile", utf8("[]"))));
        assertEquals(Confidence.NONE, format.probe(Head.of("x.json", utf8("{\"traceEvents\":[],\"nodes\":[],\"samples\":[]}"))));
        assertEquals(Confidence.NONE, format.probe(Head.of("x.json", utf8("{\"nodes\":[1]}"))));
    }

    /** A head cut anywhere (the probe sees only the first bytes of a file). */
    private static byte[] trimmed(byte[] head) {
        int n = head.length;
        while (n > 0 && head[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(head, n);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Node.js's own profile: as many samples as the file's samples array holds, weighing in all exactly endTime
     * minus the first sample's time, both found by a walk over the text that shares nothing with the reader.
     */
    @Test
    void theNodeProfileSamplesAndTotalMatchAnIndependentWalkOfItsText() throws IOException {
        String text = Files.readString(NODE, StandardCharsets.UTF_8);
        long[] deltas = numbers(text, "timeDeltas");
        long[] ids = numbers(text, "samples");
        long start = number(text, "startTime");
        long end = number(text, "endTime");
        assertEquals(545, ids.length, "the MANIFEST's count");
        assertEquals(545, deltas.length);
        long raw = start;
        long latest = start;
        for (long d : deltas) {
            raw += d;
            latest = Math.max(latest, raw);
        }
        long expectedNanos = (Math.max(latest, end) - (start + deltas[0])) * 1000;
        assertEquals(717_774_000L, expectedNanos);

        RecordingSink sink = new RecordingSink();
        new V8CpuProfileFormat().read(InputSource.of(NODE), sink, ReadOptions.defaults());
        long count = 0;
        long total = 0;
        long idle = 0;
        for (String s : samples(sink)) {
            String[] f = s.split(" ", 7);
            long n = Long.parseLong(f[5].substring(1));
            count += n;
            total += Long.parseLong(f[3]);
            if (f[6].equals("(idle)")) {
                idle += n;
            }
        }
        assertEquals(545, count);
        assertEquals(expectedNanos, total);
        assertEquals(Arrays.stream(ids).filter(id -> id == idleNode(text)).count(), idle, "(idle) samples kept");
        assertEquals(Map.of(), sink.warnings());
    }

    /**
     * The samples whose innermost frame is a function are as many as the {@code samples} array names its nodes,
     * found by a walk of the text. V8's own {@code hitCount}s are no check here: in this file they add up to
     * 539 of the 545 samples ((program) 3 for 4 samples, two JS nodes 46 for 47 and 63 for 67), so the samples
     * array, which DevTools reads too, is what counts.
     */
    @Test
    void theLeavesOfTheNodeProfileAreTheSampledNodesFunctions() throws IOException {
        String text = Files.readString(NODE, StandardCharsets.UTF_8);
        Map<Long, String> functionById = new java.util.HashMap<>();
        long hitCounts = 0;
        Matcher m = Pattern.compile("\\{\"id\":(\\d+),\"callFrame\":\\{\"functionName\":\"((?:[^\"\\\\]|\\\\.)*)\"[^}]*\\},\"hitCount\":(\\d+)")
                .matcher(text);
        while (m.find()) {
            functionById.put(Long.parseLong(m.group(1)), m.group(2).isEmpty() ? "(anonymous)" : m.group(2));
            hitCounts += Long.parseLong(m.group(3));
        }
        assertEquals(182, functionById.size(), "the MANIFEST's node count");
        assertEquals(539, hitCounts);
        Map<String, Long> expected = new java.util.TreeMap<>();
        for (long id : numbers(text, "samples")) {
            expected.merge(functionById.get(id), 1L, Long::sum);
        }
        RecordingSink sink = new RecordingSink();
        new V8CpuProfileFormat().read(InputSource.of(NODE), sink, ReadOptions.defaults());
        Map<String, Long> leaves = new java.util.TreeMap<>();
        for (String s : samples(sink)) {
            String[] f = s.split(" ", 7);
            String leaf = f[6].substring(f[6].lastIndexOf(';') + 1);
            int at = leaf.indexOf(" @");
            leaves.merge(at < 0 ? leaf : leaf.substring(0, at), Long.parseLong(f[5].substring(1)), Long::sum);
        }
        assertEquals(expected, leaves);
    }

    private static long idleNode(String text) {
        Matcher m = Pattern.compile("\\{\"id\":(\\d+),\"callFrame\":\\{\"functionName\":\"\\(idle\\)\"").matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    static long[] numbers(String text, String member) {
        Matcher m = Pattern.compile("\"" + member + "\":\\[([-0-9,]*)\\]").matcher(text);
        if (!m.find()) {
            throw new AssertionError(member + " not found");
        }
        List<Long> values = new ArrayList<>();
        for (String v : m.group(1).split(",")) {
            if (!v.isEmpty()) {
                values.add(Long.parseLong(v));
            }
        }
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    private static long number(String text, String member) {
        Matcher m = Pattern.compile("\"" + member + "\":(-?\\d+)").matcher(text);
        if (!m.find()) {
            throw new AssertionError(member + " not found");
        }
        return Long.parseLong(m.group(1));
    }
}
