package dev.ppw.engine;

import dev.ppw.aggregate.LiveTrack;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A profile folded while its program runs: each thread of the program pushes its calls into a lane of its own
 * ({@link #lane}), as begins and ends in time order, with no lock between threads and no event kept once folded; any
 * thread may take the profile so far at any time ({@link #snapshot}), as if every open call ended at its lane's last
 * time. A lane a thread is done with is closed, its calls kept in the profile and its memory freed. The folding is
 * SEMANTICS.md section 1's, as for a trace of the same events: every thread one track of one process, each async
 * track ({@link #asyncLane}) one of the async part (section 2), all merged in one tree.
 *
 * <p>Made by {@link Engine#liveFold}. Thread-safe: lanes are made and closed, and snapshots taken, from any thread;
 * each lane is written by one thread at a time.
 */
public final class LiveFold {
    private final String name;
    private final ViewSpec view;
    private final RowOptions rows;
    private final int warningExamples;
    /** Shared by every lane; interned into under its own lock, read by snapshots under it. */
    private final FrameTable frames = new FrameTable(new NameTable());
    private final List<Lane> lanes = new ArrayList<>();
    /** The calls of closed lanes, over {@link #frames}. */
    private final CallTree closed;
    private final Diagnostics closedDiagnostics;
    private final Map<String, String> threadNames = new LinkedHashMap<>();

    LiveFold(String name, ViewSpec view, RowOptions rows, int warningExamples) {
        this.name = Objects.requireNonNull(name, "name");
        this.view = Objects.requireNonNull(view, "view");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.warningExamples = warningExamples;
        this.closed = newTree(frames);
        this.closedDiagnostics = new Diagnostics(warningExamples);
    }

    private CallTree newTree(FrameTable table) {
        CallTree tree = new CallTree(table);
        if (!rows.percentiles().isEmpty()) {
            tree.keepCallTimes();
        }
        return tree;
    }

    /**
     * A new lane for thread {@code tid} of process {@code pid}, named {@code threadName} (null: none), for one
     * writing thread at a time.
     */
    public Lane lane(String pid, String tid, String threadName) {
        Lane lane = newLane("pid " + pid + " tid " + tid, Part.THREAD);
        if (threadName != null) {
            synchronized (this) {
                threadNames.put(pid + "/" + tid, threadName);
            }
        }
        return lane;
    }

    /**
     * A new lane for the async track {@code (pid, cat, id)} (SEMANTICS.md section 1: a {@code b} begins, an
     * {@code e} ends the innermost open call whatever its name), its calls in the async part as a trace's are; for
     * one writing thread at a time, whichever thread that is (an async span may end on another thread than the one
     * it began on: the hand-over must order the two, as a lock or a queue does).
     */
    public Lane asyncLane(String pid, String cat, String id) {
        return newLane("pid " + pid + " cat " + cat + " id " + id, Part.ASYNC);
    }

    private Lane newLane(String label, Part part) {
        Lane lane = new Lane(this, new LiveTrack(frames, name, label, part, warningExamples,
                !rows.percentiles().isEmpty()));
        synchronized (this) {
            lanes.add(lane);
        }
        return lane;
    }

    /** The frame id of region {@code region}, the same in every lane: to look up once and push many times. */
    public int frame(String region) {
        synchronized (frames) {
            return frames.intern(region);
        }
    }

    /**
     * The profile so far, in the view and rows asked: every closed lane's calls and every open lane's, their open
     * calls closed at their lane's last time (counted as {@code unclosed_begin}, as the end of a trace closes them).
     * The lanes go on meanwhile.
     */
    public AnalysisResult snapshot() {
        List<LiveTrack.Copy> copies = new ArrayList<>();
        List<Lane> open;
        synchronized (this) {
            open = List.copyOf(lanes);
        }
        for (Lane lane : open) {
            copies.add(lane.track.copy());
        }
        FrameTable table = new FrameTable(new NameTable());
        CallTree tree = newTree(table);
        Diagnostics diagnostics = new Diagnostics(warningExamples);
        Map<String, String> names;
        synchronized (this) {
            synchronized (frames) {
                addInto(closed, tree);
            }
            diagnostics.addAll(closedDiagnostics);
            names = Map.copyOf(threadNames);
        }
        for (LiveTrack.Copy c : copies) {
            // Finishing names the open calls in its warnings: the names are read under the frames' lock.
            synchronized (frames) {
                addInto(c.finish(), tree);
            }
            diagnostics.addAll(c.diagnostics());
        }
        Profile profile = new Profile(tree, ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1,
                List.of(name), Map.of(), names);
        Profile shown = view.derive(profile);
        return new AnalysisResult(ReportAssembly.rows(shown, diagnostics, rows), DroppedInputs.NONE, 1);
    }

    /** Adds {@code source}, over {@link #frames}, into {@code target}, over a table of its own. */
    private void addInto(CallTree source, CallTree target) {
        FrameTable to = target.frames();
        LiveTrack.addTree(source, target, f -> to.intern(frames.regionName(f), frames.callsiteName(f)));
    }

    private void close(Lane lane) {
        LiveTrack.Copy last;
        synchronized (frames) {
            last = lane.track.finish();
        }
        synchronized (this) {
            synchronized (frames) {
                LiveTrack.addTree(last.finish(), closed, f -> f);
            }
            closedDiagnostics.addAll(last.diagnostics());
            lanes.remove(lane);
        }
    }

    /**
     * One thread's calls: begins and ends pushed in time order by one thread at a time (integer nanoseconds of one
     * clock for every lane of the fold; an event earlier than the lane's last is taken at the last time and counted).
     * Cheap enough to bracket every call of a program: no lock, no allocation once its tree has its nodes.
     */
    public static final class Lane implements AutoCloseable {
        private final LiveFold fold;
        private final LiveTrack track;
        private boolean closedLane;

        private Lane(LiveFold fold, LiveTrack track) {
            this.fold = fold;
            this.track = track;
        }

        /** Opens a call of {@code frame} (from {@link LiveFold#frame}) at {@code tsNanos}. */
        public void begin(int frame, long tsNanos) {
            track.begin(frame, tsNanos);
        }

        /** Closes the innermost open call at {@code tsNanos}. */
        public void end(long tsNanos) {
            track.end(dev.ppw.model.EventSink.NO_NAME, tsNanos);
        }

        /**
         * A region counter sample at {@code tsNanos} for the innermost open call of {@code frame}'s region: CPU use in
         * percent and memory use in bytes, either NaN when absent (SEMANTICS.md "Counters").
         */
        public void counter(int frame, long tsNanos, double cpuUsage, double memoryUsage) {
            track.regionCounter(fold.regionOf(frame), tsNanos, cpuUsage, memoryUsage);
        }

        /** True when no call of this lane is open. */
        public boolean idle() {
            return track.idle();
        }

        /**
         * Ends the lane: its open calls close at its last time (counted), its calls stay in the fold, its memory is
         * freed. Idempotent.
         */
        @Override
        public void close() {
            if (!closedLane) {
                closedLane = true;
                fold.close(this);
            }
        }
    }

    private int regionOf(int frame) {
        synchronized (frames) {
            return frames.region(frame);
        }
    }
}
