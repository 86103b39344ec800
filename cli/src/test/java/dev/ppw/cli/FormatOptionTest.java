package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --format} takes the names of the registered writers, and its help lists them. */
class FormatOptionTest {
    @TempDir
    Path dir;

    @Test
    void anUnknownFormatIsAUsageErrorListingTheRegisteredOnes() throws IOException {
        Cli r = Cli.run("profile", trace().toString(), "--format", "xml");
        assertEquals(2, r.exit(), r.toString());
        assertEquals("", r.out());
        assertEquals(List.of("ppw-java: error: Invalid value for option '--format': unknown format 'xml': expected one"
                        + " of " + String.join(", ", Converters.WRITERS.names()), "ppw-java: see 'ppw-java profile --help'"), r.err().lines().toList());
    }

    @Test
    void everyRegisteredNameWritesItsFormat() throws IOException {
        assertTrue(Converters.WRITERS.names().containsAll(List.of("csv", "folded", "json", "text")),
                Converters.WRITERS.names().toString());
        assertTrue(Cli.run("profile", trace().toString(), "--format", "csv").out().startsWith("path,id,"));
        assertTrue(Cli.run("profile", trace().toString(), "--format", "json").out()
                .startsWith("{\n  \"format\": \"ppw-profile\","));
        assertTrue(Cli.run("profile", trace().toString(), "--format", "text").out().startsWith("view: tree   total: "));
        assertTrue(Cli.run("profile", trace().toString(), "--format", "folded").out()
                .matches("(?s)# ppw-java folded stacks: each value is nanoseconds of time\\n[^\\n]+ \\d+\\n.*"));
    }

    @Test
    void withoutFormatTheOutputsEndingChoosesItAndAContradictionIsAWarning() throws IOException {
        Path csv = dir.resolve("t.csv");
        Path json = dir.resolve("t.json.gz");
        Path other = dir.resolve("t.txt");
        assertEquals(0, Cli.run("profile", trace().toString(), "-o", csv.toString()).exit());
        assertEquals(Cli.run("profile", trace().toString(), "--format", "csv").out(), Files.readString(csv));
        assertEquals(0, Cli.run("profile", trace().toString(), "-o", json.toString()).exit());
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(json))) {
            assertEquals(Cli.run("profile", trace().toString(), "--format", "json").out(),
                    new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals(0, Cli.run("profile", trace().toString(), "-o", other.toString()).exit());
        assertTrue(Files.readString(other).startsWith("view: tree   total: "), "no ending of a format: text");
        Cli contradicted = Cli.run("profile", trace().toString(), "--format", "text", "-o", csv.toString());
        assertEquals(0, contradicted.exit());
        assertEquals("ppw-java: warning: -o " + csv + " ends like a csv file, but --format text was asked: writing text\n",
                contradicted.err());
        assertTrue(Files.readString(csv).startsWith("view: tree   total: "));
    }

    @Test
    void helpListsTheRegisteredNames() {
        for (String command : List.of("profile", "merge")) {
            Cli r = Cli.run(command, "--help");
            assertEquals(0, r.exit(), r.toString());
            // without white space: picocli wraps the text where it likes, inside ".json" too
            assertTrue(r.out().replaceAll("\\s+", "").contains(("--format=FORMAT One of "
                    + String.join(", ", Converters.WRITERS.names()) + " (default: the format whose ending the -o file has,"
                    + " as .csv or .json, a .gz aside; else text). tau writes a folder of TAU profiles: -o DIR, new or"
                    + " empty.").replaceAll("\\s+", "")),
                    r.out());
        }
    }

    private Path trace() throws IOException {
        Path t = dir.resolve("t.json");
        Files.writeString(t, """
                [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":3}]
                """);
        return t;
    }
}
