package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Part;
import dev.ppw.model.work.Cancel;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;

import java.util.function.Supplier;

/**
 * One track of the input being folded: its events not yet replayed, in memory and in sorted runs of the
 * {@link SpillFile}, and, once it has been replayed in part while reading, the state of that replay.
 *
 * <p>States: <em>buffered</em> (the default: every event is kept until the input ends); <em>replaying</em>
 * (every event up to {@link #frontierNanos} has been replayed into {@link #ownTree}, the rest is kept);
 * <em>broken</em> (it was replaying and then an event at or before the frontier came: what was replayed is
 * wrong and is thrown away, and the track waits to be read again). Times in nanoseconds.
 */
final class TrackFold {
    final String label;
    final String pid;
    /** An async track {@code (pid, cat, id)} of b/e events, not a thread's stack of B/E events. */
    final boolean async;
    /** With threads split, the frame of the top level this track goes under; else -1. */
    final int rootFrame;
    /** The part the track's roots go to: {@link Part#ASYNC} for an async track kept apart, else thread time. */
    final Part part;

    final TrackEvents buffer = new TrackEvents();
    private final MutableLongList runOffsets = new LongArrayList();
    private final MutableIntList runCounts = new IntArrayList();

    /** Events received (and kept) in this input, replayed or not. */
    long received;
    /** Of those, the timed events (B, E, X): region counter samples alone do not make a pid a node. */
    long timed;
    /** Stack samples of the track in this input (folded at once, never buffered): they make a pid a node. */
    long samples;
    long maxSeenNanos = Long.MIN_VALUE;
    /**
     * An event came more than the reorder window before the latest one, or an X around the latest one (a
     * parent after its children): the track is not replayed while reading again in this input.
     */
    boolean disordered;
    boolean broken;
    /** Being read a second time, after it broke in the first reading. */
    boolean reread;

    /** Largest time replayed while reading; meaningful only when {@link #replay} is set. */
    long frontierNanos = Long.MIN_VALUE;
    /** Replay state, tree and warnings of a track replayed while reading; null while only buffered. */
    TrackReplay replay;
    CallTree ownTree;
    /** The phases of {@link #ownTree} when the input has windows; else null. */
    PhaseTrees ownPhases;
    /** Replayed to its end into {@link #ownTree} on another thread (Folder's finish with jobs): only to be added. */
    boolean finished;
    Diagnostics ownDiagnostics;

    TrackFold(String label, String pid, boolean async, int rootFrame, Part part) {
        this.label = label;
        this.pid = pid;
        this.async = async;
        this.rootFrame = rootFrame;
        this.part = part;
    }

    boolean hasRuns() {
        return !runOffsets.isEmpty();
    }

    /** Sorts the buffer into one run of {@code spill} and empties it; returns how many events left memory. */
    int spill(SpillFile spill) {
        int n = buffer.size();
        buffer.sort();
        runOffsets.add(spill.writeRun(buffer));
        runCounts.add(n);
        buffer.clear();
        return n;
    }

    /**
     * Replays the buffered events before {@code beforeNanos} into the track's own tree, starting that
     * replay if needed, and returns how many left memory. Only for a track without runs: all of its
     * unreplayed events are in the buffer.
     */
    int replayBefore(long beforeNanos, Supplier<CallTree> newTree, Windows windows, String input,
                     int warningExamples) {
        buffer.sort();
        int size = buffer.size();
        int n = 0;
        while (n < size && buffer.ts(n) < beforeNanos) {
            n++;
        }
        if (n == 0) {
            return 0;
        }
        if (replay == null) {
            replay = new TrackReplay();
            ownTree = newTree.get();
            ownPhases = windows == null ? null : new PhaseTrees(ownTree, windows, newTree);
            ownDiagnostics = new Diagnostics(warningExamples);
            replay.start(ownTree, ownPhases, ownDiagnostics, input, label, async, rootFrame, part);
        }
        for (int e = 0; e < n; e++) {
            replay.event(buffer.ts(e), buffer.dur(e), buffer.id(e));
        }
        frontierNanos = buffer.ts(n - 1);
        buffer.retainFrom(beforeNanos);
        return n;
    }

