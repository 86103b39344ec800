import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.ppw.engine.Engine;
import dev.ppw.engine.Analysis;
import dev.ppw.model.Profile;
import dev.ppw.model.format.InputSource;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPInputStream;

/**
 * Read throughput benchmark (issue 4), run by bench/read-bench.sh with the shaded jar on the class path
 * (java's source launcher: no build step, not part of the test run).
 *
 * <p>For each trace, in one JVM: (a) a raw Jackson scan of the same bytes (a loop of nextToken() and
 * nothing else), (b) ppw-java's whole job on 1 thread (read, fold into the real Folder, toProfile), (c) the
 * same with --jobs N threads. Warm-up runs, then the median of several, in MB/s (10^6 bytes) and events/s,
 * with ratios to (a). Then a many-files case: F files folded into one Folder (as `profile a b c` does).
 * {@code --trace FILE} (repeatable) measures that file too, and alone unless {@code --only} names cases;
 * {@code --generate-only} prints the generated traces' paths and measures nothing (bench/cold-bench.sh).
 */
public final class ReadBench {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    public static void main(String[] args) throws Exception {
        long sizeMb = 300;
        int runs = 5;
        int warmup = 2;
        int jobs = Runtime.getRuntime().availableProcessors();
        int files = 16;
        Path dir = Path.of("/tmp/ppw-bench/read");
        Path chromium = null;
        List<String> only = new ArrayList<>();
        boolean generateOnly = false;
        List<Path> traces = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--size-mb" -> sizeMb = Long.parseLong(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--warmup-seconds" -> ReadBench.warmupSeconds = Double.parseDouble(args[++i]);
                case "--jobs" -> jobs = Integer.parseInt(args[++i]);
                case "--files" -> files = Integer.parseInt(args[++i]);
                case "--dir" -> dir = Path.of(args[++i]);
                case "--chromium" -> chromium = Path.of(args[++i]);
                case "--only" -> only.addAll(Arrays.asList(args[++i].split(",")));
                case "--generate-only" -> generateOnly = true;
                case "--trace" -> traces.add(Path.of(args[++i]));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Files.createDirectories(dir);
        List<Case> cases = new ArrayList<>();
        if (!traces.isEmpty() && only.isEmpty()) {
            only.add("none"); // --trace alone measures only the traces given
        }
        if (only.isEmpty() || only.contains("compact")) {
            cases.add(new Case("compact X (completion order)", List.of(generate(dir, "compact", sizeMb, 1))));
        }
        if (only.isEmpty() || only.contains("verbose")) {
            cases.add(new Case("B/E (time order)", List.of(generate(dir, "verbose", sizeMb, 2))));
        }
        if (chromium != null && (only.isEmpty() || only.contains("chromium"))) {
            cases.add(new Case("Chromium devtools (real)", List.of(gunzip(dir, chromium))));
        }
        if (only.isEmpty() || only.contains("many")) {
            List<Path> many = new ArrayList<>();
            for (int f = 0; f < files; f++) {
                many.add(generate(dir, "compact", Math.max(1, sizeMb / files), 100 + f));
            }
            cases.add(new Case(files + " compact files", many));
        }
        for (Path trace : traces) {
            cases.add(new Case(trace.getFileName().toString(), List.of(trace)));
        }
        if (generateOnly) {
            // For bench/cold-bench.sh: the traces' paths, one per line, and nothing measured.
            for (Case c : cases) {
                c.files.forEach(System.out::println);
            }
            return;
        }
        System.out.printf(Locale.ROOT, "cores %d, jobs %d, runs %d (median), warm-up %d runs and %.1f s, max heap %d MB, java %s%n",
                Runtime.getRuntime().availableProcessors(), jobs, runs, warmup, warmupSeconds,
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.version"));
        System.out.printf(Locale.ROOT, "%-34s %-16s %10s %9s %13s %7s%n", "trace", "what", "MB", "MB/s", "events/s",
                "x raw");
        for (Case c : cases) {
            long bytes = 0;
            long events = 0;
            for (Path p : c.files) {
                bytes += Files.size(p);
                events += countEvents(p);
            }
            double raw = measure(c, runs, warmup, () -> {
                long tokens = 0;
                for (Path p : c.files) {
                    tokens += rawScan(p);
                }
                return tokens;
            });
            report(c.label, "raw Jackson scan", bytes, events, raw, raw);
            double one = measure(c, runs, warmup, () -> fold(c.files, 1));
            report(c.label, "read+fold 1 thr", bytes, events, one, raw);
            int j = jobs;
            double all = measure(c, runs, warmup, () -> fold(c.files, j));
            report(c.label, "read+fold " + j + " thr", bytes, events, all, raw);
        }
    }

