package dev.ppw.report;

import dev.ppw.model.Report;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Breakdown;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.ppw.report.Fixtures.crlf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-node breakdown in every format, over three nodes merged with max (missing rows count as 0):
 * main takes 100, 200 and 300 us (mean 200, stddev 100, imbalance 1.5, max on n2); work takes 60 and
 * 150 us on n0 and n1 and is absent from n2 (0 there: mean 70, stddev sqrt(5700) us = 75.498 us rounded
 * to the ns, imbalance 2.1429, max on n1).
 */
class BreakdownReportTest {
    private static final String CSV_HEADER = "path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_us,"
            + "exclusive_us,min_inclusive_us,max_inclusive_us,agg,missing,nodes,node_min_inclusive_us,"
            + "node_max_inclusive_us,node_mean_inclusive_us,node_stddev_inclusive_us,node_of_max,imbalance,"
            + "inclusive_per_call_us,exclusive_per_call_us";
    private static final String MAIN_CSV = "main,1,,0,main,,3,2,300,300,100,300,max,zero,3,100,300,200,100,n2,1.5000,,";
    private static final String WORK_CSV = "main => work,2,1,1,work,,2,0,150,150,60,150,max,zero,3,0,150,70,75.498,n1,"
            + "2.1429,,";

    @Test
    void csvAddsTheBreakdownColumnsAfterTheOthers() throws IOException {
        assertEquals(crlf(CSV_HEADER, MAIN_CSV, WORK_CSV), render(new CsvWriter(), report()));
    }

    @Test
    void csvWithImbalanceRowsListsExactlyThoseRowsWorstFirst() throws IOException {
        assertEquals(crlf(CSV_HEADER, WORK_CSV, MAIN_CSV),
                render(new CsvWriter(), report().withImbalanceRows(new int[] {2, 1})));
        assertEquals(crlf(CSV_HEADER, WORK_CSV), render(new CsvWriter(), report().withImbalanceRows(new int[] {2})));
    }

    @Test
    void jsonAddsTheBreakdownColumns() throws IOException {
        String json = render(new JsonWriter(), report());
        assertTrue(json.replaceAll("\\s", "").contains("\"columns\":[\"id\",\"parent_id\",\"depth\",\"name\","
                + "\"callsite\",\"calls\",\"subcalls\",\"inclusive_us\",\"exclusive_us\",\"min_inclusive_us\","
                + "\"max_inclusive_us\",\"node_min_inclusive_us\",\"node_max_inclusive_us\",\"node_mean_inclusive_us\","
                + "\"node_stddev_inclusive_us\",\"node_of_max\",\"imbalance\",\"inclusive_per_call_us\","
                + "\"exclusive_per_call_us\"]"), json);
        assertTrue(json.contains("\n    [1, null, 0, \"main\", \"\", 3, 2, 300, 300, 100, 300, 100, 300, 200, 100, "
                + "\"n2\", 1.5000, null, null],\n    [2, 1, 1, \"work\", \"\", 2, 0, 150, 150, 60, 150, 0, 150, 70, 75.498, "
                + "\"n1\", 2.1429, null, null]\n"), json);
    }

    @Test
    void jsonWithImbalanceRowsMarksTheFileAsAReport() throws IOException {
        String json = render(new JsonWriter(), report().withImbalanceRows(new int[] {2, 1}));
        assertTrue(json.contains("\n  \"top_imbalance\": 2,\n"), json);
        assertTrue(json.contains("\n    [2, 1, 1, \"work\""), json);
        assertTrue(json.indexOf("[2, 1, 1, \"work\"") < json.indexOf("[1, null, 0, \"main\""), json);
    }

    @Test
    void anUndefinedImbalanceIsEmptyInCsvAndNullInJson() throws IOException {
        Profile p = merged(List.of(tree(0, -1), tree(0, -1)), MergeOp.SUM, MissingRule.ZERO);
        Report r = new Report(p, Report.allRows(p), 0, Optional.of(DisplayUnit.NS)).withBreakdown(breakdown);
        assertTrue(render(new CsvWriter(), r).endsWith(",0,0,0,0,n0,,0,0\r\n"), render(new CsvWriter(), r));
        assertTrue(render(new JsonWriter(), r).contains(", 0, 0, 0, 0, \"n0\", null, 0, 0]"), render(new JsonWriter(), r));
    }

