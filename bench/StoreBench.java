import dev.ppw.engine.Engine;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import dev.ppw.store.ContextName;
import dev.ppw.store.HistoryMetric;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunFilter;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The run store's figures (not part of the test run; bench/store-bench.sh runs it): RUNS runs of ROWS rows stored
 * one after the other into an empty store, the latency of each put; then 50 more into the store of RUNS runs (the
 * target: p50 and p99 of those); one context's values across every run, in process (20 contexts, 25 times each:
 * p50 and p95); every run listed in process; the store's size on disk.
 *   bench/store-bench.sh [LOCATION [RUNS [ROWS]]]
 * The runs share one calling-context tree (a program profiled again and again), each with its own values (random
 * times in whole microseconds, up to 50 ms a row) and one run in ten with a few rows of its own, so contexts are
 * interned once and reused as they would be.
 */
public final class StoreBench {
    public static void main(String[] args) {
        String location = args[0];
        int runs = Integer.parseInt(args[1]);
        int rows = Integer.parseInt(args[2]);
        Engine engine = Engine.fromClassPath();
        Shape shape = new Shape(rows, 42);
        List<String> paths = new ArrayList<>();
        try (RunStore store = RunStore.open(StoreLocation.parse(location, Path.of("")), RunStore.Options.defaults())) {
            long existing = store.count();
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            double[] fill = new double[runs];
            for (int r = 0; r < runs; r++) {
                Profile p = shape.run(r + existing);
                long start = System.nanoTime();
                store.put(NewRun.of(p).withLabel("bench-" + r).withTags(Map.of("bench", "yes",
                        "parity", r % 2 == 0 ? "even" : "odd")), engine);
                fill[r] = (System.nanoTime() - start) / 1e6;
                if ((r + 1) % 100 == 0) {
                    System.err.printf(Locale.ROOT, "  %d runs stored, last 100: p50 %.0f ms%n", r + 1,
                            percentile(Arrays.copyOfRange(fill, r - 99, r + 1), 50));
                }
            }
            double[] more = new double[50];
            double[] moreCpu = new double[more.length];
            for (int r = 0; r < more.length; r++) {
                Profile p = shape.run(runs + existing + r);
                long cpu = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                store.put(NewRun.of(p).withLabel("more-" + r), engine);
                more[r] = (System.nanoTime() - start) / 1e6;
                moreCpu[r] = (threads.getCurrentThreadCpuTime() - cpu) / 1e6;
            }
            System.out.printf(Locale.ROOT, "store: %d runs of %d rows, put p50 %.0f ms p99 %.0f ms (filling)%n", runs,
                    rows, percentile(fill, 50), percentile(fill, 99));
            System.out.printf(Locale.ROOT, "store: a %d-row run into a store of %d runs: p50 %.0f ms, p99 %.0f ms"
                    + " (target p50 <= 300, p99 <= 1000); CPU time of the storing thread p50 %.0f ms, p99 %.0f ms%n",
                    rows, store.count() - 50, percentile(more, 50), percentile(more, 99), percentile(moreCpu, 50),
                    percentile(moreCpu, 99));
            System.out.printf(Locale.ROOT, "size: %d runs of %d rows: %.1f MB on disk as stored%n", store.count(), rows,
                    store.sizeBytes() / 1e6);
            SplittableRandom random = new SplittableRandom(7);
            for (int c = 0; c < 20; c++) {
                paths.add(shape.path(1 + random.nextInt(rows)));
            }
            double[] history = new double[20 * 25];
            int points = 0;
            for (int k = 0; k < 25; k++) {
                for (int c = 0; c < 20; c++) {
                    long start = System.nanoTime();
                    points = store.history(ContextName.parse(paths.get(c), false, Part.THREAD), HistoryMetric.INCLUSIVE,
                            RunFilter.all()).size();
                    history[k * 20 + c] = (System.nanoTime() - start) / 1e6;
                }
            }
            System.out.printf(Locale.ROOT, "history: one context across %d runs in process: p50 %.2f ms, p95 %.2f ms"
                    + " (target p95 <= 20)%n", points, percentile(history, 50), percentile(history, 95));
            double[] list = new double[10];
            int listed = 0;
            for (int k = 0; k < list.length; k++) {
                long start = System.nanoTime();
                listed = store.list(RunFilter.all()).size();
                list[k] = (System.nanoTime() - start) / 1e6;
            }
            System.out.printf(Locale.ROOT, "list: %d runs in process: p50 %.1f ms%n", listed, percentile(list, 50));
            store.gc();
            System.out.printf(Locale.ROOT, "size: %d runs of %d rows: %.1f MB on disk after runs gc (target <= 500 MB"
                    + " for 1,000 runs of 5,000)%n", store.count(), rows, store.sizeBytes() / 1e6);
        }
        System.out.println("context: " + paths.get(0));
    }

