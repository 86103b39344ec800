package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Exit codes 0/1/2, what reaches stdout and stderr, and what -o leaves on disk. */
class ExitCodeTest {
    private static final String GOOD = """
            [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":3}]
            """;
    /* An E with no open B: one unmatched_end warning. */
    private static final String WARNS = """
            [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":3},
             {"name":"lost","ph":"E","pid":1,"tid":1,"ts":5}]
            """;

    private static final String PREFIX_ERROR = "ppw-java: error: ";

    @TempDir
    Path dir;

    @Test
    void goodFileExitsZeroWithOutputAndNoMessages() throws IOException {
        Cli r = Cli.run("profile", write("t.json", GOOD).toString());
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("main"), r.toString());
        assertEquals("", r.err());
    }

    @Test
    void brokenFileExitsOneWithOneLine() throws IOException {
        Cli r = Cli.run("profile", write("t.json", "this is not a trace\n").toString(), "--format", "csv");
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        assertOneErrorLine(r);
    }

    @Test
    void missingFileExitsOneWithOneLine() {
        Cli r = Cli.run("profile", dir.resolve("nope.json").toString());
        assertEquals(1, r.exit(), r.toString());
        assertOneErrorLine(r);
        assertTrue(r.err().contains("nope.json"), r.err());
    }

    @Test
    void warningsAreSummarizedInTwoLines() throws IOException {
        Cli r = Cli.run("profile", write("t.json", WARNS).toString(), "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), r.err());
        assertTrue(lines.get(0).startsWith("ppw-java: warning: 1 end event with no open begin (dropped) [unmatched_end]; first: "), r.err());
        assertTrue(lines.get(1).contains("--strict"), r.err());
        assertTrue(r.out().contains("main,1,,0,main"), r.out());
    }

    @Test
    void strictTurnsAWarningIntoExitOneAndWritesNothing() throws IOException {
        Path out = dir.resolve("out.csv");
        Files.writeString(out, "previous");
        Cli r = Cli.run("profile", write("t.json", WARNS).toString(), "--strict", "--format", "csv", "-o",
                out.toString());
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        assertOneErrorLine(r);
        assertTrue(r.err().contains("unmatched_end"), r.err());
        assertEquals("previous", Files.readString(out));

        Cli toStdout = Cli.run("profile", dir.resolve("t.json").toString(), "--strict");
        assertEquals(1, toStdout.exit(), toStdout.toString());
        assertEquals("", toStdout.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--unit=foo", "--depth=0", "--depth=x", "--view=graph", "--format=xml", "--sort=time",
            "--max-depth=0", "--min-percent=101", "--min-percent=-1", "--min-percent=NaN", "--no-such-option"})
    void badOptionsExitTwo(String option) throws IOException {
        Cli r = Cli.run("profile", write("t.json", GOOD).toString(), option);
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("ppw-java: error: "), r.err());
    }

    @Test
    void missingFileArgumentAndMissingCommandExitTwo() {
        assertEquals(2, Cli.run("profile").exit());
        assertEquals(2, Cli.run().exit());
        assertEquals(2, Cli.run("frobnicate").exit());
    }

    @Test
    void outputNamingAnInputIsRefusedAndTheInputIsUntouched() throws IOException {
        Path t = write("t.json", GOOD);
        Cli r = Cli.run("profile", t.toString(), "-o", t.toString());
        assertEquals(2, r.exit(), r.toString());
        assertEquals(GOOD, Files.readString(t));

        Path other = dir.resolve("sub/../t.json");
        Files.createDirectories(dir.resolve("sub"));
        Cli spelledOtherwise = Cli.run("profile", t.toString(), "--output", other.toString());
        assertEquals(2, spelledOtherwise.exit(), spelledOtherwise.toString());
        assertEquals(GOOD, Files.readString(t));
    }

    @Test
    void outputReplacesAnExistingFileAndLeavesNoTemporaryFiles() throws IOException {
        Path t = write("t.json", GOOD);
        Path out = dir.resolve("out.csv");
        Files.writeString(out, "old content, longer than what replaces it ".repeat(20));
        Cli r = Cli.run("profile", t.toString(), "--format", "csv", "-o", out.toString());
        assertEquals(0, r.exit(), r.toString());
        assertEquals("", r.out());
        assertTrue(Files.readString(out).startsWith("path,id,"), Files.readString(out));
        assertTrue(Files.readString(out).contains("main,1,,0,main,,1,0,3000,3000,3000,3000,sum,zero,1"));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("out.csv", "t.json"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void outputIntoAMissingDirectoryExitsOneAndSaysWhy() throws IOException {
        Cli r = Cli.run("profile", write("t.json", GOOD).toString(), "-o", dir.resolve("no/such/out.csv").toString());
        assertEquals(1, r.exit(), r.toString());
        assertEquals(PREFIX_ERROR + "cannot write " + dir.resolve("no/such/out.csv") + ": no such file or directory\n",
                r.err());
    }

    @Test
    void helpShowsExamplesAndExitsZero() {
        Cli r = Cli.run("profile", "--help");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("Examples:"), r.out());
        assertTrue(r.out().contains("ppw-java profile run.pfw --view tau --depth 2 --unit ms"), r.out());
        assertTrue(r.out().contains("at least 1% of the total"), r.out());
        assertEquals("", r.err(), "help formats without complaint");
        assertEquals(0, Cli.run("--version").exit());
    }

    private static void assertOneErrorLine(Cli r) {
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.get(0).startsWith("ppw-java: error: "), r.err());
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
