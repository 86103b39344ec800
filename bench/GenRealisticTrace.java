import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes a trace of the shape many real ones have (issue 11), and optionally the exact profile it folds into
 * (not part of the test run; java's source launcher, no build step):
 *
 * <ul>
 *   <li>one line, as Python's {@code json.dump} writes it: {@code {"traceEvents": [{...}, {...}]}} (or, with
 *       {@code --array}, the bare list), {@code ", "} and {@code ": "} separators, no line end;</li>
 *   <li>only {@code X} events, in random order (a seeded shuffle of the whole file), over 4 threads in 2
 *       processes;</li>
 *   <li>a random call graph of 64 functions (each calls a few others), walked from a few entry points per
 *       thread, so the calling-context tree has tens of thousands of nodes (about 26,000 for 1M events);</li>
 *   <li>optionally deep recursion ({@code --recursion D}): now and then a function calls itself up to D deep.</li>
 * </ul>
 *
 * <p>Every call lasts at least 1 ns and its children nest strictly inside it, timestamps in microseconds with
 * three decimals (exact nanoseconds). The same seed and event count give the same bytes. 1M events are about
 * 82 MB, 10M about 830 MB.
 *
 * <pre>
 *   java bench/GenRealisticTrace.java --events 1000000 --out /tmp/real-1m.json [--seed 11] [--recursion 200]
 *       [--array] [--expected /tmp/real-1m.expected.csv]
 * </pre>
 * The expected profile is CSV rows sorted by path (bytes order), threads merged:
 * {@code path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns}, as
 * bench/fold-memory.sh compares them.
 */
public final class GenRealisticTrace {
    private static final int FUNCTIONS = 64;
    /** Below depth 5, a call has one child this often (percent), else none: about 26,000 nodes at 1M events. */
    private static final int ONE_CHILD_PERCENT = 33;
    private static final int[][] THREADS = {{1, 1}, {1, 2}, {2, 3}, {2, 4}};
    /** The first call starts about here (nanoseconds; times relative to the profiler's start). */
    private static final long BASE_NANOS = 100_000_000L;

    // Events in generation order, as columns: start, duration, function, thread.
    private long[] ts;
    private long[] dur;
    private short[] fn;
    private byte[] thread;
    private int count;

    private final SplittableRandom random;
    private final int[][] callees = new int[FUNCTIONS][];
    private final String[] names = new String[FUNCTIONS];
    private final int recursion;

    // The calling-context tree, threads merged: node by (parent, function), and each node's exact metrics.
    private final Map<Long, Integer> children = new HashMap<>();
    private final List<int[]> nodeKey = new ArrayList<>(); // {parent, function}
    private long[] calls = new long[1024];
    private long[] subcalls = new long[1024];
    private long[] inclusive = new long[1024];
    private long[] exclusive = new long[1024];
    private long[] minInclusive = new long[1024];
    private long[] maxInclusive = new long[1024];

    private GenRealisticTrace(long seed, int recursion) {
        this.random = new SplittableRandom(seed);
        this.recursion = recursion;
        for (int f = 0; f < FUNCTIONS; f++) {
            names[f] = String.format(Locale.ROOT, "fn_%02d", f);
        }
        // Each function calls 2 to 5 others, mostly later ones (so most chains end), now and then an earlier one.
        for (int f = 0; f < FUNCTIONS; f++) {
            int n = 2 + random.nextInt(4);
            callees[f] = new int[n];
            for (int i = 0; i < n; i++) {
                callees[f][i] = f + 1 < FUNCTIONS && random.nextInt(6) != 0
                        ? f + 1 + random.nextInt(Math.min(12, FUNCTIONS - f - 1)) : random.nextInt(FUNCTIONS);
            }
        }
    }

    public static void main(String[] args) throws IOException {
        long events = 1_000_000;
        long seed = 11;
        int recursion = 0;
        boolean array = false;
        Path out = null;
        Path expected = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--events" -> events = Long.parseLong(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--recursion" -> recursion = Integer.parseInt(args[++i]);
                case "--array" -> array = true;
                case "--out" -> out = Path.of(args[++i]);
                case "--expected" -> expected = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (out == null || events < 1 || events > Integer.MAX_VALUE - 1_000_000) {
            throw new IllegalArgumentException("usage: --events N --out FILE [--seed S] [--recursion D] [--array]"
                    + " [--expected FILE]");
        }
        GenRealisticTrace g = new GenRealisticTrace(seed, recursion);
        g.generate((int) events);
        g.shuffle();
        long bytes = g.write(out, array);
        if (expected != null) {
            g.writeExpected(expected);
        }
        System.err.printf(Locale.ROOT, "%s: %d events, %d bytes, %d tree nodes%n", out, g.count, bytes,
                g.nodeKey.size());
    }

