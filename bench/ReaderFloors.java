import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.CodedInputStream;
import dev.ppw.collect.ctf.CtfTraceReader;
import dev.ppw.engine.Engine;
import dev.ppw.engine.Analysis;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.NameTable;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.model.work.Workers;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * A reader against its parse floor in one warm JVM (not part of the test run; run by bench/reader-floors.sh with
 * the shaded jar on the class path, on one core). For FORMAT FILE FLOOR, alternates ROUNDS rounds of three
 * timings and prints each and the medians: the floor, the least any reader of the same bytes does ({@code lines}:
 * BufferedReader.readLine of every line, as bench/LineRead.java; {@code json}: Jackson's nextToken over every
 * token; {@code proto}: a CodedInputStream walk of every field of the Profile and inside its messages, as
 * bench/PprofBench.java's; {@code ctf}: every event of an LTTng trace folder decoded and merged in time order, as
 * bench/CtfDecode.java); the reader alone, into a sink that only counts what it is given ({@code read}: samples and
 * their frames, or for a reader of calls, ends and begins); and
 * the reader with the fold, {@code Engine.analyze} of a profile on one job ({@code fold}). A reader of whole
 * profiles (TAU) is timed to its profile, its tree's size counted as samples. Times are the thread's CPU time
 * (everything runs on it: one job), so that the other processes of a shared machine weigh less.
 *
 * <p>{@code java -cp cli/target/ppw-java.jar bench/ReaderFloors.java perf-script FILE lines 7}; FILE is a folder for
 * {@code lttng-ctf DIR ctf}.
 */
public final class ReaderFloors {
    /** CPU time of the measuring thread: on a shared machine wall time measures the neighbours. */
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        String format = args[0];
        Path file = Path.of(args[1]);
        String floor = args[2];
        int rounds = Integer.parseInt(args[3]);
        Object reader = FormatRegistry.load(ReaderFloors.class.getClassLoader()).byName(format).orElseThrow();
        Engine engine = Engine.fromClassPath();
        List<Long> floors = new ArrayList<>();
        List<Long> reads = new ArrayList<>();
        List<Long> folds = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            System.gc();
            long start = CPU.getCurrentThreadCpuTime();
            long f = floor(floor, file);
            floors.add(CPU.getCurrentThreadCpuTime() - start);
            System.gc();
            start = CPU.getCurrentThreadCpuTime();
            CountingSink sink = new CountingSink();
            InputSource input = Files.isDirectory(file) ? InputSource.ofDirectory(file, file.toString()) : InputSource.of(file);
            if (reader instanceof EventFormat events) {
                events.read(input, sink, ReadOptions.defaults());
            } else {
                // a reader of whole profiles (TAU): its tree is what it gives
                sink.samples = ((ProfileFormat) reader).read(input, ReadOptions.defaults()).tree().size();
            }
            reads.add(CPU.getCurrentThreadCpuTime() - start);
            System.gc();
            start = CPU.getCurrentThreadCpuTime();
            long calls = engine.analyze(Analysis.profile(engine.inputs(List.of(file.toString()))).withJobs(1))
                    .profile().tree().size();
            folds.add(CPU.getCurrentThreadCpuTime() - start);
            System.out.printf("round %d: floor %.0f ms (%d), read %.0f ms (%d samples, %d frames), fold %.0f ms (%d nodes)%n",
                    i + 1, floors.getLast() / 1e6, f, reads.getLast() / 1e6, sink.samples, sink.frames,
                    folds.getLast() / 1e6, calls);
        }
        long fl = median(floors);
        long r = median(reads);
        long fo = median(folds);
        System.out.printf("median: floor %.0f ms, read %.0f ms (%.2fx the floor), read+fold %.0f ms (%.2fx)%n",
                fl / 1e6, r / 1e6, (double) r / fl, fo / 1e6, (double) fo / fl);
    }

    private static long median(List<Long> values) {
        long[] v = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    private static InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        raw.mark(2);
        boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
        raw.reset();
        return gzip ? new GZIPInputStream(raw, 1 << 16) : raw;
    }

    private static long floor(String kind, Path file) throws IOException {
        return switch (kind) {
            case "lines" -> lines(file);
            case "json" -> json(file);
            case "proto" -> proto(file);
            case "ctf" -> ctf(file);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private static long lines(Path file) throws IOException {
        long chars = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                chars += line.length();
            }
        }
        return chars;
    }

    private static long json(Path file) throws IOException {
        long sum = 0;
        try (JsonParser p = new JsonFactory().createParser(open(file))) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_NUMBER_INT) {
                    sum += p.getLongValue();
                }
            }
        }
        return sum;
    }

    private static long proto(Path file) throws IOException {
        long fields = 0;
        try (InputStream in = open(file)) {
            CodedInputStream profile = CodedInputStream.newInstance(in);
            for (int tag = profile.readTag(); tag != 0; tag = profile.readTag()) {
                if ((tag & 7) == 2 && (tag >>> 3) >= 1 && (tag >>> 3) <= 5) {
                    int limit = profile.pushLimit(profile.readRawVarint32());
                    for (int inner = profile.readTag(); inner != 0; inner = profile.readTag()) {
                        profile.skipField(inner);
                        fields++;
                    }
                    profile.popLimit(limit);
                } else {
                    profile.skipField(tag);
                }
                profile.resetSizeCounter();
                fields++;
            }
        }
        return fields;
    }

    /** Every event of a CTF folder decoded and merged in time order on this thread, as bench/CtfDecode.java. */
    private static long ctf(Path folder) throws IOException {
        long[] check = {0};
        CtfTraceReader.read(folder, folder.toString(), Workers.inline(), e -> check[0] += e.timestampNanos());
        return check[0];
    }

    /** Counts what a reader gives it and keeps nothing: the reader's own cost. */
    private static final class CountingSink implements EventSink {
        private final FrameTable table = new FrameTable(new NameTable());
        private final Diagnostics diagnostics = new Diagnostics();
        long samples;
        long frames;

        @Override
        public FrameTable frames() {
            return table;
        }

        @Override
        public Diagnostics diagnostics() {
            return diagnostics;
        }

        @Override
        public void beginInput(String displayName) {
        }

        @Override
        public int thread(String pid, String tid) {
            return 0;
        }

        @Override
        public int asyncTrack(String pid, String cat, String id) {
            return 0;
        }

        @Override
        public void begin(int track, long tsNanos, int frameId) {
            frames++;
        }

        @Override
        public void end(int track, long tsNanos, int regionId) {
            samples++;
        }

        @Override
        public void complete(int track, long tsNanos, long durNanos, int frameId) {
        }

        @Override
        public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                int depth) {
            this.samples += samples;
            this.frames += depth;
        }

        @Override
        public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        }

        @Override
        public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        }

        @Override
        public void displayTimeUnit(String unit) {
        }

        @Override
        public void processName(String pid, String name) {
        }

        @Override
        public void threadName(String pid, String tid, String name) {
        }

        @Override
        public void endInput() {
        }
    }
}
