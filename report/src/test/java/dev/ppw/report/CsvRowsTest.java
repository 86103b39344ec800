package dev.ppw.report;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * {@link CsvRows} writes what Commons CSV's RFC 4180 printer writes, byte for byte: rows of values made of
 * the characters that decide quoting (comma, quote, CR, LF, the characters up to {@code #}, space, tab)
 * among ordinary and non-ASCII ones, empty values first, last and alone in a row.
 */
class CsvRowsTest {
    private static final String ALPHABET = "ab,\"\r\n #!$\t_=>.-0é→";

    private static Gen<String> values() {
        return lists().of(integers().between(0, ALPHABET.length() - 1)).ofSizeBetween(0, 6)
                .map(codes -> {
                    StringBuilder s = new StringBuilder();
                    for (int c : codes) {
                        s.append(ALPHABET.charAt(c));
                    }
                    return s.toString();
                });
    }

    @Test
    void rowsAreCommonsCsvsRows() {
        qt().withExamples(5000).forAll(lists().of(lists().of(values()).ofSizeBetween(1, 5)).ofSizeBetween(1, 4))
                .checkAssert(rows -> assertEquals(commons(rows), ours(rows), rows.toString()));
    }

    @Test
    void quotingCases() {
        List<List<String>> rows = List.of(List.of("", "x", ""), List.of("#a", "a#", " a", "a ", "a\tb"),
                List.of("say \"hi\"", "a,b", "line\r\nend", "!", "$x", "é"));
        String written = ours(rows);
        assertEquals(commons(rows), written);
        assertEquals("\"\",x,\r\n\"#a\",a#,\" a\",\"a \",a\tb\r\n\"say \"\"hi\"\"\",\"a,b\",\"line\r\nend\",\"!\",$x,é\r\n",
                written);
    }

    private static String ours(List<List<String>> rows) {
        try {
            StringWriter out = new StringWriter();
            CsvRows csv = new CsvRows(out);
            for (List<String> row : rows) {
                for (String value : row) {
                    csv.field(value);
                }
                csv.endRow();
            }
            csv.flush();
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String commons(List<List<String>> rows) {
        try {
            StringWriter out = new StringWriter();
            CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180);
            for (List<String> row : rows) {
                printer.printRecord(row);
            }
            printer.flush();
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
