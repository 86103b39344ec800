package dev.ppw.pfa.recorder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Fold mode ({@code ppw-mode=fold}): no trace; each thread folds its regions into its lane's tree, and a
 * snapshot ({@link dev.ppw.pfa.PerfFlow#snapshot()}, and at exit) adds the lanes' trees into one and hands it
 * to a {@link ProfileOutput}, which writes the saved profile ({@code perfflow.profile[...].ppw.json}, the
 * JSON of docs/profile-json.md that {@code ppw-java merge} reads).
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
    private final FoldTree eventTree = new FoldTree();
    private final Map<List<Object>, List<long[]>> eventTracks = new HashMap<>();
    private long unclosedAtSnapshot;
    private long eventsUnmatched;

    /** Called by name from {@link PerfFlowRecorder}; {@code recorder} may still be in its constructor. */
    public FoldMode(PerfFlowRecorder recorder, Options options, Path file, Consumer<String> err) {
        this.recorder = recorder;
        this.options = options;
        this.file = file;
        this.err = err;
        this.output = ProfileOutput.forOptions(options, err);
    }

    @Override
    public Lane newLane(boolean virtual) {
        return new FoldLane(recorder, virtual, this, options.cpuMemUsage());
    }

    @Override
    public synchronized void snapshot() {
        write(true);
    }

    @Override
    public synchronized void finish() {
        write(true);
    }

    /** The profile so far: every lane's tree added up, and the async events' tree. */
    synchronized FoldTree fold(boolean closeOpen) {
        unclosedAtSnapshot = 0;
        FoldTree whole = new FoldTree();
        long unclosed = 0;
        long unmatched = eventsUnmatched;
        for (Lane lane : recorder.lanes()) {
            FoldLane l = lane.foldLane();
            whole.addAll(l.snapshot(closeOpen));
            unclosed += l.unclosed;
            unmatched += l.unmatched;
        }
        whole.addAll(eventTree);
        this.unclosedAtSnapshot += unclosed;
        this.lastUnmatched = unmatched;
        return whole;
    }

    private long lastUnmatched;

    private void write(boolean atExit) {
        FoldTree whole = fold(atExit);
        Map<String, Long> warnings = new HashMap<>();
        if (unclosedAtSnapshot > 0) {
            warnings.put("unclosed_begin", unclosedAtSnapshot);
        }
        if (lastUnmatched > 0) {
            warnings.put("unmatched_end", lastUnmatched);
        }
        try {
            output.write(whole, warnings, file);
        } catch (IOException | RuntimeException e) {
            err.accept("perfflow: cannot write the profile " + file + ": " + e.getMessage());
        }
    }

    void countUnclosed(int open) {
        unclosedAtSnapshot += open;
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
