package dev.ppw.cli;

import dev.ppw.testing.Golden;
import dev.ppw.testing.browser.Chromium;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * V8 CPU profiles through the command line: Node.js's {@code --cpu-prof} file and the Chromium trace cut with
 * one thread's {@code Profile}/{@code ProfileChunk} samples (both kept once, in the collectors' test resources,
 * whose tests check their counts and totals against walks of their text and V8's hitCounts) as golden trees.
 * With {@code -Dppw.updateGolden=true} the goldens are rewritten; never by hand.
 */
class V8InputTest {
    private static final Path V8 = Path.of("../collectors/src/test/resources/v8");
    private static final Path GOLDEN = Golden.ROOT.resolve("v8");
    private static final String NODE = "node-workload-A.cpuprofile";
    private static final String CHROME = "chrome-A-small.pid9886.json";

    @TestFactory
    Stream<DynamicTest> sharedFilesAsGoldenTrees() {
        return Stream.of(
                golden(NODE, List.of("--view", "tree", "--format", "csv"), "csv"),
                golden(NODE, List.of("--view", "flat", "--format", "csv"), "csv"),
                golden(NODE, List.of("--view", "tree", "--max-depth", "4"), "txt"),
                golden(CHROME, List.of("--view", "tree", "--format", "csv"), "csv"),
                golden(CHROME, List.of("--view", "tree", "--threads", "split", "--max-depth", "3"), "txt"));
    }

    /** 545 samples, 717.774 ms from the first sample to endTime: the roots add up to both. */
    @Test
    void theNodeProfilesRootsHoldEverySampleAndItsWholeTime() {
        String csv = run(NODE, "--view", "tree", "--format", "csv").out();
        assertEquals(545, rootSum(csv, "calls"));
        assertEquals(717_774_000L, rootSum(csv, "inclusive_ns"));
        assertTrue(csv.lines().anyMatch(l -> l.startsWith("samples,(idle),")), "(idle) is kept");
        assertTrue(csv.lines().anyMatch(l -> l.startsWith("samples,(garbage collector),")),
                "(garbage collector) is kept");
    }

    /** A folder of --cpu-prof files (node --cpu-prof-dir) is read like a folder of traces. */
    @Test
    void aFolderOfProfilesIsEveryProfileInIt() throws IOException {
        Path dir = Files.createTempDirectory("v8");
        try {
            Files.copy(V8.resolve(NODE), dir.resolve("CPU.1.cpuprofile"));
            Files.copy(V8.resolve(NODE), dir.resolve("CPU.2.cpuprofile"));
            Cli r = Cli.run("profile", dir.toString(), "--view", "tree", "--format", "csv");
            assertEquals(0, r.exit(), r.toString());
            assertEquals(2 * 545, rootSum(r.out(), "calls"));
        } finally {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    private static long rootSum(String treeCsv, String column) {
        List<String> header = Arrays.asList(treeCsv.lines().findFirst().orElseThrow().split(","));
        int depth = header.indexOf("depth");
        int at = header.indexOf(column);
        return treeCsv.lines().skip(1).map(l -> l.split(",", -1))
                .filter(f -> f[depth].equals("0")).mapToLong(f -> Long.parseLong(f[at])).sum();
    }

    private static Cli run(String name, String... args) {
        List<String> all = new ArrayList<>(List.of("profile", V8.resolve(name).toString()));
        all.addAll(List.of(args));
        Cli r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r.toString());
        return r;
    }

    private static DynamicTest golden(String name, List<String> args, String extension) {
        String file = name + Golden.invocation(args) + "." + extension;
        return DynamicTest.dynamicTest(file, () -> Golden.check(GOLDEN.resolve(file),
                run(name, args.toArray(String[]::new)).out()));
    }
}
