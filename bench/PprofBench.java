import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import dev.ppw.engine.Engine;
import dev.ppw.engine.Analysis;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The pprof reader against a plain protobuf walk of the same file (not part of the test run; run by
 * bench/pprof-bench.sh with the shaded jar on the class path). The walk reads every field of the Profile with
 * CodedInputStream and every field inside each sample, location and function, skipping them all, knowing
 * nothing of tables or stacks: the least any protobuf reader of the file does. {@code --walk FILE} runs it once
 * and prints the fields (a cold run of its own); {@code --warm FILE ROUNDS} alternates in one JVM the walk and
 * {@code Engine.analyze} of the file (read and fold), and prints each round and the medians; {@code --gen FILE
 * SAMPLES} writes a gzipped CPU-like profile (samples/count, cpu/nanoseconds) of SAMPLES samples of 5,000 stacks
 * (8 to 40 frames over 3,000 functions, the first stacks the hottest), the shape of a long Go CPU profile, since
 * Go's own are small.
 */
public final class PprofBench {
    /** Distinct stacks of the generated profile, a long Go CPU profile's order of magnitude; the first are the hottest. */
    private static final int STACKS = 5000;

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[1]);
        switch (args[0]) {
            case "--walk" -> System.out.println(walk(file));
            case "--gen" -> generate(file, Integer.parseInt(args[2]));
            default -> warm(file, Integer.parseInt(args[2]));
        }
    }

    private static void warm(Path file, int rounds) throws IOException {
        Engine engine = Engine.fromClassPath();
        List<Long> walks = new ArrayList<>();
        List<Long> reads = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            long fields = walk(file);
            long walked = System.nanoTime() - start;
            start = System.nanoTime();
            engine.analyze(Analysis.profile(engine.inputs(List.of(file.toString()))));
            long read = System.nanoTime() - start;
            walks.add(walked);
            reads.add(read);
            System.out.printf("round %d: walk %d fields %.1f ms, ppw-java read+fold %.1f ms%n", i + 1, fields,
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

    /** Every field of the profile, gzipped or not, and every field inside its messages, skipped. */
    static long walk(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        raw.mark(2);
        boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
        raw.reset();
        long fields = 0;
        try (InputStream in = gzip ? new GZIPInputStream(raw, 1 << 16) : raw) {
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

    /** A gzipped profile of {@code samples} samples of {@link #STACKS} stacks of 8 to 40 frames over 3,000 functions. */
    private static void generate(Path file, int samples) throws IOException {
        int functions = 3000;
        SplittableRandom r = new SplittableRandom(42);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file), 1 << 16)) {
            CodedOutputStream o = CodedOutputStream.newInstance(out, 1 << 16);
            valueType(o, 1, 1, 2);
            valueType(o, 1, 3, 4);
            long[][] stacks = new long[STACKS][];
            for (int k = 0; k < STACKS; k++) {
                int depth = 8 + r.nextInt(33);
                stacks[k] = new long[depth];
                for (int d = 0; d < depth; d++) {
                    stacks[k][depth - 1 - d] = d < 6 ? 1 + d : 1 + r.nextInt(functions);
                }
            }
            for (int s = 0; s < samples; s++) {
                long[] stack = stacks[r.nextInt(r.nextInt(STACKS) + 1)];
                int depth = stack.length;
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                CodedOutputStream b = CodedOutputStream.newInstance(body);
                int locBytes = 0;
                for (int d = 0; d < depth; d++) {
                    locBytes += CodedOutputStream.computeUInt64SizeNoTag(stack[d]);
                }
                b.writeTag(1, 2);
                b.writeUInt32NoTag(locBytes);
                for (int d = 0; d < depth; d++) {
                    b.writeUInt64NoTag(stack[d]);
                }
                long count = 1 + r.nextInt(3);
                b.writeTag(2, 2);
                b.writeUInt32NoTag(CodedOutputStream.computeInt64SizeNoTag(count)
                        + CodedOutputStream.computeInt64SizeNoTag(count * 10_000_000L));
                b.writeInt64NoTag(count);
                b.writeInt64NoTag(count * 10_000_000L);
                b.flush();
                o.writeByteArray(2, body.toByteArray());
            }
            for (int f = 1; f <= functions; f++) {
                ByteArrayOutputStream line = new ByteArrayOutputStream();
                CodedOutputStream l = CodedOutputStream.newInstance(line);
                l.writeUInt64(1, f);
                l.writeInt64(2, 10 + f % 500);
                l.flush();
                ByteArrayOutputStream loc = new ByteArrayOutputStream();
                CodedOutputStream c = CodedOutputStream.newInstance(loc);
                c.writeUInt64(1, f);
                c.writeUInt64(3, 0x400000L + 16L * f);
                c.writeByteArray(4, line.toByteArray());
                c.flush();
                o.writeByteArray(4, loc.toByteArray());
                ByteArrayOutputStream fn = new ByteArrayOutputStream();
                CodedOutputStream g = CodedOutputStream.newInstance(fn);
                g.writeUInt64(1, f);
                g.writeInt64(2, 4 + f);
                g.writeInt64(3, 4 + f);
                g.writeInt64(4, 4 + functions + 1 + f % 40);
                g.flush();
                o.writeByteArray(5, fn.toByteArray());
            }
            List<String> strings = new ArrayList<>(List.of("", "samples", "count", "cpu", "nanoseconds"));
            for (int f = 1; f <= functions; f++) {
                strings.add("example.com/pkg" + f % 40 + ".(*Type" + f % 97 + ").Method" + f);
            }
            strings.add("");
            for (int i = 0; i < 40; i++) {
                strings.add("/home/build/src/example.com/pkg" + i + "/file.go");
            }
            for (String s : strings) {
                o.writeByteArray(6, s.getBytes(StandardCharsets.UTF_8));
            }
            o.flush();
        }
    }

    private static void valueType(CodedOutputStream o, int field, long type, long unit) throws IOException {
        o.writeTag(field, 2);
        o.writeUInt32NoTag(CodedOutputStream.computeInt64Size(1, type) + CodedOutputStream.computeInt64Size(2, unit));
        o.writeInt64(1, type);
        o.writeInt64(2, unit);
    }
}
