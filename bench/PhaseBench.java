import dev.ppw.engine.Analysis;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ProgressListener;
import dev.ppw.engine.RowOptions;
import dev.ppw.model.Percentile;
import dev.ppw.model.work.Cancel;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Where the time of one trace's read goes (not part of the test run): for each run, the wall and process CPU
 * time of reading it (parse on the workers, replay into the track buffers on the calling thread) until the engine's
 * progress tells its last byte read, and of the rest of the analysis (the folder's end of input: sort and replay of
 * the buffered tracks into the tree, then the profile). CPU time over wall time tells how many cores were busy.
 * Medians of the runs after the warm-up.
 *   bench/phase-bench.sh FILE [RUNS [JOBS [percentiles]]]
 * With {@code percentiles} the folder keeps a call-time sketch per node, as {@code --percentiles} asks.
 */
public final class PhaseBench {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        int jobs = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        boolean percentiles = args.length > 3 && args[3].equals("percentiles");
        Engine engine = Engine.fromClassPath();
        RowOptions rows = percentiles ? RowOptions.defaults().withPercentiles(List.of(Percentile.parse("50")))
                : RowOptions.defaults();
        long size = java.nio.file.Files.size(file);
        int warmup = Math.max(3, runs / 3);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[][] m = new double[5][runs];
        for (int r = -warmup; r < runs; r++) {
            System.gc();
            long c0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            long[] read = new long[2];
            ProgressListener atLastByte = (input, bytes) -> {
                if (bytes >= size && read[0] == 0) {
                    read[0] = System.nanoTime();
                    read[1] = os.getProcessCpuTime();
                }
            };
            engine.analyze(Analysis.profile(engine.inputs(List.of(file.toString()))).withJobs(jobs).withRows(rows),
                    atLastByte, Cancel.never());
            long t1 = read[0];
            long c1 = read[1];
            long t2 = System.nanoTime();
            long c2 = os.getProcessCpuTime();
            if (r >= 0) {
                m[0][r] = (t1 - t0) / 1e6;
                m[1][r] = (c1 - c0) / 1e6;
                m[2][r] = (t2 - t1) / 1e6;
                m[3][r] = (c2 - c1) / 1e6;
                m[4][r] = (t2 - t0) / 1e6;
            }
        }
        for (double[] column : m) {
            Arrays.sort(column);
        }
        System.out.printf(Locale.ROOT, "%s, %d jobs%s, medians of %d runs after %d warm-ups (ms):%n", file, jobs,
                percentiles ? ", call-time sketches" : "", runs, warmup);
        System.out.printf(Locale.ROOT, "  read into the folder: %.1f wall, %.1f CPU (%.2f cores)%n", m[0][runs / 2],
                m[1][runs / 2], m[1][runs / 2] / m[0][runs / 2]);
        System.out.printf(Locale.ROOT, "  end of input:         %.1f wall, %.1f CPU (%.2f cores)%n", m[2][runs / 2],
                m[3][runs / 2], m[3][runs / 2] / Math.max(1e-9, m[2][runs / 2]));
        System.out.printf(Locale.ROOT, "  total:                %.1f wall%n", m[4][runs / 2]);
    }
}
