package dev.ppw.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The tab-separated tables of the bad-input corpus ({@code EXPECTED.tsv}): one case per line, blank lines and
 * lines starting with {@code #} skipped, and every case holding exactly the table's columns.
 */
final class CorpusTable {
    private CorpusTable() {
    }

    /** Each case's fields in column order; a line with another number of fields fails the test, naming them. */
    static List<String[]> cases(Path table, String... columns) throws IOException {
        List<String[]> cases = new ArrayList<>();
        for (String line : Files.readAllLines(table, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            assertEquals(columns.length, fields.length, () -> String.join(", ", columns) + ": " + line);
            cases.add(fields);
        }
        return cases;
    }
}
