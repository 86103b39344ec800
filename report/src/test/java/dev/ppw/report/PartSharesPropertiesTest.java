package dev.ppw.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SortKey;
import dev.ppw.model.output.OutputWriter;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * For one profile with any of the three parts, every row's %total is of its own part's total and the same in
 * text, CSV, JSON and the HTML page's data (SEMANTICS.md section 2, "Parts"): the four outputs give the row the
 * same part and inclusive value, JSON and the page the same part totals, and text prints the share of that total.
 */
class PartSharesPropertiesTest {
    private static final String[] NAMES = {"main", "work", "io", "(idle)", "parse"};
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyRowsShareIsOfItsPartAndTheSameInEveryOutput() {
        qt().withExamples(60).forAll(longs().all()).checkAssert(seed -> {
            try {
                check(profile(new Random(seed)));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
    }

    /** Roots in a random non-empty set of parts, a few levels deep; calls timed so, samples weighed so. */
    static Profile profile(Random r) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        List<Part> parts = new ArrayList<>();
        for (Part p : Part.values()) {
            if (r.nextInt(3) > 0) {
                parts.add(p);
            }
        }
        if (parts.isEmpty()) {
            parts.add(Part.values()[r.nextInt(Part.values().length)]);
        }
        for (Part part : parts) {
            int roots = 1 + r.nextInt(3);
            for (int i = 0; i < roots; i++) {
                int root = t.child(CallTree.ROOT, t.frames().intern(NAMES[r.nextInt(NAMES.length)]), part);
                grow(t, root, part, 1, r);
            }
        }
        return Profile.single(t, List.of("random.json"), Map.of(), Map.of());
    }

    /** Calls: the node's children first, then its own call lasting their sum and more. Samples: on the leaves. */
    private static long grow(CallTree t, int node, Part part, int depth, Random r) {
        long children = 0;
        int count = depth >= 4 ? 0 : r.nextInt(3);
        for (int i = 0; i < count; i++) {
            children += grow(t, t.child(node, t.frames().intern(NAMES[r.nextInt(NAMES.length)])), part, depth + 1, r);
        }
        if (part.sampled()) {
            if (count == 0 || r.nextBoolean()) {
                long samples = 1 + r.nextInt(50);
                t.addSamples(node, samples * 1_000_000L, samples);
            }
            return 0;
        }
        long own = children + 1 + r.nextInt(5_000_000);
        t.addCall(node, own);
        return own;
    }

    private static void check(Profile p) throws IOException {
        Report report = new Report(p, RowOrder.order(p, SortKey.INCLUSIVE, 0, 0), RowOrder.totalNanos(p),
                Optional.empty());
        CallTree tree = p.tree();
        Map<Integer, String[]> csv = new HashMap<>();
        for (CSVRecord rec : records(write(new CsvWriter(), report))) {
            String part = rec.isMapped("part") ? rec.get("part") : "thread";
            csv.put(Integer.parseInt(rec.get("id")), new String[] {part, rec.get("inclusive_ns")});
        }
        JsonNode json = JSON.readTree(write(new JsonWriter(), report));
        Map<Part, Long> totals = new EnumMap<>(Part.class);
        totals.put(tree.mainPart(), json.get("total_inclusive_ns").asLong());
        for (Part part : Part.values()) {
            JsonNode other = json.get(part.label() + "_total_inclusive_ns");
            if (other != null) {
                totals.put(part, other.asLong());
            }
        }
        Map<Integer, String[]> jsonRows = rows(json, "inclusive_ns");
        String html = write(new HtmlWriter(), report);
        int start = html.indexOf('>', html.indexOf("id=\"ppw-data\"")) + 1;
        JsonNode data = JSON.readTree(html.substring(start, html.indexOf("</script>", start)));
        Map<Integer, String[]> htmlRows = rows(data, "weight");
        for (Part part : tree.parts()) {
            assertEquals(totals.get(part), data.get("part_totals").get(part.label()).asLong(), part.label());
        }
        List<String> textShares = textShares(write(new TextWriter(), report));
        List<Integer> textOrder = new ArrayList<>();
        for (int node : report.rows(tree.mainPart())) {
            textOrder.add(node);
        }
        for (Part part : tree.parts()) {
            if (part != tree.mainPart()) {
                for (int node : report.rows(part)) {
                    textOrder.add(node);
                }
            }
        }
        assertEquals(textOrder.size(), textShares.size());
        for (int i = 0; i < textOrder.size(); i++) {
            int node = textOrder.get(i);
            Part part = tree.part(node);
            String[] expected = {part.label(), Long.toString(tree.inclusiveNanos(node))};
            assertEquals(List.of(expected), List.of(csv.get(node)), "CSV row " + node);
            assertEquals(List.of(expected), List.of(jsonRows.get(node)), "JSON row " + node);
            assertEquals(List.of(expected), List.of(htmlRows.get(node)), "HTML row " + node);
            long total = totals.get(part);
            String share = total == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * tree.inclusiveNanos(node) / total);
            assertEquals(share, textShares.get(i), "text row " + node + " of part " + part.label());
        }
    }

    /** Per row id: its part and the named value as text. */
    private static Map<Integer, String[]> rows(JsonNode doc, String value) {
        List<String> columns = new ArrayList<>();
        doc.get("columns").forEach(c -> columns.add(c.asText()));
        int id = columns.indexOf("id");
        int part = columns.indexOf("part");
        int at = columns.indexOf(value);
        Map<Integer, String[]> out = new HashMap<>();
        for (JsonNode row : doc.get("rows")) {
            out.put(row.get(id).asInt(), new String[] {part < 0 ? "thread" : row.get(part).asText(),
                    Long.toString(row.get(at).asLong())});
        }
        return out;
    }

    /** The %total cell of every table row, tables in order. */
    private static List<String> textShares(String text) {
        List<String> shares = new ArrayList<>();
        boolean inTable = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("%total")) {
                inTable = true;
            } else if (line.isBlank()) {
                inTable = false;
            } else if (inTable) {
                shares.add(line.strip().split(" +")[0]);
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

    private static String write(OutputWriter writer, Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(report, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
