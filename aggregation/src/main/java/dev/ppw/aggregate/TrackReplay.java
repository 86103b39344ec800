package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.Part;
import dev.ppw.model.RegionCounters;

import org.eclipse.collections.api.list.primitive.MutableDoubleList;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.api.map.primitive.MutableLongIntMap;
import org.eclipse.collections.impl.list.mutable.primitive.DoubleArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.LongIntHashMap;

import java.util.Arrays;

/**
 * Replays one track's events as one stack of open frames into the tree, exactly as SEMANTICS.md section 1
 * says. For each time {@code t}, in increasing order:
 * <ol>
 *   <li>every open {@code X} whose end is before {@code t} closes at its own end, earliest end first
 *       (innermost first at equal ends);</li>
 *   <li>the begins and ends at {@code t} in file order, each preceded by closing the {@code X} frames that
 *       end at {@code t} and are on top of the stack;</li>
 *   <li>every {@code X} still open and ending at {@code t} closes, innermost first;</li>
 *   <li>the {@code X} events starting at {@code t} open, longest first; a zero-length one closes at once.</li>
 * </ol>
 * A frame that closes while frames above it are open clips them at the same time ({@code overlap}).
 *
 * <p>Events come one at a time in replay order ({@link #event}), so that a track can be replayed while it is
 * read, or from a merge of sorted runs; a time's steps 3 and 1 run when the next time (or the end) shows
 * that time to be complete. One instance replays one track at a time ({@link #start} .. {@link #finish})
 * and can be reused.
 *
 * <p>To find the earliest-ending open {@code X} in O(1), each stack slot keeps the minimum end over the
 * slots at or below it and where that minimum is (the innermost on ties); each slot also keeps the
 * position of the nearest begin at or below it, which is what an end closes. Both stay valid when the
 * stack is cut, so every frame is pushed and popped once.
 *
 * <p>With {@link PhaseTrees} (time bins, phases), every call closed also goes, cut to each phase's windows, to
 * the phase trees, and each region counter sample also to the phase its time falls in.
 */
final class TrackReplay {
    /** Note: a region counter sample with no open frame of its region on its track (PerfFlowAspect's resets). */
    static final String COUNTER_OUTSIDE_REGION = Diagnostics.COUNTER_OUTSIDE_REGION;

    /** End time of a begin frame: it ends only by an end event, clipping, or the end of its track. */
    private static final long OPEN = Long.MAX_VALUE;

    private Diagnostics diagnostics;
    private CallTree tree;
    private String input;
    private String label;
    /** The phases of begins and ends in messages: b and e on an async track, else B and E. */
    private String beginPhase;
    private String endPhase;
    /** With threads split: the frame of the track's top level, under which its frames go; else -1. */
    private int rootFrame;
    /** The part the track's roots go to: an async track's own, or the threads' when folded inside. */
    private Part part;
    private int rootNode;
    private long rootNanos;
    /** The phases of the target tree, or null; and what the top frames left in each phase. */
    private PhaseTrees phases;
    private final PhaseTrees.PerPhase rootPhases = new PhaseTrees.PerPhase();

    private boolean started;
    private long timeNanos;
    /** Whether the X events of {@link #timeNanos} have begun (steps 2 and 3 are done). */
    private boolean opening;
    private long lastNanos;

    private int top = -1;
    private int[] node = new int[16];
    private long[] startNanos = new long[16];
    private long[] endNanos = new long[16];
    private long[] minEndNanos = new long[16];
    private int[] minEndSlot = new int[16];
    private int[] beginSlot = new int[16];

    // The region counter samples of the track so far, per node (and per phase and node), in the order first met.
    private final MutableLongIntMap counterIndex = new LongIntHashMap();
    private final MutableIntList counterNodes = new IntArrayList();
    /** The phase of each counter entry, -1 for the target tree's own. */
    private final MutableIntList counterPhases = new IntArrayList();
    private final MutableLongList cpuSamples = new LongArrayList();
    private final MutableDoubleList cpuSums = new DoubleArrayList();
    private final MutableDoubleList memoryPeaks = new DoubleArrayList();

