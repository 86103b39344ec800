/*
 * ppw-java as a library: what `ppw-java profile` and `ppw-java merge` do, as calls on dev.ppw.engine.Engine.
 *
 *   ./ppw-java --version                                   # builds cli/target/ppw-java.jar once
 *   java -cp cli/target/ppw-java.jar examples/api/ProfileAndMerge.java examples
 *
 * It prints the flat profile of one PerfFlowAspect trace (as `profile --view flat --sort exclusive` does),
 * then the max over four nodes with their per-node breakdown and the 3 rows of largest imbalance, as CSV
 * (as `merge --agg max --top-imbalance 3 --format csv` does), then one number read from the model itself.
 */

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Combine;
import dev.ppw.engine.Engine;
import dev.ppw.engine.RowOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.MergeOp;
import dev.ppw.model.SortKey;

import java.nio.file.Path;
import java.util.List;

public final class ProfileAndMerge {
    public static void main(String[] args) throws Exception {
        Path examples = Path.of(args.length > 0 ? args[0] : "examples");
        Engine engine = Engine.fromClassPath();

        // One trace, folded into its calling-context tree, shown as the flat view: self time per region.
        String trace = examples.resolve("perfflowaspect/smoketest.pfw").toString();
        AnalysisResult flat = engine.analyze(Analysis.profile(engine.inputs(List.of(trace))).withView(ViewSpec.FLAT)
                .withRows(RowOptions.defaults().withSort(SortKey.EXCLUSIVE)));
        engine.write(flat.report(), "text", System.out);

        // Four nodes (a folder of traces), the worst node per calling context, and how unevenly they ran.
        String nodes = examples.resolve("perfflowaspect/nodes4").toString();
        AnalysisResult worst = engine.analyze(Analysis.merge(engine.inputs(List.of(nodes)), MergeOp.MAX)
                .withCombine(Combine.merge(MergeOp.MAX).withBreakdown(true))
                .withRows(RowOptions.defaults().withTopImbalance(3)));
        engine.write(worst.report(), "csv", System.out);

        // The model itself: times are integer nanoseconds.
        System.out.println("nodes merged: " + worst.profile().nodes() + ", total of the max tree: "
                + worst.profile().tree().totalInclusiveNanos() + " ns");
    }
}
