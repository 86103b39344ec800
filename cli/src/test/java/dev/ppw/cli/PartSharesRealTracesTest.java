package dev.ppw.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 29's check on real traces: every row's %total is the same in text, CSV, JSON and the HTML page, of its own
 * part's total (SEMANTICS.md section 2, "Parts"). A Chromium renderer's trace with V8's samples (thread and samples
 * parts) and a Node.js trace with async spans (thread and async parts), each in the flat view (one row per part and
 * region): CSV, JSON and the page's data give each row the same inclusive time, JSON and the page the same part
 * totals, and text prints that row's share of its part's total, to 0.1%.
 */
class PartSharesRealTracesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> PART_HEADINGS = Map.of("thread time", "thread", "async spans", "async",
            "sampled stacks", "samples");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"../collectors/src/test/resources/v8/chrome-A-small.pid9886.json",
            "src/test/resources/traces/nodejs/node-trace-A-cut.json"})
    void everyRowsShareIsTheSameInTextCsvJsonAndTheHtmlPage(String trace) throws IOException {
        Map<String, Long> csv = new HashMap<>();
        for (CSVRecord r : records(run("profile", trace, "--view", "flat", "--format", "csv"))) {
            csv.put(r.get("part") + "\u0000" + r.get("path"), Long.parseLong(r.get("inclusive_ns")));
        }
        JsonNode json = JSON.readTree(run("profile", trace, "--view", "flat", "--format", "json"));
        Map<String, Long> jsonRows = rows(json, "inclusive_ns");
        Path page = dir.resolve("page.html");
        run("report", trace, "--view", "flat", "-o", page.toString());
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int start = html.indexOf('>', html.indexOf("id=\"ppw-data\"")) + 1;
        JsonNode data = JSON.readTree(html.substring(start, html.indexOf("</script>", start)));
        Map<String, Long> htmlRows = rows(data, "weight");
        assertEquals(csv, jsonRows, "JSON's rows are CSV's");
        assertEquals(csv, htmlRows, "the page's rows are CSV's");

        Map<String, Long> totals = new HashMap<>();
        String main = data.get("main_part").asText();
        totals.put(main, json.get("total_inclusive_ns").asLong());
        data.get("part_totals").fieldNames().forEachRemaining(part -> {
            JsonNode saved = json.get(part.equals(main) ? "total_inclusive_ns" : part + "_total_inclusive_ns");
            assertEquals(saved.asLong(), data.get("part_totals").get(part).asLong(), part);
            totals.put(part, saved.asLong());
        });
        assertTrue(totals.size() >= 2, "two parts at least: " + totals);

        Map<String, String> text = textShares(run("profile", trace, "--view", "flat", "--min-percent", "0"), main);
        assertEquals(csv.keySet(), text.keySet(), "text lists the rows CSV lists");
        for (Map.Entry<String, Long> row : csv.entrySet()) {
            String part = row.getKey().substring(0, row.getKey().indexOf('\u0000'));
            long total = totals.get(part);
            String share = total == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * row.getValue() / total);
            assertEquals(share, text.get(row.getKey()), row.getKey().replace('\u0000', ' '));
        }
    }

    private static String run(String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exit(), r.toString());
        return r.out();
    }

    /** Per part and name: the named column of each row. */
    private static Map<String, Long> rows(JsonNode doc, String value) {
        List<String> columns = new ArrayList<>();
        doc.get("columns").forEach(c -> columns.add(c.asText()));
        int part = columns.indexOf("part");
        int name = columns.indexOf("name");
        int at = columns.indexOf(value);
        Map<String, Long> out = new HashMap<>();
        for (JsonNode row : doc.get("rows")) {
            out.put(row.get(part).asText() + "\u0000" + row.get(name).asText(), row.get(at).asLong());
        }
        return out;
    }

    /**
     * Per part and name, the %total cell of every row of text's tables: the first table is the main part's, each
     * other is headed by its part's words ({@code sampled stacks   total: ...}); a row's name is its last cell.
     */
    private static Map<String, String> textShares(String text, String main) {
        Map<String, String> shares = new HashMap<>();
        String part = main;
        int columns = 0;
        for (String line : text.split("\n", -1)) {
            for (Map.Entry<String, String> heading : PART_HEADINGS.entrySet()) {
                if (line.startsWith(heading.getKey() + " ")) {
                    part = heading.getValue();
                }
            }
            if (line.startsWith("%total")) {
                columns = line.strip().split(" {2,}").length;
            } else if (line.isBlank()) {
                columns = 0;
            } else if (columns > 0) {
                String[] cells = line.strip().split(" {2,}", columns);
                shares.put(part + "\u0000" + cells[columns - 1], cells[0]);
            }
        }
        return shares;
    }

    private static List<CSVRecord> records(String text) throws IOException {
        try (CSVParser parser = CSVParser.parse(new StringReader(text),
                CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build())) {
            return parser.getRecords();
        }
    }
}
