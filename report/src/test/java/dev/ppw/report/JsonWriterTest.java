package dev.ppw.report;

import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.DisplayUnit;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonWriterTest {
    private static final List<Object> COLUMNS_US = List.of("id", "parent_id", "depth", "name", "callsite",
            "calls", "subcalls", "inclusive_us", "exclusive_us", "min_inclusive_us", "max_inclusive_us",
            "inclusive_per_call_us", "exclusive_per_call_us");

    @Test
    void treeFollowsTheProfileJsonFormatWithExactNumbers() throws IOException {
        Profile single = Fixtures.smallTree();
        Profile p = new Profile(single.tree(), ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1, single.inputs(),
                Map.of("7505", "python3"), Map.of("7505/7505", "main \"thread\""),
                List.of(new NodeInfo("t.json", "dir/t.json", "", "", Map.of("7505", "python3"), Map.of())));
        Diagnostics counted = new Diagnostics();
        counted.warn("overlap", "t.json: clipped");
        counted.warn("overlap", null);
        counted.note("phase_I");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JsonWriter().write(new Report(p, Report.allRows(p), 1234574,
                Optional.of(DisplayUnit.US)).withDiagnostics(counted), out);
        String json = out.toString(StandardCharsets.UTF_8);
        Map<String, Object> doc = parse(json);

        assertEquals(List.of("format", "version", "tool", "view", "unit", "aggregation", "inputs", "node_info",
                "process_names", "thread_names", "total_inclusive_us", "diagnostics", "columns", "rows"),
                List.copyOf(doc.keySet()));
        assertEquals(Map.of("warnings", Map.of("overlap", 2L), "notes", Map.of("phase_I", 1L)), doc.get("diagnostics"));
        assertEquals("ppw-profile", doc.get("format"));
        assertEquals(1L, doc.get("version"));
        assertTrue(((String) doc.get("tool")).startsWith("ppw-java "), (String) doc.get("tool"));
        assertEquals("tree", doc.get("view"));
        assertEquals("us", doc.get("unit"));
        assertEquals(Map.of("op", "sum", "missing", "zero", "nodes", 1L), doc.get("aggregation"));
        assertEquals(List.of("t.json"), doc.get("inputs"));
        assertEquals(List.of(Map.of("label", "t.json", "file", "dir/t.json", "pid", "", "host", "",
                "process_names", Map.of("7505", "python3"), "thread_names", Map.of())), doc.get("node_info"));
        assertEquals(Map.of("7505", "python3"), doc.get("process_names"));
        assertEquals(Map.of("7505/7505", "main \"thread\""), doc.get("thread_names"));
        assertEquals(new BigDecimal("1234.574"), doc.get("total_inclusive_us"));
        assertEquals(COLUMNS_US, doc.get("columns"));

        List<Object> rows = list(doc.get("rows"));
        assertEquals(List.of(
                Arrays.asList(1L, null, 0L, "main", "", 1L, 2L, new BigDecimal("1234.567"),
                        new BigDecimal("999.567"), new BigDecimal("1234.567"), new BigDecimal("1234.567"),
                        new BigDecimal("1234.567"), new BigDecimal("999.567")),
                Arrays.asList(2L, 1L, 1L, "a", "", 2L, 1L, 235L, new BigDecimal("234.5"), 1L, 234L,
                        new BigDecimal("117.5"), new BigDecimal("117.25")),
                Arrays.asList(3L, 2L, 2L, "b", "", 1L, 0L, new BigDecimal("0.5"), new BigDecimal("0.5"),
                        new BigDecimal("0.5"), new BigDecimal("0.5"), new BigDecimal("0.5"), new BigDecimal("0.5")),
                Arrays.asList(4L, null, 0L, "idle", "", 3L, 0L, new BigDecimal("0.007"), new BigDecimal("0.007"),
                        null, null, null, null)), rows);
        assertEquals(4 + 1, json.lines().filter(l -> l.startsWith("    [") || l.startsWith("  \"rows\"")).count(),
                "one row per line");
    }

    @Test
    void tauCarriesItsDepthAndKeyedRowsAreRoots() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int k = t.child(CallTree.ROOT, t.frames().intern("a => b"));
        t.setMetrics(k, 3, 1, 1_500_000_000L, -2, CallTree.UNSET, CallTree.UNSET);
        Profile p = new Profile(t, ViewKind.TAU, 2, MergeOp.MAX, MissingRule.PRESENT, 3, List.of("n0", "n1", "n2"), Map.of(),
                Map.of());
        Map<String, Object> doc = parse(Fixtures.render(new JsonWriter(), p, Report.allRows(p), 1_500_000_000L,
                DisplayUnit.S));
        assertEquals(2L, doc.get("tau_depth"));
        assertEquals(Map.of("op", "max", "missing", "present", "nodes", 3L), doc.get("aggregation"));
        assertEquals(new BigDecimal("1.5"), doc.get("total_inclusive_s"));
        assertEquals(List.of(Arrays.asList(1L, null, 0L, "a => b", "", 3L, 1L, new BigDecimal("1.5"),
                new BigDecimal("-0.000000002"), null, null, null, null)), doc.get("rows"));
    }

    @Test
    void defaultUnitIsNanosecondsAndAnEmptyProfileIsValid() throws IOException {
        Map<String, Object> doc = parse(Fixtures.render(new JsonWriter(), Fixtures.smallTree(), null));
        assertEquals("ns", doc.get("unit"));
        assertEquals(1234574L, doc.get("total_inclusive_ns"));
        assertEquals(1234567L, list(list(doc.get("rows")).get(0)).get(7));

        Profile empty = Profile.single(new CallTree(new FrameTable(new NameTable())), List.of(), Map.of(), Map.of());
        Map<String, Object> e = parse(Fixtures.render(new JsonWriter(), empty, null));
        assertEquals(List.of(), e.get("rows"));
        assertEquals(List.of(), e.get("inputs"));
        assertEquals(0L, e.get("total_inclusive_ns"));
    }

    // A small reader over Jackson's streaming parser: objects keep member order, integers are Longs,
    // decimals BigDecimals, so that a test sees exactly what was written.
    private static Map<String, Object> parse(String json) throws IOException {
        try (JsonParser parser = new JsonFactory().createParser(json)) {
            parser.nextToken();
            Map<String, Object> doc = map(value(parser));
            assertNull(parser.nextToken(), "one object and nothing after it");
            return doc;
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    assertFalse(m.containsKey(name), "duplicate member " + name);
                    m.put(name, value(p));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(value(p));
                }
                return l;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                return p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                assertFalse(p.getText().contains("E") || p.getText().contains("e"), p.getText());
                return p.getDecimalValue();
            case VALUE_NULL:
                return null;
            default:
                throw new AssertionError("unexpected " + t);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }
}