    private record Case(String label, List<Path> files) {
    }

    interface Job {
        long run() throws IOException;
    }

    private static double warmupSeconds = 2;

    /**
     * Median seconds of {@code runs} runs after at least {@code warmup} warm-up runs and at least
     * {@link #warmupSeconds} of them: a small trace is read in a few milliseconds, and three runs of it leave
     * the compiler half done (the raw scan gets the same warm-up).
     */
    private static double measure(Case c, int runs, int warmup, Job job) throws IOException {
        long sink = 0;
        long warmStart = System.nanoTime();
        for (int i = 0; i < warmup || System.nanoTime() - warmStart < warmupSeconds * 1e9; i++) {
            sink += job.run();
        }
        double[] secs = new double[runs];
        for (int i = 0; i < runs; i++) {
            // Each run starts from a collected heap, so that one case's garbage does not cost the next a full GC.
            System.gc();
            long start = System.nanoTime();
            sink += job.run();
            secs[i] = (System.nanoTime() - start) / 1e9;
        }
        if (sink == 42) {
            System.out.print("");
        }
        Arrays.sort(secs);
        return secs[runs / 2];
    }

    private static void report(String trace, String what, long bytes, long events, double secs, double rawSecs) {
        System.out.printf(Locale.ROOT, "%-34s %-16s %10.1f %9.1f %13.0f %7.2f%n", trace, what, bytes / 1e6,
                bytes / 1e6 / secs, events / secs, rawSecs / secs);
    }

    private static final Engine ENGINE = Engine.fromClassPath();

    /** The whole job of `profile FILES` (the engine's, as the command calls it), then the profile taken. */
    private static long fold(List<Path> files, int jobs) throws IOException {
        Profile p = ENGINE.analyze(Analysis.profile(files.stream().map(InputSource::of).toList()).withJobs(jobs))
                .profile();
        return p.tree().size();
    }

    private static long rawScan(Path file) throws IOException {
        long n = 0;
        try (InputStream in = Files.newInputStream(file); JsonParser p = FACTORY.createParser(in)) {
            try {
                while (p.nextToken() != null) {
                    n++;
                }
            } catch (com.fasterxml.jackson.core.JsonParseException e) {
                // PerfFlowAspect writes no closing "]": the scan ends at the end of the input.
                if (e.getOriginalMessage() == null || !e.getOriginalMessage().startsWith("Unexpected end-of-input")) {
                    throw e;
                }
            }
        }
        return n;
    }

    /** Events counted as occurrences of {@code "ph"} (every generated and Chromium event has one). */
    private static long countEvents(Path file) throws IOException {
        long n = 0;
        byte[] buf = new byte[1 << 20];
        int carry = 0;
        try (InputStream in = Files.newInputStream(file)) {
            int r;
            while ((r = in.read(buf, carry, buf.length - carry)) > 0) {
                int end = carry + r;
                for (int i = 0; i + 3 < end; i++) {
                    if (buf[i] == '"' && buf[i + 1] == 'p' && buf[i + 2] == 'h' && buf[i + 3] == '"') {
                        n++;
                    }
                }
                carry = Math.min(3, end);
                System.arraycopy(buf, end - carry, buf, 0, carry);
            }
        }
        return n;
    }

    private static Path gunzip(Path dir, Path gz) throws IOException {
        String name = gz.getFileName().toString().replaceFirst("\\.gz$", "");
        Path out = dir.resolve(name);
        if (!Files.exists(out)) {
            Path tmp = dir.resolve(name + ".tmp");
            try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
        }
        return out;
    }

