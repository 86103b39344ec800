package dev.ppw.collect.v8;

import dev.ppw.collect.RecordingSink;
import dev.ppw.collect.chrome.ChromeTraceReader;
import dev.ppw.collect.chrome.ParallelChromeReader;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.ByteRanges;
import dev.ppw.model.format.InputSource;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The V8 CPU profiles inside Chrome traces: Profile and ProfileChunk events folded as samples on the Profile
 * event's thread, weights across chunks, what is skipped, and the same samples read sequentially and in
 * parallel chunks.
 */
class TraceProfilesTest {
    static final Path CHROME = Path.of("src/test/resources/v8/chrome-A-small.pid9886.json");

    private static final String PROFILE = """
            {"args":{"data":{"source":"Internal","startTime":1000}},"cat":"disabled-by-default-v8.cpu_profiler","id":"0x1","name":"Profile","ph":"P","pid":7,"tid":7,"ts":1001},
            """;
    private static final String CHUNK1 = """
            {"args":{"data":{"cpuProfile":{"nodes":[{"callFrame":{"codeType":"other","functionName":"(root)","scriptId":0},"id":1},{"callFrame":{"codeType":"other","functionName":"(program)","scriptId":0},"id":2,"parent":1},{"callFrame":{"codeType":"JS","functionName":"run","scriptId":4,"url":"https://x/a.js","lineNumber":0,"columnNumber":0},"id":3,"parent":1},{"callFrame":{"codeType":"JS","functionName":"step","scriptId":4,"url":"https://x/a.js","lineNumber":8,"columnNumber":2},"id":4,"parent":3}],"samples":[2,4]},"timeDeltas":[5,10]}},"cat":"disabled-by-default-v8.cpu_profiler","id":"0x1","name":"ProfileChunk","ph":"P","pid":7,"tid":99,"ts":1100},
            """;
    private static final String CHUNK2 = """
            {"args":{"data":{"cpuProfile":{"nodes":[{"callFrame":{"codeType":"other","functionName":"(idle)","scriptId":0},"id":5,"parent":1}],"samples":[4,5]},"timeDeltas":[7,3]}},"cat":"disabled-by-default-v8.cpu_profiler","id":"0x1","name":"ProfileChunk","ph":"P","pid":7,"tid":99,"ts":1200},
            """;

    static RecordingSink read(String events) throws IOException {
        RecordingSink sink = new RecordingSink();
        ChromeTraceReader.read("t.json", new ByteArrayInputStream(("{\"traceEvents\":[\n" + events + "]}")
                .getBytes(StandardCharsets.UTF_8)), sink);
        return sink;
    }

    private static List<String> samples(RecordingSink sink) {
        return sink.calls().stream().filter(c -> c.startsWith("sample ")).toList();
    }

    @Test
    void chunksFoldOnTheProfiledThreadEachSampleWeighingTheGapToTheNextAcrossChunks() throws IOException {
        RecordingSink sink = read(PROFILE + CHUNK1 + CHUNK2);
        assertEquals(List.of(
                "sample T(7,7) 1005000 10000 time x1 (program)",
                "sample T(7,7) 1015000 10000 time x2 run https://x/a.js:1:1;step https://x/a.js:9:3 @https://x/a.js:1:1",
                "sample T(7,7) 1025000 0 time x1 (idle)"), samples(sink));
        assertEquals(Map.of(), sink.warnings());
        assertEquals(0L, sink.notes().getOrDefault("phase_P", 0L));
    }

