package dev.ppw.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Traces for the tests of {@code --follow}, and a writer that appends them in pieces as their writers do. */
public final class FollowTraces {
    private FollowTraces() {
    }

    /**
     * A PerfFlowAspect-style unterminated array: a {@code [} line, then {@code events} B/E events, one per line
     * ending in a comma, on two threads with calls nested up to three deep, in time order per thread, every call
     * ended at the end.
     */
    public static String pfw(long seed, int events) {
        Random random = new Random(seed);
        String[] names = {"main", "solve", "io", "step", "reduce"};
        StringBuilder sb = new StringBuilder("[\n");
        int[] depth = new int[2];
        String[][] open = new String[2][4];
        long ts = 1_000_000;
        for (int i = 0; i < events; i++) {
            int t = random.nextInt(2);
            ts += 1 + random.nextInt(2000);
            String us = micros(ts);
            boolean begin = depth[t] == 0 || depth[t] < 3 && random.nextBoolean();
            String name;
            if (begin) {
                name = names[random.nextInt(names.length)];
                open[t][depth[t]++] = name;
            } else {
                name = open[t][--depth[t]];
            }
            sb.append("{\"name\": \"").append(name).append("\", \"cat\": \"__main__\", \"ph\": \"")
                    .append(begin ? 'B' : 'E').append("\", \"pid\": 7, \"tid\": ").append(t + 1)
                    .append(", \"ts\": ").append(us).append("},\n");
        }
        for (int t = 0; t < 2; t++) {
            while (depth[t] > 0) {
                ts += 1 + random.nextInt(2000);
                sb.append("{\"name\": \"").append(open[t][--depth[t]]).append("\", \"ph\": \"E\", \"pid\": 7,"
                        + " \"tid\": ").append(t + 1).append(", \"ts\": ").append(micros(ts)).append("},\n");
            }
        }
        return sb.toString();
    }

    private static String micros(long nanos) {
        return nanos / 1000 + "." + String.format("%03d", nanos % 1000);
    }

    /**
     * Appends {@code text} to {@code file} from the calling thread in pieces of 1 to 97 bytes (cutting events and
     * numbers in the middle), a short pause now and then; after the first third it waits for {@code readSoFar}
     * (the follow has shown something), a minute at most as a guard against hanging.
     */
    public static void appendInPieces(Path file, String text, long seed, CountDownLatch readSoFar) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Random random = new Random(seed);
        boolean waited = false;
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.APPEND)) {
            int at = 0;
            while (at < bytes.length) {
                int n = Math.min(bytes.length - at, 1 + random.nextInt(97));
                out.write(bytes, at, n);
                out.flush();
                at += n;
                if (!waited && at > bytes.length / 3) {
                    waited = true;
                    if (readSoFar != null && !readSoFar.await(60, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the follow showed nothing within a minute");
                    }
                }
                if (random.nextInt(8) == 0) {
                    Thread.sleep(2);
                }
            }
        }
    }

    /** Writes {@code text} whole. */
    public static Path write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** {@code intervals} intervals of perf stat -I -x, output (cycles and context switches), as perf prints them. */
    public static String perfStatCsv(int intervals) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= intervals; i++) {
            String t = String.format("%d.%09d", i / 10, (i % 10) * 100_000_000L + 1234);
            sb.append(t).append(",").append(1000 + 37 * i).append(",,cycles,100200,100.00,,\n");
            sb.append(t).append(",").append(5 * i).append(",,context-switches,100200,100.00,,\n");
        }
        return sb.toString();
    }
}
