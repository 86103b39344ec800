package dev.ppw.collect.jfr;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.ppw.collect.TestInputs.gzip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The reader against the JDK's own {@code jfr} tool (of the JDK running the tests): {@code jfr summary}'s count
 * of each sample event and {@code jfr print --json}'s stacks, threads and bytes, sample for sample.
 */
class JfrReaderTest {
    private static final Path DIR = Path.of("src/test/resources/traces/jfr");
    private static final Path JFR_TOOL = Path.of(System.getProperty("java.home"), "bin", "jfr");
    private static final String SAMPLE_TYPES = "jdk.ExecutionSample,jdk.NativeMethodSample,jdk.ObjectAllocationSample,"
            + "jdk.ObjectAllocationInNewTLAB,jdk.ObjectAllocationOutsideTLAB";

    static SampleSink read(Path file) throws IOException {
        SampleSink sink = new SampleSink();
        TestInputs.readInto(InputSource.of(file), sink);
        return sink;
    }

    @ParameterizedTest
    @CsvSource({"jfr-A-jdk17-profile.jfr, 10000000", "jfr-A-jdk25-default.jfr, 20000000",
            "async-profiler-4.1-cpu-alloc.jfr, 10000000"})
    void everySampleIsTheJfrToolsSampleWeighingThePeriod(String name, long periodNanos) throws Exception {
        assumeTrue(Files.isExecutable(JFR_TOOL), "no jfr tool in " + JFR_TOOL.getParent());
        Path file = DIR.resolve(name);
        SampleSink sink = read(file);

        Map<String, Long> summary = summaryCounts(file);
        Expected expected = expected(file, periodNanos);
        long timeSamples = sink.samples.stream().filter(s -> s.metric().equals("time")).count();
        assertEquals(summary.getOrDefault("jdk.ExecutionSample", 0L) + summary.getOrDefault("jdk.NativeMethodSample", 0L),
                timeSamples + expected.emptyTime, "every execution and native sample is one (or an empty stack)");
        assertTrue(timeSamples > 50, "the recording holds samples: " + timeSamples);
        assertEquals(expected.empty, noteCount(sink, Diagnostics.EMPTY_STACK), "samples without a stack");
        assertEquals(expected.byMetric.keySet(), byMetric(sink).keySet());
        for (String metric : expected.byMetric.keySet()) {
            assertEquals(expected.byMetric.get(metric), sink.amountsByStack(metric), metric + " by stack");
        }
        assertEquals(expected.timeByThread, timeByThread(sink), "time by thread");
        for (SampleSink.Sample s : sink.samples) {
            assertEquals(s.metric().equals("time") ? 1 : 0, s.calls(), "calls count time samples only: " + s);
        }
    }

    @Test
    void aGzippedRecordingIsCopiedAndReadTheSame() throws Exception {
        Path file = DIR.resolve("jfr-A-jdk25-default.jfr");
        SampleSink plain = read(file);
        SampleSink gzipped = new SampleSink();
        TestInputs.readInto("rec.jfr.gz", gzip(Files.readAllBytes(file)), gzipped);
        assertEquals(plain.samples, gzipped.samples);
        assertEquals(1, gzipped.inputs);
    }

    @Test
    void threadsAreTracksNamedByTheirJavaNames() throws Exception {
        SampleSink sink = read(DIR.resolve("jfr-A-jdk25-default.jfr"));
        assertEquals("hash-regex-worker", sink.threadNames.get("15277"));
        assertEquals("main", sink.threadNames.get("15255"));
    }

    @Test
    void aCutRecordingIsOneLineNamingWhereItEnds() throws Exception {
        byte[] whole = Files.readAllBytes(DIR.resolve("jfr-A-jdk25-default.jfr"));
        byte[] cut = java.util.Arrays.copyOf(whole, 100_000);
        BadInputException e = assertThrows(BadInputException.class, () -> TestInputs.readInto("cut.jfr", cut, new SampleSink()));
        assertEquals("cut.jfr: byte 100000: the recording ends inside chunk 1, which starts at byte 0 and declares"
                + " 266695 bytes, of which 100000 are present: it was cut", e.getMessage());
    }

