package dev.ppw.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonReporterTest {
    @Test
    void treeReadsBackWithExactNumbers() throws IOException {
        Profile single = Fixtures.smallTree();
        Profile p = new Profile(single.tree(), ViewKind.TREE, 0, "sum", "zero", 1, single.inputs(),
                Map.of("7505", "python3"), Map.of("7505/7505", "main \"thread\""));
        Map<String, Object> doc = parse(Fixtures.render(OutputFormat.JSON, p, DisplayUnit.US));

        Map<String, Object> meta = map(doc.get("metadata"));
        assertEquals("ppw-java", meta.get("tool"));
        assertEquals("tree", meta.get("view"));
        assertFalse(meta.containsKey("tau_depth"));
        assertEquals("us", meta.get("unit"));
        assertEquals(Map.of("op", "sum", "missing", "zero", "nodes", 1L), meta.get("aggregation"));
        assertEquals(List.of("t.json"), meta.get("inputs"));
        assertEquals(new BigDecimal("1234.574"), meta.get("total_inclusive_us"));
        assertEquals(Map.of("7505", "python3"), meta.get("process_names"));
        assertEquals(Map.of("7505/7505", "main \"thread\""), meta.get("thread_names"));

        List<Object> rows = list(doc.get("rows"));
        assertEquals(4, rows.size());
        Map<String, Object> main = map(rows.get(0));
        assertEquals(List.of("path", "id", "parent_id", "depth", "name", "callsite", "calls", "subcalls",
                "inclusive_us", "exclusive_us", "min_inclusive_us", "max_inclusive_us", "agg", "missing", "nodes"),
                List.copyOf(main.keySet()));
        assertEquals("main", main.get("path"));
        assertEquals(1L, main.get("id"));
        assertNull(main.get("parent_id"));
        assertTrue(main.containsKey("parent_id"));
        assertEquals(0L, main.get("depth"));
        assertEquals("", main.get("callsite"));
        assertEquals(new BigDecimal("1234.567"), main.get("inclusive_us"));
        assertEquals(new BigDecimal("999.567"), main.get("exclusive_us"));
        Map<String, Object> b = map(rows.get(2));
        assertEquals("main => a => b", b.get("path"));
        assertEquals(2L, b.get("parent_id"));
        assertEquals(new BigDecimal("0.5"), b.get("min_inclusive_us"));
        Map<String, Object> a = map(rows.get(1));
        assertEquals(235L, a.get("inclusive_us"), "an integral time is written without a fraction");
        Map<String, Object> idle = map(rows.get(3));
        assertTrue(idle.containsKey("min_inclusive_us"));
        assertNull(idle.get("min_inclusive_us"));
        assertNull(idle.get("max_inclusive_us"));
        assertEquals(new BigDecimal("0.007"), idle.get("exclusive_us"));
    }

    @Test
    void tauCarriesItsDepthAndKeyedRows() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int k = t.child(CallTree.ROOT, t.frames().intern("a => b"));
        t.setMetrics(k, 3, 1, 1_500_000_000L, -2, CallTree.UNSET, CallTree.UNSET);
        Profile p = new Profile(t, ViewKind.TAU, 2, "max", "present", 3, List.of("n0", "n1", "n2"), Map.of(),
                Map.of());
        Map<String, Object> doc = parse(Fixtures.render(OutputFormat.JSON, p, Report.allRows(p), 1_500_000_000L,
                DisplayUnit.S));
        Map<String, Object> meta = map(doc.get("metadata"));
        assertEquals(2L, meta.get("tau_depth"));
        assertEquals(Map.of("op", "max", "missing", "present", "nodes", 3L), meta.get("aggregation"));
        assertEquals(new BigDecimal("1.5"), meta.get("total_inclusive_s"));
        Map<String, Object> row = map(list(doc.get("rows")).get(0));
        assertEquals(List.of("path", "calls", "subcalls", "inclusive_s", "exclusive_s", "min_inclusive_s",
                "max_inclusive_s", "agg", "missing", "nodes"), List.copyOf(row.keySet()));
        assertEquals("a => b", row.get("path"));
        assertEquals(new BigDecimal("-0.000000002"), row.get("exclusive_s"));
        assertEquals(3L, row.get("nodes"));
    }

    @Test
    void defaultUnitIsNanoseconds() throws IOException {
        Map<String, Object> doc = parse(Fixtures.render(OutputFormat.JSON, Fixtures.smallTree(), null));
        assertEquals("ns", map(doc.get("metadata")).get("unit"));
        assertEquals(1234574L, map(doc.get("metadata")).get("total_inclusive_ns"));
        assertEquals(1234567L, map(list(doc.get("rows")).get(0)).get("inclusive_ns"));
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
