package dev.ppw.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The literal graph read back by {@link LiteralGraph}, a small reader that follows the rules of Hatchet's
 * {@code LiteralReader} (hatchet/readers/literal_reader.py): a list of root dicts; each node's {@code frame}
 * a non-empty dict, its name the frame's {@code name} (else the node's own {@code name}); {@code metrics} a
 * dict; {@code children} optional; the metrics whose key holds {@code (inc)} inclusive, the others
 * exclusive, as the last root's keys say.
 */
class HatchetWriterTest {
    private static final HatchetWriter HATCHET = new HatchetWriter();
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    /** One node as Hatchet builds it: frame attributes, metrics, children. */
    record LiteralNode(Map<String, String> frame, String name, Map<String, BigDecimal> metrics,
                       List<LiteralNode> children) {
    }

    /** The graph and the metric lists Hatchet's reader derives. */
    record LiteralGraph(List<LiteralNode> roots, List<String> inclusiveMetrics, List<String> exclusiveMetrics) {
        static LiteralGraph read(String text) throws IOException {
            JsonNode list = JSON.readTree(text);
            assertTrue(list.isArray() && !list.isEmpty(), "from_literal needs a non-empty list of roots");
            List<LiteralNode> roots = new ArrayList<>();
            for (JsonNode root : list) {
                roots.add(node(root));
            }
            List<String> inc = new ArrayList<>();
            List<String> exc = new ArrayList<>();
            for (String key : roots.getLast().metrics().keySet()) {
                (key.contains("(inc)") ? inc : exc).add(key);
            }
            return new LiteralGraph(roots, inc, exc);
        }

