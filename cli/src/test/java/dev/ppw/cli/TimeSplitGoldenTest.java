package dev.ppw.cli;

import dev.ppw.testing.Golden;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Time bins and phases (SEMANTICS.md "Time bins", "Phases") of real traces in text, CSV and JSON, compared with
 * golden files named after the invocation, as {@link GoldenTest}'s: tsc's compiler phases (its regions
 * {@code createProgram} and {@code emit} as markers, an explicit window) and PerfFlowAspect's four nodes merged
 * over one time axis.
 */
class TimeSplitGoldenTest {
    private static final Path TRACES = Path.of("src/test/resources/traces");
    private static final String TSC = TRACES.resolve("tsc-5.9.3-projectA.trace.json").toString();

    @TestFactory
    Stream<DynamicTest> timeBins() {
        List<String> bins = List.of("--view", "flat", "--top", "4", "--time-bins", "6");
        return Stream.of(
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), bins, "txt"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), with(bins, "--format", "csv"), "csv"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), with(bins, "--format", "json"),
                        "json"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC),
                        List.of("--view", "tree", "--max-depth", "2", "--bin-width", "100ms", "--format", "csv"),
                        "csv"),
                golden("merge", "nodes4", nodes4(), List.of("--agg", "max", "--view", "flat", "--time-bins", "5"),
                        "txt"),
                golden("merge", "nodes4", nodes4(),
                        List.of("--agg", "sum", "--view", "tree", "--time-bins", "3", "--format", "csv"), "csv"),
                // perf stat -I: counter series only, summarised per bin.
                golden("profile", "perf-stat-I100-x.csv", List.of("src/test/resources/perf-stat/perf-stat-I100-x.csv"),
                        List.of("--view", "flat", "--time-bins", "3", "--format", "csv"), "csv"));
    }

    @TestFactory
    Stream<DynamicTest> phases() {
        List<String> phases = List.of("--view", "flat", "--top", "3", "--phase-by", "createProgram", "--phase-by",
                "emit", "--window", "1.2s:1.3s");
        return Stream.of(
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), phases, "txt"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), with(phases, "--format", "csv"),
                        "csv"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), with(phases, "--format", "json"),
                        "json"),
                golden("merge", "nodes4", nodes4(),
                        List.of("--agg", "avg", "--view", "flat", "--phase-by", "bar", "--breakdown"), "txt"));
    }

    private static List<String> with(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all;
    }

    private static List<String> nodes4() {
        try (Stream<Path> s = Files.list(TRACES.resolve("perfflowaspect/nodes4"))) {
            return s.map(Path::toString).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static DynamicTest golden(String command, String inputName, List<String> files, List<String> args,
                                      String extension) {
        String name = command + "-" + inputName + Golden.invocation(args) + "." + extension;
        return DynamicTest.dynamicTest(name, () -> {
            List<String> all = new ArrayList<>();
            all.add(command);
            all.addAll(files);
            all.addAll(args);
            all.add("-q");
            Cli r = Cli.run(all.toArray(String[]::new));
            assertEquals(0, r.exit(), r.toString());
            Golden.check(Golden.ROOT.resolve("split").resolve(name), r.out());
        });
    }
}
