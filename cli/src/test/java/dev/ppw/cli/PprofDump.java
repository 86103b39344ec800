package dev.ppw.cli;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * pprof's {@code profile.proto} decoded for tests, without protoc or Go: its sample types and each sample's stack
 * (function names), values and {@code phase} label, walked with protobuf's reader by profile.proto's field
 * numbers. Only what ppw-java's writer writes is read: a sample's label is its one {@code phase} string label.
 */
public final class PprofDump {
    private PprofDump() {
    }

    /**
     * One sample: its stack of function names, leaf first, each followed by {@code ;}, its values in the order of
     * the sample types, and its {@code phase} label or null.
     */
    public record Sample(String stack, long[] values, String phase) {
    }

    /**
     * A text listing: the sample types on one line, then per sample, in the file's order, its phase label (when
     * it has one), its stack root first joined by {@code ;}, and its values.
     */
    public static String of(byte[] gzipped) {
        Decoded decoded = decode(gzipped);
        StringBuilder sb = new StringBuilder("types " + String.join(" ", decoded.types()) + "\n");
        for (Sample s : decoded.samples()) {
            List<String> frames = new ArrayList<>(Arrays.asList(s.stack().split(";")));
            java.util.Collections.reverse(frames);
            if (s.phase() != null) {
                sb.append("phase=").append(s.phase()).append(' ');
            }
            sb.append(String.join(";", frames)).append(' ')
                    .append(Arrays.stream(s.values()).mapToObj(Long::toString).collect(Collectors.joining(" ")))
                    .append('\n');
        }
        return sb.toString();
    }

    /** The samples of a gzipped profile.proto, walked with protobuf's reader (field numbers of profile.proto). */
    public static List<Sample> samples(byte[] gzipped) {
        return decode(gzipped).samples();
    }

    private record Decoded(List<String> types, List<Sample> samples) {
    }

    private static Decoded decode(byte[] gzipped) {
        try {
            byte[] raw = new GZIPInputStream(new ByteArrayInputStream(gzipped)).readAllBytes();
            List<String> strings = new ArrayList<>();
            Map<Long, Long> functionName = new HashMap<>();
            Map<Long, Long> locationFunction = new HashMap<>();
            List<long[]> sampleLocations = new ArrayList<>();
            List<long[]> sampleValues = new ArrayList<>();
            List<long[]> sampleLabels = new ArrayList<>();
            List<long[]> types = new ArrayList<>();
            CodedInputStream in = CodedInputStream.newInstance(raw);
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                int field = WireFormat.getTagFieldNumber(tag);
                switch (field) {
                    case 2 -> {
                        Map<Integer, List<Long>> sample = message(in.readBytes().toByteArray());
                        sampleLocations.add(array(sample.get(1)));
                        sampleValues.add(array(sample.get(2)));
                        List<Long> label = sample.get(3);
                        sampleLabels.add(label == null ? null : array(label));
                    }
                    case 4 -> {
                        CodedInputStream loc = CodedInputStream.newInstance(in.readBytes().toByteArray());
                        long id = 0;
                        long function = 0;
                        for (int t = loc.readTag(); t != 0; t = loc.readTag()) {
                            if (WireFormat.getTagFieldNumber(t) == 1) {
                                id = loc.readUInt64();
                            } else if (WireFormat.getTagFieldNumber(t) == 4) {
                                function = message(loc.readBytes().toByteArray()).get(1).getFirst();
                            } else {
                                loc.skipField(t);
                            }
                        }
                        locationFunction.put(id, function);
                    }
                    case 5 -> {
                        Map<Integer, List<Long>> f = message(in.readBytes().toByteArray());
                        functionName.put(f.get(1).getFirst(), f.get(2).getFirst());
                    }
                    case 1 -> {
                        Map<Integer, List<Long>> type = message(in.readBytes().toByteArray());
                        types.add(new long[] {type.get(1).getFirst(), type.get(2).getFirst()});
                    }
                    case 6 -> strings.add(in.readStringRequireUtf8());
                    default -> in.skipField(tag);
                }
            }
            List<Sample> samples = new ArrayList<>();

            for (int i = 0; i < sampleLocations.size(); i++) {
                StringBuilder stack = new StringBuilder();
                for (long loc : sampleLocations.get(i)) {
                    stack.append(strings.get((int) (long) functionName.get(locationFunction.get(loc)))).append(';');
                }
                long[] label = sampleLabels.get(i);
                String phase = null;
                if (label != null) {
                    assertEquals("phase", strings.get((int) label[0]));
                    phase = strings.get((int) label[1]);
                }
                samples.add(new Sample(stack.toString(), sampleValues.get(i), phase));
            }
            return new Decoded(types.stream().map(t -> strings.get((int) t[0]) + "/" + strings.get((int) t[1]))
                    .toList(), samples);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A message's varint fields by number, packed repeated ones unpacked: enough for Sample (1, 2 packed; 3 a
     * Label, whose key and str it returns in order), Line and Function.
     */
    static Map<Integer, List<Long>> message(byte[] bytes) throws IOException {
        Map<Integer, List<Long>> fields = new HashMap<>();
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            int field = WireFormat.getTagFieldNumber(tag);
            List<Long> values = fields.computeIfAbsent(field, k -> new ArrayList<>());
            if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_VARINT) {
                values.add(in.readInt64());
            } else if (field == 3) {
                Map<Integer, List<Long>> label = message(in.readBytes().toByteArray());
                values.add(label.get(1).getFirst());
                values.add(label.get(2).getFirst());
            } else {
                CodedInputStream packed = CodedInputStream.newInstance(in.readBytes().toByteArray());
                while (!packed.isAtEnd()) {
                    values.add(packed.readInt64());
                }
            }
        }
        return fields;
    }

    static long[] array(List<Long> values) {
        return values == null ? new long[0] : values.stream().mapToLong(Long::longValue).toArray();
    }

}
