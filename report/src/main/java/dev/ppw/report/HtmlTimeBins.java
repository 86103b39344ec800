package dev.ppw.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Report;
import dev.ppw.model.TimeBins;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The page's data over time (docs/html-report.md "Over time"): the report's {@link TimeBins} as
 * {@code time_bins}, and in a merge whose nodes have their own bins, each kept row's inclusive time per bin on
 * every node as {@code per_node_time}. Values are the table's exact nanoseconds; nothing is computed but the
 * choice of rows to keep.
 *
 * <p>Rows times bins can be large (100,000 rows of 100 bins): the page keeps at most the writer's per-node
 * budget of values for each of the two, the rows of most exclusive time first ({@link #TOP_EXCLUSIVE}, what
 * the exclusive chart stacks), then the heaviest by inclusive time, a parent before its children on ties,
 * so that the chart of a row's callees always has the row itself.
 */
final class HtmlTimeBins {
    /** How many rows of most exclusive time are kept before the heaviest by inclusive time. */
    static final int TOP_EXCLUSIVE = 50;

    private HtmlTimeBins() {
    }

    /** Writes {@code time_bins} and {@code per_node_time} when the report has bins; nothing otherwise. */
    static void write(JsonGenerator g, Report report, int[] rows, int budget) throws IOException {
        if (report.timeBins().isEmpty()) {
            return;
        }
        TimeBins bins = report.timeBins().get();
        CallTree tree = report.profile().tree();
        int[] withValues = Arrays.stream(rows).filter(bins::has).toArray();
        List<Integer> kept = kept(tree, withValues, Math.max(1, budget / (2 * bins.size())));
        g.writeObjectFieldStart("time_bins");
        g.writeBooleanField("absolute", bins.absoluteTime());
        g.writeNumberField("start_ns", bins.startNanos(0));
        g.writeNumberField("width_ns", bins.widthNanos());
        g.writeNumberField("count", bins.size());
        g.writeNumberField("rows_total", withValues.length);
        g.writeArrayFieldStart("rows");
        for (int r : kept) {
            g.writeNumber(r);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("inclusive_ns");
        for (int r : kept) {
            writeLongs(g, bins.inclusiveNanos(r));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("exclusive_ns");
        for (int r : kept) {
            writeLongs(g, bins.exclusiveNanos(r));
        }
        g.writeEndArray();
        writeCounters(g, bins.counters());
        g.writeEndObject();
        writePerNode(g, report, bins, withValues, budget);
    }

    /**
     * The rows whose values the page keeps, at most {@code limit}: the {@link #TOP_EXCLUSIVE} of most
     * exclusive time, then the others by inclusive time, largest first, ties in node order.
     */
    private static List<Integer> kept(CallTree tree, int[] rows, int limit) {
        Integer[] order = Arrays.stream(rows).boxed().toArray(Integer[]::new);
        Set<Integer> listed = new LinkedHashSet<>();
        Arrays.sort(order, Comparator.comparingLong((Integer n) -> tree.exclusiveNanos(n)).reversed()
                .thenComparingInt(n -> n));
        listed.addAll(Arrays.asList(order).subList(0, Math.min(TOP_EXCLUSIVE, order.length)));
        Arrays.sort(order, Comparator.comparingLong((Integer n) -> tree.inclusiveNanos(n)).reversed()
                .thenComparingInt(n -> n));
        listed.addAll(Arrays.asList(order));
        return new ArrayList<>(listed).subList(0, Math.min(limit, listed.size()));
    }

    /**
     * Each counter series with its per-bin summary: {@code [samples, min, max, mean, last]} as the counters
     * view prints them ({@link CounterFields}), null for a bin without samples.
     */
    private static void writeCounters(JsonGenerator g, List<TimeBins.CounterBins> counters) throws IOException {
        g.writeObjectFieldStart("counters");
        List<String> valueColumns = CounterFields.COLUMNS.subList(CounterFields.TEXT_COLUMNS,
                CounterFields.COLUMNS.size());
        HtmlWriter.writeStrings(g, "columns", valueColumns);
        g.writeArrayFieldStart("series");
        for (TimeBins.CounterBins c : counters) {
            CounterSeries whole = c.whole();
            g.writeStartObject();
            g.writeStringField("pid", whole.pid());
            g.writeStringField("counter", whole.counter());
            g.writeStringField("id", whole.id());
            g.writeStringField("series", whole.series());
            g.writeArrayFieldStart("bins");
            for (CounterSeries inBin : c.perBin()) {
                if (inBin == null) {
                    g.writeNull();
                    continue;
                }
                String[] values = CounterFields.values(inBin);
                g.writeStartArray();
                for (int i = CounterFields.TEXT_COLUMNS; i < values.length; i++) {
                    CounterFields.writeJsonValue(g, values, i);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * A merge whose NODE sections have bins of the merged report's width: per kept row, per node, the row's
     * inclusive time in each bin of the merged axis ({@code null} for a node without the row or without
     * bins). A node's bins are placed on the merged axis by their start; a node whose bins are not bins of that
     * axis (another width, or off its grid) cannot be placed and is null throughout (the page counts them).
     */
    private static void writePerNode(JsonGenerator g, Report report, TimeBins bins, int[] rows, int budget)
            throws IOException {
        List<Report.Section> nodes = report.sections().stream()
                .filter(s -> s.kind() == Report.Section.Kind.NODE && s.report().timeBins().isPresent()).toList();
        if (nodes.isEmpty() || rows.length == 0) {
            return;
        }
        CallTree tree = report.profile().tree();
        List<Integer> kept = kept(tree, rows, Math.max(1, budget / (nodes.size() * bins.size())));
        Map<String, Integer> slotOfKey = new HashMap<>();
        String[] mergedKeys = HtmlWriter.keys(tree);
        for (int i = 0; i < kept.size(); i++) {
            slotOfKey.put(mergedKeys[kept.get(i)], i);
        }
        long[][][] values = new long[kept.size()][nodes.size()][];
        int unaligned = 0;
        for (int n = 0; n < nodes.size(); n++) {
            TimeBins nodeBins = nodes.get(n).report().timeBins().get();
            if (!aligned(bins, nodeBins)) {
                unaligned++;
                continue;
            }
            CallTree nodeTree = nodes.get(n).report().profile().tree();
            String[] nodeKeys = HtmlWriter.keys(nodeTree);
            for (int node = 1; node < nodeTree.size(); node++) {
                Integer slot = slotOfKey.get(nodeKeys[node]);
                if (slot != null && nodeBins.has(node)) {
                    values[slot][n] = onAxis(bins, nodeBins, nodeBins.inclusiveNanos(node));
                }
            }
        }
        g.writeObjectFieldStart("per_node_time");
        HtmlWriter.writeStrings(g, "nodes", nodes.stream().map(Report.Section::label).toList());
        g.writeNumberField("unaligned_nodes", unaligned);
        g.writeArrayFieldStart("rows");
        for (int r : kept) {
            g.writeNumber(r);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("inclusive_ns");
        for (long[][] row : values) {
            g.writeStartArray();
            for (long[] onNode : row) {
                if (onNode == null) {
                    g.writeNull();
                } else {
                    writeLongs(g, onNode);
                }
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** True when each of {@code nodeBins} is one bin of {@code axis}: same width, starts on the grid, inside. */
    private static boolean aligned(TimeBins axis, TimeBins nodeBins) {
        long offset = nodeBins.startNanos(0) - axis.startNanos(0);
        return nodeBins.widthNanos() == axis.widthNanos() && offset >= 0 && offset % axis.widthNanos() == 0
                && offset / axis.widthNanos() + nodeBins.size() <= axis.size();
    }

    /** A node's per-bin values on the merged axis (the node's bins {@link #aligned} with it), 0 elsewhere. */
    private static long[] onAxis(TimeBins axis, TimeBins nodeBins, long[] nodeValues) {
        long[] out = new long[axis.size()];
        int first = (int) ((nodeBins.startNanos(0) - axis.startNanos(0)) / axis.widthNanos());
        System.arraycopy(nodeValues, 0, out, first, nodeValues.length);
        return out;
    }

    private static void writeLongs(JsonGenerator g, long[] values) throws IOException {
        g.writeStartArray();
        for (long v : values) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }
}
