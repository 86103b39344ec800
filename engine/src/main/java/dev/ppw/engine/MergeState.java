package dev.ppw.engine;

import dev.ppw.aggregate.MergeAccumulator;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a merge has accumulated of some of its inputs: the whole, each phase or bin of a split merge (matched by
 * index), and, when sections are kept, each input's node views by input index. States of disjoint inputs
 * {@link #combine} into what one accumulation of all of them gives, whatever the grouping (each accumulator breaks
 * ties by node position). Not thread-safe.
 */
final class MergeState {
    private static final int MAGIC = 0x5050_5753; // PPWS
    private static final int VERSION = 1;

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
     * Writes the state as it goes (the whole, then each phase, each in {@link MergeAccumulator#writeTo}'s form),
     * after a magic and version; {@code stream} stays open.
     *
     * @throws IllegalArgumentException when the state keeps node views, which have no binary form yet
     */
    void writeTo(OutputStream stream) throws IOException {
        if (nodes != null) {
            throw new IllegalArgumentException("a share that keeps each node's view (sections) has no binary form:"
                    + " combine such shares in one process");
        }
        DataOutputStream out = new DataOutputStream(stream);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(phases.size());
        whole.writeTo(out);
        for (MergeAccumulator phase : phases) {
            phase.writeTo(out);
        }
        out.flush();
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
        int count = in.readInt();
        if (count < 0) {
            throw new IllegalArgumentException("merge share: " + count + " phases");
        }
        MergeAccumulator whole = MergeAccumulator.readFrom(in);
        List<MergeAccumulator> phases = new ArrayList<>(Math.min(count, 1024));
        for (int p = 0; p < count; p++) {
            phases.add(MergeAccumulator.readFrom(in));
        }
        return new MergeState(whole, phases, false);
    }
}