    /**
     * Starts replaying one track of {@code inputName}, named {@code trackLabel} in messages, into
     * {@code target}, counting warnings in {@code warnings}; {@code async}: an async track (its begins and
     * ends are b and e events); {@code topFrame} is the frame of a top level the track's frames go under, or
     * -1 for none; {@code rootPart} is the part of the roots the track's frames (or top level) go to.
     */
    void start(CallTree target, Diagnostics warnings, String inputName, String trackLabel, boolean async,
               int topFrame, Part rootPart) {
        start(target, null, warnings, inputName, trackLabel, async, topFrame, rootPart);
    }

    /** As {@link #start(CallTree, Diagnostics, String, String, boolean, int, Part)}, also cutting calls into the
     * phase trees of {@code target} ({@code targetPhases}, over {@code target}; null for none). */
    void start(CallTree target, PhaseTrees targetPhases, Diagnostics warnings, String inputName, String trackLabel,
               boolean async, int topFrame, Part rootPart) {
        this.tree = target;
        this.phases = targetPhases;
        rootPhases.clear();
        this.diagnostics = warnings;
        this.input = inputName;
        this.label = trackLabel;
        this.beginPhase = async ? "b" : "B";
        this.endPhase = async ? "e" : "E";
        this.rootFrame = topFrame;
        this.part = rootPart;
        this.rootNode = topFrame < 0 ? CallTree.ROOT : CallTree.NONE;
        this.rootNanos = 0;
        this.started = false;
        this.opening = false;
        this.lastNanos = Long.MIN_VALUE;
        this.top = -1;
    }

    /**
     * The next event in replay order: {@code dur} is an {@code X}'s duration, {@link TrackEvents#BEGIN}/
     * {@link TrackEvents#END}, or a counter sample's {@link TrackEvents#counterDur}.
     */
    void event(long ts, long dur, int id) {
        if (!started || ts != timeNanos) {
            if (started && !opening) {
                closeXEndingAt(timeNanos);
            }
            started = true;
            timeNanos = ts;
            opening = false;
            if (!TrackEvents.isCounter(dur)) {
                // A counter sample carries no time into the tree: not even the track's last time. Nothing
                // but counters follows one at its time, so this is the only place that time is seen.
                lastNanos = Math.max(lastNanos, ts);
            }
            closeXEndingBefore(ts);
        }
        if (TrackEvents.isCounter(dur)) {
            // After step 4: frames ending at t are closed, frames starting at t are open.
            if (!opening) {
                closeXEndingAt(ts);
                opening = true;
            }
            double value = TrackEvents.counterValue(dur, id);
            int slot = counter(id, value, -1);
            if (slot >= 0 && phases != null) {
                int phase = phases.phaseAt(ts);
                if (phase >= 0) {
                    counter(id, value, phase);
                }
            }
            return;
        }
        if (dur < 0) {
            // Step 2: begins and ends at t sort before the X events at t.
            closeXOnTopEndingAt(ts);
            if (dur == TrackEvents.BEGIN) {
                push(id, ts, OPEN);
            } else {
                end(id, ts);
            }
            return;
        }
        if (!opening) {
            closeXEndingAt(ts);
            opening = true;
        }
        lastNanos = Math.max(lastNanos, ts + dur);
        push(id, ts, ts + dur);
        if (dur == 0) {
            close(top, ts);
        }
    }

    /**
     * Attaches a counter sample to the innermost open frame of its region (in phase {@code phase}'s tree, or the
     * target's own for -1) and returns that frame's slot, or counts it as outside and returns -1.
     */
    private int counter(int id, double value, int phase) {
        int region = TrackEvents.counterRegion(id);
        for (int slot = top; slot >= 0; slot--) {
            if (tree.frames().region(tree.frame(node[slot])) == region) {
                int n = node[slot];
                long key = ((long) (phase + 1) << 32) | (n & 0xFFFFFFFFL);
                int at = counterIndex.getIfAbsent(key, -1);
                if (at < 0) {
                    at = counterNodes.size();
                    counterIndex.put(key, at);
                    counterNodes.add(n);
                    counterPhases.add(phase);
                    cpuSamples.add(0);
                    cpuSums.add(0);
                    memoryPeaks.add(Double.NaN);
                }
                if (TrackEvents.isMemoryCounter(id)) {
                    double peak = memoryPeaks.get(at);
                    if (Double.isNaN(peak) || value > peak) {
                        memoryPeaks.set(at, value);
                    }
                } else {
                    cpuSamples.set(at, cpuSamples.get(at) + 1);
                    cpuSums.set(at, cpuSums.get(at) + value);
                }
                return slot;
            }
        }
        if (!TrackEvents.isPairedCounter(id) && phase < 0) {
            // One note per C event, not per value: the memory half of a pair was counted with its cpu half.
            diagnostics.note(COUNTER_OUTSIDE_REGION);
        }
        return -1;
    }

