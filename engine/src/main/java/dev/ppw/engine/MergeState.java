package dev.ppw.engine;

import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.aggregate.ProfileCodec;
import dev.ppw.model.Report;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a merge has accumulated of some of its inputs: the whole, each phase or bin of a split merge (matched by
 * index), and, when sections are kept, each input's node views by input index. States of disjoint inputs
 * {@link #combine} into what one accumulation of all of them gives, whatever the grouping (each accumulator breaks
 * ties by node position). Not thread-safe.
 */
final class MergeState {
    private static final int MAGIC = 0x5050_5753; // PPWS
    /** 2: the node views a merge keeps for its sections. */
    private static final int VERSION = 2;

    private final MergeAccumulator whole;
    private final List<MergeAccumulator> phases;
    /** Each input's nodes' views by input index; null when sections are not kept. */
    private final TreeMap<Integer, List<NodeView>> nodes;

    MergeState(MergeAccumulator whole, List<MergeAccumulator> phases, boolean keepNodes) {
        this.whole = whole;
        this.phases = List.copyOf(phases);
        this.nodes = keepNodes ? new TreeMap<>() : null;
    }

    MergeAccumulator whole() {
        return whole;
    }

    List<MergeAccumulator> phases() {
        return phases;
    }

    /** True when each node's view is kept. */
    boolean keepsNodes() {
        return nodes != null;
    }

    /** Keeps input {@code index}'s node views. */
    void addNodes(int index, List<NodeView> views) {
        nodes.put(index, List.copyOf(views));
    }

    /** Every node's view, in input order. */
    List<NodeView> nodes() {
        List<NodeView> all = new ArrayList<>();
        if (nodes != null) {
            nodes.values().forEach(all::addAll);
        }
        return all;
    }

    /**
     * Adds what {@code other}, a state of other inputs of the same merge, holds.
     *
     * @throws IllegalArgumentException when it is of another merge (settings, phase count) or shares an input
     */
    void combine(MergeState other) {
        if (other.phases.size() != phases.size() || (other.nodes == null) != (nodes == null)) {
            throw new IllegalArgumentException("cannot combine shares of different merges: " + phases.size() + " and "
                    + other.phases.size() + " phases" + (nodes == null ? "" : ", with nodes kept"));
        }
        whole.combine(other.whole);
        for (int p = 0; p < phases.size(); p++) {
            phases.get(p).combine(other.phases.get(p));
        }
        if (nodes != null) {
            for (Map.Entry<Integer, List<NodeView>> e : other.nodes.entrySet()) {
                nodes.put(e.getKey(), e.getValue());
            }
        }
    }

    /**
     * Writes the state as it goes (the whole, then each phase, each in {@link MergeAccumulator#writeTo}'s form, then
     * the node views when kept: per input its index and its nodes, each a label, its profile in
     * {@link ProfileCodec}'s form and its own bins or phases), after a magic and version; {@code stream} stays open.
     * Nothing is held whole: a state of more than an array's 2 GB streams as any other.
     */
    void writeTo(OutputStream stream) throws IOException {
        DataOutputStream out = new DataOutputStream(stream);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(phases.size());
        whole.writeTo(out);
        for (MergeAccumulator phase : phases) {
            phase.writeTo(out);
        }
        out.writeBoolean(nodes != null);
        if (nodes != null) {
            out.writeInt(nodes.size());
            for (Map.Entry<Integer, List<NodeView>> e : nodes.entrySet()) {
                out.writeInt(e.getKey());
                out.writeInt(e.getValue().size());
                for (NodeView view : e.getValue()) {
                    writeView(out, view);
                }
            }
        }
        out.flush();
    }

