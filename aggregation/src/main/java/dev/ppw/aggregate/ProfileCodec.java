package dev.ppw.aggregate;

import dev.ppw.model.CallTimeSketch;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;

import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link Profile} in a binary form, whole: what a merge keeps of each node when its report shows every node
 * (sections), so that a share holding them travels between processes as the accumulators do
 * ({@link MergeAccumulator#writeTo}). Read back, the profile gives every writer the same bytes as the one written.
 *
 * <p>The form (big-endian, texts as a length and UTF-8 bytes, -1 for none): the view, tau depth, operator and missing
 * rule as their labels, the node count; the inputs; the process and thread names in their order; the nodes' infos;
 * the counter series; the display unit hint; the dropped inputs (count, reasons with counts, examples); then the tree:
 * its frame table whole (region and callsite of every frame, by id, so that frame ids stay), every node from the
 * virtual root on (parent, frame, part, then calls, subcalls, inclusive, exclusive, min and max per call), the metric
 * groups in the order enabled with every stored metric's column, and the call-time sketches when kept. Nodes come in
 * index order, so a parent always comes before its children and rebuilding the tree gives every node its index.
 * Versioned by the state that carries it (the engine's merge share).
 */
public final class ProfileCodec {
    private ProfileCodec() {
    }

    /** Writes {@code profile} whole, as it goes. */
    public static void write(DataOutput out, Profile profile) throws IOException {
        MergeCodec.writeString(out, profile.view().label());
        out.writeInt(profile.tauDepth());
        MergeCodec.writeString(out, profile.aggregation().label());
        MergeCodec.writeString(out, profile.missing().label());
        out.writeInt(profile.nodes());
        writeStrings(out, profile.inputs());
        writeOrdered(out, profile.processNames());
        writeOrdered(out, profile.threadNames());
        out.writeInt(profile.nodeInfos().size());
        for (NodeInfo info : profile.nodeInfos()) {
            MergeCodec.writeString(out, info.label());
            MergeCodec.writeString(out, info.file());
            MergeCodec.writeString(out, info.pid());
            MergeCodec.writeString(out, info.host());
            MergeCodec.writeMap(out, info.processNames());
            MergeCodec.writeMap(out, info.threadNames());
        }
        out.writeInt(profile.counters().size());
        for (CounterSeries c : profile.counters()) {
            MergeCodec.writeString(out, c.pid());
            MergeCodec.writeString(out, c.counter());
            MergeCodec.writeString(out, c.id());
            MergeCodec.writeString(out, c.series());
            out.writeLong(c.samples());
            out.writeDouble(c.min());
            out.writeDouble(c.max());
            out.writeDouble(c.sum());
            out.writeLong(c.lastNanos());
            out.writeDouble(c.last());
        }
        MergeCodec.writeString(out, profile.displayTimeUnit());
        DroppedInputs dropped = profile.droppedInputs();
        out.writeLong(dropped.count());
        out.writeInt(dropped.reasons().size());
        for (Map.Entry<String, Long> e : dropped.reasons().entrySet()) {
            MergeCodec.writeString(out, e.getKey());
            out.writeLong(e.getValue());
        }
        writeStrings(out, dropped.examples());
        writeTree(out, profile.tree());
    }

    /**
     * Reads a profile {@link #write} wrote.
     *
     * @throws IllegalArgumentException when the bytes are not such a profile
     * @throws IOException              when the stream fails or ends within it
     */
    public static Profile read(DataInputStream in) throws IOException {
        ViewKind view = view(MergeCodec.readString(in));
        int tauDepth = in.readInt();
        MergeOp op = MergeOp.parse(MergeCodec.readString(in));
        MissingRule missing = MissingRule.valueOf(MergeCodec.readString(in).toUpperCase(Locale.ROOT));
        int nodes = in.readInt();
        List<String> inputs = readStrings(in);
        Map<String, String> processNames = readOrdered(in);
        Map<String, String> threadNames = readOrdered(in);
        int infoCount = MergeCodec.length(in);
        List<NodeInfo> infos = new ArrayList<>(Math.min(infoCount, 1024));
        for (int i = 0; i < infoCount; i++) {
            infos.add(new NodeInfo(MergeCodec.readString(in), MergeCodec.readString(in), MergeCodec.readString(in),
                    MergeCodec.readString(in), MergeCodec.readMap(in), MergeCodec.readMap(in)));
        }
        int counterCount = MergeCodec.length(in);
        List<CounterSeries> counters = new ArrayList<>(Math.min(counterCount, 1024));
        for (int i = 0; i < counterCount; i++) {
            counters.add(new CounterSeries(MergeCodec.readString(in), MergeCodec.readString(in),
                    MergeCodec.readString(in), MergeCodec.readString(in), in.readLong(), in.readDouble(),
                    in.readDouble(), in.readDouble(), in.readLong(), in.readDouble()));
        }
        String unitHint = MergeCodec.readNullableString(in);
        long droppedCount = in.readLong();
        int reasonCount = MergeCodec.length(in);
        Map<String, Long> reasons = new LinkedHashMap<>();
        for (int i = 0; i < reasonCount; i++) {
            reasons.put(MergeCodec.readString(in), in.readLong());
        }
        List<String> examples = readStrings(in);
        DroppedInputs dropped = droppedCount == 0 && reasons.isEmpty() && examples.isEmpty() ? DroppedInputs.NONE
                : new DroppedInputs(droppedCount, reasons, examples);
        CallTree tree = readTree(in);
        return new Profile(tree, view, tauDepth, op, missing, nodes, inputs, processNames, threadNames, infos,
                counters, unitHint).withDroppedInputs(dropped);
    }

    private static void writeTree(DataOutput out, CallTree tree) throws IOException {
        FrameTable frames = tree.frames();
        out.writeInt(frames.size());
        for (int f = 0; f < frames.size(); f++) {
            MergeCodec.writeString(out, frames.regionName(f));
            MergeCodec.writeString(out, frames.callsiteName(f));
        }
        int size = tree.size();
        out.writeInt(size);
        for (int n = 0; n < size; n++) {
            if (n != CallTree.ROOT) {
                out.writeInt(tree.parent(n));
                out.writeInt(tree.frame(n));
                out.writeByte(tree.part(n).ordinal());
            }
            out.writeLong(tree.calls(n));
            out.writeLong(tree.subcalls(n));
            out.writeLong(tree.inclusiveNanos(n));
            out.writeLong(tree.exclusiveNanos(n));
            out.writeLong(tree.minInclusiveNanos(n));
            out.writeLong(tree.maxInclusiveNanos(n));
        }
        List<MetricGroup> groups = tree.metricGroups();
        out.writeInt(groups.size());
        for (MetricGroup g : groups) {
            MergeCodec.writeGroup(out, g);
            for (Metric m : g.metrics()) {
                if (!m.stored()) {
                    continue;
                }
                for (int n = 0; n < size; n++) {
                    if (m.kind() == Metric.Kind.WEIGHT) {
                        out.writeLong(tree.inclusive(n, m));
                        out.writeLong(tree.exclusive(n, m));
                    } else if (m.integral()) {
                        out.writeLong(tree.longValue(n, m));
                    } else {
                        out.writeLong(Double.doubleToRawLongBits(tree.doubleValue(n, m)));
                    }
                }
            }
        }
        out.writeBoolean(tree.keepsCallTimes());
        if (tree.keepsCallTimes()) {
            for (int n = 0; n < size; n++) {
                CallTimeSketch sketch = tree.callTimes(n);
                MergeCodec.writeString(out, sketch == null ? "" : sketch.encode());
            }
        }
    }

    private static CallTree readTree(DataInputStream in) throws IOException {
        FrameTable frames = new FrameTable(new NameTable());
        int frameCount = MergeCodec.length(in);
        for (int f = 0; f < frameCount; f++) {
            if (frames.intern(MergeCodec.readString(in), MergeCodec.readString(in)) != f) {
                throw new IllegalArgumentException("profile: frame " + f + " repeats an earlier frame");
            }
        }
        int size = MergeCodec.length(in);
        if (size < 1) {
            throw new IllegalArgumentException("profile: a tree without its root");
        }
        CallTree tree = new CallTree(frames);
        for (int n = 0; n < size; n++) {
            if (n != CallTree.ROOT) {
                int parent = in.readInt();
                int frame = in.readInt();
                int part = in.readUnsignedByte();
                if (parent < 0 || parent >= n || frame < 0 || frame >= frameCount || part >= Part.values().length) {
                    throw new IllegalArgumentException("profile: node " + n + " has parent " + parent + ", frame "
                            + frame + ", part " + part);
                }
                if (tree.child(parent, frame, Part.ofOrdinal(part)) != n) {
                    throw new IllegalArgumentException("profile: node " + n + " repeats an earlier node");
                }
            }
            tree.setMetrics(n, in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                    in.readLong());
        }
        int groupCount = MergeCodec.length(in);
        for (int g = 0; g < groupCount; g++) {
            MetricGroup group = MergeCodec.readGroup(in);
            tree.enable(group);
            for (Metric m : group.metrics()) {
                if (!m.stored()) {
                    continue;
                }
                for (int n = 0; n < size; n++) {
                    if (m.kind() == Metric.Kind.WEIGHT) {
                        tree.setWeight(n, m, in.readLong(), in.readLong());
                    } else if (m.integral()) {
                        tree.set(n, m, in.readLong());
                    } else {
                        tree.set(n, m, Double.longBitsToDouble(in.readLong()));
                    }
                }
            }
        }
        if (in.readBoolean()) {
            tree.keepCallTimes();
            for (int n = 0; n < size; n++) {
                String encoded = MergeCodec.readString(in);
                if (!encoded.isEmpty()) {
                    tree.addCallTimes(n, CallTimeSketch.decode(encoded));
                }
            }
        }
        return tree;
    }

    private static ViewKind view(String label) {
        for (ViewKind v : ViewKind.values()) {
            if (v.label().equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("profile: unknown view " + label);
    }

    private static void writeStrings(DataOutput out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String s : strings) {
            MergeCodec.writeString(out, s);
        }
    }

    private static List<String> readStrings(DataInputStream in) throws IOException {
        int n = MergeCodec.length(in);
        List<String> strings = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            strings.add(MergeCodec.readString(in));
        }
        return strings;
    }

    /** A map in its own order: outputs list process and thread names as the profile met them. */
    private static void writeOrdered(DataOutput out, Map<String, String> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, String> e : map.entrySet()) {
            MergeCodec.writeString(out, e.getKey());
            MergeCodec.writeString(out, e.getValue());
        }
    }

    private static Map<String, String> readOrdered(DataInputStream in) throws IOException {
        int n = MergeCodec.length(in);
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            map.put(MergeCodec.readString(in), MergeCodec.readString(in));
        }
        return map;
    }
}