    /** Calls on the 4 threads, each thread's clock its own, until {@code events} calls are made. */
    private void generate(int events) {
        ts = new long[events + 4096];
        dur = new long[ts.length];
        fn = new short[ts.length];
        thread = new byte[ts.length];
        long[] clock = new long[THREADS.length];
        for (int t = 0; t < clock.length; t++) {
            clock[t] = BASE_NANOS + 1000L * random.nextInt(1000) + t;
        }
        while (count < events) {
            int t = random.nextInt(THREADS.length);
            // A top-level call of one of 4 entry points: each a random tree of calls below it.
            clock[t] = call(t, random.nextInt(4), -1, 0, clock[t], events) + 1 + random.nextInt(5000);
        }
    }

    /** One call of function {@code f} starting at {@code start} under tree node {@code parent}; returns its end. */
    private long call(int t, int f, int parent, int depth, long start, int events) {
        int node = node(parent, f);
        int at = add(t, f, start);
        long clock = start + 1 + random.nextInt(3000);
        long childNanos = 0;
        long childCalls = 0;
        if (recursion > 0 && depth > 0 && random.nextInt(2000) == 0) {
            // Deep recursion: f calls itself, down to a random depth, then carries on as usual.
            long end = recurse(t, f, node, depth + 1, clock, 1 + random.nextInt(recursion), events);
            childNanos += end - clock;
            childCalls++;
            clock = end + 1 + random.nextInt(500);
        }
        // Fewer children deeper down; no new call once enough events exist (the open ones still close).
        int kids = count >= events ? 0 : depth < 2 ? random.nextInt(6) : depth < 5 ? random.nextInt(4)
                : random.nextInt(100) < ONE_CHILD_PERCENT ? 1 : 0;
        for (int k = 0; k < kids && count < events; k++) {
            int[] mine = callees[f];
            int callee = mine[random.nextInt(mine.length)];
            long end = call(t, callee, node, depth + 1, clock, events);
            childNanos += end - clock;
            childCalls++;
            clock = end + 1 + random.nextInt(800);
        }
        clock += 1 + random.nextInt(2000);
        dur[at] = clock - start;
        record(node, clock - start, childNanos, childCalls);
        return clock;
    }

    private long recurse(int t, int f, int parent, int depth, long start, int levels, int events) {
        int node = node(parent, f);
        int at = add(t, f, start);
        long clock = start + 1 + random.nextInt(200);
        long childNanos = 0;
        long childCalls = 0;
        if (levels > 1) {
            long end = recurse(t, f, node, depth + 1, clock, levels - 1, events);
            childNanos = end - clock;
            childCalls = 1;
            clock = end;
        }
        clock += 1 + random.nextInt(200);
        dur[at] = clock - start;
        record(node, clock - start, childNanos, childCalls);
        return clock;
    }

    private int add(int t, int f, long start) {
        if (count == ts.length) {
            int n = ts.length + (ts.length >> 1);
            ts = Arrays.copyOf(ts, n);
            dur = Arrays.copyOf(dur, n);
            fn = Arrays.copyOf(fn, n);
            thread = Arrays.copyOf(thread, n);
        }
        ts[count] = start;
        fn[count] = (short) f;
        thread[count] = (byte) t;
        return count++;
    }

    private int node(int parent, int f) {
        long key = ((long) parent << 8) | f;
        Integer n = children.get(key);
        if (n != null) {
            return n;
        }
        int id = nodeKey.size();
        nodeKey.add(new int[]{parent, f});
        children.put(key, id);
        if (id == calls.length) {
            int c = id * 2;
            calls = Arrays.copyOf(calls, c);
            subcalls = Arrays.copyOf(subcalls, c);
            inclusive = Arrays.copyOf(inclusive, c);
            exclusive = Arrays.copyOf(exclusive, c);
            minInclusive = Arrays.copyOf(minInclusive, c);
            maxInclusive = Arrays.copyOf(maxInclusive, c);
        }
        minInclusive[id] = Long.MAX_VALUE;
        maxInclusive[id] = Long.MIN_VALUE;
        return id;
    }

