package dev.ppw.pfa.recorder;

import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.LiveFold;
import dev.ppw.engine.RowOptions;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Fold mode ({@code ppw-mode=fold}): no trace. Each thread's regions go into a lane of the engine's
 * {@link LiveFold} as they open and close; a snapshot ({@link dev.ppw.pfa.PerfFlow#snapshot()}, and at exit) takes
 * the live fold's profile so far, its async part from the live fold's async lanes, and hands it to a
 * {@link ProfileOutput}, which writes the saved profile ({@code perfflow.profile[...].ppw.json}, the JSON of
 * docs/profile-json.md that {@code ppw-java merge} reads), or at exit stores the run in the run store
 * {@code ppw-store} names.
 *
 * <p>Loaded by name only when the options ask for it, so that trace mode never loads this class or ppw-java's
 * model. {@code async_event}s, whose ids any thread may share, fold under one lock.
 */
public final class FoldMode implements Mode {
    private final PerfFlowRecorder recorder;
    private final Options options;
    private final Path file;
    private final Consumer<String> err;
    private final ProfileOutput output;
    private final LiveFold live;
    private final String pid = Long.toString(ProcessHandle.current().pid());
    private final Map<List<Object>, LiveFold.Lane> eventTracks = new HashMap<>();

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

    /** The profile so far: the live fold's, thread and async lanes alike. */
    synchronized Profile fold(Diagnostics diagnostics) {
        AnalysisResult folded = live.snapshot();
        diagnostics.addAll(folded.diagnostics());
        return folded.profile();
    }

    private void write(boolean atExit) {
        Diagnostics diagnostics = new Diagnostics();
        try {
            output.write(fold(diagnostics), diagnostics, file, atExit);
        } catch (IOException | RuntimeException e) {
            err.accept("perfflow: cannot write the profile " + file + ": " + e.getMessage());
        }
    }

    /** This process's id, as the trace's {@code pid}. */
    String pid() {
        return pid;
    }

    /** An async span, one call on a track of its own (its id is its own), folded when it ends. */
    void asyncSpan(int frame, String cat, long startNanos, long endNanos) {
        LiveFold.Lane span = live.asyncLane(pid, cat == null ? "" : cat, "span");
        span.begin(frame, startNanos);
        span.end(endNanos);
        span.close();
    }

    /**
     * An {@code async_event}: its track is (pid, cat, id), which any thread may write, so each track's lane is
     * written under this lock; its lanes are kept to the end, as the ids a program reuses are few.
     */
    synchronized void asyncEvent(boolean begin, int frame, String cat, long id, long now) {
        LiveFold.Lane track = eventTracks.computeIfAbsent(List.of(cat == null ? "" : cat, id),
                k -> live.asyncLane(pid, (String) k.get(0), Long.toString(id)));
        if (begin) {
            track.begin(frame, now);
        } else {
            track.end(now);
        }
    }
}