    /**
     * A replay in this one's state (its open frames, its time, its counter samples so far) that goes on into
     * {@code target} and {@code warnings} instead: a copy of the tree this replay writes, whose nodes have the same
     * ids (as {@link TreeAdd#into} an empty tree makes them), and of its diagnostics. Finishing the copy closes the
     * open frames as finishing this one would, and leaves this one as it is.
     */
    TrackReplay copyOnto(CallTree target, Diagnostics warnings) {
        TrackReplay c = new TrackReplay();
        c.start(target, null, warnings, input, label, "b".equals(beginPhase), rootFrame, part);
        c.rootNode = rootNode;
        c.rootNanos = rootNanos;
        c.started = started;
        c.timeNanos = timeNanos;
        c.opening = opening;
        c.lastNanos = lastNanos;
        c.top = top;
        int n = Math.max(16, top + 1);
        c.node = Arrays.copyOf(node, n);
        c.startNanos = Arrays.copyOf(startNanos, n);
        c.endNanos = Arrays.copyOf(endNanos, n);
        c.minEndNanos = Arrays.copyOf(minEndNanos, n);
        c.minEndSlot = Arrays.copyOf(minEndSlot, n);
        c.beginSlot = Arrays.copyOf(beginSlot, n);
        counterIndex.forEachKeyValue(c.counterIndex::put);
        c.counterNodes.addAll(counterNodes);
        c.counterPhases.addAll(counterPhases);
        c.cpuSamples.addAll(cpuSamples);
        c.cpuSums.addAll(cpuSums);
        c.memoryPeaks.addAll(memoryPeaks);
        return c;
    }

    /** The largest time the track has reached so far, in nanoseconds ({@link Long#MIN_VALUE} before any event). */
    long lastNanos() {
        return lastNanos;
    }

    /** True when no frame of the track is open. */
    boolean idle() {
        return top < 0;
    }

    /** Ends the track: X frames at their own ends, then begins at the track's largest time. */
    void finish() {
        if (started && !opening) {
            closeXEndingAt(timeNanos);
        }
        closeXEndingBefore(OPEN);
        while (top >= 0) {
            diagnostics.warn(Diagnostics.UNCLOSED_BEGIN, where(top) + ": " + beginPhase + " '" + tree.regionName(node[top])
                    + "' never ended; closed at the track's last time " + Micros.text(lastNanos) + " us");
            addCall(top, lastNanos);
            top--;
        }
        if (rootFrame >= 0 && rootNode != CallTree.NONE) {
            // The top level of a split thread: one call per track, as long as its top frames together.
            tree.addCall(rootNode, rootNanos);
            if (phases != null) {
                for (int phase : rootPhases.phases()) {
                    phases.addCall(phase, rootNode, rootPhases.nanos(phase));
                }
            }
        }
        rootPhases.clear();
        // The track's counter sums go in whole, so that they add up the same whichever tree replayed it.
        if (!counterNodes.isEmpty()) {
            tree.enable(RegionCounters.GROUP);
        }
        for (int i = 0; i < counterNodes.size(); i++) {
            int phase = counterPhases.get(i);
            CallTree into = phase < 0 ? tree : phases.treeFor(phase);
            int n = phase < 0 ? counterNodes.get(i) : phases.node(phase, counterNodes.get(i));
            into.enable(RegionCounters.GROUP);
            long samples = cpuSamples.get(i);
            if (samples != 0) {
                into.add(n, RegionCounters.CPU_SAMPLES, samples);
                into.add(n, RegionCounters.CPU_SUM, cpuSums.get(i));
            }
            into.add(n, RegionCounters.MEMORY_PEAK, memoryPeaks.get(i));
        }
        counterIndex.clear();
        counterNodes.clear();
        counterPhases.clear();
        cpuSamples.clear();
        cpuSums.clear();
        memoryPeaks.clear();
        this.tree = null;
        this.phases = null;
        this.diagnostics = null;
    }

    private void closeXEndingBefore(long t) {
        while (top >= 0 && minEndNanos[top] < t) {
            int slot = minEndSlot[top];
            close(slot, endNanos[slot]);
        }
    }