    private void record(int node, long incl, long childNanos, long childCalls) {
        calls[node]++;
        subcalls[node] += childCalls;
        inclusive[node] += incl;
        exclusive[node] += incl - childNanos;
        minInclusive[node] = Math.min(minInclusive[node], incl);
        maxInclusive[node] = Math.max(maxInclusive[node], incl);
    }

    /** Fisher-Yates over the whole file: the events of all threads in random order. */
    private void shuffle() {
        for (int i = count - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long a = ts[i];
            ts[i] = ts[j];
            ts[j] = a;
            a = dur[i];
            dur[i] = dur[j];
            dur[j] = a;
            short s = fn[i];
            fn[i] = fn[j];
            fn[j] = s;
            byte b = thread[i];
            thread[i] = thread[j];
            thread[j] = b;
        }
    }

    private long write(Path out, boolean array) throws IOException {
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        byte[][] prefix = new byte[FUNCTIONS * THREADS.length][];
        for (int f = 0; f < FUNCTIONS; f++) {
            for (int t = 0; t < THREADS.length; t++) {
                prefix[f * THREADS.length + t] = ("{\"name\": \"" + names[f] + "\", \"ph\": \"X\", \"pid\": "
                        + THREADS[t][0] + ", \"tid\": " + THREADS[t][1] + ", \"ts\": ")
                        .getBytes(StandardCharsets.US_ASCII);
            }
        }
        byte[] durKey = ", \"dur\": ".getBytes(StandardCharsets.US_ASCII);
        long bytes = 0;
        byte[] buf = new byte[256];
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20)) {
            byte[] head = (array ? "[" : "{\"traceEvents\": [").getBytes(StandardCharsets.US_ASCII);
            os.write(head);
            bytes += head.length;
            for (int e = 0; e < count; e++) {
                int n = 0;
                if (e > 0) {
                    buf[n++] = ',';
                    buf[n++] = ' ';
                }
                byte[] p = prefix[fn[e] * THREADS.length + thread[e]];
                System.arraycopy(p, 0, buf, n, p.length);
                n += p.length;
                n = micros(buf, n, ts[e]);
                System.arraycopy(durKey, 0, buf, n, durKey.length);
                n += durKey.length;
                n = micros(buf, n, dur[e]);
                buf[n++] = '}';
                os.write(buf, 0, n);
                bytes += n;
            }
            byte[] tail = (array ? "]" : "]}").getBytes(StandardCharsets.US_ASCII);
            os.write(tail);
            bytes += tail.length;
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
        return bytes;
    }

    /** Nanoseconds as microseconds with three decimals, as a float of that value prints in Python. */
    private static int micros(byte[] buf, int at, long nanos) {
        String whole = Long.toString(nanos / 1000);
        for (int i = 0; i < whole.length(); i++) {
            buf[at++] = (byte) whole.charAt(i);
        }
        buf[at++] = '.';
        long frac = nanos % 1000;
        buf[at++] = (byte) ('0' + frac / 100);
        if (frac % 100 != 0) {
            buf[at++] = (byte) ('0' + frac / 10 % 10);
            if (frac % 10 != 0) {
                buf[at++] = (byte) ('0' + frac % 10);
            }
        }
        return at;
    }

    private void writeExpected(Path expected) throws IOException {
        String[] path = new String[nodeKey.size()];
        for (int n = 0; n < path.length; n++) {
            int[] k = nodeKey.get(n);
            path[n] = k[0] < 0 ? names[k[1]] : path[k[0]] + " => " + names[k[1]];
        }
        Integer[] order = new Integer[path.length];
        for (int n = 0; n < order.length; n++) {
            order[n] = n;
        }
        byte[][] keys = new byte[path.length][];
        for (int n = 0; n < path.length; n++) {
            keys[n] = path[n].getBytes(StandardCharsets.UTF_8);
        }
        Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(keys[a], keys[b]));
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(expected))) {
            w.print("path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns\n");
            for (int n : order) {
                w.print(path[n] + "," + calls[n] + "," + subcalls[n] + "," + inclusive[n] + "," + exclusive[n] + ","
                        + minInclusive[n] + "," + maxInclusive[n] + "\n");
            }
        }
    }
}
