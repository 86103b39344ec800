package dev.ppw.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
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
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Every file is checked against speedscope's published schema (test resources, speedscope/), then read back by
 * a small reader of our own that recomputes each frame's total and self value the way speedscope's views do
 * (a frame counts once per stack for its total, the stack's last frame takes the self value).
 */
class SpeedscopeWriterTest {
    private static final SpeedscopeWriter SPEEDSCOPE = new SpeedscopeWriter();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchema SCHEMA = loadSchema();

    /** One frame's values as speedscope shows them. */
    record FrameValues(long total, long self) {
    }

    @Test
    void oneTreeIsOneSampledProfileInNanosecondsWhoseFramesHaveOurInclusiveAndExclusiveTimes() throws IOException {
        Profile p = Fixtures.smallTree();
        JsonNode file = write(new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty()));
        assertEquals(SpeedscopeWriter.SCHEMA, file.get("$schema").asText());
        assertEquals(List.of("main", "a", "b", "idle"), frameNames(file));
        assertEquals(1, file.get("profiles").size());
        JsonNode profile = file.get("profiles").get(0);
        assertEquals("sampled", profile.get("type").asText());
        assertEquals("all threads", profile.get("name").asText());
        assertEquals("nanoseconds", profile.get("unit").asText());
        assertEquals(1234574, profile.get("endValue").asLong());
        assertEquals("[[0],[0,1],[0,1,2],[3]]", profile.get("samples").toString());
        assertEquals("[999567,234500,500,7]", profile.get("weights").toString());
        Map<String, FrameValues> expected = new LinkedHashMap<>();
        expected.put("main", new FrameValues(1234567, 999567));
        expected.put("a", new FrameValues(235000, 234500));
        expected.put("b", new FrameValues(500, 500));
        expected.put("idle", new FrameValues(7, 7));
        assertEquals(expected, frameValues(file, profile));
    }

    @Test
    void theUnitAskedForIsSpeedscopesAndTheValuesStayExact() throws IOException {
        Profile p = Fixtures.smallTree();
        JsonNode profile = write(new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(),
                Optional.of(DisplayUnit.US))).get("profiles").get(0);
        assertEquals("microseconds", profile.get("unit").asText());
        assertEquals("[999.567,234.5,0.5,0.007]", profile.get("weights").toString());
        assertEquals("1234.574", profile.get("endValue").decimalValue().toPlainString());
    }

    /** Random trees with recursion (few names): every frame's total and self equal what our tree says. */
    @Test
    void everyFramesTotalAndSelfAreOursOverRandomTrees() {
        qt().withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            Profile p = randomTree(seed);
            try {
                JsonNode file = write(new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(),
                        Optional.empty()));
                JsonNode profile = file.get("profiles").get(0);
                assertEquals(expectedValues(p.tree()), frameValues(file, profile), "seed " + seed);
                assertEquals(p.tree().totalInclusiveNanos(), profile.get("endValue").asLong());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void sectionsAreOneProfileEachAfterTheWholeAndShareTheFrames() throws IOException {
        Profile t1 = Fixtures.smallTree();
        CallTree other = new CallTree(new FrameTable(new NameTable()));
        int main = other.child(CallTree.ROOT, other.frames().intern("main"));
        int c = other.child(main, other.frames().intern("c"));
        other.addCall(c, 40);
        other.addCall(main, 100);
        Profile t2 = Profile.single(other, List.of("t.json"), Map.of(), Map.of());
        Report whole = new Report(t1, Report.allRows(t1), t1.tree().totalInclusiveNanos(), Optional.empty())
                .withSections(List.of(
                        section("1/1 main", t1), section("1/2 worker", t2)));
        JsonNode file = write(whole);
        assertEquals(List.of("main", "a", "b", "idle", "c"), frameNames(file));
        List<String> names = new ArrayList<>();
        file.get("profiles").forEach(pr -> names.add(pr.get("name").asText()));
        assertEquals(List.of("all threads", "1/1 main", "1/2 worker"), names);
        JsonNode worker = file.get("profiles").get(2);
        assertEquals("[[0],[0,4]]", worker.get("samples").toString());
        assertEquals("[60,40]", worker.get("weights").toString());
        assertEquals(Map.of("main", new FrameValues(100, 60), "c", new FrameValues(40, 40)),
                frameValues(file, worker));
    }

    @Test
    void oneSectionIsTheWholeAgainAndIsNotRepeated() throws IOException {
        Profile t1 = Fixtures.smallTree();
        Report whole = new Report(t1, Report.allRows(t1), t1.tree().totalInclusiveNanos(), Optional.empty())
                .withSections(List.of(section("1/1 main", t1)));
        assertEquals(1, write(whole).get("profiles").size());
    }

    @Test
    void asyncSpansAreAProfileOfTheirOwn() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int span = t.child(CallTree.ROOT, t.frames().intern("PROMISE"), Part.ASYNC);
        int inner = t.child(span, t.frames().intern("then"));
        t.addCall(main, 10);
        t.addCall(inner, 300);
        t.addCall(span, 500);
        t.addCall(span, 700);
        Profile p = Profile.single(t, List.of("node.json"), Map.of(), Map.of());
        JsonNode file = write(new Report(p, Report.allRows(p), 10, Optional.empty()));
        assertEquals(2, file.get("profiles").size());
        JsonNode async = file.get("profiles").get(1);
        assertEquals("all threads async spans", async.get("name").asText());
        assertEquals(1200, async.get("endValue").asLong());
        assertEquals(Map.of("PROMISE", new FrameValues(1200, 900), "then", new FrameValues(300, 300)),
                frameValues(file, async));
        assertEquals(Map.of("main", new FrameValues(10, 10)), frameValues(file, file.get("profiles").get(0)));
    }

    @Test
    void aProfileWithoutTimeWeighsItsSamplesInBytes() throws IOException {
        Metric bytes = Metric.weight("alloc", MetricUnit.BYTES, "alloc", "allocated bytes");
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int grow = t.child(main, t.frames().intern("grow"));
        t.enable(MetricGroup.ofWeight(bytes));
        t.addSample(grow, bytes, 4096);
        t.addSample(main, bytes, 64);
        Profile p = Profile.single(t, List.of("x"), Map.of(), Map.of());
        JsonNode profile = write(new Report(p, Report.allRows(p), 0, Optional.empty())).get("profiles").get(0);
        assertEquals("bytes", profile.get("unit").asText());
        assertEquals("[64,4096]", profile.get("weights").toString());
        assertEquals(4160, profile.get("endValue").asLong());
    }

    @Test
    void aMinAggregatesRowsOfZeroOrLessAreLeftOutAndKeyedRowsAreTheirKeysFrames() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int a = t.child(CallTree.ROOT, t.frames().intern("a"));
        int b = t.child(a, t.frames().intern("b"));
        t.setMetrics(a, 1, 1, 10, -2, CallTree.UNSET, CallTree.UNSET);
        t.setMetrics(b, 1, 0, 12, 12, CallTree.UNSET, CallTree.UNSET);
        Profile p = new Profile(t, ViewKind.TREE, 0, MergeOp.MIN, MissingRule.ZERO, 3, List.of(), Map.of(), Map.of());
        JsonNode profile = write(new Report(p, Report.allRows(p), 10, Optional.empty())).get("profiles").get(0);
        assertEquals("min over 3 nodes", profile.get("name").asText());
        assertEquals("[[0,1]]", profile.get("samples").toString());

        CallTree k = new CallTree(new FrameTable(new NameTable()));
        int key = k.child(CallTree.ROOT, k.frames().intern("run => step"));
        k.setMetrics(key, 2, 0, 30, 30, 10, 20);
        Profile tau = new Profile(k, ViewKind.TAU, 2, MergeOp.SUM, MissingRule.ZERO, 1, List.of(), Map.of(), Map.of());
        JsonNode file = write(new Report(tau, Report.allRows(tau), 30, Optional.empty()));
        assertEquals(List.of("run", "step"), frameNames(file));
        assertEquals("[[0,1]]", file.get("profiles").get(0).get("samples").toString());
    }

    @Test
    void namesThatLookLikeJsonOrMarkupStayNames() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        String hostile = "\"},{\"name\":\"x\"}]<script>alert(1)</script>\n\u0000";
        int n = t.child(CallTree.ROOT, t.frames().intern(hostile));
        t.addCall(n, 5);
        Profile p = Profile.single(t, List.of("x"), Map.of(), Map.of());
        JsonNode file = write(new Report(p, Report.allRows(p), 5, Optional.empty()));
        assertEquals(List.of(hostile), frameNames(file));
    }

    @Test
    void eachPhaseIsAProfileAfterTheWholeNamedAfterItAndAnEmptyPhaseStillOpens() throws IOException {
        Profile whole = Fixtures.smallTree();
        CallTree init = new CallTree(whole.tree().frames());
        init.addCall(init.child(CallTree.ROOT, init.frames().intern("main")), 1000);
        CallTree outside = new CallTree(whole.tree().frames());
        int main = outside.child(CallTree.ROOT, outside.frames().intern("main"));
        int a = outside.child(main, outside.frames().intern("a"));
        outside.addCall(outside.child(a, outside.frames().intern("b")), 500);
        outside.addCall(a, 1000);
        outside.addCall(a, 234000);
        outside.addCall(main, 1233567);
        outside.setMetrics(outside.child(CallTree.ROOT, outside.frames().intern("idle")), 3, 0, 7, 7, CallTree.UNSET,
                CallTree.UNSET);
        List<Report.Phase> phases = List.of(phase("init", whole, init),
                phase("never", whole, new CallTree(whole.tree().frames())), phase("(outside)", whole, outside));
        JsonNode file = write(new Report(whole, Report.allRows(whole), whole.tree().totalInclusiveNanos(),
                Optional.empty()).withPhases(phases));
        List<String> names = new ArrayList<>();
        file.get("profiles").forEach(p -> names.add(p.get("name").asText()));
        assertEquals(List.of("all threads", "phase init", "phase never", "phase (outside)"), names);
        JsonNode never = file.get("profiles").get(2);
        assertEquals("[]", never.get("samples").toString());
        assertEquals(0, never.get("endValue").asLong());
        assertEquals("[[0]]", file.get("profiles").get(1).get("samples").toString());
        assertEquals("[1000]", file.get("profiles").get(1).get("weights").toString());
        // main's self time over the phases is the whole's: 1000 + 998567 = 999567
        assertEquals(new FrameValues(1233567, 998567), frameValues(file, file.get("profiles").get(3)).get("main"));
        assertEquals(new FrameValues(1234567, 999567), frameValues(file, file.get("profiles").get(0)).get("main"));
    }

    private static Report.Phase phase(String name, Profile whole, CallTree tree) {
        Profile p = whole.withView(tree, whole.view(), 0);
        return new Report.Phase(name, List.of(), new Report(p, Report.allRows(p), tree.totalInclusiveNanos(),
                Optional.empty()));
    }

    /** The check above is worth something: the schema refuses a profile without weights or with a bad unit. */
    @Test
    void theSchemaRefusesWhatSpeedscopeCannotOpen() throws IOException {
        Profile p = Fixtures.smallTree();
        JsonNode file = write(new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty()));
        com.fasterxml.jackson.databind.node.ObjectNode profile =
                (com.fasterxml.jackson.databind.node.ObjectNode) file.get("profiles").get(0);
        profile.put("unit", "ticks");
        assertTrue(!SCHEMA.validate(file).isEmpty());
        profile.put("unit", "nanoseconds");
        profile.remove("weights");
        assertTrue(!SCHEMA.validate(file).isEmpty());
    }

    @Test
    void theRegistryOffersItUnderItsNameAndEnding() {
        assertEquals(List.of(".speedscope.json"), SPEEDSCOPE.fileExtensions());
        assertTrue(SPEEDSCOPE.writesSections());
    }

    private static Report.Section section(String label, Profile p) {
        return new Report.Section(Report.Section.Kind.THREAD, label,
                new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty()));
    }

    /** The file, parsed, after the schema accepted it. */
    static JsonNode write(Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SPEEDSCOPE.write(report, out);
        JsonNode file = JSON.readTree(out.toString(StandardCharsets.UTF_8));
        Set<ValidationMessage> problems = SCHEMA.validate(file);
        assertEquals(Set.of(), problems, out.toString(StandardCharsets.UTF_8));
        return file;
    }

    private static List<String> frameNames(JsonNode file) {
        List<String> names = new ArrayList<>();
        file.get("shared").get("frames").forEach(f -> names.add(f.get("name").asText()));
        return names;
    }

    /** Per frame name: the weights of the stacks holding it (once per stack), and of those ending in it. */
    static Map<String, FrameValues> frameValues(JsonNode file, JsonNode profile) {
        List<String> names = frameNames(file);
        Map<String, long[]> sums = new LinkedHashMap<>();
        JsonNode samples = profile.get("samples");
        JsonNode weights = profile.get("weights");
        assertEquals(samples.size(), weights.size());
        for (int i = 0; i < samples.size(); i++) {
            long w = weights.get(i).asLong();
            Set<String> seen = new HashSet<>();
            JsonNode stack = samples.get(i);
            for (int d = 0; d < stack.size(); d++) {
                String name = names.get(stack.get(d).asInt());
                long[] s = sums.computeIfAbsent(name, x -> new long[2]);
                if (seen.add(name)) {
                    s[0] += w;
                }
                if (d == stack.size() - 1) {
                    s[1] += w;
                }
            }
        }
        Map<String, FrameValues> out = new LinkedHashMap<>();
        sums.forEach((k, v) -> out.put(k, new FrameValues(v[0], v[1])));
        return out;
    }

    /**
     * From the tree: a region's total is the inclusive time of its nodes that have no ancestor of the same
     * region (recursion counted once), its self the sum of its nodes' exclusive time.
     */
    private static Map<String, FrameValues> expectedValues(CallTree t) {
        Map<String, long[]> sums = new LinkedHashMap<>();
        for (int n = 1; n < t.size(); n++) {
            boolean nested = false;
            for (int up = t.parent(n); up != CallTree.ROOT; up = t.parent(up)) {
                nested |= t.regionName(up).equals(t.regionName(n));
            }
            if (t.inclusiveNanos(n) == 0) {
                continue;
            }
            long[] s = sums.computeIfAbsent(t.regionName(n), x -> new long[2]);
            if (!nested) {
                s[0] += t.inclusiveNanos(n);
            }
            s[1] += t.exclusiveNanos(n);
        }
        Map<String, FrameValues> out = new java.util.HashMap<>();
        sums.forEach((k, v) -> out.put(k, new FrameValues(v[0], v[1])));
        return out;
    }

    /** Up to 40 nodes named from four names (so recursion happens), each with its own calls. */
    static Profile randomTree(long seed) {
        java.util.Random r = new java.util.Random(seed);
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        String[] names = {"a", "b", "c", "d"};
        int nodes = 1 + r.nextInt(40);
        List<Integer> made = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            int parent = made.isEmpty() || r.nextInt(5) == 0 ? CallTree.ROOT : made.get(r.nextInt(made.size()));
            made.add(t.child(parent, t.frames().intern(names[r.nextInt(names.length)])));
        }
        // Calls from the leaves up, each longer than its children's: the tree's invariants hold.
        long[] childTime = new long[t.size()];
        for (int n = t.size() - 1; n >= 1; n--) {
            long own = r.nextInt(4) == 0 ? 0 : r.nextInt(1_000_000);
            long inclusive = childTime[n] + own;
            if (inclusive > 0) {
                t.addCall(n, inclusive);
            }
            childTime[t.parent(n)] += inclusive;
        }
        return Profile.single(t, List.of("random"), Map.of(), Map.of());
    }

    private static JsonSchema loadSchema() {
        try (InputStream in = SpeedscopeWriterTest.class.getResourceAsStream("/speedscope/file-format-schema.json")) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
