import dev.ppw.engine.Engine;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's figures (not part of the test run; bench/serve-bench.sh runs it; issue 27's targets): a store of RUNS
 * runs of ROWS rows (StoreBench's shape, filled when it has fewer), then {@code ppw-java serve} launched as a user
 * launches it, with the heap given in JAVA_OPTS: the time from launch to its first answer (the API's index and the
 * run list), then {@code /api/history} of 20 contexts asked by CLIENTS clients at once (p50, p95, p99), a few run
 * reports and diffs of ROWS-row runs, and the server's heap after it all.
 *   java -cp cli/target/ppw-java.jar bench/ServeBench.java STORE RUNS ROWS LAUNCHER [CLIENTS [REQUESTS]]
 */
public final class ServeBench {
    private static final Pattern URL = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+)/\\?token=([0-9a-f]+)");

    public static void main(String[] args) throws Exception {
        String location = args[0];
        int runs = Integer.parseInt(args[1]);
        int rows = Integer.parseInt(args[2]);
        String launcher = args[3];
        int clients = args.length > 4 ? Integer.parseInt(args[4]) : 8;
        int requests = args.length > 5 ? Integer.parseInt(args[5]) : 250;
        StoreBench.Shape shape = new StoreBench.Shape(rows, 42);
        fill(location, runs, shape);
        List<String> contexts = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int c = 0; c < 20; c++) {
            contexts.add(shape.path(1 + random.nextInt(rows)));
        }

        ProcessBuilder pb = new ProcessBuilder(launcher, "serve", "--store", location, "--port", "0")
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        long launched = System.nanoTime();
        Process server = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            Matcher url = null;
            while (url == null) {
                String line = out.readLine();
                if (line == null) {
                    break;
                }
                Matcher m = URL.matcher(line);
                url = m.find() ? m : null;
            }
            if (url == null) {
                throw new IllegalStateException("serve printed no URL");
            }
            long printed = System.nanoTime();
            String base = url.group(1);
            String token = url.group(2);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            int status = get(http, base, "/api/", token).statusCode();
            long firstApi = System.nanoTime();
            double cpuAtFirst = cpuMillis(server.pid());
            HttpResponse<byte[]> list = get(http, base, "/", token);
            long firstPage = System.nanoTime();
            System.out.printf(Locale.ROOT, "launch: URL printed after %.0f ms; first answer (/api/, %d) %.0f ms after"
                            + " launch (target <= 1000); the run list of %d runs (/, %d bytes) %.0f ms after launch%n",
                    ms(printed - launched), status, ms(firstApi - launched), runs, list.body().length,
                    ms(firstPage - launched));
            System.out.printf(Locale.ROOT, "launch: the server's CPU time (user + system) up to its first answer:"
                    + " %.0f ms%n", cpuAtFirst);

            // warm up: every context once per client, as a browser's first looks would
            load(http, base, token, contexts, clients, 20, new double[clients * 20]);
            double[] latencies = new double[clients * requests];
            double cpuBefore = cpuMillis(server.pid());
            long start = System.nanoTime();
            int failed = load(http, base, token, contexts, clients, requests, latencies);
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuPerRequest = (cpuMillis(server.pid()) - cpuBefore) / latencies.length;
            System.out.printf(Locale.ROOT, "history: /api/history of one context across %d runs, %d clients at once,"
                            + " %d requests: p50 %.1f ms, p95 %.1f ms (target <= 50), p99 %.1f ms, max %.1f ms;"
                            + " %.0f requests/s; %d not 200%n", runs, clients, latencies.length,
                    StoreBench.percentile(latencies, 50), StoreBench.percentile(latencies, 95),
                    StoreBench.percentile(latencies, 99), StoreBench.percentile(latencies, 100),
                    latencies.length / seconds, failed);
            System.out.printf(Locale.ROOT, "history: the server's CPU time per request: %.2f ms%n", cpuPerRequest);

            double[] reports = new double[6];
            for (int i = 0; i < reports.length; i++) {
                long t = System.nanoTime();
                HttpResponse<byte[]> r = get(http, base, i % 2 == 0 ? "/runs/" + (1 + i) + "/report"
                        : "/diff?a=" + i + "&b=" + (i + 1), token);
                reports[i] = ms(System.nanoTime() - t);
                if (r.statusCode() != 200) {
                    throw new IllegalStateException("report " + i + ": " + r.statusCode());
                }
            }
            System.out.printf(Locale.ROOT, "reports: the HTML report or diff page of %d-row runs, one at a time:"
                    + " p50 %.0f ms, max %.0f ms%n", rows, StoreBench.percentile(reports, 50),
                    StoreBench.percentile(reports, 100));
            heap(server.pid());
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    private static void fill(String location, int runs, StoreBench.Shape shape) {
        Engine engine = Engine.fromClassPath();
        try (RunStore store = RunStore.open(StoreLocation.parse(location, Path.of("")), RunStore.Options.defaults())) {
            for (long r = store.count(); r < runs; r++) {
                store.put(NewRun.of(shape.run(r)).withLabel("bench-" + r).withSession("bench-" + r / 100)
                        .withTags(Map.of("parity", r % 2 == 0 ? "even" : "odd")), engine);
                if ((r + 1) % 100 == 0) {
                    System.err.printf(Locale.ROOT, "  %d runs stored%n", r + 1);
                }
            }
        }
    }

    /** {@code clients} threads each asking {@code each} histories; latencies in ms; the count of answers not 200. */
    private static int load(HttpClient http, String base, String token, List<String> contexts, int clients, int each,
                            double[] latencies) throws InterruptedException {
        AtomicInteger failed = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            threads.add(Thread.ofPlatform().start(() -> {
                SplittableRandom random = new SplittableRandom(client);
                try {
                    go.await();
                    for (int i = 0; i < each; i++) {
                        String context = contexts.get(random.nextInt(contexts.size()));
                        long t = System.nanoTime();
                        HttpResponse<byte[]> r = get(http, base, "/api/history?context="
                                + java.net.URLEncoder.encode(context, StandardCharsets.UTF_8), token);
                        latencies[client * each + i] = ms(System.nanoTime() - t);
                        if (r.statusCode() != 200) {
                            failed.incrementAndGet();
                        }
                    }
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        return failed.get();
    }

    private static HttpResponse<byte[]> get(HttpClient http, String base, String target, String token)
            throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + target)).header("Authorization", "token " + token)
                .build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The server's heap as its JVM reports it (jcmd GC.heap_info), and its peak resident memory. */
    private static void heap(long pid) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid), "GC.heap_info").redirectErrorStream(true).start();
        String info = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor();
        for (String line : info.lines().toList()) {
            if (line.contains("total") && line.contains("used")) {
                System.out.println("heap: " + line.strip());
            }
        }
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (Files.exists(status)) {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM")) {
                    System.out.println("resident: peak " + line.substring(6).strip());
                }
            }
        }
    }

    /** The CPU time (user and system) process {@code pid} has used, from /proc; NaN where there is none. */
    private static double cpuMillis(long pid) throws IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.exists(stat)) {
            return Double.NaN;
        }
        String text = Files.readString(stat);
        String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
        // fields 14 and 15 of the line (utime, stime), in clock ticks of 1/100 s on Linux
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10.0;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