    @Test
    void bytesAfterTheLastChunkAreOneLineNamingWhere() throws Exception {
        byte[] whole = Files.readAllBytes(DIR.resolve("async-profiler-4.1-cpu-alloc.jfr"));
        byte[] more = java.util.Arrays.copyOf(whole, whole.length + 8);
        System.arraycopy("garbage\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, more, whole.length, 8);
        BadInputException e = assertThrows(BadInputException.class, () -> TestInputs.readInto("more.jfr", more, new SampleSink()));
        assertEquals("more.jfr: byte " + whole.length + ": chunk 2 does not start with the chunk magic FLR\\0: the bytes"
                + " after chunk 1 are not a recording", e.getMessage());
    }

    @Test
    void twoRecordingsOneAfterTheOtherAreOneOfTwoChunks() throws Exception {
        byte[] whole = Files.readAllBytes(DIR.resolve("async-profiler-4.1-cpu-alloc.jfr"));
        byte[] twice = java.util.Arrays.copyOf(whole, 2 * whole.length);
        System.arraycopy(whole, 0, twice, whole.length, whole.length);
        SampleSink one = read(DIR.resolve("async-profiler-4.1-cpu-alloc.jfr"));
        SampleSink two = new SampleSink();
        TestInputs.readInto("twice.jfr", twice, two);
        assertEquals(2 * one.samples.size(), two.samples.size());
        assertEquals(one.samples, two.samples.subList(0, one.samples.size()));
    }

    @Test
    void aRecordingCutAfterWholeChunksKeepsThemWithAWarning() throws Exception {
        byte[] whole = Files.readAllBytes(DIR.resolve("async-profiler-4.1-cpu-alloc.jfr"));
        byte[] cut = java.util.Arrays.copyOf(whole, 2 * whole.length + 1000);
        System.arraycopy(whole, 0, cut, whole.length, whole.length);
        System.arraycopy(whole, 0, cut, 2 * whole.length, 1000);
        SampleSink one = read(DIR.resolve("async-profiler-4.1-cpu-alloc.jfr"));
        SampleSink sink = new SampleSink();
        TestInputs.readInto("cut.jfr", cut, sink);
        assertEquals(2 * one.samples.size(), sink.samples.size());
        Diagnostics.Entry truncated = sink.diagnostics().warnings().get(Diagnostics.TRUNCATED);
        assertEquals(1, truncated.count());
        assertEquals(List.of("cut.jfr: byte " + cut.length + ": the recording ends inside chunk 3, which starts at byte "
                + 2 * whole.length + " and declares " + whole.length + " bytes, of which 1000 are present: it was cut;"
                + " the 2 whole chunks before it are read"), truncated.examples());
    }

    @Test
    void periodsAreTheJdksTextInNanoseconds() {
        assertEquals(20_000_000L, JfrSettings.parsePeriod("20 ms"));
        assertEquals(1_000_000_000L, JfrSettings.parsePeriod("1 s"));
        assertEquals(500_000L, JfrSettings.parsePeriod("500 us"));
        assertEquals(-1L, JfrSettings.parsePeriod("everyChunk"));
        assertEquals(-1L, JfrSettings.parsePeriod("off"));
        assertEquals(-1L, JfrSettings.parsePeriod("9999999999 d"), "overflows");
    }

    private static long noteCount(SampleSink sink, String kind) {
        Diagnostics.Entry e = sink.diagnostics().notes().get(kind);
        return e == null ? 0 : e.count();
    }

    private static Map<String, Map<String, Long>> byMetric(SampleSink sink) {
        Map<String, Map<String, Long>> m = new TreeMap<>();
        for (SampleSink.Sample s : sink.samples) {
            m.computeIfAbsent(s.metric(), k -> new TreeMap<>()).merge(s.stack(), s.amount(), Long::sum);
        }
        return m;
    }

    private static Map<String, Long> timeByThread(SampleSink sink) {
        Map<String, Long> m = new TreeMap<>();
        for (SampleSink.Sample s : sink.samples) {
            if (s.metric().equals("time")) {
                m.merge(s.tid(), s.amount(), Long::sum);
            }
        }
        return m;
    }

    /** What {@code jfr print --json} says the reader should push. */
    private record Expected(Map<String, Map<String, Long>> byMetric, Map<String, Long> timeByThread, long empty,
                            long emptyTime) {
    }

    @SuppressWarnings("unchecked")
    private static Expected expected(Path file, long periodNanos) throws Exception {
        Map<String, Object> root = (Map<String, Object>) parseJson(run(JFR_TOOL.toString(), "print", "--json",
                "--stack-depth", "4096", "--events", SAMPLE_TYPES, file.toString()));
        List<Object> events = (List<Object>) ((Map<String, Object>) root.get("recording")).get("events");
        Map<String, Map<String, Long>> byMetric = new TreeMap<>();
        Map<String, Long> byThread = new TreeMap<>();
        long empty = 0;
        long emptyTime = 0;
        for (Object o : events) {
            Map<String, Object> event = (Map<String, Object>) o;
            String type = (String) event.get("type");
            Map<String, Object> values = (Map<String, Object>) event.get("values");
            Map<String, Object> trace = (Map<String, Object>) values.get("stackTrace");
            List<Object> frames = trace == null ? List.of() : (List<Object>) trace.get("frames");
            if (frames.isEmpty()) {
                empty++;
                emptyTime += type.endsWith("MethodSample") || type.endsWith("ExecutionSample") ? 1 : 0;
                continue;
            }
            String metric;
            long amount;
            String threadField;
            switch (type) {
                case "jdk.ExecutionSample", "jdk.NativeMethodSample" -> {
                    metric = "time";
                    amount = periodNanos;
                    threadField = "sampledThread";
                }
                case "jdk.ObjectAllocationSample" -> {
                    metric = "allocation";
                    amount = ((Number) values.get("weight")).longValue();
                    threadField = "eventThread";
                }
                default -> {
                    metric = "tlab_allocation";
                    Number tlab = (Number) values.get("tlabSize");
                    amount = tlab != null && tlab.longValue() > 0 ? tlab.longValue()
                            : ((Number) values.get("allocationSize")).longValue();
                    threadField = "eventThread";
                }
            }
            byMetric.computeIfAbsent(metric, k -> new TreeMap<>()).merge(stack(frames), amount, Long::sum);
            if (metric.equals("time")) {
                Map<String, Object> thread = (Map<String, Object>) values.get(threadField);
                long os = ((Number) thread.get("osThreadId")).longValue();
                String tid = os > 0 ? Long.toString(os) : "java:" + thread.get("javaThreadId");
                byThread.merge(tid, amount, Long::sum);
            }
        }
        return new Expected(byMetric, byThread, empty, emptyTime);
    }

    /** The stack as {@link SampleSink} writes it, from the tool's frames (innermost first). */
    @SuppressWarnings("unchecked")
    private static String stack(List<Object> frames) {
        List<String> parts = new ArrayList<>();
        for (int k = frames.size() - 1; k >= 0; k--) {
            String region = region((Map<String, Object>) frames.get(k));
            if (k + 1 < frames.size()) {
                Map<String, Object> caller = (Map<String, Object>) frames.get(k + 1);
                long line = ((Number) caller.get("lineNumber")).longValue();
                region += "@" + region(caller) + (line > 0 ? ":" + line : "");
            }
            parts.add(region);
        }
        return String.join(";", parts);
    }

    @SuppressWarnings("unchecked")
    private static String region(Map<String, Object> frame) {
        Map<String, Object> method = (Map<String, Object>) frame.get("method");
        Map<String, Object> type = (Map<String, Object>) method.get("type");
        String typeName = type == null || type.get("name") == null ? "" : ((String) type.get("name")).replace('/', '.');
        String name = (String) method.get("name");
        boolean library = typeName.endsWith(".so") || typeName.contains(".so.");
        return typeName.isEmpty() || library ? name : typeName + "." + name;
    }

    private static Map<String, Long> summaryCounts(Path file) throws Exception {
        Map<String, Long> counts = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?m)^\\s*(jdk\\.\\w+)\\s+(\\d+)\\s+\\d+\\s*$")
                .matcher(run(JFR_TOOL.toString(), "summary", file.toString()));
        while (m.find()) {
            counts.putIfAbsent(m.group(1), Long.parseLong(m.group(2)));
        }
        assertTrue(counts.containsKey("jdk.ExecutionSample"), "jfr summary lists jdk.ExecutionSample: " + counts);
        return counts;
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out;
        try (InputStream in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the jfr tool ends");
        String text = new String(out, java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    private static Object parseJson(String text) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(text)) {
            p.nextToken();
            return value(p);
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    p.nextToken();
                    m.put(key, value(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(value(p));
                }
                return l;
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return t == JsonToken.VALUE_TRUE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> {
                return p.getText();
            }
        }
    }
}
