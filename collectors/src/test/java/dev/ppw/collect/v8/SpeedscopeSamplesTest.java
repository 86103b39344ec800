package dev.ppw.collect.v8;

import dev.ppw.collect.RecordingSink;
import dev.ppw.collect.TestInputs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * speedscope's own V8 samples against its own snapshot results (resources/v8/speedscope/README.md): the
 * {@code .cpuprofile}s of both layouts and the profiles inside Chrome traces. Per thread, every function's
 * share of the sampled time (its self weight over all self weights) is speedscope's within 1e-9, and the
 * samples are exactly those of the {@code samples} arrays.
 *
 * <p>Where the two read differently by design, the test says so and compares what both define: speedscope
 * leaves {@code (idle)} out of its frames (its time is an empty stack), so shares are of the time that is not
 * {@code (idle)}; it closes the last sample at its own time where ppw-java, as DevTools, weighs it until the
 * profile's end, so a {@code .cpuprofile} is read here without its end ({@code endTime}, or the old layout's
 * extra timestamp), which the other tests of this reader cover. A function is keyed as speedscope keys it, by
 * name and place ({@code url:line:column}); speedscope names an anonymous function of a trace
 * {@code (anonymous file:line)} where ppw-java keeps {@code (anonymous)} and the place.
 */
