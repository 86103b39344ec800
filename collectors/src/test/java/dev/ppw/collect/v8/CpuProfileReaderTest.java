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
import static org.junit.jupiter.api.Assertions.assertTrue;
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
                "sample T(,) 1030000 35000 time x2 main file:///a.js:3:5;(anonymous) file:///a.js:10:1 @file:///a.js:3:5",
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
        assertEquals(List.of("sample T(,) 1000 0 time x1 f u.js:1;g u.js:5:3 @u.js:1"), samples(sink));
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
        assertEquals("p.cpuprofile:1:1: a V8 CPU profile has nodes (or a head tree), samples and startTime; this object lacks samples",
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
        Matcher m = Pattern.compile("\\{\"id\":(\\d+),\"callFrame\":\\{\"functionName\":\"((?:[^\"\\\\]|\\\\.)*)\"([^}]*)\\},\"hitCount\":(\\d+)")
                .matcher(text);
        while (m.find()) {
            // A function is its name and its place, url:line:column 1-based, as DevTools tells functions apart.
            Matcher url = Pattern.compile("\"url\":\"([^\"]*)\",\"lineNumber\":(-?\\d+),\"columnNumber\":(-?\\d+)")
                    .matcher(m.group(3));
            assertTrue(url.find(), m.group(3));
            String place = url.group(1).isEmpty() ? "" : " " + url.group(1) + ":" + (Long.parseLong(url.group(2)) + 1)
                    + ":" + (Long.parseLong(url.group(3)) + 1);
            functionById.put(Long.parseLong(m.group(1)), (m.group(2).isEmpty() ? "(anonymous)" : m.group(2)) + place);
            hitCounts += Long.parseLong(m.group(4));
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

    /** The layout before Node.js 11 (v8-profiler): a head tree, absolute timestamps, startTime in seconds. */
    private static final String OLD_HEAD = """
            "head":{"functionName":"(root)","url":"","lineNumber":-1,"id":1,"children":[
              {"children":[{"functionName":"","url":"file:///b.js","lineNumber":4,"id":3,"children":[]}],
               "functionName":"main","url":"file:///b.js","lineNumber":0,"columnNumber":9,"id":2},
              {"functionName":"","url":"file:///c.js","lineNumber":4,"id":4,"children":[]}]}""";

    @Test
    void theOldLayoutsHeadTreeAndTimestampsAreReadAsSpeedscopeAndDevToolsReadThem() {
        RecordingSink sink = read("{" + OLD_HEAD + ",\"startTime\":1,\"endTime\":1,\"samples\":[3,3,4],"
                + "\"timestamps\":[1000010,1000030,1000045,1000050]}");
        assertEquals(List.of(
                "sample T(,) 1000010000 35000 time x2 main file:///b.js:1:10;(anonymous) file:///b.js:5 @file:///b.js:1:10",
                "sample T(,) 1000045000 5000 time x1 (anonymous) file:///c.js:5"), samples(sink),
                "the anonymous functions of two scripts stay apart; a last timestamp after the samples ends the last one");
        assertEquals(Map.of(), sink.warnings());
        RecordingSink noEnd = read("{" + OLD_HEAD + ",\"startTime\":1,\"endTime\":2,\"samples\":[3,3,4],"
                + "\"timestamps\":[1000010,1000030,1000045]}");
        assertEquals("sample T(,) 1000045000 0 time x1 (anonymous) file:///c.js:5", samples(noEnd).getLast(),
                "without it the last sample weighs nothing: the old endTime is whole seconds, no sample's end");
    }

    @Test
    void speedscopesNode10ExampleInTheOldLayoutIsReadWhole() throws IOException {
        byte[] bytes = dev.ppw.collect.TestInputs.testResource("v8/speedscope/node10-example.cpuprofile");
        InputSource source = InputSource.of("example.cpuprofile", bytes);
        assertEquals("v8-cpuprofile", dev.ppw.collect.TestInputs.FORMATS.detect(source.head()).name());
        RecordingSink sink = new RecordingSink();
        new V8CpuProfileFormat().read(source, sink, ReadOptions.defaults());
        assertEquals(Map.of(), sink.warnings());
        assertEquals(29, samples(sink).stream().mapToLong(c -> Long.parseLong(c.split(" ")[5].substring(1))).sum());
        assertEquals(45_920_000, samples(sink).stream().mapToLong(c -> Long.parseLong(c.split(" ")[3])).sum(),
                "from the first timestamp to the last, the one after the last sample");
    }

    @Test
    void aHeadTreeDeeperThanJacksonsDefaultNestingIsReadWithoutRecursion() {
        int depth = 5000;
        StringBuilder head = new StringBuilder("\"head\":");
        for (int i = 1; i <= depth; i++) {
            head.append("{\"functionName\":\"f").append(i).append("\",\"id\":").append(i).append(",\"children\":[");
        }
        head.append("]}".repeat(depth));
        RecordingSink sink = read("{" + head + ",\"startTime\":0,\"samples\":[" + depth + "],\"timestamps\":[1]}");
        assertEquals(depth, samples(sink).getFirst().split(";").length);
    }

    @Test
    void aNegativeDeltaIsAWarningAndItsSampleIsTakenAtTheLatestTimeReached() {
        RecordingSink sink = read("{" + NODES + ",\"startTime\":1000,\"endTime\":1100,"
                + "\"samples\":[2,4,5,2],\"timeDeltas\":[10,20,-8,30]}");
        assertEquals(List.of(
                "sample T(,) 1010000 20000 time x1 (program)",
                "sample T(,) 1030000 0 time x1 main file:///a.js:3:5;(anonymous) file:///a.js:10:1 @file:///a.js:3:5",
                "sample T(,) 1030000 22000 time x1 (idle)",
                "sample T(,) 1052000 48000 time x1 (program)"), samples(sink));
        assertEquals(Map.of(SampleTimeline.NEGATIVE_DELTA.name(), 1L), sink.warnings());
        assertEquals("p.cpuprofile:5:162: sample 2 of the array is timed 8 us before the latest time already reached"
                + " (a negative time delta); it is taken at that time, so the sample before it weighs less and the"
                + " profile's total is kept", sink.firstExample(SampleTimeline.NEGATIVE_DELTA.name()));
    }
}
