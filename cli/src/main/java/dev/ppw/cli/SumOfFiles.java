package dev.ppw.cli;

import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code profile} says about its inputs: SEMANTICS.md section 4 makes each input file a node, and
 * folding all files into one tree is their {@code sum}.
 */
final class SumOfFiles {
    private SumOfFiles() {
    }

    /**
     * {@code folded} as the sum of one node per input, each named in node_info by its file name. A file's
     * own process and thread names are given only when it is the only input: the folder keeps one map.
     */
    static Profile of(Profile folded, List<String> inputs) {
        List<NodeInfo> nodes = new ArrayList<>(inputs.size());
        boolean one = inputs.size() == 1;
        for (String input : inputs) {
            Path name = Path.of(input).getFileName();
            nodes.add(new NodeInfo(name == null ? input : name.toString(), input, "", "",
                    one ? folded.processNames() : Map.of(), one ? folded.threadNames() : Map.of()));
        }
        return new Profile(folded.tree(), folded.view(), folded.tauDepth(), MergeOp.SUM, MissingRule.ZERO, inputs.size(),
                folded.inputs(), folded.processNames(), folded.threadNames(), nodes, folded.counters(),
                folded.displayTimeUnit());
    }
}