    private void closeXOnTopEndingAt(long t) {
        while (top >= 0 && endNanos[top] == t && t != OPEN) {
            close(top, t);
        }
    }

    private void closeXEndingAt(long t) {
        while (top >= 0 && minEndNanos[top] == t && t != OPEN) {
            close(minEndSlot[top], t);
        }
    }

    /** An end closes the innermost open begin; only a named one is compared with it ({@link EventSink#NO_NAME}). */
    private void end(int regionId, long t) {
        int slot = top >= 0 ? beginSlot[top] : -1;
        if (slot < 0) {
            diagnostics.warn(Diagnostics.UNMATCHED_END, input + ": " + label + ": " + endPhase + " "
                    + endName(regionId) + " at " + Micros.text(t) + " us with no open " + beginPhase);
            return;
        }
        if (regionId != EventSink.NO_NAME && tree.frames().region(tree.frame(node[slot])) != regionId) {
            diagnostics.warn(Diagnostics.MISMATCHED_END, input + ": " + label + ": " + endPhase + " "
                    + endName(regionId) + " at " + Micros.text(t) + " us closes " + beginPhase + " '"
                    + tree.regionName(node[slot]) + "'");
        }
        close(slot, t);
    }

    private String endName(int regionId) {
        return regionId == EventSink.NO_NAME ? "without a name" : "'" + tree.frames().names().name(regionId) + "'";
    }

    /** Closes the frame in {@code slot} at {@code t}, clipping every frame above it at {@code t}. */
    private void close(int slot, long t) {
        while (top > slot) {
            diagnostics.warn(Diagnostics.OVERLAP, where(top) + ": '" + tree.regionName(node[top])
                    + "' clipped at " + Micros.text(t) + " us when '" + tree.regionName(node[slot]) + "' closed");
            addCall(top, t);
            top--;
        }
        addCall(slot, t);
        top--;
    }

    /**
     * The call in {@code slot} ended at {@code endNanos}. A call longer than 2^63 - 1 ns (times of both signs far
     * apart) lasts that limit, counted as the node's overflow, as every sum past it is (SEMANTICS.md "Limits").
     */
    private void addCall(int slot, long endNanos) {
        long start = startNanos[slot];
        long inclusiveNanos = tree.difference(node[slot], "inclusive", endNanos, start);
        tree.addCall(node[slot], inclusiveNanos);
        if (slot == 0 && rootFrame >= 0) {
            rootNanos = tree.sum(rootNode, "inclusive", rootNanos, inclusiveNanos);
        }
        if (phases != null) {
            phases.call(node[slot], start, endNanos, slot == 0 && rootFrame >= 0 ? rootPhases : null);
        }
    }

    private void push(int frameId, long start, long end) {
        int parentNode;
        if (top >= 0) {
            parentNode = node[top];
        } else {
            if (rootNode == CallTree.NONE) {
                rootNode = tree.child(CallTree.ROOT, rootFrame, part);
            }
            parentNode = rootNode;
        }
        int slot = ++top;
        if (slot == node.length) {
            grow();
        }
        node[slot] = parentNode == CallTree.ROOT ? tree.child(CallTree.ROOT, frameId, part)
                : tree.child(parentNode, frameId);
        startNanos[slot] = start;
        endNanos[slot] = end;
        if (slot > 0 && minEndNanos[slot - 1] < end) {
            minEndNanos[slot] = minEndNanos[slot - 1];
            minEndSlot[slot] = minEndSlot[slot - 1];
        } else {
            // Ties go to the new, innermost slot: equal ends close innermost first.
            minEndNanos[slot] = end;
            minEndSlot[slot] = slot;
        }
        if (end == OPEN) {
            beginSlot[slot] = slot;
        } else {
            beginSlot[slot] = slot > 0 ? beginSlot[slot - 1] : -1;
        }
    }

    private void grow() {
        int n = node.length * 2;
        node = Arrays.copyOf(node, n);
        startNanos = Arrays.copyOf(startNanos, n);
        endNanos = Arrays.copyOf(endNanos, n);
        minEndNanos = Arrays.copyOf(minEndNanos, n);
        minEndSlot = Arrays.copyOf(minEndSlot, n);
        beginSlot = Arrays.copyOf(beginSlot, n);
    }

    private String where(int slot) {
        return input + ": " + label + " depth " + slot;
    }
}