    /** Names by depth below main: a few per level keep the tree small (a few thousand paths) as the trace grows. */
    private static final String[][] NAMES = {
            {"setup", "solver.step", "io.checkpoint", "comm.exchange"},
            {"assemble_matrix", "apply_preconditioner", "mpi_allreduce", "write_block"},
            {"kernel_dense_update", "kernel_sparse_update", "halo_pack", "halo_unpack"},
            {"blas_dgemm", "blas_daxpy", "memcpy_device"},
            {"inner_loop_body", "inner_reduce"}};

    /**
     * Generates (once, cached by name) a PerfFlowAspect-style trace of about {@code sizeMb} MB: a "[" line,
     * one event per line with a trailing comma, no closing "]"; 4 threads in 2 processes, calls nested up to 6
     * deep, epoch-sized timestamps with sub-microsecond digits. compact: X events written when each call ends
     * (children before parents); verbose: B at the start and E at the end of each call (time order).
     */
    static Path generate(Path dir, String style, long sizeMb, long seed) throws IOException {
        Path out = dir.resolve(style + "-v2-" + sizeMb + "mb-" + seed + ".pfw");
        if (Files.exists(out)) {
            return out;
        }
        Path tmp = dir.resolve(out.getFileName() + ".tmp");
        long target = sizeMb * 1_000_000L;
        Random random = new Random(seed);
        long[] clock = {1795322503741605L * 1000, 1795322503741605L * 1000 + 7, 1795322503741605L * 1000 + 13,
                1795322503741605L * 1000 + 29};
        int[][] ids = {{7530, 7530}, {7530, 7531}, {7544, 7544}, {7544, 7549}};
        boolean compact = style.equals("compact");
        try (OutputStream os = Files.newOutputStream(tmp);
             BufferedWriter w = new BufferedWriter(new java.io.OutputStreamWriter(os, StandardCharsets.UTF_8), 1 << 20)) {
            w.write("[\n");
            long[] written = {2};
            StringBuilder line = new StringBuilder(160);
            while (written[0] < target) {
                for (int t = 0; t < 4; t++) {
                    call(w, line, random, clock, t, ids[t], 0, compact, written, "main");
                }
            }
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
        return out;
    }

    /** One call on thread t starting at clock[t], with nested calls; returns nothing, advances clock[t]. */
    private static void call(BufferedWriter w, StringBuilder line, Random random, long[] clock, int t, int[] ids,
                             int depth, boolean compact, long[] written, String name) throws IOException {
        long start = clock[t];
        if (!compact) {
            emit(w, line, name, ids, start, -1, 'B', written);
        }
        clock[t] += 250 + random.nextInt(2000);
        int children = depth >= 5 ? 0 : random.nextInt(depth == 0 ? 6 : 4);
        for (int c = 0; c < children; c++) {
            String[] level = NAMES[depth];
            call(w, line, random, clock, t, ids, depth + 1, compact, written, level[random.nextInt(level.length)]);
            clock[t] += 100 + random.nextInt(900);
        }
        long end = clock[t];
        if (compact) {
            emit(w, line, name, ids, start, end - start, 'X', written);
        } else {
            emit(w, line, name, ids, end, -1, 'E', written);
        }
        clock[t] += 50 + random.nextInt(300);
    }

    private static void emit(BufferedWriter w, StringBuilder line, String name, int[] ids, long tsNanos, long durNanos,
                             char ph, long[] written) throws IOException {
        line.setLength(0);
        line.append("{\"name\": \"").append(name).append("\", \"cat\": \"__main__\", \"pid\": ").append(ids[0])
                .append(", \"tid\": ").append(ids[1]).append(", \"ts\": ");
        micros(line, tsNanos);
        line.append(", \"ph\": \"").append(ph).append('"');
        if (durNanos >= 0) {
            line.append(", \"dur\": ");
            micros(line, durNanos);
        }
        line.append("},\n");
        w.append(line);
        written[0] += line.length();
    }

    private static void micros(StringBuilder b, long nanos) {
        b.append(nanos / 1000).append('.');
        long frac = nanos % 1000;
        if (frac < 100) {
            b.append('0');
        }
        if (frac < 10) {
            b.append('0');
        }
        b.append(frac);
    }
}
