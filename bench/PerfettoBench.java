import com.google.protobuf.CodedInputStream;
import dev.ppw.engine.Engine;
import dev.ppw.engine.Analysis;
import dev.ppw.model.format.InputSource;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The Perfetto reader against a plain protobuf walk of the same file (not part of the test run; run by
 * bench/perfetto-bench.sh with the shaded jar on the class path). The walk reads every packet with
 * CodedInputStream and skips every field inside it, knowing nothing of tracks, clocks or names: the least any
 * protobuf reader of the file does. {@code --walk FILE} runs it once and prints the packets (a cold run of its
 * own); {@code --warm FILE ROUNDS} alternates in one JVM the walk and {@code Engine.analyze} of the file (read
 * and fold), and prints each round and the medians.
 */
public final class PerfettoBench {
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[1]);
        if (args[0].equals("--walk")) {
            System.out.println(walk(file));
            return;
        }
        int rounds = Integer.parseInt(args[2]);
        Engine engine = Engine.fromClassPath();
        List<Long> walks = new ArrayList<>();
        List<Long> reads = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            long packets = walk(file);
            long walked = System.nanoTime() - start;
            start = System.nanoTime();
            engine.analyze(Analysis.profile(engine.inputs(List.of(file.toString()))));
            long read = System.nanoTime() - start;
            walks.add(walked);
            reads.add(read);
            System.out.printf("round %d: walk %d packets %.1f ms, ppw-java read+fold %.1f ms%n", i + 1, packets,
                    walked / 1e6, read / 1e6);
        }
        long w = median(walks);
        long r = median(reads);
        System.out.printf("median: walk %.1f ms, read+fold %.1f ms, ratio (walk / read+fold) %.2f%n", w / 1e6, r / 1e6,
                (double) w / r);
    }

    private static long median(List<Long> values) {
        long[] v = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    /** Every packet of the trace, gzipped or not, each field of each skipped. */
    static long walk(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        raw.mark(2);
        boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
        raw.reset();
        long packets = 0;
        try (InputStream in = gzip ? new GZIPInputStream(raw, 1 << 16) : raw) {
            CodedInputStream trace = CodedInputStream.newInstance(in);
            while (!trace.isAtEnd()) {
                trace.readTag();
                int limit = trace.pushLimit(trace.readRawVarint32());
                for (int tag = trace.readTag(); tag != 0; tag = trace.readTag()) {
                    trace.skipField(tag);
                }
                trace.popLimit(limit);
                trace.resetSizeCounter();
                packets++;
            }
        }
        return packets;
    }
}
