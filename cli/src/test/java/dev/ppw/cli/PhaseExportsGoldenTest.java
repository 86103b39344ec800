package dev.ppw.cli;

import dev.ppw.testing.Golden;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The exports of phases (SEMANTICS.md "Phases", exports) of tsc's compiler phases ({@code createProgram} and
 * {@code emit} as markers) and of PerfFlowAspect's four nodes merged phase by phase, compared with golden files
 * under {@code golden/split} named after the invocation, as {@link TimeSplitGoldenTest}'s. pprof's binary file is
 * compared as {@code go tool pprof -raw} would list it, by our own decoding: each sample's stack, values and
 * label; a TAU folder as its files one after the other.
 */
class PhaseExportsGoldenTest {
    private static final Path TRACES = Path.of("src/test/resources/traces");
    private static final String TSC = TRACES.resolve("tsc-5.9.3-projectA.trace.json").toString();
    private static final List<String> PHASES = List.of("--phase-by", "createProgram", "--phase-by", "emit");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> textExports() {
        return Stream.of(
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), with(PHASES, "--format", "folded"),
                        "folded"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC),
                        with(PHASES, "--format", "speedscope"), "json"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC), with(PHASES, "--format", "hatchet"),
                        "json"),
                golden("profile", "tsc-5.9.3-projectA.trace.json", List.of(TSC),
                        with(List.of("--view", "flat"), PHASES, List.of("--format", "folded")), "folded"),
                golden("merge", "nodes4", nodes4(), List.of("--phase-by", "bar", "--format", "speedscope"), "json"),
                golden("merge", "nodes4", nodes4(), List.of("--agg", "max", "--breakdown", "--phase-by", "bar",
                        "--format", "hatchet"), "json"));
    }

    @Test
    void pprofLabelsEachSampleWithItsPhase() throws IOException {
        Path out = dir.resolve("tsc.pb.gz");
        List<String> args = with(PHASES, "--format", "pprof");
        Cli r = run("profile", List.of(TSC), with(args, "-o", out.toString()));
        assertEquals(0, r.exit(), r.toString());
        Golden.check(Golden.ROOT.resolve("split").resolve("profile-tsc-5.9.3-projectA.trace.json"
                + Golden.invocation(args) + ".txt"), PprofDump.of(Files.readAllBytes(out)));
    }

    /** pprof's own tool reads the label: {@code -tags} gives each phase's time, and their total is the whole's. */
    @Test
    void goToolPprofListsEachPhasesTimeFromItsLabel() {
        assumeTrue(PprofTools.hasGo(), "go is not installed (Debian: golang-go): go tool pprof cannot check");
        Path out = dir.resolve("tsc.pb.gz");
        Cli r = run("profile", List.of(TSC), with(PHASES, "--format", "pprof", "-o", out.toString()));
        assertEquals(0, r.exit(), r.toString());
        String tags = PprofTools.run(new byte[0], "go", "tool", "pprof", "-tags", "-unit=ns", out.toString());
        Map<String, String> byPhase = new TreeMap<>();
        Matcher m = Pattern.compile("(?m)^\\s+([0-9]+)\\.0ns \\(.*%\\): (.+)$").matcher(tags);
        while (m.find()) {
            byPhase.put(m.group(2), m.group(1));
        }
        // The phases' totals in the text and CSV goldens; the whole's, 1792305146 ns, is their sum.
        assertEquals(Map.of("createProgram", "292924305", "emit", "30235143", "(outside)", "1469145698"), byPhase,
                tags);
        assertTrue(tags.contains(" phase: Total 1792305146.0ns"), tags);
    }

    @Test
    void tauWritesPhaseTimersAndCallpathsUnderThem() throws IOException {
        Path tsc = dir.resolve("tsc");
        Cli one = run("profile", List.of(TSC), with(PHASES, "--format", "tau", "-o", tsc.toString()));
        assertEquals(0, one.exit(), one.toString());
        Golden.check(Golden.ROOT.resolve("split").resolve("profile-tsc-5.9.3-projectA.trace.json"
                + Golden.invocation(with(PHASES, "--format", "tau")) + ".txt"), folder(tsc));
        Path nodes = dir.resolve("nodes4");
        List<String> args = List.of("--phase-by", "bar", "--format", "tau");
        Cli merged = run("merge", nodes4(), with(args, "-o", nodes.toString()));
        assertEquals(0, merged.exit(), merged.toString());
        Golden.check(Golden.ROOT.resolve("split").resolve("merge-nodes4" + Golden.invocation(args) + ".txt"),
                folder(nodes));
    }

    /** The files of a folder, each after a line naming it, in name order. */
    private static String folder(Path folder) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> s = Files.list(folder)) {
            for (Path file : s.sorted().toList()) {
                sb.append("== ").append(file.getFileName()).append('\n')
                        .append(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return sb.toString();
    }

    @SafeVarargs
    private static List<String> with(List<String> args, List<String>... more) {
        List<String> all = new ArrayList<>(args);
        for (List<String> m : more) {
            all.addAll(m);
        }
        return all;
    }

    private static List<String> with(List<String> args, String... more) {
        return with(args, List.of(more));
    }

    private static List<String> nodes4() {
        try (Stream<Path> s = Files.list(TRACES.resolve("perfflowaspect/nodes4"))) {
            return s.map(Path::toString).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Cli run(String command, List<String> files, List<String> args) {
        List<String> all = new ArrayList<>();
        all.add(command);
        all.addAll(files);
        all.addAll(args);
        all.add("-q");
        return Cli.run(all.toArray(String[]::new));
    }

    private static DynamicTest golden(String command, String inputName, List<String> files, List<String> args,
                                      String extension) {
        String name = command + "-" + inputName + Golden.invocation(args) + "." + extension;
        return DynamicTest.dynamicTest(name, () -> {
            Cli r = run(command, files, args);
            assertEquals(0, r.exit(), r.toString());
            assertEquals("", r.err(), "no warning: the phases are written");
            Golden.check(Golden.ROOT.resolve("split").resolve(name), r.out());
        });
    }
}
