package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.ppw.cli.Cli.csv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Folded stacks through the command line: small texts whose rows are worked out by hand (SEMANTICS.md
 * section 2, sampled inputs: calls are samples, the weight {@code samples} in the columns of its own), real
 * folded files and one written by {@code --format folded} read back to the same stacks, and a merge.
 */
class FoldedInputTest {
    private static final Path FOLDED = Path.of("src/test/resources/traces/folded");
    private static final Path SMOKETEST = Path.of("src/test/resources/traces/perfflowaspect/verbose/perfflow.array.vm.7505.pfw");
    // Folded stacks are samples: every row is in the samples part, which CSV names.
    // Rows of samples count samples and have no call or per-call column (SEMANTICS.md section 2).
    private static final String TREE = "part,path,id,parent_id,depth,name,callsite,samples,inclusive_ns,exclusive_ns,"
            + "agg,missing,nodes,samples_inclusive_count,samples_exclusive_count";
    private static final String FLAT = "part,path,samples,inclusive_ns,exclusive_ns,"
            + "agg,missing,nodes,samples_inclusive_count,samples_exclusive_count";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static Cli ok(String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exit(), r.toString());
        return r;
    }

    /*
     * sha256 is sampled on two lines (1843 + 7 = 1850), compute on its own 10 times, read_[k] 5 times:
     * main holds 1865 samples, none its own; each node's calls are its inclusive samples.
     */
    @Test
    void aFoldedTextGivesOneCallPerSampleAndTheSamplesColumns() throws IOException {
        Path f = write("a.txt", "main;compute;sha256 1843\nmain;compute 10\nmain;io;read_[k] 5\nmain;compute;sha256 7\n");
        Cli r = ok("profile", f.toString(), "--format", "csv");
        assertEquals(csv(TREE,
                "samples,main,1,,0,main,,1865,0,0,sum,zero,1,1865,0",
                "samples,main => compute,2,1,1,compute,,1860,0,0,sum,zero,1,1860,10",
                "samples,main => compute => sha256,3,2,2,sha256,,1850,0,0,sum,zero,1,1850,1850",
                "samples,main => io,4,1,1,io,,5,0,0,sum,zero,1,5,0",
                "samples,main => io => read_[k],5,4,2,read_[k],,5,0,0,sum,zero,1,5,5"), r.out());
        assertEquals("", r.err());
    }

    /*
     * f calls g, which calls f again: f;g;f 3 and f 2. Flat counts f's inclusive samples once (5), its own
     * ones on both paths (2 + 3), and its samples once too (5: a sample through f twice is one sample of f).
     */
    @Test
    void recursionIsCountedOnceInTheFlatView() throws IOException {
        Path f = write("r.folded", "f;g;f 3\nf 2\n");
        assertEquals(csv(TREE,
                "samples,f,1,,0,f,,5,0,0,sum,zero,1,5,2",
                "samples,f => g,2,1,1,g,,3,0,0,sum,zero,1,3,0",
                "samples,f => g => f,3,2,2,f,,3,0,0,sum,zero,1,3,3"),
                ok("profile", f.toString(), "--format", "csv").out());
        assertEquals(csv(FLAT,
                "samples,f,5,0,0,sum,zero,1,5,5",
                "samples,g,3,0,0,sum,zero,1,3,0"),
                ok("profile", f.toString(), "--format", "csv", "--view", "flat", "--sort", "name").out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"java-perf.folded", "node-perf.collapsed", "py-spy.stacks"})
    void aRealFoldedFileIsWrittenBackAsTheSameStacks(String name) throws IOException {
        Path file = FOLDED.resolve(name);
        Cli profile = ok("profile", file.toString(), "--format", "folded");
        assertEquals("", profile.err(), "read without a warning");
        Map<String, Long> stacks = stacks(Files.readString(file, StandardCharsets.UTF_8));
        assertEquals(stacks, stacks(profile.out()));
        long total = stacks.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(total, rootSamples(ok("profile", file.toString(), "--format", "csv").out()));
    }

    @Test
    void aProfileWrittenAsFoldedReadsBackToItsTimes() throws IOException {
        Path folded = dir.resolve("smoketest.folded");
        ok("profile", SMOKETEST.toString(), "--format", "folded", "-o", folded.toString());
        String written = Files.readString(folded, StandardCharsets.UTF_8);
        assertEquals(stacks(written), stacks(ok("profile", folded.toString(), "--format", "folded").out()));

        // Its first line says the values are nanoseconds of time: read back, they are the trace's times, row by
        // row (rows of no time aside), and count no calls (the format keeps none), never 190190190 "calls".
        assertTrue(written.startsWith("# ppw-java folded stacks: each value is nanoseconds of time\n"), written);
        List<String> traced = ok("profile", SMOKETEST.toString(), "--format", "csv").out().lines().skip(1)
                .map(l -> l.split(",", -1)).filter(c -> !c[8].equals("0")).map(c -> c[0] + " " + c[8] + " " + c[9])
                .toList();
        List<String[]> read = ok("profile", folded.toString(), "--format", "csv").out().lines().skip(1)
                .map(l -> l.split(",", -1)).toList();
        assertEquals(traced, read.stream().map(c -> c[1] + " " + c[8] + " " + c[9]).toList());
        assertEquals(List.of("samples 0"), read.stream().map(c -> c[0] + " " + c[7]).distinct().toList(),
                "the samples part, no samples");
        assertTrue(traced.size() >= 3, traced::toString);
    }

    /*
     * max takes each node's larger samples (main 6 vs 9, a 5 vs 2, b 1 vs 4, c missing, so 0, vs 3); calls
     * are always summed (main 6 + 9).
     */
    @Test
    void twoFoldedFilesMergeByTheOperator() throws IOException {
        Path a = write("a.folded", "main;a 5\nmain;b 1\n");
        Path b = write("b.folded", "main;a 2\nmain;b 4\nmain;c 3\n");
        assertEquals(csv(TREE,
                "samples,main,1,,0,main,,15,0,0,max,zero,2,9,0",
                "samples,main => a,2,1,1,a,,7,0,0,max,zero,2,5,5",
                "samples,main => b,3,1,1,b,,5,0,0,max,zero,2,4,4",
                "samples,main => c,4,1,1,c,,3,0,0,max,zero,2,3,3"),
                ok("merge", a.toString(), b.toString(), "--agg", "max", "--format", "csv").out());
    }

    @Test
    void aForcedFoldedReadOfAChromeTraceSaysWhatIsWrongWithEachLine() throws IOException {
        Path trace = write("t.json", "[{\"ph\":\"X\",\"name\":\"main\",\"ts\":0,\"dur\":3,\"pid\":1,\"tid\":1}]\n");
        Cli r = Cli.run("profile", trace.toString(), "--input-format", "folded", "--format", "csv", "--strict");
        assertEquals(Main.BAD_DATA, r.exit(), r.toString());
        // the line skipped, nothing is left to profile: said too (SEMANTICS.md section 5)
        assertEquals("ppw-java: error: 2 warnings: 1 malformed event or line (skipped) [bad_event], 1 input with nothing"
                + " to profile (no call, sample or counter value) [no_events] under --strict, so no output was"
                + " written; first: "
                + trace + ":1:1: no sample count at the end of the line: \"[{\\\"ph\\\":\\\"X\\\",\\\"name\\\":"
                + "\\\"main\\\",\\\"ts\\\":0,\\\"dur\\\":3,\\\"pid\\\":1,\\\"tid\\\":1}]\"\n", r.err());
    }

    /** Stack to samples, as a naive reading of folded text sees it: the same stack on several lines adds up. */
    private static Map<String, Long> stacks(String text) {
        Map<String, Long> stacks = new TreeMap<>();
        for (String line : text.split("\r?\n")) {
            if (line.isBlank() || line.startsWith("# ppw-java folded stacks: ")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            stacks.merge(line.substring(0, space), Long.parseLong(line.substring(space + 1).strip()), Long::sum);
        }
        return stacks;
    }

    /** The sum of the root rows' inclusive samples in a tree CSV. */
    private static long rootSamples(String csv) {
        return csv.lines().skip(1).map(l -> l.split(",", -1)).filter(c -> c[4].equals("0"))
                .mapToLong(c -> Long.parseLong(c[13])).sum();
    }
}
