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
 * <p>By default everything folds into one tree. Split by pid ({@link #Folder(boolean)}), each input gets
 * one tree per pid that has at least one timed event reaching the sink ({@code --node-by pid}), returned by
 * {@link #nodeProfiles()}.
 *
 * <p>Memory: the tree plus, for the input being read, 20 bytes per buffered event. Not thread-safe.
 */
public final class Folder implements EventSink {
    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics = new Diagnostics();
    private final CallTree tree = new CallTree(frames);
    private final boolean splitByPid;
    private final List<Profile> pidNodes = new ArrayList<>();
    private final List<String> pidNames = new ArrayList<>();
    private final List<String> inputs = new ArrayList<>();
    private final Map<String, String> processNames = new LinkedHashMap<>();
    private final Map<String, String> threadNames = new LinkedHashMap<>();

    private final MutableObjectIntMap<String> trackIds = new ObjectIntHashMap<>();
    private final List<TrackEvents> tracks = new ArrayList<>();
    private final TrackReplay replay = new TrackReplay(diagnostics);
    private String currentInput;

    /** A folder of everything into one tree. */
    public Folder() {
        this(false);
    }

    /** @param splitByPid one tree per (input, pid) instead of one tree for everything */
    public Folder(boolean splitByPid) {
        this.splitByPid = splitByPid;
    }

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
        return track("T\u0000" + pid + '\u0000' + tid, "pid " + pid + " tid " + tid, pid);
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        return track("A\u0000" + pid + '\u0000' + cat + '\u0000' + id,
                "async pid " + pid + " cat " + cat + " id " + id, pid);
    }

    private int track(String key, String label, String pid) {
        int id = trackIds.getIfAbsent(key, -1);
        if (id < 0) {
            id = tracks.size();
            tracks.add(new TrackEvents(label, pid));
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
        if (splitByPid) {
            Map<String, CallTree> byPid = new LinkedHashMap<>();
            for (TrackEvents events : tracks) {
                if (events.size() > 0) {
                    replay.replay(events, currentInput, byPid.computeIfAbsent(events.pid(), p -> new CallTree(frames)));
                }
            }
            byPid.forEach((pid, pidTree) -> pidNodes.add(Profile.single(pidTree, List.of(currentInput),
                    namesOf(processNames, pid), namesOf(threadNames, pid))));
            pidNames.addAll(byPid.keySet());
        } else {
            for (TrackEvents events : tracks) {
                replay.replay(events, currentInput, tree);
            }
        }
        tracks.clear();
        trackIds.clear();
        currentInput = null;
    }

    private static Map<String, String> namesOf(Map<String, String> names, String pid) {
        Map<String, String> mine = new LinkedHashMap<>();
        names.forEach((key, name) -> {
            if (key.equals(pid) || key.startsWith(pid + "/")) {
                mine.put(key, name);
            }
        });
        return mine;
    }

    /**
     * With split by pid: one single-node tree profile per (input, pid) in the order met, each naming its
     * input and carrying the names of its own process and threads; {@link #nodePids()} gives their pids.
     */
    public List<Profile> nodeProfiles() {
        if (!splitByPid) {
            throw new IllegalStateException("this folder does not split by pid");
        }
        return List.copyOf(pidNodes);
    }

    /** The pid of each of {@link #nodeProfiles()}, index for index. */
    public List<String> nodePids() {
        return List.copyOf(pidNames);
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
