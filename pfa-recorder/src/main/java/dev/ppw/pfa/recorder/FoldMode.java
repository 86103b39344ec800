package dev.ppw.pfa.recorder;

import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.LiveFold;
import dev.ppw.engine.RowOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Fold mode ({@code ppw-mode=fold}): no trace. Each thread's regions go into a lane of the engine's
 * {@link LiveFold} as they open and close; a snapshot ({@link dev.ppw.pfa.PerfFlow#snapshot()}, and at exit) takes
 * the live fold's profile so far, adds the async part that the lanes fold themselves, and hands it to a
 * {@link ProfileOutput}, which writes the saved profile ({@code perfflow.profile[...].ppw.json}, the JSON of
 * docs/profile-json.md that {@code ppw-java merge} reads), or at exit stores the run in the run store
 * {@code ppw-store} names.
 *
 * <p>Loaded by name only when the options ask for it, so that trace mode never loads this class or ppw-java's
 * model. {@code async_event}s, whose ids any thread may share, fold under one lock into a tree of their own.
 */
public final class FoldMode implements Mode {
    private final PerfFlowRecorder recorder;
    private final Options options;
    private final Path file;
    private final Consumer<String> err;
    private final ProfileOutput output;
    private final LiveFold live;
    private final FoldTree eventTree = new FoldTree();
    private final Map<List<Object>, List<long[]>> eventTracks = new HashMap<>();
    private long eventsUnmatched;

    /** Called by name from {@link PerfFlowRecorder}; {@code recorder} may still be in its constructor. */
    public FoldMode(PerfFlowRecorder recorder, Options options, Path file, Consumer<String> err) {
        this.recorder = recorder;
        this.options = options;
        this.file = file;
        this.err = err;
        Engine engine = Engine.fromClassPath();
        this.live = engine.liveFold(file.getFileName().toString(), ViewSpec.TREE, RowOptions.defaults());
        this.output = ProfileOutput.forOptions(options, engine, err);
    }

    LiveFold live() {
        return live;
    }

    @Override
    public Lane newLane(boolean virtual) {
        return new FoldLane(recorder, virtual, this, options.cpuMemUsage());
    }

    @Override
    public synchronized void snapshot() {
        write(false);
    }

    @Override
    public synchronized void finish() {
        write(true);
    }

    /** The profile so far: the live fold's thread part, every lane's async part and the async events' tree. */
    synchronized Profile fold(Diagnostics diagnostics) {
        AnalysisResult threads = live.snapshot();
        diagnostics.addAll(threads.diagnostics());
        FoldTree async = new FoldTree();
        long unclosed = 0;
        long unmatched = eventsUnmatched;
        for (Lane lane : recorder.lanes()) {
            FoldLane l = lane.foldLane();
            async.addAll(l.snapshot());
            unclosed += l.unclosed;
            unmatched += l.unmatched;
        }
        async.addAll(eventTree);
        if (unclosed > 0) {
            diagnostics.warn(Diagnostics.UNCLOSED_BEGIN, unclosed, List.of());
        }
        if (unmatched > 0) {
            diagnostics.warn(Diagnostics.UNMATCHED_END, unmatched, List.of());
        }
        Profile profile = threads.profile();
        addAsyncPart(async, profile.tree());
        return profile;
    }

    /** The async roots and their subtrees of {@code async} added to {@code tree}, whose async part is empty. */
    private static void addAsyncPart(FoldTree async, CallTree tree) {
        int[] node = new int[async.size];
        long[] childCalls = new long[async.size];
        long[] childInclusive = new long[async.size];
        for (int n = 1; n < async.size; n++) {
            int p = async.parent[n];
            if (p != FoldTree.ROOT) {
                childCalls[p] += async.calls[n];
                childInclusive[p] += async.inclusive[n];
            }
        }
        for (int n = 1; n < async.size; n++) {
            int p = async.parent[n];
            int frame = tree.frames().intern(async.name[n]);
            node[n] = p == FoldTree.ROOT ? tree.child(CallTree.ROOT, frame, Part.ASYNC) : tree.child(node[p], frame);
            tree.setMetrics(node[n], async.calls[n], childCalls[n], async.inclusive[n],
                    async.inclusive[n] - childInclusive[n], async.min[n] < 0 ? CallTree.UNSET : async.min[n],
                    async.min[n] < 0 ? CallTree.UNSET : async.max[n]);
        }
    }

    private void write(boolean atExit) {
        Diagnostics diagnostics = new Diagnostics();
        try {
            output.write(fold(diagnostics), diagnostics, file, atExit);
        } catch (IOException | RuntimeException e) {
            err.accept("perfflow: cannot write the profile " + file + ": " + e.getMessage());
        }
    }

    /** An {@code async_event}: its track is (cat, id), shared by every thread. */
    synchronized void asyncEvent(boolean begin, String name, String cat, long id, long now) {
        List<long[]> open = eventTracks.computeIfAbsent(List.of(cat == null ? "" : cat, id), k -> new ArrayList<>());
        if (begin) {
            int parent = open.isEmpty() ? FoldTree.ROOT : (int) open.get(open.size() - 1)[0];
            open.add(new long[] {eventTree.child(parent, name, FoldTree.ASYNC), now});
        } else if (open.isEmpty()) {
            eventsUnmatched++;
        } else {
            long[] top = open.remove(open.size() - 1);
            eventTree.addCall((int) top[0], now - top[1]);
        }
    }
}
