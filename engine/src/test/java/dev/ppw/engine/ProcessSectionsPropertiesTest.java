package dev.ppw.engine;

import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.ThreadSelection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * A profile's process sections (the HTML page's "whole process"): on random Chrome traces of three processes (two of
 * them named), two threads each whose names may be shared, nested spans and async spans, each process's section is
 * the profile {@code --pid P} gives (its rows and each part's total), its threads' sections say its pid, and the
 * processes' totals add up to the whole's, part by part.
 */
class ProcessSectionsPropertiesTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final String[] REGIONS = {"main", "work", "io", "(idle)"};
    private static final String[] THREAD_NAMES = {"main", "worker"};

    @TempDir
    static Path dir;

    @Test
    void aProcessSectionIsTheProfileOfItsPidAlone() {
        qt().withExamples(40).forAll(longs().all(), integers().between(1, 40)).checkAssert((seed, n) -> {
            Path trace = write("t-" + seed + "-" + n + ".json", trace(new SplittableRandom(seed), n));
            Analysis flat = Analysis.profile(ENGINE.inputs(List.of(trace.toString()))).withView(ViewSpec.FLAT);
            Report whole = ENGINE.analyze(flat.withSections(true)).report();
            List<Report.Section> processes = whole.sections(Report.Section.Kind.PROCESS);
            List<Report.Section> threads = whole.sections(Report.Section.Kind.THREAD);
            Set<String> pids = threads.stream().map(Report.Section::process).collect(Collectors.toSet());
            assertEquals(pids, processes.stream().map(Report.Section::process).collect(Collectors.toSet()));
            assertTrue(whole.printedSections().stream().allMatch(s -> s.kind() == Report.Section.Kind.THREAD));
            for (Report.Section process : processes) {
                assertEquals(process.process().equals("3") ? "pid 3" : "process " + process.process(),
                        process.label());
                Report alone = ENGINE.analyze(flat.withReading(ReadingOptions.defaults().withSelection(
                        new ThreadSelection(Set.of(process.process()), Set.of(), Optional.empty())))).report();
                assertTrue(rows(alone).size() > 0);
                assertEquals(rows(alone), rows(process.report()), "pid " + process.process() + ", seed " + seed);
                for (Part part : Part.values()) {
                    assertEquals(total(alone.profile(), part), total(process.report().profile(), part));
                }
            }
            for (Part part : Part.values()) {
                long sum = processes.stream().mapToLong(p -> total(p.report().profile(), part)).sum();
                assertEquals(total(whole.profile(), part), sum, part + ", seed " + seed);
            }
        });
    }

    private static long total(Profile profile, Part part) {
        return profile.total(SampleWeights.TIME, part);
    }

    /** The CSV's rows in an order of their own: the same rows compare equal whatever order ties took. */
    private static List<String> rows(Report report) {
        String[] lines = EngineTest.csv(ENGINE, report).split("\n");
        return Arrays.stream(lines).skip(1).sorted().toList();
    }

    private static String trace(SplittableRandom random, int n) {
        StringBuilder sb = new StringBuilder("{\"traceEvents\": [\n");
        sb.append("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"process 1\"}},\n");
        sb.append("{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 2, \"tid\": 1, \"args\": {\"name\": \"process 2\"}},\n");
        for (int pid = 1; pid <= 3; pid++) {
            for (int tid = 1; tid <= 2; tid++) {
                sb.append("{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": ").append(pid).append(", \"tid\": ")
                        .append(tid).append(", \"args\": {\"name\": \"")
                        .append(THREAD_NAMES[random.nextInt(THREAD_NAMES.length)]).append("\"}},\n");
            }
        }
        long[] clock = new long[7];
        for (int i = 0; i < n; i++) {
            int pid = 1 + random.nextInt(3);
            int tid = 1 + random.nextInt(2);
            int track = (pid - 1) * 2 + tid;
            long ts = clock[track] + random.nextInt(5);
            long dur = 1 + random.nextInt(50);
            String name = REGIONS[random.nextInt(REGIONS.length)];
            event(sb, "X", name, pid, tid, ts, dur);
            if (random.nextBoolean()) {
                event(sb, "X", REGIONS[random.nextInt(REGIONS.length)], pid, tid, ts + 1, dur - 1 > 0 ? dur - 1 : 1);
            }
            clock[track] = ts + dur + 1;
            if (random.nextInt(4) == 0) {
                sb.append("{\"ph\": \"b\", \"cat\": \"c\", \"id\": ").append(i).append(", \"name\": \"")
                        .append(name).append("\", \"pid\": ").append(pid).append(", \"tid\": 1, \"ts\": ")
                        .append(ts).append("},\n");
                sb.append("{\"ph\": \"e\", \"cat\": \"c\", \"id\": ").append(i).append(", \"name\": \"")
                        .append(name).append("\", \"pid\": ").append(pid).append(", \"tid\": 1, \"ts\": ")
                        .append(ts + dur * 3).append("},\n");
            }
        }
        // Every thread runs at least once, so that each process has a thread.
        for (int pid = 1; pid <= 3; pid++) {
            event(sb, "X", "main", pid, 1, 100_000, 7);
        }
        sb.setLength(sb.length() - 2);
        return sb.append("\n]}\n").toString();
    }

    private static void event(StringBuilder sb, String ph, String name, int pid, int tid, long ts, long dur) {
        sb.append("{\"ph\": \"").append(ph).append("\", \"name\": \"").append(name).append("\", \"pid\": ")
                .append(pid).append(", \"tid\": ").append(tid).append(", \"ts\": ").append(ts)
                .append(", \"dur\": ").append(dur).append("},\n");
    }

    private static Path write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