        private static LiteralNode node(JsonNode n) {
            JsonNode frame = n.get("frame");
            assertTrue(frame != null && frame.isObject() && !frame.isEmpty(), "a frame with attributes: " + n);
            Map<String, String> attrs = new LinkedHashMap<>();
            frame.fields().forEachRemaining(e -> attrs.put(e.getKey(), e.getValue().asText()));
            String name = attrs.get("name");
            if (name == null || name.isEmpty()) {
                assertNotNull(n.get("name"), "Hatchet takes the node's own name when the frame has none: " + n);
                name = n.get("name").asText();
            }
            JsonNode metrics = n.get("metrics");
            assertTrue(metrics != null && metrics.isObject(), "metrics: " + n);
            Map<String, BigDecimal> values = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = metrics.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                values.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().decimalValue());
            }
            List<LiteralNode> children = new ArrayList<>();
            if (n.has("children")) {
                for (JsonNode c : n.get("children")) {
                    children.add(node(c));
                }
            }
            return new LiteralNode(attrs, name, values, children);
        }

        List<LiteralNode> preorder() {
            List<LiteralNode> all = new ArrayList<>();
            List<LiteralNode> stack = new ArrayList<>(roots.reversed());
            while (!stack.isEmpty()) {
                LiteralNode n = stack.removeLast();
                all.add(n);
                stack.addAll(n.children().reversed());
            }
            return all;
        }
    }

    @Test
    void theTreeIsNestedRootsWithInclusiveAndExclusiveTimeAndCalls() throws IOException {
        Profile p = Fixtures.smallTree();
        String text = write(new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty()));
        assertEquals("[{\"frame\":{\"name\":\"main\",\"type\":\"function\"},"
                + "\"metrics\":{\"time (inc)\":1234567,\"time\":999567,\"calls\":1},\"children\":["
                + "{\"frame\":{\"name\":\"a\",\"type\":\"function\"},"
                + "\"metrics\":{\"time (inc)\":235000,\"time\":234500,\"calls\":2},\"children\":["
                + "{\"frame\":{\"name\":\"b\",\"type\":\"function\"},"
                + "\"metrics\":{\"time (inc)\":500,\"time\":500,\"calls\":1}}]}]},"
                + "{\"frame\":{\"name\":\"idle\",\"type\":\"function\"},"
                + "\"metrics\":{\"time (inc)\":7,\"time\":7,\"calls\":3}}]\n", text);
        LiteralGraph g = LiteralGraph.read(text);
        assertEquals(List.of("time (inc)"), g.inclusiveMetrics());
        assertEquals(List.of("time", "calls"), g.exclusiveMetrics());
    }

    /** Over random trees: inclusive = exclusive + the children's inclusive, and the roots add up to our total. */
    @Test
    void everyNodesInclusiveIsItsExclusivePlusItsChildrenAndTheTotalsAreOurs() {
        qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            Profile p = SpeedscopeWriterTest.randomTree(seed);
            try {
                LiteralGraph g = LiteralGraph.read(write(new Report(p, preorder(p.tree()),
                        p.tree().totalInclusiveNanos(), Optional.empty())));
                List<LiteralNode> all = g.preorder();
                assertEquals(p.tree().size() - 1, all.size());
                BigDecimal rootsInclusive = BigDecimal.ZERO;
                for (LiteralNode r : g.roots()) {
                    rootsInclusive = rootsInclusive.add(r.metrics().get("time (inc)"));
                }
                BigDecimal exclusiveSum = BigDecimal.ZERO;
                for (LiteralNode n : all) {
                    BigDecimal sum = n.metrics().get("time");
                    for (LiteralNode c : n.children()) {
                        sum = sum.add(c.metrics().get("time (inc)"));
                    }
                    assertEquals(0, n.metrics().get("time (inc)").compareTo(sum), n.toString());
                    assertEquals(g.roots().getLast().metrics().keySet(), n.metrics().keySet());
                    exclusiveSum = exclusiveSum.add(n.metrics().get("time"));
                }
                assertEquals(BigDecimal.valueOf(p.tree().totalInclusiveNanos()), rootsInclusive);
                assertEquals(BigDecimal.valueOf(p.tree().totalInclusiveNanos()), exclusiveSum);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void theUnitAskedForWritesExactDecimals() throws IOException {
        Profile p = Fixtures.smallTree();
        LiteralGraph g = LiteralGraph.read(write(new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(),
                Optional.of(DisplayUnit.MS))));
        assertEquals(new BigDecimal("1.234567"), g.roots().getFirst().metrics().get("time (inc)"));
        assertEquals(new BigDecimal("0.000007"), g.roots().getLast().metrics().get("time"));
    }

    @Test
    void onlyTheListedRowsAndARowWithoutItsParentIsARoot() throws IOException {
        Profile p = Fixtures.smallTree();
        // main 1, a 2, b 3, idle 4: idle first, then b without a (as a flat or cut listing could give).
        LiteralGraph g = LiteralGraph.read(write(new Report(p, new int[] {4, 1, 3}, p.tree().totalInclusiveNanos(),
                Optional.empty())));
        assertEquals(List.of("idle", "main", "b"), g.roots().stream().map(LiteralNode::name).toList());
        assertTrue(g.roots().get(1).children().isEmpty());
    }

    @Test
    void asyncRowsAreTypedAsyncCallsitesStayInTheFrameAndWeightsAddTheirMetrics() throws IOException {
        Metric bytes = Metric.weight("alloc", MetricUnit.BYTES, "alloc", "allocated bytes");
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main", "start+0x10"));
        int span = t.child(CallTree.ROOT, t.frames().intern("PROMISE"), Part.ASYNC);
        t.addCall(main, 10);
        t.addCall(span, 500);
        t.enable(MetricGroup.ofWeight(bytes));
        t.addSample(main, bytes, 64);
        Profile p = Profile.single(t, List.of("x"), Map.of(), Map.of());
        LiteralGraph g = LiteralGraph.read(write(new Report(p, Report.allRows(p), 10, Optional.empty())));
        assertEquals(Map.of("name", "main", "type", "function", "callsite", "start+0x10"),
                g.roots().getFirst().frame());
        assertEquals(Map.of("name", "PROMISE", "type", "async"), g.roots().getLast().frame());
        assertEquals(List.of("time (inc)", "alloc (inc)"), g.inclusiveMetrics());
        assertEquals(new BigDecimal(64), g.roots().getFirst().metrics().get("alloc"));
    }

    @Test
    void aMergeWritesItsAggregateAndTheBreakdownAsInclusiveMetrics() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int a = t.child(CallTree.ROOT, t.frames().intern("a"));
        int b = t.child(a, t.frames().intern("b"));
        t.setMetrics(a, 2, 2, 10, -2, CallTree.UNSET, CallTree.UNSET);
        t.setMetrics(b, 2, 0, 12, 12, CallTree.UNSET, CallTree.UNSET);
        Profile p = new Profile(t, ViewKind.TREE, 0, MergeOp.MIN, MissingRule.ZERO, 2, List.of(), Map.of(), Map.of());
        Breakdown perNode = new Breakdown(t.size());
        perNode.set(a, 10, 30, 20, 14.142, "n1");
        perNode.set(b, 0, 12, 0, 0, "n1");
        LiteralGraph g = LiteralGraph.read(write(new Report(p, Report.allRows(p), 10, Optional.empty())
                .withBreakdown(perNode)));
        LiteralNode root = g.roots().getFirst();
        assertEquals(new BigDecimal(-2), root.metrics().get("time"));
        assertEquals(List.of("time (inc)", "time (inc).min", "time (inc).max", "time (inc).mean",
                "time (inc).stddev", "time (inc).imbalance"), g.inclusiveMetrics());
        assertEquals(new BigDecimal("14"), root.metrics().get("time (inc).stddev"));
        assertEquals(new BigDecimal("1.5000"), root.metrics().get("time (inc).imbalance"));
        assertEquals(null, root.children().getFirst().metrics().get("time (inc).imbalance"));
    }

    @Test
    void aDeepTreeIsWrittenWithoutDeepRecursion() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int n = CallTree.ROOT;
        int depth = 20_000;
        for (int i = 0; i < depth; i++) {
            n = t.child(n, t.frames().intern("f" + (i % 7)));
        }
        t.addCall(n, 1);
        Profile p = Profile.single(t, List.of("x"), Map.of(), Map.of());
        String text = write(new Report(p, Report.allRows(p), 1, Optional.empty()));
        assertTrue(text.endsWith("}}" + "]}".repeat(depth - 1) + "]\n"), text.substring(text.length() - 20));
        assertEquals(depth, text.split("\"frame\"", -1).length - 1);
    }

    @Test
    void namesThatLookLikeJsonStayNames() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        String hostile = "\"}],\"x\":[{\n";
        t.addCall(t.child(CallTree.ROOT, t.frames().intern(hostile)), 3);
        Profile p = Profile.single(t, List.of("x"), Map.of(), Map.of());
        assertEquals(hostile, LiteralGraph.read(write(new Report(p, Report.allRows(p), 3, Optional.empty())))
                .roots().getFirst().name());
    }

    /** The tree's nodes in preorder, children in their order: the rows of a tree view. */
    static int[] preorder(CallTree t) {
        int[] rows = new int[t.size() - 1];
        int k = 0;
        List<Integer> stack = new ArrayList<>();
        for (int c = t.firstChild(CallTree.ROOT); c != CallTree.NONE; c = t.nextSibling(c)) {
            stack.add(c);
        }
        while (!stack.isEmpty()) {
            int n = stack.removeFirst();
            rows[k++] = n;
            List<Integer> children = new ArrayList<>();
            for (int c = t.firstChild(n); c != CallTree.NONE; c = t.nextSibling(c)) {
                children.add(c);
            }
            stack.addAll(0, children);
        }
        return rows;
    }

    private static String write(Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HATCHET.write(report, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
