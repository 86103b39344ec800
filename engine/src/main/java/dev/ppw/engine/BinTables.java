package dev.ppw.engine;

import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Part;
import dev.ppw.model.Report;
import dev.ppw.model.TimeBins;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link TimeBins} of a report: each listed row's values in each bin's profile, the rows of a bin matched to
 * the report's by their key (the parent's key, region, callsite; a root's part), as a merge matches rows, and
 * each counter series of the report's profile summarised per bin. A row missing from a bin reads 0 there.
 */
final class BinTables {
    private BinTables() {
    }

    /** The key of a row under its parent's row in the report's tree. */
    private record Key(int parent, String region, String callsite, Part part) {
    }

    /**
     * The table of {@code whole}'s rows (those it prints, and those CSV and JSON list) over {@code bins}, whose
     * profiles are in {@code whole}'s view.
     *
     * @throws IllegalArgumentException when {@code bins} is not a split into time bins
     */
    static TimeBins of(Report whole, Split bins) {
        Split.BinAxis axis = bins.bins().orElseThrow(() -> new IllegalArgumentException("not a split into bins"));
        TimeBins table = new TimeBins(axis.absoluteTime(), axis.firstStartNanos(), axis.widthNanos(), axis.count());
        CallTree tree = whole.profile().tree();
        Map<Integer, Integer> rowIndex = new LinkedHashMap<>();
        for (int[] listed : List.of(whole.rows(), whole.listedRows())) {
            for (int row : listed) {
                rowIndex.putIfAbsent(row, rowIndex.size());
            }
        }
        int n = axis.count();
        long[][] inclusive = new long[rowIndex.size()][n];
        long[][] exclusive = new long[rowIndex.size()][n];
        long[][] calls = new long[rowIndex.size()][n];
        Map<Key, Integer> keys = new HashMap<>();
        for (int node = 1; node < tree.size(); node++) {
            keys.put(keyOf(tree, node, tree.parent(node)), node);
        }
        for (int b = 0; b < n; b++) {
            CallTree binTree = bins.phases().get(b).merged().profile().tree();
            int[] rowOf = new int[binTree.size()];
            rowOf[CallTree.ROOT] = CallTree.ROOT;
            // A parent's index is below its children's: a child is created under an existing node.
            for (int node = 1; node < binTree.size(); node++) {
                int parent = rowOf[binTree.parent(node)];
                Integer row = parent < 0 ? null : keys.get(keyOf(binTree, node, parent));
                rowOf[node] = row == null ? -1 : row;
                Integer index = row == null ? null : rowIndex.get(row);
                if (index != null) {
                    inclusive[index][b] = binTree.inclusiveNanos(node);
                    exclusive[index][b] = binTree.exclusiveNanos(node);
                    calls[index][b] = binTree.calls(node);
                }
            }
        }
        for (Map.Entry<Integer, Integer> e : rowIndex.entrySet()) {
            table.putRow(e.getKey(), inclusive[e.getValue()], exclusive[e.getValue()], calls[e.getValue()]);
        }
        for (CounterSeries series : whole.profile().counters()) {
            List<CounterSeries> perBin = new ArrayList<>(n);
            for (int b = 0; b < n; b++) {
                CounterSeries inBin = null;
                for (CounterSeries c : bins.phases().get(b).merged().profile().counters()) {
                    if (c.key().equals(series.key())) {
                        inBin = c;
                        break;
                    }
                }
                perBin.add(inBin);
            }
            table.putCounter(new TimeBins.CounterBins(series, perBin));
        }
        return table;
    }

    /** {@code node}'s key with {@code parentRow} as its parent (a row of the report's tree). */
    private static Key keyOf(CallTree tree, int node, int parentRow) {
        return new Key(parentRow, tree.regionName(node), tree.callsiteName(node),
                parentRow == CallTree.ROOT ? tree.part(node) : null);
    }
}
