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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code -o} is never half written: a bad input (or a warning under {@code --strict}) leaves an existing
 * output file exactly as it was, creates none where there was none, and leaves no temporary file behind,
 * whichever input of several is the bad one.
 */
class OutputOnBadInputTest {
    private static final Path CORPUS = Path.of("src/test/resources/bad-input");
    private static final byte[] OLD = "old,content\r\nkept,1\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"garbage-text.json", "trailing-garbage.json", "perfetto-garbage-after-packet.pftrace",
            "gzip-cut-in-header.json.gz", "nesting", "bad-utf8-name.json", "cut-in-header.json"})
    void aBadInputLeavesTheOutputFileAsItWas(String name) throws IOException {
        Path input = copy(name);
        for (String out : List.of("out.csv", "out.json", "out.csv.gz")) {
            Path target = Files.write(dir.resolve(out), OLD);
            Cli r = Cli.run("profile", input.toString(), "--format", out.contains("json") ? "json" : "csv",
                    "-o", target.toString());
            assertEquals(1, r.exit(), r.toString());
            assertEquals("", r.out());
            assertArrayEquals(OLD, Files.readAllBytes(target), out + " untouched");
        }
        assertOnlyFiles(name, "out.csv", "out.csv.gz", "out.json");
    }

    @Test
    void aBadInputCreatesNoOutputFile() throws IOException {
        Path input = copy("random-binary.bin");
        Cli r = Cli.run("profile", input.toString(), "--format", "csv", "-o", dir.resolve("new.csv").toString());
        assertEquals(1, r.exit(), r.toString());
        assertFalse(Files.exists(dir.resolve("new.csv")));
        assertOnlyFiles("random-binary.bin");
    }

    @ParameterizedTest
    @ValueSource(strings = {"killed-writer.pfw", "truncated-gzip.json.gz", "unmatched-end.json", "mixed-warnings.json"})
    void aWarningUnderStrictLeavesTheOutputFileAsItWas(String name) throws IOException {
        Path input = copy(name);
        Path target = Files.write(dir.resolve("out.csv"), OLD);
        Cli r = Cli.run("profile", input.toString(), "--strict", "--format", "csv", "-o", target.toString());
        assertEquals(1, r.exit(), r.toString());
        assertArrayEquals(OLD, Files.readAllBytes(target));
        assertOnlyFiles(name, "out.csv");

        Cli lenient = Cli.run("profile", input.toString(), "--format", "csv", "-o", target.toString());
        assertEquals(0, lenient.exit(), lenient.toString());
        assertTrue(Files.readString(target).startsWith("path,id,"), "without --strict it is replaced whole");
        assertOnlyFiles(name, "out.csv");
    }

    @Test
    void oneBadInputAmongGoodOnesStopsTheRunBeforeAnythingIsWritten() throws IOException {
        Path good = copy("crlf.json");
        Path bad = copy("missing-comma.json");
        Path target = Files.write(dir.resolve("both.csv"), OLD);
        Cli r = Cli.run("profile", good.toString(), bad.toString(), "--format", "csv", "-o", target.toString());
        assertEquals(1, r.exit(), r.toString());
        assertTrue(r.err().startsWith("ppw-java: error: " + bad + ":2:2: "), r.err());
        assertArrayEquals(OLD, Files.readAllBytes(target));

        Cli merged = Cli.run("merge", good.toString(), bad.toString(), "--format", "csv", "-o", target.toString());
        assertEquals(1, merged.exit(), merged.toString());
        assertArrayEquals(OLD, Files.readAllBytes(target));
        assertOnlyFiles("both.csv", "crlf.json", "missing-comma.json");
    }

    private Path copy(String name) throws IOException {
        if (name.equals("nesting")) {
            return BadInputFiles.writeGenerated(dir, "nesting-100k-in-args.json");
        }
        return Files.copy(CORPUS.resolve(name), dir.resolve(name));
    }

    /** The directory holds exactly these files (the input's name, or "nesting" for the generated one). */
    private void assertOnlyFiles(String... names) throws IOException {
        List<String> expected = Stream.of(names).map(n -> n.equals("nesting") ? "nesting-100k-in-args.json" : n)
                .sorted().toList();
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(expected, files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file left behind");
        }
    }
}
