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

import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.engine.Engine;
import dev.ppw.engine.MergeOptions;
import dev.ppw.engine.ProfileOptions;
import dev.ppw.engine.ProfileResult;
import dev.ppw.engine.RowOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.CallTree;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Profile;

import dev.ppw.model.SortKey;
import java.nio.file.Path;
import java.util.List;

public final class ProfileAndMerge {
    public static void main(String[] args) throws Exception {
        Path examples = Path.of(args.length > 0 ? args[0] : "examples");
        Engine engine = Engine.fromClassPath();

        // One trace, folded into its calling-context tree, shown as the flat view: self time per region.
        String trace = examples.resolve("perfflowaspect/smoketest.pfw").toString();
        ProfileResult one = engine.profile(engine.inputs(List.of(trace)), ProfileOptions.defaults());
        Profile flat = engine.view(one.profile(), ViewSpec.FLAT);
        RowOptions byExclusive = RowOptions.defaults().withSort(SortKey.EXCLUSIVE);
        engine.write(engine.report(flat, one.diagnostics(), byExclusive), "text", System.out);

        // Four nodes (a folder of traces), the worst node per calling context, and how unevenly they ran.
        String nodes = examples.resolve("perfflowaspect/nodes4").toString();
        MergeOptions worst = MergeOptions.defaults().withOp(MergeOp.MAX).withBreakdown(true);
        MergeAccumulator.Merged merged = engine.merge(engine.inputs(List.of(nodes)), worst);
        engine.write(engine.report(merged, RowOptions.defaults().withTopImbalance(3)), "csv", System.out);

        // The model itself: times are integer nanoseconds.
        CallTree tree = merged.profile().tree();
        System.out.println("nodes merged: " + merged.profile().nodes() + ", total of the max tree: "
                + tree.totalInclusiveNanos() + " ns");
    }
}
