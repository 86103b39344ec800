package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ppw-java diff} on small inline traces: exact outputs, and usage and input errors (exit 2 or 1, one
 * line, nothing on stdout, no file left at {@code -o}).
 */
class DiffCommandTest {
    private static final String A = """
            [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
             {"name":"work","ph":"X","pid":1,"tid":1,"ts":1,"dur":4},
             {"name":"old","ph":"X","pid":1,"tid":1,"ts":6,"dur":2}]
            """;
    private static final String B = """
            [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":12},
             {"name":"work","ph":"X","pid":1,"tid":1,"ts":1,"dur":8},
             {"name":"new","ph":"X","pid":1,"tid":1,"ts":9,"dur":1}]
            """;
    /* An E with no open B: one unmatched_end warning. */
    private static final String WARNS = """
            [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":3},
             {"name":"lost","ph":"E","pid":1,"tid":1,"ts":5}]
            """;

    @TempDir
    Path dir;

    @Test
    void csvHasEachSideDeltaAndRatioLargestChangeFirstTiesInKeyOrder() throws IOException {
        Cli r = Cli.run("diff", write("a.json", A), write("b.json", B), "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        assertEquals("", r.err());
        assertEquals(Cli.csv(
                "id,parent_id,status,path,name,callsite,calls_a,calls_b,calls_delta,calls_ratio,"
                        + "inclusive_ns_a,inclusive_ns_b,inclusive_ns_delta,inclusive_ns_ratio,"
                        + "exclusive_ns_a,exclusive_ns_b,exclusive_ns_delta,exclusive_ns_ratio",
                "2,1,both,main => work,work,,1,1,0,1,4000,8000,4000,2,4000,8000,4000,2",
                "1,,both,main,main,,1,1,0,1,10000,12000,2000,1.2,4000,3000,-1000,0.75",
                "3,1,only A,main => old,old,,1,0,-1,0,2000,0,-2000,0,2000,0,-2000,0",
                "4,1,only B,main => new,new,,0,1,1,,0,1000,1000,,0,1000,1000,"), r.out());
    }

    @Test
    void aDiffOfSamplesOnlyTakesItsTotalsFromTheSamplesPart() throws IOException {
        // Folded stacks are samples only: the main part is the samples part, whose totals are 13 and 17 samples.
        String a = write("a.folded", "main;solve 10\nmain;io 3\n");
        String b = write("b.folded", "main;solve 14\nmain;io 3\n");
        Cli text = Cli.run("diff", a, b);
        assertEquals(0, text.exit(), text.toString());
        List<String> lines = text.out().lines().toList();
        assertEquals("A: " + a + "   total: 13", lines.get(1));
        assertEquals("B: " + b + "   total: 17   delta: +4   ratio: 1.31x", lines.get(2));
        assertTrue(lines.get(5).contains("A samples  B samples  delta samples"), lines.get(5));
        Cli csv = Cli.run("diff", a, b, "--format", "csv");
        assertTrue(csv.out().startsWith("part,id,"), csv.out());
        assertTrue(csv.out().lines().skip(1).allMatch(l -> l.startsWith("samples,")), csv.out());
        Cli json = Cli.run("diff", a, b, "--format", "json");
        assertTrue(json.out().contains("\"totals\": {\"calls\": 13,"), json.out());
        assertTrue(json.out().contains("\"samples_inclusive_count\": 17,"), json.out());
        assertFalse(json.out().contains("\"thread_totals\""), json.out());
        Cli html = Cli.run("diff", a, b, "--format", "html");
        assertTrue(html.out().contains("\"a\":{\"inputs\":[\"" + a + "\"],\"nodes\":1,\"total\":13}"), html.out());
    }

    @Test
    void normalizedSharesAreOfEachSidesTotal() throws IOException {
        Cli r = Cli.run("diff", write("a.json", A), write("b.json", B), "--normalize", "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        // work: 4/10 = 40% of A, 8/12 = 66.666667% of B: +26.666667 points, ratio (8/12)/(4/10) = 1.666667.
        String work = r.out().lines().filter(l -> l.startsWith("2,")).findFirst().orElseThrow();
        assertEquals("2,1,both,main => work,work,,1,1,0,1,40,66.666667,26.666667,1.666667,40,66.666667,26.666667,"
                + "1.666667", work);
    }

    @Test
    void aProfileAgainstItselfHasNoChange() throws IOException {
        String a = write("a.json", A);
        Cli r = Cli.run("diff", a, a, "--view", "flat", "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(Cli.csv(
                "id,parent_id,status,path,name,callsite,calls_a,calls_b,calls_delta,calls_ratio,"
                        + "inclusive_ns_a,inclusive_ns_b,inclusive_ns_delta,inclusive_ns_ratio,"
                        + "exclusive_ns_a,exclusive_ns_b,exclusive_ns_delta,exclusive_ns_ratio",
                "1,,both,main,main,,1,1,0,1,10000,10000,0,1,4000,4000,0,1",
                "2,,both,work,work,,1,1,0,1,4000,4000,0,1,4000,4000,0,1",
                "3,,both,old,old,,1,1,0,1,2000,2000,0,1,2000,2000,0,1"), r.out());
    }

    @Test
    void bOnStandardInput() throws IOException {
        Cli r = Cli.runWithInput(B.getBytes(StandardCharsets.UTF_8), "diff", write("a.json", A), "-", "--format",
                "csv");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(Cli.run("diff", write("a.json", A), write("b.json", B), "--format", "csv").out(), r.out());
    }

    @Test
    void missingBIsAUsageError() throws IOException {
        Cli r = Cli.run("diff", write("a.json", A));
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals("ppw-java: error: B is missing: give B, or compare two phases of A with --phase-by NAME --phases"
                + " P1,P2", r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void aMissingInputIsBadInputNamedAsProfileNamesIt() throws IOException {
        String missing = dir.resolve("nope.json").toString();
        Cli r = Cli.run("diff", write("a.json", A), missing);
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals(Cli.run("profile", missing).err(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void anUnreadableInputIsBadInputWithItsPosition() throws IOException {
        String broken = write("broken.json", "[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":1}, nonsense]");
        Path out = dir.resolve("diff.csv");
        Cli r = Cli.run("diff", broken, write("b.json", B), "-o", out.toString());
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals(Cli.run("profile", broken).err(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(Files.exists(out), "no output after an error");
    }

    @Test
    void aFormatThatCannotShowADiffIsAUsageError() throws IOException {
        Cli r = Cli.run("diff", write("a.json", A), write("b.json", B), "--format", "folded");
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals("ppw-java: error: --format folded cannot show a diff: expected one of csv, html, json, text",
                r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void theCountersViewIsAUsageError() throws IOException {
        Cli r = Cli.run("diff", write("a.json", A), write("b.json", B), "--view", "counters");
        assertEquals(2, r.exit(), r.toString());
        assertEquals("ppw-java: error: --view counters has no rows to compare: expected tree, callpath, flat or tau",
                r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void bothOnStandardInputIsAUsageError() {
        Cli r = Cli.run("diff", "-", "-");
        assertEquals(2, r.exit(), r.toString());
        assertEquals("ppw-java: error: A and B cannot both be standard input ('-')",
                r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void aWarningUnderStrictWritesNothing() throws IOException {
        Cli r = Cli.run("diff", write("a.json", A), write("w.json", WARNS), "--strict", "--format", "csv");
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        Cli lenient = Cli.run("diff", write("a.json", A), write("w.json", WARNS), "--format", "csv");
        assertEquals(0, lenient.exit(), lenient.toString());
        assertEquals(2, lenient.err().lines().count(), "the warnings' two-line summary: " + lenient.err());
    }

    @Test
    void outputFileGetsTheSameBytesAsStdout() throws IOException {
        Path out = dir.resolve("diff.json");
        Cli r = Cli.run("diff", write("a.json", A), write("b.json", B), "-o", out.toString());
        assertEquals(0, r.exit(), r.toString());
        assertEquals(Cli.run("diff", write("a.json", A), write("b.json", B), "--format", "json").out(),
                Files.readString(out, StandardCharsets.UTF_8));
    }

    /** The ids of the CSV rows, in order. */
    private static java.util.List<String> ids(Cli r) {
        return r.out().lines().skip(1).map(l -> l.substring(0, l.indexOf(','))).toList();
    }

    /**
     * profile's row options order and cut a diff's rows (issue 29): by the change of exclusive time or calls, smallest
     * first, by name, to a depth, above a share of either side's total; ties stay in key order.
     */
    @Test
    void profilesRowOptionsChooseAndOrderTheRows() throws IOException {
        String a = write("a.json", A);
        String b = write("b.json", B);
        // Exclusive deltas: work +4000, old -2000, main -1000, new +1000 (main before new: A's rows first).
        assertEquals(java.util.List.of("2", "3", "1", "4"),
                ids(Cli.run("diff", a, b, "--format", "csv", "--sort", "exclusive")));
        assertEquals(java.util.List.of("1", "4", "3", "2"),
                ids(Cli.run("diff", a, b, "--format", "csv", "--sort", "exclusive", "--ascending")));
        assertEquals(java.util.List.of("1", "4", "3", "2"), ids(Cli.run("diff", a, b, "--format", "csv", "--sort", "name")));
        assertEquals(java.util.List.of("2", "3", "4", "1"),
                ids(Cli.run("diff", a, b, "--format", "csv", "--sort", "name", "--descending")));
        assertEquals(java.util.List.of("1"), ids(Cli.run("diff", a, b, "--format", "csv", "--max-depth", "1")));
        // main 100% of both; work 40% of A, 66.7% of B; old 20% of A; new 8.3% of B.
        assertEquals(java.util.List.of("2", "1"),
                ids(Cli.run("diff", a, b, "--format", "csv", "--min-percent", "30", "-q")));
        assertEquals(java.util.List.of("2", "1", "3"),
                ids(Cli.run("diff", a, b, "--format", "csv", "--min-percent", "20")));
        Cli calls = Cli.run("diff", a, b, "--sort", "calls", "--ascending");
        assertEquals(0, calls.exit(), calls.toString());
        assertTrue(calls.out().contains("only B: 1), smallest |delta calls| first\n"), calls.out());
        Cli subcalls = Cli.run("diff", a, b, "--sort", "subcalls");
        assertEquals(2, subcalls.exit(), subcalls.toString());
        assertTrue(subcalls.err().contains("--sort subcalls has no change to sort by in a diff: expected one of"),
                subcalls.err());
    }

    /** The row options of diff are profile's, bound by one mixin: the same names, words and defaults. */
    @Test
    void diffTakesProfilesRowOptionsAsTheyAre() {
        java.io.PrintStream sink = new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8);
        picocli.CommandLine root = Main.commandLine(new Main.Streams(java.io.InputStream.nullInputStream(), sink, sink,
                StandardCharsets.UTF_8));
        picocli.CommandLine.Model.CommandSpec profile = root.getSubcommands().get("profile").getCommandSpec();
        picocli.CommandLine.Model.CommandSpec diff = root.getSubcommands().get("diff").getCommandSpec();
        for (String name : java.util.List.of("--sort", "--ascending", "--descending", "--top", "--max-depth",
                "--min-percent", "--unit", "-q")) {
            assertTrue(diff.findOption(name) != null, name);
            assertEquals(java.util.Arrays.asList(profile.findOption(name).description()),
                    java.util.Arrays.asList(diff.findOption(name).description()), name);
            assertEquals(profile.findOption(name).defaultValue(), diff.findOption(name).defaultValue(), name);
        }
    }

    private String write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file.toString();
    }
}
