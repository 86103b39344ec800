package dev.ppw.collect.jfr;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The reader against two readings that share no code with it, on recordings of async-profiler 4.5 and the JDK:
 * async-profiler's own converter ({@code jfrconv -o collapsed}, the jar of {@code tools.profiler:jfr-converter}
 * in the local Maven repository) and the JDK's {@code jfr summary}. Per recording and kind of sample: the total
 * (samples, bytes or nanoseconds) exactly, and the share of each of the converter's ten largest leaf frames
 * within 2 points. Skipped, with the reason, where a tool is missing.
 */
class JfrConverterTest {
    private static final Path DIR = Path.of("src/test/resources/jfr");
    private static final Path JFR_TOOL = Path.of(System.getProperty("java.home"), "bin", "jfr");
    private static Path converter;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findConverter() throws IOException {
        Path dir = Path.of(System.getProperty("user.home"), ".m2", "repository", "tools", "profiler", "jfr-converter");
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> versions = Files.list(dir)) {
            converter = versions.map(v -> v.resolve("jfr-converter-" + v.getFileName() + ".jar")).filter(Files::isRegularFile)
                    .max(Comparator.comparing(p -> p.getFileName().toString())).orElse(null);
        }
    }

    /**
     * {@code metric} is ours, {@code unit} what one unit of the converter's count is in ours ({@code 1} for
     * bytes and nanoseconds with {@code --total}, the period for samples; 0: each of our samples is one, for the
     * JDK's CPU-time samples, whose {@code samplingPeriod} varies), {@code leafIsClass} when the
     * converter puts the allocated or locked class as the leaf frame, {@code summary} the JDK's event type whose
     * {@code jfr summary} count our sample count must equal ({@code -} for none).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "async-profiler-4.5-cpu.jfr, --cpu, time, 10000000, false, jdk.ExecutionSample",
            "async-profiler-4.5-wall.jfr, --wall, wall, 20000000, false, -",
            "async-profiler-4.5-wall-jdk17.jfr, --wall, wall, 10000000, false, -",
            "async-profiler-4.5-alloc.jfr, --alloc --total, tlab_allocation, 1, true, jdk.ObjectAllocationInNewTLAB",
            "async-profiler-4.5-lock.jfr, --lock --total, blocked, 1, true, -",
            "async-profiler-4.5-lock-jdk17.jfr, --lock --total, blocked, 1, true, -",
            "async-profiler-4.5-nativemem.jfr, --nativemem --total, native_allocation, 1, false, profiler.Malloc",
            "async-profiler-4.5-multi.jfr, --cpu, time, 10000000, false, jdk.ExecutionSample",
            "async-profiler-4.5-multi.jfr, --wall, wall, 50000000, false, -",
            "async-profiler-4.5-multi.jfr, --alloc --total, tlab_allocation, 1, true, jdk.ObjectAllocationInNewTLAB",
            "async-profiler-4.5-multi.jfr, --lock --total, blocked, 1, true, -",
            "jdk25-cputime.jfr, --cpu-time, cpu_time, 0, false, jdk.CPUTimeSample",
            "jdk25-cputime.jfr, --state runnable, time, 20000000, false, jdk.ExecutionSample",
            "jdk25-cputime.jfr, --alloc --total, allocation, 1, true, -",
    })
    void theTotalsAndTopLeavesAreTheConverters(String name, String options, String metric, long unit,
                                               boolean leafIsClass, String summaryType) throws Exception {
        assumeTrue(converter != null, "no tools.profiler:jfr-converter jar in the local Maven repository (fetch it with"
                + " mvn dependency:get -Dartifact=tools.profiler:jfr-converter:4.5)");
        Path file = DIR.resolve(name);
        SampleSink sink = JfrReaderTest.read(file);
        Map<String, Long> ours = new HashMap<>();
        long ourSamples = 0;
        for (SampleSink.Sample s : sink.samples) {
            if (s.metric().equals(metric)) {
                assertTrue(unit == 0 || s.amount() % unit == 0, "an amount of whole units: " + s);
                ours.merge(leaf(s.stack()), unit == 0 ? 1 : s.amount() / unit, Long::sum);
                ourSamples++;
            }
        }
        Map<String, Long> theirs = collapsedLeaves(file, options, leafIsClass);
        long ourTotal = ours.values().stream().mapToLong(Long::longValue).sum();
        long theirTotal = theirs.values().stream().mapToLong(Long::longValue).sum();
        assertTrue(theirTotal > 0, "the converter reads samples of " + options);
        assertEquals(theirTotal, ourTotal, metric + " in all, in units of " + unit);
        List<Map.Entry<String, Long>> top = new ArrayList<>(theirs.entrySet());
        top.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        for (Map.Entry<String, Long> e : top.subList(0, Math.min(10, top.size()))) {
            double theirShare = 100.0 * e.getValue() / theirTotal;
            double ourShare = 100.0 * ours.getOrDefault(e.getKey(), 0L) / ourTotal;
            assertEquals(theirShare, ourShare, 2.0, "share of leaf " + e.getKey());
        }
        if (!summaryType.equals("-")) {
            assumeTrue(Files.isExecutable(JFR_TOOL), "no jfr tool in " + JFR_TOOL.getParent());
            long missing = summaryCount(file, summaryType) - ourSamples;
            assertTrue(missing >= 0 && missing <= emptyStacks(sink), "samples: jfr summary's count of " + summaryType
                    + " less ours (" + ourSamples + ") is " + missing + ", which the notes of samples without a stack"
                    + " must account for");
        }
    }

    /** The converter's collapsed stacks of {@code file}, weights summed by leaf frame (suffixes like _[j] cut). */
    private Map<String, Long> collapsedLeaves(Path file, String options, boolean leafIsClass) throws Exception {
        Path out = tmp.resolve("out.collapsed");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", converter.toString(), "--dot", "-o", "collapsed"));
        command.addAll(List.of(options.split(" ")));
        command.addAll(List.of(file.toString(), out.toString()));
        run(command.toArray(new String[0]));
        Map<String, Long> leaves = new HashMap<>();
        for (String line : Files.readAllLines(out)) {
            int space = line.lastIndexOf(' ');
            String[] frames = line.substring(0, space).split(";");
            int leaf = frames.length - (leafIsClass ? 2 : 1);
            if (leaf < 0) {
                continue;
            }
            leaves.merge(frames[leaf].replaceAll("_\\[[^\\]]*\\]$", ""), Long.parseLong(line.substring(space + 1)),
                    Long::sum);
        }
        return leaves;
    }

    private static String leaf(String stack) {
        String last = stack.substring(stack.lastIndexOf(';') + 1);
        int at = last.indexOf('@');
        return at < 0 ? last : last.substring(0, at);
    }

    /** Samples whose stack is empty: jfr summary counts them, the reader notes them. */
    private static long emptyStacks(SampleSink sink) {
        var e = sink.diagnostics().notes().get(dev.ppw.model.Diagnostics.EMPTY_STACK);
        return e == null ? 0 : e.count();
    }

    static long summaryCount(Path file, String type) throws Exception {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(type) + "\\s+(\\d+)\\s+\\d+\\s*$")
                .matcher(run(JFR_TOOL.toString(), "summary", file.toString()));
        assertTrue(m.find(), "jfr summary lists " + type);
        return Long.parseLong(m.group(1));
    }

    static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out;
        try (InputStream in = p.getInputStream()) {
            out = in.readAllBytes();
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the tool ends: " + String.join(" ", command));
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }
}