class SpeedscopeSamplesTest {
    private static final double TOLERANCE = 1e-9;
    private static final Pattern FRAME = Pattern.compile("Frame \\{\\s*\"col\": ([^,]+),\\s*\"file\": ([^\\n]+),\\s*"
            + "\"key\": [^\\n]+\\s*\"line\": ([^,]+),\\s*\"name\": (\"(?:[^\"\\\\]|\\\\.)*\"),\\s*\"selfWeight\": (\\d+),");
    private static final Pattern NAME = Pattern.compile("\n  \"name\": \"([^\"]*)\",");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // Chrome 66's timelines (Workers Chrome 66) hold each profile whole in one CpuProfile instant event,
            // which the Chrome reader does not hand to the V8 profiles: not read yet.
            "chrome65-simple.cpuprofile     | importFromChromeCPUProfile 1 | 0",
            "node10-example.cpuprofile      | importFromV8Profiler Node 10 1 | 0",
            "chrome69-simple.json.gz        | importFromChromeTimeline Chrome 69 1 | 0",
            "chrome70-worker.json.gz        | importFromChromeTimeline Workers Chrome 70 1;importFromChromeTimeline Workers Chrome 70 2 | 0",
            "chrome141-no-arg-data.json.gz  | importTraceEvents Chrome 141 profile with missing arg data 1;importTraceEvents Chrome 141 profile with missing arg data 2 | 5"})
    void everyFunctionsShareOfTheSampledTimeIsSpeedscopes(String file, String snapshots, long skipped)
            throws IOException {
        byte[] bytes = testResource("v8/speedscope/" + file);
        if (file.endsWith(".cpuprofile")) {
            bytes = withoutEnd(new String(bytes, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        }
        RecordingSink sink = new RecordingSink();
        TestInputs.readInto(file, bytes, sink);
        Map<String, Map<String, Long>> ours = leavesByThread(sink);
        assertEquals(skipped, sink.diagnostics().warningCount(dev.ppw.model.Diagnostics.BAD_EVENT), file);
        String text = file.endsWith(".gz") ? gunzip(bytes) : new String(bytes, StandardCharsets.UTF_8);
        long written = 0;
        Matcher arrays = Pattern.compile("\"samples\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(text);
        while (arrays.find()) {
            written += arrays.group(1).isBlank() ? 0 : arrays.group(1).split(",").length;
        }
        long read = sink.calls().stream().filter(c -> c.startsWith("sample "))
                .mapToLong(c -> Long.parseLong(c.split(" ")[5].substring(1))).sum();
        assertEquals(written - skipped, read, file + ": every sample the file holds, as one call each");
        Map<String, Map<String, Long>> theirs = new TreeMap<>();
        String snap = gunzip(testResource("v8/speedscope/chrome.test.ts.snap.gz"));
        for (String name : snapshots.split(";")) {
            String block = block(snap, name.strip());
            Matcher n = NAME.matcher(block);
            assertTrue(n.find(), name);
            String thread = n.group(1).contains(" - ") ? n.group(1).substring(n.group(1).indexOf(" - ") + 3) : "";
            Map<String, Long> leaves = theirs.computeIfAbsent(thread, t -> new TreeMap<>());
            Matcher f = FRAME.matcher(block);
            while (f.find()) {
                long self = Long.parseLong(f.group(5));
                if (self > 0) {
                    leaves.merge(region(f.group(4), f.group(2), f.group(3), f.group(1)), self, Long::sum);
                }
            }
        }
        if (theirs.keySet().equals(java.util.Set.of("")) && ours.size() == 1) {
            // speedscope names a file's only profile after the file: it is the one thread sampled.
            theirs.put(ours.keySet().iterator().next(), theirs.remove(""));
        }
        assertEquals(theirs.keySet(), ours.keySet(), file + ": the sampled threads");
        for (String thread : theirs.keySet()) {
            Map<String, Double> expected = shares(theirs.get(thread));
            Map<String, Double> actual = shares(ours.get(thread));
            assertEquals(expected.keySet(), actual.keySet(), () -> file + " " + thread + ": only speedscope's "
                    + minus(expected.keySet(), actual.keySet()) + ", only ours " + minus(actual.keySet(), expected.keySet()));
            if (skipped > 0) {
                // A sample of a node its excerpt does not define is skipped with its time (a warning); speedscope
                // gives that time to the sample before it, so shares differ there by design: the functions only.
                continue;
            }
            for (String leaf : expected.keySet()) {
                assertEquals(expected.get(leaf), actual.get(leaf), TOLERANCE, file + " " + thread + ": " + leaf);
            }
        }
    }

    /** The profile without its end: no endTime, and no timestamp after the last sample's. */
    private static String withoutEnd(String json) {
        String cut = json.replaceAll(",\\s*\"endTime\"\\s*:\\s*[0-9.]+", "");
        Matcher samples = Pattern.compile("\"samples\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(cut);
        Matcher stamps = Pattern.compile("\"timestamps\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(cut);
        if (samples.find() && stamps.find()) {
            String[] s = samples.group(1).split(",");
            String[] t = stamps.group(1).split(",");
            if (t.length == s.length + 1) {
                cut = cut.substring(0, stamps.start(1)) + String.join(",", List.of(t).subList(0, s.length))
                        + cut.substring(stamps.end(1));
            }
        }
        return cut;
    }

    /** speedscope's frame as ppw-java names its region: the name (anonymous as such), then its place if any. */
    private static String region(String quotedName, String file, String line, String col) {
        String name = quotedName.substring(1, quotedName.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        String url = file.equals("undefined") ? "" : file.substring(1, file.length() - 1);
        if (name.startsWith("(anonymous")) {
            name = "(anonymous)";
        }
        if (url.isEmpty()) {
            return name;
        }
        if (line.equals("undefined") || Long.parseLong(line) <= 0) {
            return name + " " + url;
        }
        boolean noColumn = col.equals("undefined") || Long.parseLong(col) <= 0;
        return name + " " + url + ":" + line + (noColumn ? "" : ":" + col);
    }

    /** Per thread name, each leaf region's sampled nanoseconds, (idle) and its weight left out. */
    private static Map<String, Map<String, Long>> leavesByThread(RecordingSink sink) {
        Map<String, String> threadNames = new HashMap<>();
        for (String call : sink.calls()) {
            if (call.startsWith("thread_name ")) {
                String[] f = call.split(" ", 4);
                threadNames.put("T(" + f[1] + "," + f[2] + ")", f[3]);
            }
        }
        Map<String, Map<String, Long>> out = new TreeMap<>();
        for (String call : sink.calls()) {
            if (call.startsWith("sample ")) {
                String[] f = call.split(" ", 7);
                List<String> stack = new ArrayList<>(List.of(f[6].split(";")));
                // speedscope leaves frames of V8's "native dummy.js" out: their time is the frame below's, or
                // nobody's, as (idle)'s, when there is none.
                while (!stack.isEmpty() && stack.getLast().contains(" native dummy.js")) {
                    stack.removeLast();
                }
                String leaf = stack.isEmpty() ? "(idle)" : stack.getLast();
                int at = leaf.indexOf(" @");
                leaf = at < 0 ? leaf : leaf.substring(0, at);
                if (!leaf.equals("(idle)")) {
                    String thread = threadNames.getOrDefault(f[1], "");
                    out.computeIfAbsent(thread, t -> new TreeMap<>()).merge(leaf, Long.parseLong(f[3]), Long::sum);
                }
            }
        }
        // A .cpuprofile has no threads; speedscope names its one profile after the file.
        out.values().removeIf(leaves -> leaves.values().stream().allMatch(w -> w == 0));
        return out;
    }

    private static java.util.Set<String> minus(java.util.Set<String> a, java.util.Set<String> b) {
        java.util.Set<String> out = new java.util.TreeSet<>(a);
        out.removeAll(b);
        return out;
    }

    private static Map<String, Double> shares(Map<String, Long> leaves) {
        double total = leaves.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Double> out = new TreeMap<>();
        leaves.forEach((leaf, weight) -> {
            if (weight > 0) {
                out.put(leaf, weight / total);
            }
        });
        return out;
    }

    private static String block(String snap, String name) {
        int start = snap.indexOf("exports[`" + name + "`] = `");
        assertTrue(start >= 0, name);
        return snap.substring(start, snap.indexOf("\n`;", start));
    }

    private static String gunzip(byte[] gz) throws IOException {
        return new String(new GZIPInputStream(new ByteArrayInputStream(gz)).readAllBytes(), StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unused")
    private static List<String> lines(String s) {
        return new ArrayList<>(List.of(s.split("\n")));
    }
}
