package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad-input corpus's merges ({@code src/test/resources/bad-input/merges/}): folders of inputs some of
 * which cannot be read, merged with and without {@code --skip-bad} and {@code --strict}, each against its
 * row of {@code merges/EXPECTED.tsv}: exit code, every line of stderr, a fragment of the CSV.
 */
class BadMergeCorpusTest {
    private static final Path DIR = Path.of("src/test/resources/bad-input/merges");
    private static final String TABLE = "EXPECTED.tsv";

    /** One row of the table. */
    record Row(String folder, List<String> options, int exit, List<String> stderr, String stdout) {
        @Override
        public String toString() {
            return folder + " " + options;
        }
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String[] f : CorpusTable.cases(DIR.resolve(TABLE), "folder", "options", "exit", "stderr", "stdout")) {
            String dir = DIR.resolve(f[0]).toString();
            rows.add(new Row(f[0], f[1].equals("-") ? List.of() : List.of(f[1].split(" ")), Integer.parseInt(f[2]),
                    Stream.of(f[3].split("\\\\n")).map(l -> l.replace("{dir}", dir)).toList(),
                    f[4].equals("-") ? "" : f[4]));
        }
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachMergeEndsAsItsRowSays(Row row) {
        List<String> args = new ArrayList<>(List.of("merge", DIR.resolve(row.folder()).toString(), "-q", "--format",
                "csv"));
        args.addAll(row.options());
        Cli r = Cli.run(args.toArray(String[]::new));
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        assertEquals(row.exit(), r.exit(), r.toString());
        assertEquals(row.stderr(), r.err().lines().toList());
        if (row.exit() != 0) {
            assertEquals("", r.out(), "nothing on stdout after an error");
        } else {
            assertTrue(r.out().contains(row.stdout()), () -> "stdout has " + row.stdout() + "\n" + r);
        }
    }

    @Test
    void everyFolderHasARowAndEveryRowAFolder() throws IOException {
        Set<String> folders;
        try (Stream<Path> list = Files.list(DIR)) {
            folders = list.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(folders, rows().stream().map(Row::folder).collect(Collectors.toCollection(TreeSet::new)));
    }
}