    @Test
    void aChunkOfTheWrongShapeOrOfAProfileNeverStartedIsAWarningAndSkipped() throws IOException {
        RecordingSink sink = read(PROFILE + CHUNK1.replace("\"timeDeltas\":[5,10]", "\"timeDeltas\":[5,\"x\"]")
                + CHUNK1.replace("\"timeDeltas\":[5,10]", "\"timeDeltas\":[5]") + CHUNK1
                + CHUNK2.replace("\"0x1\"", "\"0x2\"")
                + "{\"name\":\"Other\",\"ph\":\"P\",\"pid\":7,\"tid\":7,\"ts\":1}\n");
        assertEquals(List.of("sample T(7,7) 1005000 10000 time x1 (program)",
                "sample T(7,7) 1015000 0 time x1 run https://x/a.js:1:1;step https://x/a.js:9:3 @https://x/a.js:1:1"), samples(sink));
        assertEquals(Map.of(Diagnostics.BAD_EVENT, 3L), sink.warnings());
        assertEquals(List.of("t.json:3:1: in args.data, a time delta is a string, not a number of microseconds; the event"
                        + " is skipped",
                "t.json:4:1: a ProfileChunk of 2 samples and 1 timeDeltas; each sample needs its delta; skipped",
                "t.json:6:1: a ProfileChunk of profile 0x2 of pid 7, and no Profile event of it in the input; skipped"),
                sink.diagnostics().warnings().get(Diagnostics.BAD_EVENT).examples());
        assertEquals(1L, sink.notes().get("phase_P"));
    }

    /** Chrome 70 writes a worker's chunks before the worker's Profile event: they wait for it. */
    @Test
    void chunksBeforeTheirProfileInTheFileWaitForIt() throws IOException {
        assertEquals(samples(read(PROFILE + CHUNK1 + CHUNK2)), samples(read(CHUNK1 + CHUNK2 + PROFILE)));
        assertEquals(Map.of(), read(CHUNK1 + CHUNK2 + PROFILE).warnings());
    }

    /** 652 events of Chromium, one thread's profile: its samples and their total against a walk of the text. */
    @Test
    void chromiumsProfileMatchesAnIndependentWalkAndReadsTheSameInParallel(@TempDir Path dir) throws IOException {
        String text = Files.readString(CHROME, StandardCharsets.UTF_8);
        long start = -1;
        long raw = 0;
        long latest = 0;
        long first = -1;
        int count = 0;
        for (String line : text.split("\n")) {
            if (line.contains("\"name\":\"Profile\"")) {
                Matcher m = Pattern.compile("\"startTime\":(\\d+)").matcher(line);
                assertEquals(true, m.find());
                start = raw = latest = Long.parseLong(m.group(1));
            } else if (line.contains("\"name\":\"ProfileChunk\"") && line.contains("\"timeDeltas\"")) {
                for (long d : CpuProfileReaderTest.numbers(line, "timeDeltas")) {
                    raw += d;
                    latest = Math.max(latest, raw);
                    if (first < 0) {
                        first = latest;
                    }
                    count++;
                }
            }
        }
        assertEquals(401714765, start);
        assertEquals(314, count);

        RecordingSink sink = new RecordingSink();
        ChromeTraceReader.read(CHROME.toString(), Files.newInputStream(CHROME), sink);
        List<String> samples = samples(sink);
        assertEquals(count, samples.stream().mapToLong(s -> Long.parseLong(s.split(" ")[5].substring(1))).sum());
        assertEquals((latest - first) * 1000, samples.stream().mapToLong(s -> Long.parseLong(s.split(" ")[3])).sum());
        assertEquals(true, samples.stream().allMatch(s -> s.startsWith("sample T(9886,9886) ")), "the Profile's thread");

        for (int chunk : new int[]{256, 4096, 1 << 20}) {
            RecordingSink parallel = new RecordingSink();
            try (ByteRanges content = InputSource.of(CHROME).openRanges().orElseThrow()) {
                ParallelChromeReader.read(content, CHROME.toString(), parallel, TestWorkers.of(2), chunk, bytes -> { });
            }
            assertEquals(sink.calls(), parallel.calls(), "chunks of " + chunk + " bytes");
            assertEquals(sink.warnings(), parallel.warnings());
            assertEquals(sink.notes(), parallel.notes());
        }
    }
}
