package dev.ppw.aggregate;

import dev.ppw.model.Combine;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;

import java.io.DataInputStream;
import java.io.DataOutput;
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
        byte[] bytes = new byte[check(n, in)];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static String readString(DataInputStream in) throws IOException {
        String s = readNullableString(in);
        if (s == null) {
            throw new IllegalArgumentException("merge state: a text is missing");
        }
        return s;
    }

    /**
     * A count or length of the form: never negative, and never more than the bytes left (every counted
     * thing takes at least one), so that a damaged length fails here rather than allocating.
     */
    static int length(DataInputStream in) throws IOException {
        return check(in.readInt(), in);
    }

    private static int check(int n, DataInputStream in) throws IOException {
        if (n < 0 || n > in.available()) {
            throw new IllegalArgumentException("merge state: length " + n + " where " + in.available()
                    + " bytes are left");
        }
        return n;
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
