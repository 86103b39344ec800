package dev.ppw.cli;

import dev.ppw.testing.Golden;
import dev.ppw.testing.browser.Chromium;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Real traces (copied from the shared collection) through every view, compared with golden files named
 * after the invocation, e.g. {@code verbose.pfw--view-flat--format-csv.csv}. With
 * {@code -Dppw.updateGolden=true} the files are rewritten instead; never edit them by hand.
 */
class GoldenTest {
    private static final Path TRACES = Path.of("src/test/resources/traces");

    private record Case(String name, List<String> files) {
    }

    private static final List<Case> CASES = List.of(
            pfa("verbose"), pfa("compact"), pfa("cpumem_verbose"), pfa("cpumem_compact"), pfa("future"),
            pfa("multiproc"), pfa("object"), new Case("nodes4", files(TRACES.resolve("perfflowaspect/nodes4"))),
            new Case("tsc-5.9.3-projectA.trace.json", List.of(TRACES.resolve("tsc-5.9.3-projectA.trace.json").toString())),
            new Case("node-trace-A-cut.json", List.of(TRACES.resolve("nodejs/node-trace-A-cut.json").toString())));

    /**
     * Chromium's Perfetto protobuf trace, its first 60000 packets: kept once, in the collectors' test resources,
     * whose tests count its events by a plain protobuf walk.
     */
    private static final Case CHROMIUM = new Case("chrome-A-all.packets60k.pftrace.gz",
            List.of("../collectors/src/test/resources/traces/chrome-A-all.packets60k.pftrace.gz"));

    /** The cases with async b/e events: their spans form the async part, or, with --async inside, the former tree. */
    private static final List<Case> WITH_ASYNC = List.of(CASES.get(4), CASES.get(9));

    private static final List<List<String>> EVERY_VIEW = List.of(
            List.of("--view", "tree", "--format", "csv"),
            List.of("--view", "callpath", "--format", "csv"),
            List.of("--view", "flat", "--format", "csv"),
            List.of("--view", "tau", "--depth", "2", "--format", "csv"));

