package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.Combine;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.Version;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.OutputWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.ppw.report.Fixtures.crlf;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Declared metrics printed from their declaration alone, in every format, for a group made here (none of
 * the production code knows it) and a sampled input weighed in bytes.
 *
 * <p>The tree: main calls work; three allocation samples weigh 4096 bytes (in work), 100 (in main) and 1
 * (in work), so main has 3 calls, 2 subcalls, 4197 bytes inclusive and 100 exclusive; work has 2 calls and
 * 4097 bytes both ways. No time was sampled. The io group: main made 3 ops that kept the device busy 50
 * percent in all (a mean of 50 / 3 = 16.666666666666668 percent) and recorded no queue depth; work made 2
 * ops with no busy value (no mean) and a queue depth peak of 7.
 */
class MetricColumnsTest {
    private static final Metric OPS = Metric.value("io_ops", MetricUnit.COUNT, Combine.SUM, Metric.Shown.MACHINE,
            "ops", "io operations");
    private static final Metric BUSY_SUM = Metric.value("busy_sum_percent", MetricUnit.PERCENT, Combine.SUM,
            Metric.Shown.SAVED, "busy% sum", "sum of the busy percentages");
    private static final Metric BUSY_MEAN = Metric.ratio("busy_mean_percent", MetricUnit.PERCENT, BUSY_SUM, OPS,
            Metric.Shown.EVERYWHERE, "busy% mean", "busy percent per op");
    private static final Metric QUEUE_PEAK = Metric.value("queue_peak", MetricUnit.AS_WRITTEN, Combine.MAX,
            Metric.Shown.EVERYWHERE, "queue peak", "deepest queue");
    private static final MetricGroup IO = new MetricGroup("io_stats", List.of(OPS, BUSY_SUM, BUSY_MEAN, QUEUE_PEAK),
            "ops and busy added, queue peak the max");
    private static final Metric ALLOC = Metric.weight("alloc", MetricUnit.BYTES, "alloc", "allocated bytes");
    private static final MetricGroup ALLOCATION = MetricGroup.ofWeight(ALLOC);

    private static Profile profile(int nodes) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int work = t.child(main, t.frames().intern("work"));
        t.enable(IO);
        t.enable(ALLOCATION);
        t.addSample(work, ALLOC, 4096);
        t.addSample(main, ALLOC, 100);
        t.addSample(work, ALLOC, 1);
        t.add(main, OPS, 3);
        t.add(main, BUSY_SUM, 50.0);
        t.add(work, OPS, 2);
        t.add(work, QUEUE_PEAK, 7.0);
        return new Profile(t, ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, nodes, List.of("t.json"), Map.of(),
                Map.of());
    }

    private static String render(OutputWriter writer, Profile p) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(new Report(p, Report.allRows(p), 0, Optional.of(DisplayUnit.NS)), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void csvHasTheMachineMetricsAWeightAsTwoColumnsAndNoValueAsAnEmptyField() throws IOException {
        assertEquals(crlf(
                "path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,"
                        + "max_inclusive_ns,agg,missing,nodes,io_ops,busy_mean_percent,queue_peak,"
                        + "alloc_inclusive_bytes,alloc_exclusive_bytes,inclusive_per_call_ns,exclusive_per_call_ns",
                "main,1,,0,main,,3,2,0,0,,,sum,zero,1,3,16.666666666666668,,4197,100,,",
                "main => work,2,1,1,work,,2,0,0,0,,,sum,zero,1,2,,7,4097,4097,,"), render(new CsvWriter(), profile(1)));
    }

    @Test
    void jsonHasEveryMetricTheirDeclarationsAndTheirRules() throws IOException {
        String expected = """
                {
                  "format": "ppw-profile",
                  "version": 1,
                  "tool": "TOOL",
                  "view": "tree",
                  "unit": "ns",
                  "aggregation": {"op": "sum", "missing": "zero", "nodes": 1, "io_stats": "ops and busy added, \
                queue peak the max", "alloc": "inclusive and exclusive as times are, by the op"},
                  "inputs": [
                    "t.json"
                  ],
                  "node_info": [],
                  "process_names": {},
                  "thread_names": {},
                  "total_inclusive_ns": 0,
                  "diagnostics": {"warnings": {}, "notes": {}},
                  "metric_groups": [
                    {"name": "io_stats", "combine_rule": "ops and busy added, queue peak the max", "metrics": [\
                {"name": "io_ops", "unit": "count", "kind": "value", "combine": "sum", "shown": "machine", \
                "label": "ops", "description": "io operations"}, \
                {"name": "busy_sum_percent", "unit": "percent", "kind": "value", "combine": "sum", "shown": "saved", \
                "label": "busy% sum", "description": "sum of the busy percentages"}, \
                {"name": "busy_mean_percent", "unit": "percent", "kind": "ratio", "numerator": "busy_sum_percent", \
                "denominator": "io_ops", "combine": "sum", "shown": "everywhere", "label": "busy% mean", \
                "description": "busy percent per op"}, \
                {"name": "queue_peak", "unit": "", "kind": "value", "combine": "max", "shown": "everywhere", \
                "label": "queue peak", "description": "deepest queue"}]},
                    {"name": "alloc", "combine_rule": "inclusive and exclusive as times are, by the op", "metrics": [\
                {"name": "alloc", "unit": "bytes", "kind": "weight", "combine": "sum", "shown": "everywhere", \
                "label": "alloc", "description": "allocated bytes"}]}
                  ],
                  "columns": [
                    "id",
                    "parent_id",
                    "depth",
                    "name",
                    "callsite",
                    "calls",
                    "subcalls",
                    "inclusive_ns",
                    "exclusive_ns",
                    "min_inclusive_ns",
                    "max_inclusive_ns",
                    "io_ops",
                    "busy_sum_percent",
                    "busy_mean_percent",
                    "queue_peak",
                    "alloc_inclusive_bytes",
                    "alloc_exclusive_bytes",
                    "inclusive_per_call_ns",
                    "exclusive_per_call_ns"
                  ],
                  "rows": [
                    [1, null, 0, "main", "", 3, 2, 0, 0, null, null, 3, 50, 16.666666666666668, null, 4197, 100, null, null],
                    [2, 1, 1, "work", "", 2, 0, 0, 0, null, null, 2, null, null, 7, 4097, 4097, null, null]
                  ]
                }
                """.replace("TOOL", Version.tool());
        assertEquals(expected, render(new JsonWriter(), profile(1)));
    }

    @Test
    void textShowsOnlyMetricsShownEverywhereUnderTheirLabelsWithPercentToTwoDecimals() throws IOException {
        assertEquals("""
                view: tree   total: 4.10 KiB alloc   rows: 2
                input: t.json

                %total  calls  subcalls  busy% mean  queue peak  alloc incl  alloc excl  name
                 100.0      3         2       16.67                4.10 KiB       100 B  main
                  97.6      2         0                       7    4.00 KiB    4.00 KiB  \u2514\u2500 work
                """, render(new TextWriter(), profile(1)));
    }

    @Test
    void anAggregateSaysInTextHowEachGroupCombined() throws IOException {
        List<String> header = render(new TextWriter(), profile(3)).lines().limit(5).toList();
        assertEquals(List.of(
                "view: tree   total: 4.10 KiB alloc   rows: 2",
                "input: t.json",
                "aggregation: sum over 3 nodes (missing rows count as 0)",
                "io stats: ops and busy added, queue peak the max",
                "alloc: inclusive and exclusive as times are, by the op"), header);
    }
}