    static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    /** One program's calling-context tree: every run has its rows, each with values of its own. */
    static final class Shape {
        final int rows;
        final int[] parent;
        final String[] region;
        final String[] callsite;

        Shape(int rows, long seed) {
            this.rows = rows;
            SplittableRandom random = new SplittableRandom(seed);
            parent = new int[rows + 1];
            region = new String[rows + 1];
            callsite = new String[rows + 1];
            int[] depth = new int[rows + 1];
            for (int n = 1; n <= rows; n++) {
                int p = n == 1 || random.nextInt(50) == 0 ? 0
                        : Math.max(1, n - 1 - random.nextInt(Math.min(n - 1, 40)));
                if (p != 0 && depth[p] >= 30) {
                    p = 1;
                }
                parent[n] = p;
                depth[n] = p == 0 ? 0 : depth[p] + 1;
                region[n] = "ns::Solver<" + random.nextInt(rows / 4) + ">::step";
                callsite[n] = random.nextInt(3) == 0 ? "solver.cpp:" + random.nextInt(2000) : "";
            }
        }

        String path(int node) {
            StringBuilder sb = new StringBuilder(region[node]);
            for (int p = parent[node]; p != 0; p = parent[p]) {
                sb.insert(0, region[p] + " => ");
            }
            return sb.toString();
        }

        Profile run(long seed) {
            SplittableRandom random = new SplittableRandom(seed * 7919 + 1);
            FrameTable frames = new FrameTable(new NameTable());
            CallTree tree = new CallTree(frames, rows + 10);
            int[] node = new int[rows + 1];
            for (int n = 1; n <= rows; n++) {
                int frame = frames.intern(region[n], callsite[n]);
                node[n] = parent[n] == 0 ? tree.child(CallTree.ROOT, frame, Part.THREAD)
                        : tree.child(node[parent[n]], frame);
            }
            if (seed % 10 == 0) {
                for (int extra = 0; extra < 5; extra++) {
                    tree.child(node[1 + random.nextInt(rows)], frames.intern("new_in_run_" + seed + "_" + extra, ""));
                }
            }
            long[] inclusive = new long[tree.size()];
            for (int n = tree.size() - 1; n >= 1; n--) {
                // whole microseconds, as Chrome traces (PerfFlowAspect's among them) give every time
                inclusive[n] += 1_000 * (1 + random.nextLong(50_000L));
                if (tree.parent(n) != CallTree.ROOT) {
                    inclusive[tree.parent(n)] += inclusive[n];
                }
            }
            for (int n = 1; n < tree.size(); n++) {
                long exclusive = inclusive[n];
                long subcalls = 0;
                for (int c = tree.firstChild(n); c != CallTree.NONE; c = tree.nextSibling(c)) {
                    exclusive -= inclusive[c];
                    subcalls += 3;
                }
                tree.setMetrics(n, 3, subcalls, inclusive[n], exclusive, inclusive[n] / 4, inclusive[n] / 2);
            }
            String name = "bench-" + seed + ".pfw";
            return new Profile(tree, ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1, List.of(name), Map.of(),
                    Map.of(), List.of(new NodeInfo(name, name, "", "", Map.of(), Map.of())), List.of(), null);
        }
    }
}