    @TestFactory
    Stream<DynamicTest> everyViewAsCsv() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Case c : CASES) {
            for (List<String> args : EVERY_VIEW) {
                tests.add(golden(c, args, "csv"));
            }
        }
        return tests.stream();
    }

    /**
     * {@code --async inside} is ppw-java before async parts: future.pfw's files under that name are its
     * former goldens, unchanged.
     */
    @TestFactory
    Stream<DynamicTest> asyncInsideAsCsv() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Case c : WITH_ASYNC) {
            for (List<String> args : EVERY_VIEW) {
                List<String> inside = new ArrayList<>(List.of("--async", "inside"));
                inside.addAll(args);
                tests.add(golden(c, inside, "csv"));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> someAsTextAndJson() {
        Case verbose = CASES.get(0);
        Case nodes4 = CASES.get(7);
        Case tsc = CASES.get(8);
        return Stream.of(
                golden(verbose, List.of("--view", "tree"), "txt"),
                golden(verbose, List.of("--view", "tree", "--format", "json"), "json"),
                golden(nodes4, List.of("--view", "flat", "--unit", "us"), "txt"),
                golden(tsc, List.of("--view", "tree", "--max-depth", "3"), "txt"),
                golden(tsc, List.of("--view", "flat", "--sort", "exclusive", "--min-percent", "1"), "txt"),
                // Region counters (cpu_usage/memory_usage) in text and JSON, both PerfFlowAspect modes.
                golden(CASES.get(2), List.of("--view", "tree"), "txt"),
                golden(CASES.get(2), List.of("--view", "tree", "--format", "json"), "json"),
                golden(CASES.get(3), List.of("--view", "flat"), "txt"),
                golden(CASES.get(3), List.of("--view", "callpath", "--format", "json"), "json"),
                // Thread time and async spans apart: a section of their own in text, a part column in JSON.
                golden(CASES.get(9), List.of("--view", "tree"), "txt"),
                golden(CASES.get(9), List.of("--view", "flat"), "txt"),
                golden(CASES.get(9), List.of("--view", "tree", "--format", "json"), "json"),
                // Perfetto protobuf: thread slices, async tracks (Chromium's process-scoped tracks), counter tracks.
                golden(CHROMIUM, List.of("--view", "tree", "--format", "csv"), "csv"),
                golden(CHROMIUM, List.of("--view", "tree", "--max-depth", "2"), "txt"),
                golden(CHROMIUM, List.of("--view", "counters", "--format", "csv"), "csv"));
    }

    /** The exports for speedscope and Hatchet, and the text tree coloured by heat. */
    @TestFactory
    Stream<DynamicTest> exportsAndColour() {
        Case verbose = CASES.get(0);
        Case future = CASES.get(4);
        Case nodes4 = CASES.get(7);
        Case tsc = CASES.get(8);
        return Stream.of(
                golden(verbose, List.of("--format", "speedscope"), "json"),
                golden(future, List.of("--format", "speedscope"), "json"),
                golden(nodes4, List.of("--format", "speedscope", "--unit", "us"), "json"),
                golden(verbose, List.of("--format", "hatchet"), "json"),
                golden(future, List.of("--format", "hatchet"), "json"),
                golden(verbose, List.of("--view", "tree", "--color", "always"), "txt"),
                golden(tsc, List.of("--view", "tree", "--max-depth", "3", "--color", "always"), "txt"));
    }

    /**
     * JFR recordings of the JDK 17 and 25 and of async-profiler, kept once, in the collectors' test resources, whose
     * tests check them sample for sample against the JDK's jfr tool.
     */
    private static final List<Case> JFR = Stream.of("jfr-A-jdk17-profile.jfr", "jfr-A-jdk25-default.jfr",
            "async-profiler-4.1-cpu-alloc.jfr").map(n -> new Case(n,
                    List.of("../collectors/src/test/resources/traces/jfr/" + n))).toList();

    /**
     * Recordings of each kind of sample async-profiler 4.5 and the JDK 25 write (wall clock, locks, native memory,
     * all at once, CPU time), made for the reader's comparison with async-profiler's converter.
     */
    private static final List<Case> JFR_KINDS = Stream.of("async-profiler-4.5-multi.jfr", "async-profiler-4.5-wall.jfr",
            "async-profiler-4.5-lock.jfr", "async-profiler-4.5-nativemem.jfr", "jdk25-cputime.jfr").map(n -> new Case(n,
                    List.of("../collectors/src/test/resources/jfr/" + n))).toList();

    @TestFactory
    Stream<DynamicTest> jfrRecordings() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Case c : JFR) {
            for (List<String> args : EVERY_VIEW) {
                tests.add(golden(c, args, "csv"));
            }
        }
        tests.add(golden(JFR.get(1), List.of("--view", "tree", "--max-depth", "4"), "txt"));
        tests.add(golden(JFR.get(2), List.of("--view", "flat", "--sort", "exclusive"), "txt"));
        tests.add(golden(JFR.get(0), List.of("--view", "tree", "--threads", "split", "--max-depth", "3"), "txt"));
        for (Case c : JFR_KINDS) {
            tests.add(golden(c, List.of("--view", "flat"), "csv"));
        }
        tests.add(golden(JFR_KINDS.get(0), List.of("--view", "flat", "--top", "12"), "txt"));
        tests.add(golden(JFR_KINDS.get(1), List.of("--view", "tree", "--max-depth", "3"), "txt"));
        return tests.stream();
    }

    /** Percentiles of the per-call inclusive time (issue 14): text, CSV and JSON (with the saved sketches), views. */
    @TestFactory
    Stream<DynamicTest> withPercentiles() {
        Case verbose = CASES.get(0);
        Case tsc = CASES.get(8);
        List<String> asked = List.of("--percentiles", "50,90,99");
        return Stream.of(
                golden(verbose, with(List.of("--view", "tree"), asked), "txt"),
                golden(verbose, with(List.of("--view", "tree", "--format", "csv"), asked), "csv"),
                golden(verbose, with(List.of("--view", "tree", "--format", "json"), asked), "json"),
                golden(tsc, with(List.of("--view", "flat", "--format", "csv"), asked), "csv"),
                golden(CASES.get(9), with(List.of("--view", "tau", "--depth", "2", "--format", "csv"), asked), "csv"));
    }

    private static List<String> with(List<String> args, List<String> more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(more);
        return all;
    }

    private static DynamicTest golden(Case c, List<String> args, String extension) {
        String name = c.name() + Golden.invocation(args) + "." + extension;
        return DynamicTest.dynamicTest(name, () -> {
            List<String> all = new ArrayList<>();
            all.add("profile");
            all.addAll(c.files());
            all.addAll(args);
            Cli r = Cli.run(all.toArray(String[]::new));
            assertEquals(0, r.exit(), r.toString());
            Golden.check(Golden.ROOT.resolve(name), r.out());
        });
    }

    private static Case pfa(String variant) {
        return new Case(variant + ".pfw", files(TRACES.resolve("perfflowaspect").resolve(variant)));
    }

    private static List<String> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(Path::toString).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
