/*
 * ppw-java on a cluster, in one process: a merge split into time bins, carried out in three shares on three threads
 * as a cluster's tasks would carry it out, the shares sent as bytes and combined, then compared with the merge done
 * in one call. A split merge first scans every input for its time extent, so that every share places each node's
 * bins alike: the scans combine too.
 *
 *   java -cp cli/target/ppw-java.jar examples/api/ShardedMerge.java examples
 *
 * It prints the merge's rows per bin as CSV, then whether the shares gave the same bytes as the one call.
 */

import dev.ppw.engine.Analysis;
import dev.ppw.engine.Engine;
import dev.ppw.engine.MergeShare;
import dev.ppw.engine.MergeShares;
import dev.ppw.engine.ProgressListener;
import dev.ppw.engine.SplitScan;
import dev.ppw.engine.WindowSpec;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.work.Cancel;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

public final class ShardedMerge {
    public static void main(String[] args) throws Exception {
        Path examples = Path.of(args.length > 0 ? args[0] : "examples");
        Engine engine = Engine.fromClassPath();
        List<String> names = List.of(examples.resolve("perfflowaspect/nodes4").toString(),
                examples.resolve("perfflowaspect/compact.pfw").toString());
        // The worst node's time per row in each 100 us since each node's start.
        Analysis merge = Analysis.merge(engine.inputs(names), MergeOp.MAX)
                .withSplit(WindowSpec.Bins.ofWidth(100_000, false));

        MergeShares shares = engine.shares(merge);
        List<MergeShares.Input> inputs = MergeShares.inputs(engine.inputs(names));
        List<List<MergeShares.Input>> parts = List.of(inputs.subList(0, 2), inputs.subList(2, 4),
                inputs.subList(4, inputs.size()));
        ExecutorService tasks = Executors.newFixedThreadPool(3);
        try {
            // First stage: each task scans its inputs; the scans travel as bytes and combine.
            List<Future<byte[]>> scans = new ArrayList<>();
            for (List<MergeShares.Input> part : parts) {
                scans.add(tasks.submit(() -> shares.scan(part, ProgressListener.NONE, Cancel.never()).toBytes()));
            }
            SplitScan all = SplitScan.fromBytes(scans.get(0).get());
            for (int i = 1; i < scans.size(); i++) {
                all.combine(SplitScan.fromBytes(scans.get(i).get()));
            }
            // Second stage: each task accumulates its inputs with every node's extent; the shares combine.
            List<Future<byte[]>> accumulated = new ArrayList<>();
            for (List<MergeShares.Input> part : parts) {
                accumulated.add(tasks.submit(() -> shares.accumulate(part, Optional.of(all), ProgressListener.NONE,
                        Cancel.never()).toBytes()));
            }
            MergeShare combined = shares.empty(Optional.of(all));
            for (Future<byte[]> share : accumulated) {
                combined.combine(MergeShare.fromBytes(share.get()));
            }
            String sharded = csv(engine, shares.finish(combined, Optional.of(all)).report());
            System.out.print(sharded);
            String whole = csv(engine, engine.analyze(merge).report());
            System.out.println(sharded.equals(whole) ? "identical to the merge in one call"
                    : "DIFFERENT from the merge in one call");
        } finally {
            tasks.shutdownNow();
        }
    }

    private static String csv(Engine engine, Report report) throws java.io.IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        engine.write(report, "csv", out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
