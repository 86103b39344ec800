package dev.ppw.cli;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every trace shipped under examples/ (and every trace of the test corpus, PerfFlowAspect's object mode with
 * its displayTimeUnit "us" among them) saved with {@code profile --format json -o} merges back to the
 * profile's numbers, in every view, and keeps its display unit hint. Rows are compared without their ids,
 * which number the nodes of each run's own tree. The folders are walked, so a new example is covered without
 * a change here.
 */
class SavedProfileRoundTripTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path dir;

    static Stream<Path> traces() throws IOException, URISyntaxException {
        Path corpus = Path.of(Objects.requireNonNull(SavedProfileRoundTripTest.class.getResource("/traces")).toURI());
        List<Path> examples = walk(EXAMPLES);
        assertFalse(examples.isEmpty(), "examples/ holds traces");
        return Stream.concat(examples.stream(), walk(corpus).stream());
    }

    private static List<Path> walk(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().matches(".*\\.(md|java)"))
                    .sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void aSavedProfileMergesBackToTheProfilesNumbers(Path trace) {
        Path saved = dir.resolve("saved.ppw.json");
        Cli save = Cli.run("profile", trace.toString(), "--format", "json", "-o", saved.toString());
        assertEquals(0, save.exit(), save.toString());
        for (String view : List.of("tree", "callpath", "flat", "tau")) {
            Cli profiled = Cli.run("profile", trace.toString(), "--view", view, "--format", "csv");
            Cli merged = Cli.run("merge", saved.toString(), "--view", view, "--format", "csv");
            assertEquals(0, profiled.exit(), profiled.toString());
            assertEquals(0, merged.exit(), merged.toString());
            assertEquals(rowsWithoutIds(profiled.out()), rowsWithoutIds(merged.out()), view);
        }
        Path mergedJson = dir.resolve("merged.ppw.json");
        Cli merge = Cli.run("merge", saved.toString(), "--format", "json", "-o", mergedJson.toString());
        assertEquals(0, merge.exit(), merge.toString());
        assertEquals(displayTimeUnit(saved), displayTimeUnit(mergedJson), "the display unit hint survives");
        String text = Cli.run("merge", saved.toString()).out();
        String profiledText = Cli.run("profile", trace.toString()).out();
        assertEquals(unitLine(profiledText), unitLine(text), "text is shown in the same unit");
    }

    /** The CSV's header and rows, sorted, each without its id and parent_id (node numbers of one run's tree). */
    private static List<String> rowsWithoutIds(String csv) {
        List<String> rows = new ArrayList<>();
        try {
            List<CSVRecord> records = CSVFormat.RFC4180.parse(new StringReader(csv)).getRecords();
            assertFalse(records.isEmpty(), "a header at least");
            List<String> header = records.get(0).toList();
            for (CSVRecord r : records) {
                List<String> kept = new ArrayList<>();
                for (int c = 0; c < header.size(); c++) {
                    if (!header.get(c).equals("id") && !header.get(c).equals("parent_id")) {
                        kept.add(r.get(c));
                    }
                }
                rows.add(String.join("\u0000", kept));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows.stream().sorted().toList();
    }

    /** The {@code display_time_unit} member's line of a saved profile, or "" when it has none. */
    private static String displayTimeUnit(Path json) {
        try (Stream<String> lines = Files.lines(json)) {
            return lines.filter(l -> l.contains("\"display_time_unit\"")).findFirst().orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The text header's line naming the unit, or the table heading that carries it. */
    private static String unitLine(String text) {
        String line = text.lines().filter(l -> l.startsWith("display unit:") || l.startsWith("%total"))
                .findFirst().orElse("");
        assertTrue(!line.isEmpty(), text);
        return line;
    }
}
