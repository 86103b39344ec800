package dev.ppw.aggregate;

import dev.ppw.model.Combine;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;

import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pieces of {@link MergeAccumulator#toBytes()}'s form that are not numbers: texts as a length and
 * UTF-8 bytes (a length of -1 is null), string maps in key order, metric declarations field by field, and
 * the checks that turn a damaged form into one clear {@link IllegalArgumentException}.
 *
 * <p>The form is read from any stream, a socket or a cluster's chunked buffer as well as an array, so nothing here
 * asks how many bytes are left ({@code available()} is only what arrived so far): a damaged length is never
 * allocated at once, and the stream's end within the state is an {@link EOFException}.
 */
final class MergeCodec {
    private MergeCodec() {
    }

    static void writeString(DataOutput out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readNullableString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n == -1) {
            return null;
        }
        return new String(bytes(in, check(n)), StandardCharsets.UTF_8);
    }

    static String readString(DataInputStream in) throws IOException {
        String s = readNullableString(in);
        if (s == null) {
            throw new IllegalArgumentException("merge state: a text is missing");
        }
        return s;
    }

    /**
     * A count or length of the form: never negative. Whoever reads that many things grows its storage as they
     * come, so that a damaged count ends at the stream's end rather than allocating.
     */
    static int length(DataInputStream in) throws IOException {
        return check(in.readInt());
    }

    private static int check(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("merge state: a length of " + n);
        }
        return n;
    }

    /**
     * The next {@code n} bytes, read in pieces (a damaged length costs no more memory than the bytes there are).
     *
     * @throws EOFException when the stream ends first
     */
    static byte[] bytes(DataInputStream in, int n) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new EOFException("merge state: " + n + " bytes expected, " + bytes.length + " left");
        }
        return bytes;
    }

    /** A map of texts, in key order, so that equal maps write equal bytes. */
    static void writeMap(DataOutput out, Map<String, String> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, String> e : new TreeMap<>(map).entrySet()) {
            writeString(out, e.getKey());
            writeString(out, e.getValue());
        }
    }

    static Map<String, String> readMap(DataInputStream in) throws IOException {
        int n = length(in);
        Map<String, String> map = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            map.put(readString(in), readString(in));
        }
        return map;
    }

    static void writeGroup(DataOutput out, MetricGroup group) throws IOException {
        writeString(out, group.name());
        writeString(out, group.combineRule());
        out.writeInt(group.metrics().size());
        for (Metric m : group.metrics()) {
            writeString(out, m.name());
            writeString(out, m.unit().name());
            writeString(out, m.kind().name());
            writeString(out, m.combine().name());
            writeString(out, m.shown().name());
            writeString(out, m.textLabel());
            writeString(out, m.numerator());
            writeString(out, m.denominator());
            writeString(out, m.description());
        }
    }

    /** A group equal to the one written: metric declarations are records, compared by value. */
    static MetricGroup readGroup(DataInputStream in) throws IOException {
        String name = readString(in);
        String rule = readString(in);
        int n = length(in);
        List<Metric> metrics = new ArrayList<>(Math.min(n, 64));
        for (int i = 0; i < n; i++) {
            metrics.add(new Metric(readString(in), MetricUnit.valueOf(readString(in)),
                    Metric.Kind.valueOf(readString(in)), Combine.valueOf(readString(in)),
                    Metric.Shown.valueOf(readString(in)), readString(in), readNullableString(in),
                    readNullableString(in), readString(in)));
        }
        return new MetricGroup(name, metrics, rule);
    }
}