    @Test
    void textShowsImbalanceAndNodeOfMaxAndTheLargestImbalanceTable() throws IOException {
        assertEquals("""
                view: tree   total: 300.000 us   rows: 2
                inputs: n0.json, n1.json, n2.json
                aggregation: max over 3 nodes (missing rows count as 0)
                nodes: n0, n1, n2

                %total  inclusive us  exclusive us  calls  subcalls  incl us/call  excl us/call  min us/call  max us/call  node min us  node max us  node mean us  node stddev us  imbalance  max node  name
                 100.0       300.000       300.000      3         2             -             -      100.000      300.000      100.000      300.000       200.000         100.000       1.50  n2        main
                  50.0       150.000       150.000      2         0             -             -       60.000      150.000        0.000      150.000        70.000          75.498       2.14  n1        \u2514\u2500 work

                largest imbalance (max / mean of the nodes' inclusive time)
                rank  imbalance   min us   max us  mean us  stddev us  node of max  path
                   1       2.14    0.000  150.000   70.000     75.498  n1           main => work
                   2       1.50  100.000  300.000  200.000    100.000  n2           main
                """, render(new TextWriter(), report().withImbalanceRows(new int[] {2, 1})));
    }

    @Test
    void textHeaderSaysWhenOnlyNodesHavingTheRowCountAndShortensLongNodeLists() throws IOException {
        List<CallTree> trees = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            trees.add(tree(1000 * (i + 1), -1));
        }
        Profile p = merged(trees, MergeOp.AVG, MissingRule.PRESENT);
        String text = render(new TextWriter(), new Report(p, Report.allRows(p), 4000, Optional.empty()));
        assertTrue(text.contains("\ninputs: n0.json, n1.json, n2.json, n3.json and 3 more\n"
                + "aggregation: avg over 7 nodes (only nodes having the row)\n"
                + "nodes: n0, n1, n2, n3 and 3 more\n"), text);
    }

    @Test
    void imbalanceRowsNeedABreakdown() {
        Profile p = Fixtures.smallTree();
        assertThrows(IllegalArgumentException.class, () -> new Report(p, Report.allRows(p), 0, Optional.empty())
                .withImbalanceRows(new int[] {1}));
    }

    private Breakdown breakdown;

    private Report report() {
        Profile p = merged(List.of(tree(100_000, 60_000), tree(200_000, 150_000), tree(300_000, -1)), MergeOp.MAX,
                MissingRule.ZERO);
        return new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.of(DisplayUnit.US))
                .withBreakdown(breakdown);
    }

    /** Merges the trees as nodes n0, n1, ... and keeps the breakdown in {@link #breakdown}. */
    private Profile merged(List<CallTree> trees, MergeOp op, MissingRule missing) {
        MergeAccumulator merge = new MergeAccumulator(op, missing, true, ViewKind.TREE, 0);
        for (int i = 0; i < trees.size(); i++) {
            merge.add(i, "n" + i + ".json", new NodeInfo("n" + i, "n" + i + ".json", "", "", Map.of(), Map.of()),
                    Profile.single(trees.get(i), List.of(), Map.of(), Map.of()), new Diagnostics());
        }
        MergeAccumulator.Merged merged = merge.result(false);
        breakdown = merged.breakdown().orElseThrow();
        return merged.profile();
    }

    /** main (one call of {@code mainNanos}) calling work once for {@code workNanos}, or not when negative. */
    private static CallTree tree(long mainNanos, long workNanos) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        if (workNanos >= 0) {
            t.addCall(t.child(main, t.frames().intern("work")), workNanos);
        }
        t.addCall(main, mainNanos);
        return t;
    }

    private static String render(OutputWriter writer, Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(report, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
