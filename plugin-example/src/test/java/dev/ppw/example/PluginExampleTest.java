package dev.ppw.example;

import dev.ppw.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ppw-java's command line with this module's jar beside it on the class path: the toy format and the toy writer,
 * registered only in this module's service files, are detected, read, searched for in folders by their ending, said
 * in their words, and written, as a format and a writer of ppw-java are.
 */
class PluginExampleTest {
    /** Two spans on thread 7, a bad line and a comment. */
    private static final String TRACE = """
            # toy-trace
            7 0 100 main
            7 10 30 work
            # a comment
            7 nothing
            7 50 20 work
            """;
    private static final String TREE = """
            toy report: 2 rows
            main 100 ns
              work 50 ns
            """;

    @TempDir
    Path dir;

    /** One run of ppw-java in this JVM, whose class path has this module's classes and service files. */
    private record Run(int exit, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private static Run ppwJava(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = Main.run(args, new ByteArrayInputStream(new byte[0]), o, e);
        }
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aToyTraceIsDetectedByItsContentAndItsKindsAreSaidInTheirWords() throws IOException {
        Path trace = Files.writeString(dir.resolve("run.txt"), TRACE);
        Run csv = ppwJava("profile", trace.toString(), "--format", "csv", "--view", "flat");
        assertEquals(0, csv.exit(), csv.err());
        assertTrue(csv.out().contains("\r\nwork,"), csv.out());
        assertEquals(List.of("ppw-java: warning: 1 toy line that is not a span (skipped) [toy_bad_line]; first: "
                        + trace + ":5: not 'thread start duration region': \"7 nothing\"",
                "ppw-java: hint: --warnings all lists each one; --strict makes warnings errors (exit 1, no output)"),
                csv.errLines());
        Run text = ppwJava("profile", trace.toString());
        assertTrue(text.out().contains("not in the tree: 1 toy comment\n"), text.out());
        assertTrue(text.out().contains("warnings: 1 toy line that is not a span (skipped)\n"), text.out());
        Run strict = ppwJava("profile", trace.toString(), "--strict");
        assertEquals(1, strict.exit(), "the declared kind is a warning");
        assertEquals("", strict.out());
    }

    @Test
    void aFolderIsSearchedForTheToyEndingGzippedOrNot() throws IOException {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Files.writeString(runs.resolve("a.toy"), TRACE);
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(runs.resolve("b.TOY.gz")))) {
            gz.write(TRACE.getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(runs.resolve("c.txt"), TRACE);
        Run merged = ppwJava("merge", runs.toString(), "--format", "csv", "--view", "flat", "--agg", "max");
        assertEquals(0, merged.exit(), merged.err());
        assertEquals(List.of("main,2,4,100,50,100,100,max,zero,2,,", "work,4,0,50,50,20,30,max,zero,2,,"),
                merged.out().lines().skip(1).toList(), "two nodes, each the trace: c.txt has no ending of a format");
        assertTrue(merged.err().contains("2 toy lines that are not spans (skipped) [toy_bad_line]"), merged.err());
        Run json = ppwJava("merge", runs.toString(), "--format", "json");
        assertTrue(json.out().contains("\"inputs\": [\n    \"" + runs.resolve("a.toy") + "\",\n    \""
                + runs.resolve("b.TOY.gz") + "\"\n  ]"), json.out());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Run none = ppwJava("profile", empty.toString());
        assertEquals(1, none.exit());
        // in the order the formats are registered: this module's classes come first on the tests' class path
        assertTrue(none.err().contains("(looked for *.toy, *.pfw, *.json, "), "the looked-for endings list the toy's: "
                + none.err());
    }

    @Test
    void theToyWriterIsChosenByNameOrByEndingAndWarnsOfWhatItDoesNotShow() throws IOException {
        Path trace = Files.writeString(dir.resolve("run.toy"), TRACE);
        Run byName = ppwJava("profile", trace.toString(), "--format", "toy", "--warnings", "first");
        assertEquals(0, byName.exit(), byName.err());
        assertEquals(TREE, byName.out());
        Path rows = dir.resolve("out.toyrows");
        Run byEnding = ppwJava("profile", trace.toString(), "-o", rows.toString());
        assertEquals(0, byEnding.exit(), byEnding.err());
        assertEquals(TREE, Files.readString(rows));
        Run asked = ppwJava("profile", trace.toString(), "--format", "toy", "--unit", "ms", "--style", "tau",
                "--percentiles", "50", "--phase-by", "work");
        assertEquals(TREE, asked.out(), "the options it does not use change nothing");
        assertEquals(List.of(
                        "ppw-java: warning: --style lays out text only; ignored with --format toy",
                        "ppw-java: warning: --percentiles have no place in toy output; ignored with --format toy",
                        "ppw-java: warning: --unit has no place in toy output; ignored with --format toy",
                        "ppw-java: warning: --phase-by has no place in toy output; ignored with --format toy"),
                asked.errLines().subList(0, 4));
    }

    @Test
    void theToyFormatAndWriterAreListedAndAWriterThatCannotShowADiffIsRefused() throws IOException {
        Run formats = ppwJava("formats");
        assertTrue(formats.out().lines().anyMatch(l -> l.startsWith("toy-trace ")
                && l.endsWith("a toy trace, one span per line (plugin-example)")), formats.out());
        Run help = ppwJava("profile", "--help");
        assertTrue(help.out().contains("toy"), "--format's help lists every writer");
        Path trace = Files.writeString(dir.resolve("run.toy"), TRACE);
        Run diff = ppwJava("diff", trace.toString(), trace.toString(), "--format", "toy");
        assertEquals(2, diff.exit());
        assertTrue(diff.err().contains("--format toy cannot show a diff"), diff.err());
    }

    @Test
    void theModuleProvidesWhatTheServiceFilesRegister() throws IOException {
        Path classes = Path.of("target/classes");
        ModuleDescriptor module = ModuleFinder.of(classes).find("dev.ppw.example").orElseThrow().descriptor();
        assertEquals(Set.of(), module.exports(), "nothing but the services is seen");
        for (ModuleDescriptor.Provides p : module.provides()) {
            assertEquals(p.providers(), Files.readAllLines(classes.resolve("META-INF/services/" + p.service())),
                    p.service());
        }
        assertEquals(Set.of("dev.ppw.model.format.InputFormat", "dev.ppw.model.output.OutputWriter"),
                module.provides().stream().map(ModuleDescriptor.Provides::service).collect(Collectors.toSet()));
    }
}
