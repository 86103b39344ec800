package dev.ppw.collect.saved;

import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.Combine;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.Profile;
import dev.ppw.model.RegionCounters;
import dev.ppw.testing.RandomProfiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Declared metrics in saved profiles (docs/profile-json.md "metric_groups"): the groups rebuilt equal to the
 * declaring code's, their columns read into the tree by name, ratio columns ignored, and files of the first
 * writers (region counter columns without {@code metric_groups}) read as {@link RegionCounters#GROUP}. The
 * JSON is written out by hand, as the contract shows it.
 */
class SavedMetricsTest {
    private static final String HEAD = """
            {"format": "ppw-profile", "version": 1, "view": "tree", "unit": "ns",
             "aggregation": {"op": "sum", "missing": "zero", "nodes": 1, "region_counters": "any words"},
            """;
    private static final String FIXED = "\"id\", \"parent_id\", \"depth\", \"name\", \"callsite\", \"calls\", \"subcalls\","
            + " \"inclusive_ns\", \"exclusive_ns\", \"min_inclusive_ns\", \"max_inclusive_ns\"";
    private static final String REGION_COUNTERS = """
             "metric_groups": [
              {"name": "region_counters", "combine_rule": "cpu samples and sums added, memory peak the max, whatever op",
               "metrics": [
                {"name": "cpu_usage_samples", "unit": "count", "kind": "value", "combine": "sum", "shown": "machine",
                 "label": "cpu samples", "description": "cpu_usage samples attached to the row"},
                {"name": "cpu_usage_sum_percent", "unit": "percent", "kind": "value", "combine": "sum", "shown": "saved",
                 "label": "cpu% sum", "description": "sum of the row's cpu_usage samples"},
                {"name": "cpu_usage_mean_percent", "unit": "percent", "kind": "ratio", "numerator": "cpu_usage_sum_percent",
                 "denominator": "cpu_usage_samples", "combine": "sum", "shown": "everywhere", "label": "cpu% mean",
                 "description": "mean of the row's cpu_usage samples"},
                {"name": "memory_usage_peak", "unit": "", "kind": "value", "combine": "max", "shown": "everywhere",
                 "label": "memory peak", "description": "largest memory_usage sample of the row, as written"}]}
             ],
            """;
    private static final String COUNTER_COLUMNS = ", \"cpu_usage_samples\", \"cpu_usage_sum_percent\","
            + " \"cpu_usage_mean_percent\", \"memory_usage_peak\"";
    /** main has 2 cpu samples summing to 45.5 % and a memory peak of 200.5; the mean column says 999, to be ignored. */
    private static final String COUNTER_ROWS = """
             "rows": [
              [1, null, 0, "main", "", 1, 1, 2500, 1500, 2500, 2500, 2, 45.5, 999, 200.5],
              [2, 1, 1, "work", "", 1, 0, 1000, 1000, null, null, 0, null, null, null]
             ]}
            """;
    private static final Metric ALLOC = Metric.weight("alloc", MetricUnit.BYTES, "alloc", "bytes allocated");

    @Test
    void declaredRegionCountersAreRebuiltAndReadByName() {
        Profile p = read(HEAD + REGION_COUNTERS + " \"columns\": [" + FIXED + COUNTER_COLUMNS + "],\n" + COUNTER_ROWS);
        assertRegionCounters(p.tree());
    }

    @Test
    void aFileOfTheFirstWritersWithCounterColumnsDeclaresRegionCounters() {
        Profile p = read(HEAD + " \"columns\": [" + FIXED + COUNTER_COLUMNS + "],\n" + COUNTER_ROWS);
        assertRegionCounters(p.tree());
        Profile none = read(HEAD + " \"columns\": [" + FIXED + "],\n \"rows\": [[1, null, 0, \"main\", \"\", 1, 0, 5, 5,"
                + " 5, 5]]}");
        assertEquals(List.of(), none.tree().metricGroups());
    }

    private static void assertRegionCounters(CallTree t) {
        assertEquals(List.of(RegionCounters.GROUP), t.metricGroups(), "equal to the declaring code's group");
        assertEquals(2, t.longValue(1, RegionCounters.CPU_SAMPLES));
        assertEquals(45.5, t.doubleValue(1, RegionCounters.CPU_SUM));
        assertEquals(22.75, t.doubleValue(1, RegionCounters.CPU_MEAN), "computed: the written 999 is ignored");
        assertEquals(200.5, t.doubleValue(1, RegionCounters.MEMORY_PEAK));
        assertEquals(0, t.longValue(2, RegionCounters.CPU_SAMPLES));
        assertTrue(Double.isNaN(t.doubleValue(2, RegionCounters.CPU_SUM)), "null is no value");
        assertTrue(Double.isNaN(t.doubleValue(2, RegionCounters.MEMORY_PEAK)));
        assertEquals(2500, t.inclusiveNanos(1), "the fixed columns as ever");
    }

    @Test
    void aSampleWeightIsReadFromItsInclusiveAndExclusiveColumns() {
        String text = HEAD + """
                 "metric_groups": [
                  {"name": "alloc", "combine_rule": "inclusive and exclusive as times are, by the op", "metrics": [
                    {"name": "alloc", "unit": "bytes", "kind": "weight", "combine": "sum", "shown": "everywhere",
                     "label": "alloc", "description": "bytes allocated"}]}
                 ],
                 "columns": [""" + FIXED + """
                , "alloc_exclusive_bytes", "alloc_inclusive_bytes"],
                 "rows": [
                  [1, null, 0, "main", "", 3, 1, 0, 0, null, null, 1024, 4096],
                  [2, 1, 1, "work", "", 2, 0, 0, 0, null, null, 3072, 3072]
                 ]}
                """;
        CallTree t = read(text).tree();
        assertEquals(List.of(MetricGroup.ofWeight(ALLOC)), t.metricGroups());
        assertEquals(List.of(4096L, 1024L, 3072L, 3072L), List.of(t.inclusive(1, ALLOC), t.exclusive(1, ALLOC),
                t.inclusive(2, ALLOC), t.exclusive(2, ALLOC)), "by name, whatever the order of the columns");
    }

    @Test
    void generatedProfilesWithDeclaredMetricsComeBackExactly() {
        Metric gpu = Metric.value("gpu_peak_bytes", MetricUnit.BYTES, Combine.MAX, Metric.Shown.EVERYWHERE,
                "gpu peak", "largest GPU memory in use");
        MetricGroup gpuGroup = new MetricGroup("gpu", List.of(gpu), "the max, whatever op");
        for (int seed = 0; seed < 50; seed++) {
            Random r = new Random(seed);
            Profile p = RandomProfiles.generate(List.of(1, 2, 300, 5000, 1 << 16, 77), r);
            p.tree().enable(gpuGroup);
            p.tree().enable(MetricGroup.ofWeight(ALLOC));
            for (int n = 1; n < p.tree().size(); n++) {
                p.tree().set(n, gpu, r.nextLong() & Long.MAX_VALUE);
                p.tree().setWeight(n, ALLOC, r.nextInt(1 << 20), r.nextInt(1 << 10));
            }
            Profile back = ProfileJsonReader.read("p.json", new ByteArrayInputStream(SavedProfiles.json(p,
                    RandomProfiles.rows(p.tree(), r), DisplayUnit.NS)));
            assertEquals(RandomProfiles.rowsByPath(p.tree()), RandomProfiles.rowsByPath(back.tree()), "seed " + seed);
            assertEquals(RandomProfiles.metadata(p), RandomProfiles.metadata(back), "seed " + seed);
        }
    }

    static Stream<Arguments> malformed() {
        String columns = " \"columns\": [" + FIXED + COUNTER_COLUMNS + "],\n";
        return Stream.of(
                bad("metric_groups after columns", HEAD + columns + REGION_COUNTERS + COUNTER_ROWS,
                        "saved.json:4:19: \"metric_groups\" comes after \"columns\": this reader needs the metric groups"
                                + " first, as ppw-java writes them"),
                bad("a declared metric without its column", HEAD + REGION_COUNTERS + columns.replace(
                                ", \"memory_usage_peak\"", "") + COUNTER_ROWS.replace(", 200.5]", "]")
                                .replace(", null, null, null]", ", null, null]"),
                        "saved.json:16:225: columns lack memory_usage_peak"),
                bad("an unknown kind", HEAD + REGION_COUNTERS.replace("\"kind\": \"ratio\"", "\"kind\": \"average\"")
                                + columns + COUNTER_ROWS,
                        "saved.json:12:58: metric_groups: unknown kind \"average\": expected value, weight, ratio"),
                bad("a metric without a description", HEAD + REGION_COUNTERS.replace(", \"description\": \"sum of the"
                                + " row's cpu_usage samples\"", "") + columns + COUNTER_ROWS,
                        "saved.json:9:25: a metric_groups metric needs \"description\""),
                bad("a ratio of a metric not in the group", HEAD + REGION_COUNTERS.replace(
                                "\"numerator\": \"cpu_usage_sum_percent\"", "\"numerator\": \"cpu_usage_sum\"")
                                + columns + COUNTER_ROWS,
                        "saved.json:14:99: metric_groups: region_counters: ratio cpu_usage_mean_percent needs VALUE"
                                + " metrics of the group"),
                bad("a metric named like a fixed column", HEAD + REGION_COUNTERS.replace(
                                "\"name\": \"memory_usage_peak\"", "\"name\": \"calls\"") + columns + COUNTER_ROWS,
                        "saved.json:14:99: metric_groups: metric calls of group region_counters gives column calls,"
                                + " which another column has"),
                bad("a count that is not an integer", HEAD + REGION_COUNTERS + columns
                                + COUNTER_ROWS.replace("2500, 2, 45.5", "2500, 2.5, 45.5"),
                        "saved.json:18:58: row 1: cpu_usage_samples must be an integer: \"2.5\""),
                bad("a percentage that is text", HEAD + REGION_COUNTERS + columns
                                + COUNTER_ROWS.replace("2, 45.5,", "2, \"45.5\","),
                        "saved.json:18:61: row 1: cpu_usage_sum_percent must be a number or null: \"45.5\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedDeclarationsStopWithOneLineNamingThePlace(String what, String text, String expected) {
        BadInputException e = assertThrows(BadInputException.class, () -> read(text), what);
        assertEquals(expected, e.getMessage());
    }

    private static Arguments bad(String what, String text, String expected) {
        return Arguments.of(what, text, expected);
    }

    private static Profile read(String text) {
        return ProfileJsonReader.read("saved.json", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}
