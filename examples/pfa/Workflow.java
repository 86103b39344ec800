import dev.ppw.pfa.CriticalPath;
import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Region;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A small workflow traced with PerfFlowAspect for Java (docs/pfa.md): eight items go through three stages,
 * ingest, transform and publish, each a task on a pool of three threads; between ingest and transform an item
 * waits in a queue, an async hand-off that one thread opens and another closes. With {@code api} the stages are
 * hand-written regions; with {@code annotated} they are {@code @CriticalPath} methods, traced once woven (by
 * {@code -javaagent:pfa-agent.jar} or {@code ppw-java weave}). Both give the same tree. See README.md here.
 */
public final class Workflow {
    private static volatile long sink;

    private Workflow() {
    }

    public static void main(String[] args) throws Exception {
        boolean annotated = args.length > 0 && args[0].equals("annotated");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (Region workflow = PerfFlow.region("workflow")) {
            List<CompletableFuture<Long>> items = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                long item = i;
                CompletableFuture<Long> ingested = CompletableFuture.supplyAsync(
                        () -> annotated ? ingest(item) : traced("ingest", () -> work(item, 200_000)), pool);
                items.add(ingested.thenApply(v -> PerfFlow.asyncRegion("handoff", "queue"))
                        .thenApplyAsync(handoff -> {
                            handoff.close(); // picked up by a worker: the hand-off ends on this thread
                            return annotated ? transform(item) : traced("transform", () -> work(item, 400_000));
                        }, pool)
                        .thenApplyAsync(v -> annotated ? publish(v) : traced("publish", () -> work(v, 100_000)),
                                pool));
            }
            long total = 0;
            for (CompletableFuture<Long> f : items) {
                total += f.get();
            }
            sink = total;
        } finally {
            pool.shutdown();
        }
        PerfFlow.snapshot();
        System.out.println("workflow done: " + sink);
    }

    private static long traced(String stage, java.util.function.LongSupplier body) {
        try (Region r = PerfFlow.region(stage)) {
            return body.getAsLong();
        }
    }

    @CriticalPath
    static long ingest(long item) {
        return work(item, 200_000);
    }

    @CriticalPath
    static long transform(long item) {
        return work(item, 400_000);
    }

    @CriticalPath
    static long publish(long item) {
        return work(item, 100_000);
    }

    /** A fixed amount of arithmetic, so that each stage takes about the same time each run. */
    private static long work(long seed, int rounds) {
        long x = seed + 1;
        for (int i = 0; i < rounds; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return Math.abs(x % 1000);
    }
}
