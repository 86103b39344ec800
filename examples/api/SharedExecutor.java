/*
 * ppw-java in a server: four analyses at once on one executor that the program owns (two threads), one of them
 * cancelled from another thread while it reads. Every parallel step of every analysis runs on that executor; a
 * cancelled analysis ends with CancelledException and leaves no temporary file.
 *
 *   java -cp cli/target/ppw-java.jar examples/api/SharedExecutor.java examples
 *
 * It prints one line per analysis: its total time, or that it was cancelled.
 */

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ProgressListener;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.MergeOp;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.work.Cancel;
import dev.ppw.model.work.CancelledException;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

public final class SharedExecutor {
    public static void main(String[] args) throws Exception {
        Path examples = Path.of(args.length > 0 ? args[0] : "examples");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Engine engine = Engine.fromClassPath(pool);
        ExecutorService requests = Executors.newFixedThreadPool(4);
        try {
            List<String> names = List.of("profile of smoketest.pfw", "merge of nodes4 (max)", "flat of tsc",
                    "a slow upload, cancelled");
            List<Cancel> cancels = new ArrayList<>();
            List<Future<AnalysisResult>> running = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                cancels.add(Cancel.create());
            }
            running.add(requests.submit(() -> engine.analyze(Analysis.profile(engine.inputs(List.of(
                    examples.resolve("perfflowaspect/smoketest.pfw").toString()))), ProgressListener.NONE,
                    cancels.get(0))));
            running.add(requests.submit(() -> engine.analyze(Analysis.merge(engine.inputs(List.of(
                    examples.resolve("perfflowaspect/nodes4").toString())), MergeOp.MAX), ProgressListener.NONE,
                    cancels.get(1))));
            running.add(requests.submit(() -> engine.analyze(Analysis.profile(engine.inputs(List.of(
                    examples.resolve("tsc/tsc-projectA.trace.json").toString()))).withView(ViewSpec.FLAT),
                    ProgressListener.NONE, cancels.get(2))));
            // An input that is not a file: bytes from an opener, as a server keeps an upload. It gives its first
            // half, then waits, as a slow client would; the cancel lets it go on, and the analysis stops.
            byte[] upload = trace(50_000);
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch released = new CountDownLatch(1);
            cancels.get(3).onCancel(released::countDown);
            InputSource slow = InputSource.of("upload.json", upload.length, offset -> new SlowStream(upload, offset,
                    started, released));
            running.add(requests.submit(() -> engine.analyze(Analysis.profile(List.of(slow)), ProgressListener.NONE,
                    cancels.get(3))));
            started.await();
            cancels.get(3).cancel();
            for (int i = 0; i < 4; i++) {
                try {
                    AnalysisResult r = running.get(i).get();
                    System.out.println(names.get(i) + ": " + r.profile().tree().totalInclusiveNanos() + " ns");
                } catch (java.util.concurrent.ExecutionException e) {
                    if (!(e.getCause() instanceof CancelledException)) {
                        throw e;
                    }
                    System.out.println(names.get(i) + ": cancelled");
                }
            }
        } finally {
            requests.shutdownNow();
            pool.shutdownNow();
        }
    }

    /** {@code events} complete events of one thread, in a Chrome JSON array. */
    private static byte[] trace(int events) {
        StringBuilder b = new StringBuilder("[\n");
        for (int i = 0; i < events; i++) {
            b.append("{\"name\":\"step").append(i % 5).append("\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":")
                    .append(i * 10L).append(",\"dur\":5},\n");
        }
        return b.append("{}]\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The bytes from {@code offset}, their second half only once {@code released}. */
    private static final class SlowStream extends InputStream {
        private final ByteArrayInputStream bytes;
        private final int half;
        private final CountDownLatch started;
        private final CountDownLatch released;
        private long at;

        SlowStream(byte[] all, long offset, CountDownLatch started, CountDownLatch released) {
            this.bytes = new ByteArrayInputStream(all, (int) offset, all.length - (int) offset);
            this.half = all.length / 2;
            this.at = offset;
            this.started = started;
            this.released = released;
        }

        @Override
        public int read() {
            if (at >= half) {
                started.countDown();
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return -1;
                }
            }
            int b = bytes.read();
            if (b >= 0) {
                at++;
            }
            return b;
        }
    }
}
