package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import org.eclipse.collections.api.map.primitive.MutableObjectIntMap;
import org.eclipse.collections.impl.map.mutable.primitive.ObjectIntHashMap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sink that folds trace events into one calling-context tree, as SEMANTICS.md section 1 replays them.
 *
 * <p>Each track (a thread's stack, or one async id's stack) of each input is buffered as primitive columns
 * while its input is read, then replayed in time order when the input ends ({@link #endInput}): the
 * collector may deliver events in any order (PerfFlowAspect's compact mode writes children before their
 * parents). The tree of all tracks and all inputs is one: identical paths add up.
 *
 * <p>Times are integer nanoseconds. Warnings counted in {@link #diagnostics()}: {@code overlap} (one per
 * frame clipped because a frame below it closed), {@code mismatched_end} (an end whose name differs from
 * the begin it closes), {@code unmatched_end} (an end with no open begin, dropped), {@code unclosed_begin}
 * (a begin still open when its track ends, closed at the track's largest time), {@code bad_duration} (an
 * {@code X} whose end does not fit in a long, dropped).
 *
 * <p>Memory: the tree plus, for the input being read, 20 bytes per buffered event. Not thread-safe.
 */
public final class Folder implements EventSink {
    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics = new Diagnostics();
    private final CallTree tree = new CallTree(frames);
    private final List<String> inputs = new ArrayList<>();
    private final Map<String, String> processNames = new LinkedHashMap<>();
    private final Map<String, String> threadNames = new LinkedHashMap<>();

    private final MutableObjectIntMap<String> trackIds = new ObjectIntHashMap<>();
    private final List<TrackEvents> tracks = new ArrayList<>();
    private final TrackReplay replay = new TrackReplay(tree, diagnostics);
    private String currentInput;

    @Override
    public FrameTable frames() {
        return frames;
    }

    @Override
    public Diagnostics diagnostics() {
        return diagnostics;
    }

    @Override
    public void beginInput(String displayName) {
        if (currentInput != null) {
            throw new IllegalStateException("input " + currentInput + " was not ended");
        }
        currentInput = displayName;
        inputs.add(displayName);
    }

    @Override
    public int thread(String pid, String tid) {
        return track("T\u0000" + pid + '\u0000' + tid, "pid " + pid + " tid " + tid);
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        return track("A\u0000" + pid + '\u0000' + cat + '\u0000' + id,
                "async pid " + pid + " cat " + cat + " id " + id);
    }

    private int track(String key, String label) {
        int id = trackIds.getIfAbsent(key, -1);
        if (id < 0) {
            id = tracks.size();
            tracks.add(new TrackEvents(label));
            trackIds.put(key, id);
        }
        return id;
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        tracks.get(track).addBegin(tsNanos, frameId);
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        tracks.get(track).addEnd(tsNanos, regionId);
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        if (durNanos < 0 || tsNanos > Long.MAX_VALUE - durNanos) {
            diagnostics.warn(Diagnostics.BAD_DURATION, currentInput + ": " + tracks.get(track).label()
                    + ": X '" + frames.regionName(frameId) + "' ends beyond the representable time");
            return;
        }
        tracks.get(track).addComplete(tsNanos, durNanos, frameId);
    }

    @Override
    public void sample(int track, long tsNanos, long weightNanos, int[] frameIds, int depth) {
        if (depth <= 0) {
            diagnostics.note("empty_stack");
            return;
        }
        int node = CallTree.ROOT;
        for (int i = 0; i < depth; i++) {
            node = tree.child(node, frameIds[i]);
        }
        tree.addSample(node, weightNanos);
    }

    @Override
    public void processName(String pid, String name) {
        processNames.put(pid, name);
    }

    @Override
    public void threadName(String pid, String tid, String name) {
        threadNames.put(pid + "/" + tid, name);
    }

    @Override
    public void endInput() {
        for (TrackEvents events : tracks) {
            replay.replay(events, currentInput);
        }
        tracks.clear();
        trackIds.clear();
        currentInput = null;
    }

    /** The tree folded so far (complete after the last {@link #endInput}). */
    public CallTree tree() {
        return tree;
    }

    /** The folded tree as a single-node tree-view profile, with the inputs' process and thread names. */
    public Profile toProfile() {
        if (currentInput != null) {
            throw new IllegalStateException("input " + currentInput + " was not ended");
        }
        return Profile.single(tree, inputs, processNames, threadNames);
    }
}
