import dev.ppw.engine.Analysis;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ProgressListener;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.Tuning;
import dev.ppw.model.work.Cancel;
import dev.ppw.model.work.CancelledException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How long an analysis takes to stop once cancelled from another thread (not part of the test run), on the engine
 * API: for each of the given fractions of the input read (0.3: when the progress says 30% of the bytes are read;
 * 1.0: once the last byte is read, in the folder's end of input), it starts a profile of FILE, cancels it there, and
 * times from the cancel to the analysis' end; and checks that its folder of temporary files is empty afterwards.
 *   java -cp cli/target/ppw-java.jar bench/CancelBench.java FILE [ROUNDS [FRACTION...]]
 * Prints each round and the largest time per fraction, in ms.
 */
public final class CancelBench {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<Double> fractions = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            fractions.add(Double.parseDouble(args[i]));
        }
        if (fractions.isEmpty()) {
            fractions = List.of(0.1, 0.5, 0.9, 1.0);
        }
        long size = Files.size(file);
        Engine engine = Engine.fromClassPath();
        Path spill = Files.createTempDirectory("ppw-cancel-bench");
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            for (double fraction : fractions) {
                double[] stops = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    Cancel cancel = Cancel.create();
                    long threshold = (long) (size * fraction);
                    long[] cancelledAt = {0};
                    ProgressListener listener = (input, bytes) -> {
                        if (bytes >= threshold && cancelledAt[0] == 0) {
                            cancelledAt[0] = -1; // raised from this bench's own thread below
                        }
                    };
                    Analysis analysis = Analysis.profile(engine.inputs(List.of(file.toString())))
                            .withReading(ReadingOptions.defaults().withTuning(Tuning.defaults()
                                    .withSpillDirectory(spill)));
                    Future<?> running = caller.submit(() -> engine.analyze(analysis, listener, cancel));
                    while (cancelledAt[0] == 0 && !running.isDone()) {
                        Thread.onSpinWait();
                    }
                    long t0 = System.nanoTime();
                    cancel.cancel();
                    String outcome;
                    try {
                        running.get();
                        outcome = "finished before the cancel";
                    } catch (ExecutionException e) {
                        outcome = e.getCause() instanceof CancelledException ? "cancelled" : e.getCause().toString();
                    }
                    stops[r] = (System.nanoTime() - t0) / 1e6;
                    long left;
                    try (var files = Files.list(spill)) {
                        left = files.count();
                    }
                    System.out.printf(Locale.ROOT, "at %.0f%% read: %s, stopped in %.1f ms, %d temporary files left%n",
                            fraction * 100, outcome, stops[r], left);
                }
                Arrays.sort(stops);
                System.out.printf(Locale.ROOT, "at %.0f%% read: at most %.1f ms over %d rounds (median %.1f)%n",
                        fraction * 100, stops[rounds - 1], rounds, stops[rounds / 2]);
            }
        } finally {
            caller.shutdownNow();
            Files.deleteIfExists(spill);
        }
    }
}
