package dev.ppw.cli;

import dev.ppw.testing.Golden;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code ppw-java diff} of real PerfFlowAspect traces (the shared collection's, in the test resources) in
 * text, CSV and JSON, compared with golden files named after the invocation, e.g.
 * {@code diff-verbose-multiproc--view-flat--format-csv.csv}. With {@code -Dppw.updateGolden=true} the files
 * are rewritten instead; never edit them by hand.
 */
class DiffGoldenTest {
    private static final Path PFA = Path.of("src/test/resources/traces/perfflowaspect");

    /** A side: a short name for the golden file and the argument given. */
    private record Side(String name, String argument) {
    }

    private static final Side VERBOSE = new Side("verbose", PFA.resolve("verbose").toString());
    private static final Side COMPACT = new Side("compact", PFA.resolve("compact").toString());
    private static final Side MULTIPROC = new Side("multiproc", PFA.resolve("multiproc").toString());
    private static final Side FUTURE = new Side("future", PFA.resolve("future").toString());
    private static final Side CPUMEM_VERBOSE = new Side("cpumem_verbose", PFA.resolve("cpumem_verbose").toString());
    private static final Side CPUMEM_COMPACT = new Side("cpumem_compact", PFA.resolve("cpumem_compact").toString());
    private static final Side NODE0 = new Side("node0", PFA.resolve("nodes4/perfflow.array.node0.{fJobA}.vm.7541.pfw")
            .toString());
    private static final Side NODES4 = new Side("nodes4", PFA.resolve("nodes4").toString());

    @TestFactory
    Stream<DynamicTest> diffs() {
        return Stream.of(
                // The same program, two runs: every row in both.
                golden(VERBOSE, COMPACT, List.of(), "txt"),
                golden(VERBOSE, COMPACT, List.of("--format", "csv"), "csv"),
                // Another program: rows only in A and only in B.
                golden(VERBOSE, MULTIPROC, List.of(), "txt"),
                golden(VERBOSE, MULTIPROC, List.of("--view", "flat", "--format", "csv"), "csv"),
                golden(VERBOSE, MULTIPROC, List.of("--view", "callpath", "--format", "json"), "json"),
                golden(VERBOSE, MULTIPROC, List.of("--view", "flat", "--normalize"), "txt"),
                golden(VERBOSE, MULTIPROC, List.of("--view", "flat", "--normalize", "--format", "csv"), "csv"),
                // One node against the sum of four (a folder is one profile, their sum).
                golden(NODE0, NODES4, List.of("--view", "tau", "--depth", "2", "--unit", "us"), "txt"),
                // The same, each side merged with max: node0 against the largest of four.
                golden(NODE0, NODES4, List.of("--agg", "max", "--view", "flat", "--format", "csv"), "csv"),
                // Region counters: cpu_usage_samples is compared too.
                golden(CPUMEM_VERBOSE, CPUMEM_COMPACT, List.of("--view", "flat", "--format", "json"), "json"),
                // An async part: rows of each part apart, a part column.
                golden(FUTURE, VERBOSE, List.of("--format", "csv"), "csv"),
                golden(FUTURE, VERBOSE, List.of("--top", "3"), "txt"),
                // Colour: deltas and ratios red where B is larger, green where smaller, then the legend.
                golden(VERBOSE, MULTIPROC, List.of("--view", "flat", "--color", "always"), "txt"),
                golden(VERBOSE, MULTIPROC, List.of("--view", "flat", "--normalize", "--color", "always"), "txt"));
    }

    private static DynamicTest golden(Side a, Side b, List<String> args, String extension) {
        String name = "diff-" + a.name() + "-" + b.name() + Golden.invocation(args) + "." + extension;
        return DynamicTest.dynamicTest(name, () -> {
            List<String> all = new ArrayList<>(List.of("diff", a.argument(), b.argument()));
            all.addAll(args);
            Cli r = Cli.run(all.toArray(String[]::new));
            assertEquals(0, r.exit(), r.toString());
            Golden.check(Golden.ROOT.resolve(name), r.out());
        });
    }

}