    private static void writeView(DataOutputStream out, NodeView view) throws IOException {
        writeString(out, view.label());
        ProfileCodec.write(out, view.profile());
        out.writeBoolean(view.split().isPresent());
        if (view.split().isEmpty()) {
            return;
        }
        Split split = view.split().get();
        out.writeBoolean(split.bins().isPresent());
        if (split.bins().isPresent()) {
            Split.BinAxis axis = split.bins().get();
            out.writeBoolean(axis.absoluteTime());
            out.writeLong(axis.firstStartNanos());
            out.writeLong(axis.widthNanos());
            out.writeInt(axis.count());
        }
        out.writeInt(split.phases().size());
        for (Split.Phase phase : split.phases()) {
            // A node's phase is its profile alone (MergeRun.nodeSplit): nothing else to keep.
            if (phase.merged().breakdown().isPresent() || !phase.merged().droppedInputs().isEmpty()) {
                throw new IllegalStateException("a node's phase " + phase.name() + " holds more than its profile");
            }
            writeString(out, phase.name());
            out.writeInt(phase.windows().size());
            for (Report.Window w : phase.windows()) {
                writeString(out, w.node());
                out.writeLong(w.startNanos());
                out.writeLong(w.endNanos());
            }
            ProfileCodec.write(out, phase.merged().profile());
        }
    }

    private static NodeView readView(DataInputStream in) throws IOException {
        String label = readString(in);
        dev.ppw.model.Profile profile = ProfileCodec.read(in);
        if (!in.readBoolean()) {
            return new NodeView(label, profile);
        }
        Optional<Split.BinAxis> axis = in.readBoolean()
                ? Optional.of(new Split.BinAxis(in.readBoolean(), in.readLong(), in.readLong(), in.readInt()))
                : Optional.empty();
        int count = count(in);
        List<Split.Phase> phases = new ArrayList<>(Math.min(count, 1024));
        for (int p = 0; p < count; p++) {
            String name = readString(in);
            int windowCount = count(in);
            List<Report.Window> windows = new ArrayList<>(Math.min(windowCount, 1024));
            for (int w = 0; w < windowCount; w++) {
                windows.add(new Report.Window(readString(in), in.readLong(), in.readLong()));
            }
            phases.add(new Split.Phase(name, windows, Splitting.alone(ProfileCodec.read(in))));
        }
        return new NodeView(label, profile, Optional.of(new Split(axis, phases)));
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = count(in);
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new java.io.EOFException("merge share: a text of " + n + " bytes cut at " + bytes.length);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IllegalArgumentException("merge share: a count of " + n);
        }
        return n;
    }

    /**
     * Reads a state {@link #writeTo} wrote.
     *
     * @throws IllegalArgumentException when the bytes are not such a state, or of another version
     * @throws IOException              when {@code stream} fails or ends within the state
     */
    static MergeState readFrom(InputStream stream) throws IOException {
        DataInputStream in = new DataInputStream(stream);
        if (in.readInt() != MAGIC) {
            throw new IllegalArgumentException("not a merge share (no PPWS at its start)");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IllegalArgumentException("merge share of version " + version + ": this version reads " + VERSION
                    + " only");
        }
        int count = count(in);
        MergeAccumulator whole = MergeAccumulator.readFrom(in);
        List<MergeAccumulator> phases = new ArrayList<>(Math.min(count, 1024));
        for (int p = 0; p < count; p++) {
            phases.add(MergeAccumulator.readFrom(in));
        }
        boolean keepNodes = in.readBoolean();
        MergeState state = new MergeState(whole, phases, keepNodes);
        if (keepNodes) {
            int inputs = count(in);
            for (int i = 0; i < inputs; i++) {
                int index = in.readInt();
                int views = count(in);
                List<NodeView> list = new ArrayList<>(Math.min(views, 1024));
                for (int v = 0; v < views; v++) {
                    list.add(readView(in));
                }
                if (state.nodes.put(index, List.copyOf(list)) != null) {
                    throw new IllegalArgumentException("merge share: the nodes of input " + index + " twice");
                }
            }
        }
        return state;
    }
}
