package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The time options on the command line (SEMANTICS.md "Time bins", "Phases"): values that make no sense are one
 * usage line (exit 2), inputs that cannot be split one error line (exit 1), standard input is split as its file
 * is (through a temporary copy, deleted after), and diff compares two phases.
 */
class TimeSplitCliTest {
    private static final String TSC = "src/test/resources/traces/tsc-5.9.3-projectA.trace.json";

    @TempDir
    Path dir;

    @Test
    void badValuesAreOneUsageLine() {
        assertUsage("--time-bins must be from 1 to 100000, got 0", "--time-bins", "0");
        assertUsage("--time-bins must be from 1 to 100000, got 100001", "--time-bins", "100001");
        assertUsage("--bin-width must be at least 1ns, got 0", "--bin-width", "0");
        assertUsage("Invalid value for option '--bin-width': '10' needs a unit: s, ms, us or ns (e.g. 10ms)",
                "--bin-width", "10");
        assertUsage("Invalid value for option '--window' (START:END): '5:3' ends at or before its start: give"
                + " START:END with END after START, each with a unit (e.g. 1.5s:2s)", "--window", "5:3");
        assertUsage("Invalid value for option '--window' (START:END): '2s:2s' ends at or before its start: give"
                + " START:END with END after START", "--window", "2s:2s");
        assertUsage("time bins (--time-bins, --bin-width) and phases (--phase-by, --window) split a profile two"
                + " ways: give one", "--time-bins", "3", "--phase-by", "emit");
        assertUsage("--time-bins and --bin-width both set the bins: give one", "--time-bins", "3", "--bin-width",
                "1s");
    }

    @Test
    void aWidthGivingTooManyBinsIsAUsageErrorFoundAfterThePrePass() {
        assertUsage("bins of 1 ns over the longest node's 1830403536 ns would be 1830403537 bins, more than 100000:"
                + " give a larger width", "--bin-width", "1ns");
    }