    /** Forgets everything of this input: the track will be read again from its first event. */
    void reset() {
        buffer.clear();
        runOffsets.clear();
        runCounts.clear();
        received = 0;
        timed = 0;
        maxSeenNanos = Long.MIN_VALUE;
        frontierNanos = Long.MIN_VALUE;
        disordered = false;
        replay = null;
        ownTree = null;
        ownPhases = null;
        ownDiagnostics = null;
        finished = false;
    }

    /** Events replayed between two looks at the cancel handle, less one: a look every 64 Ki events. */
    private static final int CANCEL_CHECK_MASK = (1 << 16) - 1;

    /**
     * Feeds every event not yet replayed into {@code target}, in replay order: the runs and the buffer
     * merged k-way, ties between them going to the earlier run (the buffer is the latest). Stops with a
     * {@link dev.ppw.model.work.CancelledException} once {@code cancel} is raised (looked at every 64 Ki events).
     */
    void replayRest(SpillFile spill, TrackReplay target, Cancel cancel) {
        buffer.sort(cancel);
        int buffered = buffer.size();
        int runs = runOffsets.size();
        if (runs == 0) {
            for (int e = 0; e < buffered; e++) {
                if ((e & CANCEL_CHECK_MASK) == CANCEL_CHECK_MASK) {
                    cancel.check();
                }
                target.event(buffer.ts(e), buffer.dur(e), buffer.id(e));
            }
            return;
        }
        // Source i < runs is run i; source runs is the buffer. The heap holds live sources by their current event.
        int sources = runs + 1;
        SpillFile.Run[] run = new SpillFile.Run[runs];
        long[] ts = new long[sources];
        long[] dur = new long[sources];
        int[] id = new int[sources];
        int[] heap = new int[sources];
        int size = 0;
        for (int i = 0; i < runs; i++) {
            run[i] = spill.openRun(runOffsets.get(i), runCounts.get(i), sources);
            if (advance(run[i], i, ts, dur, id)) {
                heap[size++] = i;
            }
        }
        int next = 0;
        if (buffered > 0) {
            ts[runs] = buffer.ts(0);
            dur[runs] = buffer.dur(0);
            id[runs] = buffer.id(0);
            next = 1;
            heap[size++] = runs;
        }
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(heap, size, i, ts, dur);
        }
        long replayed = 0;
        while (size > 0) {
            if ((++replayed & CANCEL_CHECK_MASK) == 0) {
                cancel.check();
            }
            int s = heap[0];
            target.event(ts[s], dur[s], id[s]);
            boolean more;
            if (s == runs) {
                more = next < buffered;
                if (more) {
                    int e = next++;
                    ts[s] = buffer.ts(e);
                    dur[s] = buffer.dur(e);
                    id[s] = buffer.id(e);
                }
            } else {
                more = advance(run[s], s, ts, dur, id);
            }
            if (!more) {
                heap[0] = heap[--size];
            }
            siftDown(heap, size, 0, ts, dur);
        }
    }

    private static boolean advance(SpillFile.Run run, int s, long[] ts, long[] dur, int[] id) {
        if (!run.next()) {
            return false;
        }
        ts[s] = run.ts();
        dur[s] = run.dur();
        id[s] = run.id();
        return true;
    }

    private static void siftDown(int[] heap, int size, int at, long[] ts, long[] dur) {
        int i = at;
        while (true) {
            int smallest = i;
            int left = 2 * i + 1;
            int right = left + 1;
            if (left < size && before(heap[left], heap[smallest], ts, dur)) {
                smallest = left;
            }
            if (right < size && before(heap[right], heap[smallest], ts, dur)) {
                smallest = right;
            }
            if (smallest == i) {
                return;
            }
            int t = heap[i];
            heap[i] = heap[smallest];
            heap[smallest] = t;
            i = smallest;
        }
    }

    /** Source {@code a}'s event replays before source {@code b}'s: by replay order, then the earlier source. */
    private static boolean before(int a, int b, long[] ts, long[] dur) {
        int c = TrackEvents.compare(ts[a], dur[a], ts[b], dur[b]);
        return c != 0 ? c < 0 : a < b;
    }
}