    private static void assertUsage(String message, String... options) {
        String[] args = Stream.concat(Stream.of("profile", TSC), Stream.of(options)).toArray(String[]::new);
        Cli r = Cli.run(args);
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals("ppw-java: error: " + message, r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void inputsWithoutTimesCannotBeSplit() throws IOException {
        Path folded = Files.writeString(dir.resolve("stacks.folded"), "main;a 5\nmain;b 3\n");
        Cli r = Cli.run("profile", folded.toString(), "--time-bins", "2");
        assertEquals(1, r.exit(), r.toString());
        assertEquals("ppw-java: error: cannot split " + folded + " into time bins or phases: its format (folded)"
                + " gives samples no time of the trace's clock", r.err().strip());
        Path saved = dir.resolve("saved.json");
        assertEquals(0, Cli.run("profile", TSC, "--format", "json", "-o", saved.toString()).exit());
        Cli s = Cli.run("merge", saved.toString(), TSC, "--phase-by", "emit");
        assertEquals(1, s.exit(), s.toString());
        assertEquals("", s.out());
        assertEquals("ppw-java: error: cannot split " + saved + " into time bins or phases: it holds a profile"
                + " (ppw-profile), whose events and their times are gone; split the traces it was made of",
                s.err().strip());
    }

    @Test
    void standardInputIsSplitAsItsFileIsThroughACopyDeletedAfter() throws IOException {
        byte[] trace = Files.readAllBytes(Path.of(TSC));
        long copiesBefore = copies();
        Cli fromFile = Cli.run("profile", TSC, "--view", "flat", "--time-bins", "7", "--format", "csv");
        Cli fromStdin = Cli.runWithInput(trace, "profile", "-", "--view", "flat", "--time-bins", "7", "--format",
                "csv");
        assertEquals(0, fromStdin.exit(), fromStdin.toString());
        assertTrue(fromFile.out().startsWith("bin_start_ns,bin_end_ns,path,metric,value\r\n"), fromFile.out());
        assertEquals(fromFile.out(), fromStdin.out());
        Cli phases = Cli.runWithInput(trace, "merge", "-", "--view", "flat", "--phase-by", "emit", "--format", "csv");
        assertEquals(Cli.run("merge", TSC, "--view", "flat", "--phase-by", "emit", "--format", "csv").out(),
                phases.out());
        assertEquals(copiesBefore, copies(), "the temporary copies of standard input are deleted");
    }

    @Test
    void aBrokenStandardInputLeavesNoCopyBehind() {
        long copiesBefore = copies();
        Cli r = Cli.runWithInput("[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":".getBytes(StandardCharsets.UTF_8),
                "profile", "-", "--time-bins", "2", "--strict");
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals(copiesBefore, copies());
    }

    private static long copies() {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("ppw-input-")).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void diffComparesTwoPhasesOfOneTraceOrOnePhaseOfTwo() {
        Cli one = Cli.run("diff", TSC, "--phase-by", "createProgram", "--phase-by", "emit", "--phases",
                "createProgram,emit", "--view", "flat", "--format", "csv");
        assertEquals(0, one.exit(), one.toString());
        assertTrue(one.out().contains("\r\n1,,only A,createProgram,createProgram,,1,0,-1,0,292924305,0,-292924305,0,"),
                one.out());
        assertTrue(one.out().contains(",only B,emit,emit,,0,1,1,,0,30235143,30235143,"), one.out());
        Cli text = Cli.run("diff", TSC, "--phase-by", "emit", "--phases", "emit,(outside)", "--view", "flat");
        assertEquals(0, text.exit(), text.toString());
        assertTrue(text.out().lines().skip(1).findFirst().orElseThrow().startsWith("A: " + TSC + " (phase emit)   "),
                text.out());
        assertTrue(text.out().lines().skip(2).findFirst().orElseThrow().startsWith("B: " + TSC + " (phase (outside))"),
                text.out());
        Cli same = Cli.run("diff", TSC, TSC, "--phase-by", "emit", "--phases", "emit", "--view", "flat",
                "--format", "csv");
        assertEquals(0, same.exit(), same.toString());
        assertTrue(same.out().contains(",both,emit,emit,,1,1,0,1,30235143,30235143,0,1,"), same.out());
        Cli unknown = Cli.run("diff", TSC, "--phase-by", "emit", "--phases", "emit,solve");
        assertEquals(2, unknown.exit(), unknown.toString());
        assertEquals("ppw-java: error: --phases: " + TSC + " has no phase 'solve': its phases are emit, (outside)",
                unknown.err().lines().findFirst().orElseThrow());
        Cli alone = Cli.run("diff", TSC, "--phases", "emit,solve");
        assertEquals(2, alone.exit(), alone.toString());
        assertEquals("ppw-java: error: --phases names phases of --phase-by: give the marker names with --phase-by"
                + " NAME", alone.err().lines().findFirst().orElseThrow());
    }

    @Test
    void formatsOfTheWholeProfileOnlyIgnoreTheSplitAndSaySo() throws IOException {
        Cli folded = Cli.run("profile", TSC, "--time-bins", "3", "--format", "folded");
        assertEquals(0, folded.exit(), folded.toString());
        assertEquals(Cli.run("profile", TSC, "--format", "folded").out(), folded.out());
        assertEquals("ppw-java: warning: --time-bins has no place in folded output, which writes phases but not"
                + " time bins; ignored with --format folded", folded.err().strip());
        Cli counters = Cli.run("merge", TSC, "--phase-by", "emit", "--view", "counters", "--format", "csv");
        assertEquals(0, counters.exit(), counters.toString());
        assertEquals("ppw-java: warning: --phase-by splits the rows of calls over time, and --view counters lists"
                + " counter series; ignored with --view counters", counters.err().strip());
        Cli html = Cli.run("report", TSC, "--phase-by", "emit", "-o", dir.resolve("r.html").toString());
        assertEquals(0, html.exit(), html.toString());
        assertEquals("", html.err(), "the HTML report shows each phase");
        String page = Files.readString(dir.resolve("r.html"));
        assertTrue(page.contains("<script type=\"application/json\" id=\"ppw-phase-1\">")
                && !page.contains("id=\"ppw-phase-2\""), "emit and (outside)");
        Cli absolute = Cli.run("profile", TSC, "--absolute-time", "--format", "csv");
        assertEquals(Cli.run("profile", TSC, "--format", "csv").out(), absolute.out());
        assertEquals("ppw-java: warning: --absolute-time places time bins and --window times; ignored with none of"
                + " --time-bins, --bin-width, --phase-by or --window", absolute.err().strip());
    }

    @Test
    void binsCutCallsAtTheirEdgesAndSummariseCountersPerBin() throws IOException {
        Path trace = Files.writeString(dir.resolve("counters.json"), """
                [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
                 {"name":"work","ph":"X","pid":1,"tid":1,"ts":1,"dur":4},
                 {"name":"work","ph":"X","pid":1,"tid":1,"ts":6,"dur":3},
                 {"name":"queue","ph":"C","pid":1,"tid":1,"ts":2,"args":{"depth":3}},
                 {"name":"queue","ph":"C","pid":1,"tid":1,"ts":4,"args":{"depth":5}},
                 {"name":"queue","ph":"C","pid":1,"tid":1,"ts":7,"args":{"depth":1}}]
                """);
        Cli r = Cli.run("profile", trace.toString(), "--bin-width", "5us", "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(Cli.csv("bin_start_ns,bin_end_ns,path,id,metric,value",
                "0,5000,main,1,inclusive_ns,5000", "0,5000,main,1,exclusive_ns,1000", "0,5000,main,1,calls,1",
                "0,5000,main => work,2,inclusive_ns,4000", "0,5000,main => work,2,exclusive_ns,4000",
                "0,5000,main => work,2,calls,1",
                "0,5000,pid 1 queue depth,,counter_mean,4", "0,5000,pid 1 queue depth,,counter_max,5",
                "0,5000,pid 1 queue depth,,counter_last,5",
                "5000,10000,main,1,inclusive_ns,5000", "5000,10000,main,1,exclusive_ns,2000",
                "5000,10000,main,1,calls,1",
                "5000,10000,main => work,2,inclusive_ns,3000", "5000,10000,main => work,2,exclusive_ns,3000",
                "5000,10000,main => work,2,calls,1",
                "5000,10000,pid 1 queue depth,,counter_mean,1", "5000,10000,pid 1 queue depth,,counter_max,1",
                "5000,10000,pid 1 queue depth,,counter_last,1"), r.out());
    }
}
