package dev.ppw.aggregate;

import dev.ppw.model.AsyncMode;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.Metric;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.DiagnosticWords;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.ThreadSelection;
import dev.ppw.model.work.Workers;
import org.eclipse.collections.api.map.primitive.MutableIntObjectMap;
import org.eclipse.collections.api.map.primitive.MutableObjectIntMap;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;
import org.eclipse.collections.impl.map.mutable.primitive.ObjectIntHashMap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;

/**
 * The sink that folds trace events into one calling-context tree, as SEMANTICS.md section 1 replays them.
 *
 * <p>Each track (a thread's stack, or one async id's stack) of each input is replayed in time order: the
 * collector may deliver events in any order (PerfFlowAspect's compact mode writes children before their
 * parents). The tree of all tracks and all inputs is one: identical paths add up. The calls of async
 * tracks go to a part of their own ({@link Part#ASYNC}: roots apart from the threads' roots), into the
 * threads' part, or nowhere, as {@link FoldOptions#async()} says; left out, each of their events is the note
 * {@link AsyncMode#NOTE_OFF}. The result is the same whatever the input order, spill limit and reorder
 * window, node ids included.
 *
 * <p>Times are integer nanoseconds. Warnings counted in {@link #diagnostics()}: {@code overlap} (one per
 * frame clipped because a frame below it closed), {@code mismatched_end} (an end whose name differs from
 * the begin it closes), {@code unmatched_end} (an end with no open begin, dropped), {@code unclosed_begin}
 * (a begin still open when its track ends, closed at the track's largest time), {@code bad_duration} (an
 * {@code X} whose end does not fit in a long, dropped).
 *
 * <p>By default everything folds into one tree. Split by pid ({@link FoldOptions#splitByPid}), each input
 * gets one tree per pid that has at least one timed event or stack sample reaching the sink
 * ({@code --node-by pid}), returned by {@link #nodeProfiles()}. With {@link ThreadMode#SPLIT} each thread
 * is a top level, named when the tree is taken ({@link #tree()}, {@link #toProfile()}; per pid: when the
 * input ends), so that {@code M thread_name} events may come after the thread's events.
 *
 * <p>Stack samples ({@link #sample}) fold at once into a tree of the input's own (one per pid when split),
 * in the {@link Part#SAMPLES} part (they measure the same wall time as their threads' spans, so they never
 * add into the thread part), under their thread's top level when threads are split; each input's samples join the result when the
 * input ends, after its tracks, so sample weights associate per input as calls do. A time weight adds to
 * the time columns; any other weight to the columns of its own metric ({@link MetricGroup#ofWeight}).
 *
 * <p>Memory: the tree, plus at most {@link FoldOptions#spillLimitEvents} buffered events of the input being
 * read (20 bytes each, and spare array capacity). Each track's events are
 * kept until its input ends, then sorted and replayed. When the buffered events of all tracks pass the
 * limit, the folder frees memory, first by replaying what it safely can while reading (only for an input
 * folded by {@link #fold}), then by writing the largest tracks' buffers, sorted, as runs to one temporary
 * file per input, merged back when the input ends and deleted then, even on failure (and at JVM exit, as a
 * backstop). docs/memory.md has the whole design. Not thread-safe.
 */
public final class Folder implements EventSink, AutoCloseable {
    /** Note: a displayTimeUnit other than ms and ns (the Trace Event Format's), ignored. */
    public static final String DISPLAY_TIME_UNIT_IGNORED = Diagnostics.DISPLAY_TIME_UNIT_IGNORED;
    /** Note: inputs gave different displayTimeUnit values; text uses ms, the Trace Event Format's default. */
    public static final String DISPLAY_TIME_UNITS_DIFFER = Diagnostics.DISPLAY_TIME_UNITS_DIFFER;
    /** Note: a region counter sample outside any frame of its region (PerfFlowAspect's end-of-call resets). */
    public static final String COUNTER_OUTSIDE_REGION = TrackReplay.COUNTER_OUTSIDE_REGION;
    /** Note: a track that {@link FoldOptions#selection()} leaves out, decided when its input ends (names known). */
    public static final DiagnosticKind TRACK_NOT_SELECTED = DiagnosticKind.note("track_not_selected",
            "track left out by --pid, --tid or --thread-name", "tracks left out by --pid, --tid or --thread-name");

    /**
     * An input that can be read more than once, the same way each time: pushes its events into the sink,
     * between {@link EventSink#beginInput} and {@link EventSink#endInput} (as {@code TraceReaders.read} does).
     */
    @FunctionalInterface
    public interface Input {
        void readInto(EventSink sink) throws IOException;
    }

    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics;
    private final CallTree tree;
    private final FoldOptions options;
    private final List<Profile> pidNodes = new ArrayList<>();
    private final List<String> pidNames = new ArrayList<>();
    private final List<String> inputs = new ArrayList<>();
    private final Map<String, String> processNames = new LinkedHashMap<>();
    private final Map<String, String> threadNames = new LinkedHashMap<>();
    /** With threads split: the frame of each top level as folded (its fallback name), and whose it is. */
    private final MutableIntObjectMap<TopLevel> topLevels = new IntObjectHashMap<>();

    /** The current input's samples: one tree, or one per pid when split by pid (in order of first sample). */
    private final Map<String, CallTree> inputSamples = new LinkedHashMap<>();
    /*
     * The last sample's stack and the node each of its frames reached: a format that stores several values per
     * stack (pprof's samples and cpu, a JFR recording's time and bytes) sends the same stack once per value, one
     * after the other, and a sorted one (folded stacks) shares most of each stack with the one before; the walk
     * down the tree starts after the frames the two share. Only within one input's tree.
     */
    private CallTree lastSampleTree;
    private int lastSampleRootFrame;
    private Part lastSamplePart;
    private int lastSampleDepth = -1;
    private int[] lastSampleStack = new int[16];
    /** The node of {@code lastSampleStack[i]}, and of the track's root frame when it has one. */
    private int[] lastSampleNodes = new int[16];
    private int lastSampleRootNode;
    /** Generic counter series of the current input, and of every input so far (SEMANTICS.md "Counters"). */
    private final Map<String, CounterSeries> inputCounters = new LinkedHashMap<>();
    private final Map<String, CounterSeries> counters = new LinkedHashMap<>();
    /** The valid displayTimeUnit values met, in order. */
    private final Set<String> displayUnits = new LinkedHashSet<>();
    /** The inputs (by their index in {@link #inputs}) that asked for a valid displayTimeUnit. */
    private final BitSet inputsAskingUnit = new BitSet();

    private final MutableObjectIntMap<String> trackIds = new ObjectIntHashMap<>();
    private final List<TrackFold> tracks = new ArrayList<>();
    /** Per track of {@link #tracks}, its thread's tid (null for an async track): what a selection looks at. */
    private final List<String> trackTids = new ArrayList<>();
    /** With a selection, each track's samples fold apart, keyed so: which track a key of inputSamples is. */
    private final Map<String, Integer> sampleTracks = new java.util.HashMap<>();
    private final TrackReplay replay = new TrackReplay();
    private String currentInput;
    /** How many kinds of what an input with nothing to profile held its warning names. */
    private static final int HELD_KINDS_SAID = 3;
    /** The counts of each warning and note kind when the current input began, to say what it held. */
    private final Map<String, Long> warningsAtBegin = new HashMap<>();
    private final Map<String, Long> notesAtBegin = new HashMap<>();
    private SpillFile spill;
    private long bufferedEvents;
    /** Within the first reading of {@link #fold}: in-order tracks may be replayed while reading. */
    private boolean replayWhileReading;
    private int brokenTracks;
    /** The first reading of {@link #fold} ended with broken tracks: the input waits to be read again. */
    private boolean awaitingSecondReading;
    /** Over the folder's life, for tests and docs/memory.md: runs written, inputs read a second time. */
    private long runsSpilled;
    private int secondReadings;

    /**
     * Windows: those {@link #windows} set for the inputs to come, those of the input being read, how many phases
     * every input's windows have (0 until windows are first set), the phase trees of everything folded so far,
     * the current input's phases of its sample trees, and counter series per phase (of the input, of all).
     */
    private Windows nextWindows;
    private Windows inputWindows;
    private int phaseCount;
    private CallTree[] phaseTrees = new CallTree[0];
    private final Map<CallTree, PhaseTrees> inputSamplePhases = new java.util.IdentityHashMap<>();
    private List<Map<String, CounterSeries>> phaseInputCounters = List.of();
    private List<Map<String, CounterSeries>> phaseCounterSeries = List.of();
    /** With split by pid and windows: per node of {@link #pidNodes}, its phase profiles. */
    private final List<List<Profile>> pidPhaseNodes = new ArrayList<>();

    private record TopLevel(boolean async, String pid, String tid) {
    }

    /** Tracks of at least this many buffered events are worth a thread of their own when an input ends. */
    private static final int PARALLEL_TRACK_EVENTS = 1 << 14;
    private Workers workers = Workers.inline();
    private int parallelTrackEvents = PARALLEL_TRACK_EVENTS;
    /** Events until the next look at the cancel handle: a volatile read every few thousand events. */
    private int untilCancelCheck = CANCEL_CHECK_EVENTS;
    private static final int CANCEL_CHECK_EVENTS = 4096;

    /**
     * Lets the folder replay the large tracks of an input on {@code workers} when the input ends (each into a
     * tree of its own, added to the folded tree in track order: the result is the same), and stop with a
     * {@link dev.ppw.model.work.CancelledException} once their cancel handle is raised (checked every few thousand
     * events and between tracks).
     */
    public Folder withWorkers(Workers workers) {
        this.workers = java.util.Objects.requireNonNull(workers, "workers");
        return this;
    }

    /** As {@link #withWorkers(Workers)}, counting tracks from {@code minTrackEvents} buffered events as large (tests). */
    Folder withWorkers(Workers workers, int minTrackEvents) {
        this.parallelTrackEvents = minTrackEvents;
        return withWorkers(workers);
    }

    private void countEvent() {
        if (--untilCancelCheck <= 0) {
            untilCancelCheck = CANCEL_CHECK_EVENTS;
            workers.cancel().check();
        }
    }

    /** A folder of everything into one tree, with the {@link FoldOptions#defaults() default} memory bounds. */
    public Folder() {
        this(FoldOptions.defaults());
    }

    /** @param splitByPid one tree per (input, pid) instead of one tree for everything */
    public Folder(boolean splitByPid) {
        this(FoldOptions.defaults().withSplitByPid(splitByPid));
    }

    public Folder(FoldOptions options) {
        this.options = options;
        this.diagnostics = new Diagnostics(options.warningExamples());
        this.tree = newTree();
    }

    @Override
    public FrameTable frames() {
        return frames;
    }

    @Override
    public Diagnostics diagnostics() {
        return diagnostics;
    }

    /**
     * Cuts the inputs that begin from now on into {@code forNextInputs}' phases, besides folding them whole:
     * each call also goes, cut to each phase's windows, to the phase's own tree, each stack sample, region
     * counter sample and counter sample to the phase whose window holds its time (SEMANTICS.md "Time bins",
     * "Phases"); {@link #phaseProfiles()} gives them. Windows are in the trace clock's nanoseconds, so each
     * input has its own (set them before each input when inputs start at different times). Every input of
     * one folder has the same number of phases; null folds the next inputs into no phase.
     *
     * @throws IllegalArgumentException when the number of phases differs from the one set before
     * @throws IllegalStateException    while an input is being read
     */
    public void windows(Windows forNextInputs) {
        if (currentInput != null) {
            throw new IllegalStateException("windows are set between inputs, not during " + currentInput);
        }
        if (forNextInputs != null) {
            havePhases(forNextInputs.phaseCount());
        }
        nextWindows = forNextInputs;
    }

    private void havePhases(int count) {
        if (phaseCount == 0) {
            phaseCount = count;
            phaseTrees = new CallTree[count];
            phaseInputCounters = newCounterMaps(count);
            phaseCounterSeries = newCounterMaps(count);
        } else if (count != phaseCount) {
            throw new IllegalArgumentException("this folder's inputs have " + phaseCount + " phases, not " + count);
        }
    }

    /** The folder's tree of phase {@code phase}, created if nothing landed there yet. */
    private CallTree phaseTree(int phase) {
        if (phaseTrees[phase] == null) {
            phaseTrees[phase] = newTree();
        }
        return phaseTrees[phase];
    }

    /** Adds every phase tree of {@code from} into the same phase of {@code to} (see {@link TreeAdd#into}). */
    private static void addPhases(PhaseTrees from, PhaseTrees to) {
        if (from == null) {
            return;
        }
        for (int p = 0; p < from.phaseCount(); p++) {
            if (from.tree(p) != null) {
                TreeAdd.into(from.tree(p), to.treeFor(p), IntUnaryOperator.identity());
            }
        }
    }

    private static List<Map<String, CounterSeries>> newCounterMaps(int n) {
        List<Map<String, CounterSeries>> maps = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            maps.add(new LinkedHashMap<>());
        }
        return maps;
    }

    /** How many phases {@link #windows} gave, 0 when none was set. */
    public int phaseCount() {
        return phaseCount;
    }

    /**
     * Folds one input that can be read again, replaying in-order tracks while reading when memory runs
     * short. A track counts as in order while none of its events comes more than the reorder window before
     * its latest one. If an event then comes at or before what was already replayed, that replay is thrown
     * away and the input is read a second time for such tracks only, buffering them (the second reading's
     * own warnings are not counted again). The result is always that of {@link EventSink} use.
     *
     * <p>Exceptions of the reading are passed on once the input has been folded as far as it was read.
     */
    public void fold(Input input) throws IOException {
        if (currentInput != null) {
            throw new IllegalStateException("input " + currentInput + " was not ended");
        }
        Exception failure = null;
        replayWhileReading = true;
        try {
            input.readInto(this);
        } catch (IOException | RuntimeException e) {
            failure = e;
        } finally {
            replayWhileReading = false;
        }
        if (awaitingSecondReading) {
            secondReadings++;
            try {
                input.readInto(new SecondReading());
            } catch (IOException | RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else if (failure != e) {
                    failure.addSuppressed(e);
                }
            } finally {
                if (currentInput != null) {
                    // The second reading did not end the input: fold what there is, without the tracks it lacks.
                    finishInput();
                }
            }
        }
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure != null) {
            throw (RuntimeException) failure;
        }
    }

    @Override
    public void beginInput(String displayName) {
        if (currentInput != null) {
            throw new IllegalStateException("input " + currentInput + " was not ended");
        }
        currentInput = displayName;
        inputs.add(displayName);
        inputWindows = nextWindows;
        warningsAtBegin.clear();
        diagnostics.warnings().forEach((kind, e) -> warningsAtBegin.put(kind, e.count()));
        notesAtBegin.clear();
        diagnostics.notes().forEach((kind, e) -> notesAtBegin.put(kind, e.count()));
    }

    @Override
    public int thread(String pid, String tid) {
        String label = "pid " + pid + " tid " + tid;
        return track("T\u0000" + pid + '\u0000' + tid, label, pid, tid, false,
                () -> topLevel(label, new TopLevel(false, pid, tid)));
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        return track("A\u0000" + pid + '\u0000' + cat + '\u0000' + id,
                "async pid " + pid + " cat " + cat + " id " + id, pid, null, true,
                () -> topLevel("async pid " + pid, new TopLevel(true, pid, "")));
    }

    private int track(String key, String label, String pid, String tid, boolean async, IntSupplier topFrame) {
        int id = trackIds.getIfAbsent(key, -1);
        if (id < 0) {
            id = tracks.size();
            trackTids.add(tid);
            tracks.add(new TrackFold(label, pid, async, options.threads().splits() ? topFrame.getAsInt() : -1,
                    async ? options.async().asyncPart() : Part.THREAD));
            trackIds.put(key, id);
        }
        return id;
    }

    private int topLevel(String fallbackName, TopLevel whose) {
        int frame = frames.intern(fallbackName);
        topLevels.put(frame, whose);
        return frame;
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        add(track, tsNanos, TrackEvents.BEGIN, frameId);
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        add(track, tsNanos, TrackEvents.END, regionId);
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        if (badDuration(tsNanos, durNanos)) {
            diagnostics.warn(Diagnostics.BAD_DURATION, currentInput + ": " + tracks.get(track).label
                    + ": X '" + frames.regionName(frameId) + "' ends beyond the representable time");
            return;
        }
        add(track, tsNanos, durNanos, frameId);
    }

    /** Long.MAX_VALUE itself marks an open begin in the replay, so an X must end before it. */
    private static boolean badDuration(long tsNanos, long durNanos) {
        return durNanos < 0 || tsNanos >= Long.MAX_VALUE - durNanos;
    }

    private void add(int track, long tsNanos, long dur, int id) {
        countEvent();
        TrackFold t = tracks.get(track);
        if (t.async && options.async() == AsyncMode.OFF) {
            diagnostics.note(AsyncMode.NOTE_OFF);
            return;
        }
        if (t.broken) {
            return;
        }
        if (t.replay != null && tsNanos <= t.frontierNanos) {
            // Too late: this event belongs before what was replayed. Only a second reading can fold it exactly.
            bufferedEvents -= t.buffer.size();
            t.reset();
            t.broken = true;
            brokenTracks++;
            return;
        }
        if (t.received > 0 && (tsNanos < minus(t.maxSeenNanos, options.reorderWindowNanos())
                || dur >= 0 && tsNanos < t.maxSeenNanos && tsNanos + dur >= t.maxSeenNanos)) {
            // Too far back, or an X around what came before it: a parent after its children, the mark of
            // completion order, whose outermost frames come last (and would break a replay while reading).
            t.disordered = true;
        }
        t.maxSeenNanos = Math.max(t.maxSeenNanos, tsNanos);
        t.buffer.add(tsNanos, dur, id);
        t.received++;
        if (!TrackEvents.isCounter(dur)) {
            t.timed++;
        }
        if (++bufferedEvents > options.spillLimitEvents()) {
            relieve();
        }
    }

    /** {@code a - b} for {@code b >= 0}, without wrapping below {@link Long#MIN_VALUE}. */
    private static long minus(long a, long b) {
        long d = a - b;
        return d > a ? Long.MIN_VALUE : d;
    }

    /**
     * Brings the buffered events back to half the limit: replays what is older than the window on the
     * in-order tracks (when allowed), then spills the largest buffers as sorted runs.
     */
    private void relieve() {
        if (replayWhileReading) {
            for (TrackFold t : tracks) {
                if (!t.disordered && !t.broken && !t.hasRuns() && t.buffer.size() > 0) {
                    bufferedEvents -= t.replayBefore(minus(t.maxSeenNanos, options.reorderWindowNanos()), this::newTree,
                            inputWindows, currentInput, options.warningExamples());
                }
            }
        }
        long lowWater = options.spillLimitEvents() / 2;
        if (bufferedEvents <= lowWater) {
            return;
        }
        long[] bySize = new long[tracks.size()];
        for (int i = 0; i < bySize.length; i++) {
            bySize[i] = ((long) tracks.get(i).buffer.size() << 32) | i;
        }
        Arrays.sort(bySize);
        for (int k = bySize.length - 1; k >= 0 && bufferedEvents > lowWater && (bySize[k] >>> 32) > 0; k--) {
            if (spill == null) {
                spill = new SpillFile(options.spillDirectory());
            }
            bufferedEvents -= tracks.get((int) bySize[k]).spill(spill);
            runsSpilled++;
        }
    }

    /** Folds one stack sample into the input's own tree of samples (see the class comment). */
    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                       int depth) {
        sample(track, tsNanos, weight, amount, samples, frameIds, depth, Part.SAMPLES);
    }

    /** Adds a weight to the traced calls of its stack, in the thread part, as the calls they were met in. */
    @Override
    public void weigh(int track, long tsNanos, Metric weight, long amount, int[] frameIds, int depth) {
        sample(track, tsNanos, weight, amount, 0, frameIds, depth, Part.THREAD);
    }

    private void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                        int depth, Part part) {
        countEvent();
        if (depth <= 0) {
            diagnostics.note(Diagnostics.EMPTY_STACK);
            return;
        }
        if (samples < 0) {
            throw new IllegalArgumentException("a sample stands for at least 0 samples, got " + samples);
        }
        TrackFold t = tracks.get(track);
        t.samples = CallTree.saturated(t.samples, samples);
        String key = options.splitByPid() ? t.pid : "";
        if (!options.selection().isAll()) {
            // Whether the track is kept is known when its input ends, with its thread's name: its samples wait apart.
            key = "\u0000" + track;
            sampleTracks.put(key, track);
        }
        // Not computeIfAbsent: its lambda, which captures this, was made anew for every sample.
        CallTree tree = inputSamples.get(key);
        if (tree == null) {
            tree = new CallTree(frames);
            inputSamples.put(key, tree);
        }
        // Samples are a part of their own: their time is the same wall time as their threads' spans.
        int shared = 0;
        if (tree == lastSampleTree && t.rootFrame == lastSampleRootFrame && part == lastSamplePart) {
            int n = Math.min(depth, lastSampleDepth);
            shared = Arrays.mismatch(frameIds, 0, n, lastSampleStack, 0, n);
            shared = shared < 0 ? n : shared;
        } else {
            lastSampleRootNode = t.rootFrame >= 0 ? tree.child(CallTree.ROOT, t.rootFrame, part) : CallTree.ROOT;
        }
        if (lastSampleStack.length < depth) {
            int length = Math.max(depth, 2 * lastSampleStack.length);
            lastSampleStack = Arrays.copyOf(lastSampleStack, length);
            lastSampleNodes = Arrays.copyOf(lastSampleNodes, length);
        }
        int node = shared > 0 ? lastSampleNodes[shared - 1] : lastSampleRootNode;
        for (int i = shared; i < depth; i++) {
            node = node == CallTree.ROOT ? tree.child(CallTree.ROOT, frameIds[i], part) : tree.child(node, frameIds[i]);
            lastSampleStack[i] = frameIds[i];
            lastSampleNodes[i] = node;
        }
        lastSampleTree = tree;
        lastSampleRootFrame = t.rootFrame;
        lastSamplePart = part;
        lastSampleDepth = depth;
        if (SampleWeights.isTime(weight)) {
            tree.addSamples(node, amount, samples);
        } else {
            tree.enable(MetricGroup.ofWeight(weight));
            tree.addSamples(node, weight, amount, samples);
        }
        if (inputWindows != null) {
            inputSamplePhases.computeIfAbsent(tree, st -> new PhaseTrees(st, inputWindows, this::newTree))
                    .sample(node, tsNanos, weight, amount, samples);
        }
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        if (!Double.isNaN(cpuUsage)) {
            add(track, tsNanos, TrackEvents.counterDur(cpuUsage), TrackEvents.counterId(regionId, cpuUsage, false, false));
        }
        if (!Double.isNaN(memoryUsage)) {
            add(track, tsNanos, TrackEvents.counterDur(memoryUsage),
                    TrackEvents.counterId(regionId, memoryUsage, true, !Double.isNaN(cpuUsage)));
        }
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        if (!options.selection().selectsProcess(pid)) {
            return;
        }
        CounterSeries sample = CounterSeries.of(pid, name, id, series, tsNanos, value);
        inputCounters.merge(sample.key(), sample, CounterSeries::plus);
        if (inputWindows != null) {
            int w = inputWindows.windowAt(tsNanos);
            if (w >= 0) {
                phaseInputCounters.get(inputWindows.phaseOf(w)).merge(sample.key(), sample, CounterSeries::plus);
            }
        }
    }

    @Override
    public void displayTimeUnit(String unit) {
        // The Trace Event Format names ms and ns; PerfFlowAspect writes us. Every unit we can print is honoured.
        if (!"s".equals(unit) && !"ms".equals(unit) && !"us".equals(unit) && !"ns".equals(unit)) {
            diagnostics.note(DISPLAY_TIME_UNIT_IGNORED);
            return;
        }
        if (displayUnits.add(unit) && displayUnits.size() == 2) {
            diagnostics.note(DISPLAY_TIME_UNITS_DIFFER);
        }
        inputsAskingUnit.set(Math.max(0, inputs.size() - 1));
    }

    /**
     * Adds everything {@code other} folded (its inputs, all ended) to this folder, as if its inputs had been
     * folded here after this folder's own: the tree node by node (nodes this folder lacks are created in the
     * order {@code other} created them), warnings and notes, names, counter series and display unit hints.
     * So inputs can be folded apart on several threads and added in input order with the same result as
     * folding them here one after another. Not for trees split by pid or threads split (their top levels
     * are named from all inputs' names).
     */
    public void absorb(Folder other) {
        if (currentInput != null || other.currentInput != null) {
            throw new IllegalStateException("inputs must be ended before folders are added");
        }
        if (options.splitByPid() || other.options.splitByPid() || options.threads() != ThreadMode.MERGE
                || other.options.threads() != ThreadMode.MERGE) {
            throw new IllegalStateException("folders split by pid or threads are not added");
        }
        // Names, then frames, each in the order the other folder met them: the ids they would have had here.
        for (int n = 0; n < other.names.size(); n++) {
            names.intern(other.names.name(n));
        }
        int[] frameMap = new int[other.frames.size()];
        for (int f = 0; f < frameMap.length; f++) {
            frameMap[f] = frames.intern(other.frames.regionName(f), other.frames.callsiteName(f));
        }
        TreeAdd.intoMapped(other.tree, tree, f -> frameMap[f]);
        if (other.phaseCount > 0) {
            havePhases(other.phaseCount);
            for (int p = 0; p < phaseCount; p++) {
                if (other.phaseTrees[p] != null) {
                    TreeAdd.intoMapped(other.phaseTrees[p], phaseTree(p), f -> frameMap[f]);
                }
                Map<String, CounterSeries> mine = phaseCounterSeries.get(p);
                other.phaseCounterSeries.get(p).forEach((key, series) -> mine.merge(key, series, CounterSeries::plus));
            }
        }
        boolean agreed = displayUnits.size() < 2;
        displayUnits.addAll(other.displayUnits);
        int offset = inputs.size();
        other.inputsAskingUnit.stream().forEach(i -> inputsAskingUnit.set(offset + i));
        if (agreed && displayUnits.size() >= 2 && other.displayUnits.size() < 2) {
            diagnostics.note(DISPLAY_TIME_UNITS_DIFFER);
        }
        diagnostics.addAll(other.diagnostics);
        inputs.addAll(other.inputs);
        processNames.putAll(other.processNames);
        threadNames.putAll(other.threadNames);
        other.counters.forEach((key, series) -> counters.merge(key, series, CounterSeries::plus));
        runsSpilled += other.runsSpilled;
        secondReadings += other.secondReadings;
    }

    /**
     * The inputs' display unit hint (SEMANTICS.md section 1, "Counters"): null when none asks for one; the one
     * they ask for when every input asks for it; else ms, the Trace Event Format's default, so that one input's
     * hint never decides the unit of the others' times (and one input asking for two is none).
     */
    private String displayUnit() {
        if (displayUnits.isEmpty() || inputs.size() <= 1 && displayUnits.size() > 1) {
            return null;
        }
        return displayUnits.size() == 1 && inputsAskingUnit.cardinality() >= inputs.size()
                ? displayUnits.iterator().next() : "ms";
    }

    private static List<CounterSeries> sorted(Map<String, CounterSeries> series) {
        List<CounterSeries> list = new ArrayList<>(series.values());
        list.sort(CounterSeries.ORDER);
        return list;
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
        if (brokenTracks > 0) {
            awaitingSecondReading = true;
            return;
        }
        finishInput();
    }

    /** Replays every track of the input in order, adds the trees up, and forgets the input. */
    private void finishInput() {
        try {
            finishLargeTracksInParallel();
            Map<String, CallTree> byPid = new LinkedHashMap<>();
            Map<CallTree, PhaseTrees> phasesOf = new java.util.IdentityHashMap<>();
            // The input's own tree first, then added: region counter sums then associate per input, the same
            // whether inputs are folded here one after another or apart and added (absorb).
            CallTree inputTree = options.splitByPid() ? null : newTree();
            if (inputTree != null && inputWindows != null) {
                phasesOf.put(inputTree, new PhaseTrees(inputTree, inputWindows, this::newTree));
            }
            boolean leftOut = false;
            for (int i = 0; i < tracks.size(); i++) {
                TrackFold t = tracks.get(i);
                if (!selected(i)) {
                    diagnostics.note(TRACK_NOT_SELECTED, currentInput + ": " + trackName(i));
                    leftOut = true;
                    continue;
                }
                boolean replayed = !t.broken && (!options.splitByPid() || t.timed > 0);
                CallTree target = inputTree;
                if (options.splitByPid() && (replayed || t.samples > 0)) {
                    // A pid with samples is a node even without timed events; pids come in track order.
                    target = byPid.computeIfAbsent(t.pid, p -> {
                        CallTree pidTree = newTree();
                        if (inputWindows != null) {
                            phasesOf.put(pidTree, new PhaseTrees(pidTree, inputWindows, this::newTree));
                        }
                        return pidTree;
                    });
                }
                if (replayed) {
                    workers.cancel().check();
                    finishTrack(t, target, phasesOf.get(target));
                }
            }
            // The samples after the tracks, whole: they add up the same whether inputs fold here or apart.
            boolean[] samplesLeftOut = {false};
            inputSamples.forEach((key, samples) -> {
                Integer track = sampleTracks.get(key);
                if (track != null && !selected(track)) {
                    samplesLeftOut[0] = true;
                    return;
                }
                CallTree into = inputTree != null ? inputTree : byPid.get(track == null ? key : tracks.get(track).pid);
                TreeAdd.into(samples, into, IntUnaryOperator.identity());
                addPhases(inputSamplePhases.get(samples), phasesOf.get(into));
            });
            boolean gave = !inputCounters.isEmpty() || (inputTree != null ? inputTree.size() > 1
                    : byPid.values().stream().anyMatch(t -> t.size() > 1));
            if (!gave && !leftOut && !samplesLeftOut[0]) {
                warnNothingToProfile();
            }
            if (inputTree != null) {
                TreeAdd.into(inputTree, tree, IntUnaryOperator.identity());
                PhaseTrees inputPhases = phasesOf.get(inputTree);
                if (inputPhases != null) {
                    for (int p = 0; p < phaseCount; p++) {
                        if (inputPhases.tree(p) != null) {
                            TreeAdd.into(inputPhases.tree(p), phaseTree(p), IntUnaryOperator.identity());
                        }
                    }
                }
            }
            byPid.forEach((pid, pidTree) -> {
                pidNodes.add(pidProfile(pidTree, pid, inputCounters));
                if (phaseCount > 0) {
                    PhaseTrees pidPhases = phasesOf.get(pidTree);
                    List<Profile> perPhase = new ArrayList<>(phaseCount);
                    for (int p = 0; p < phaseCount; p++) {
                        CallTree phaseTree = pidPhases == null || pidPhases.tree(p) == null ? newTree() : pidPhases.tree(p);
                        perPhase.add(pidProfile(phaseTree, pid, phaseInputCounters.get(p)));
                    }
                    pidPhaseNodes.add(perPhase);
                }
            });
            pidNames.addAll(byPid.keySet());
            inputCounters.forEach((key, series) -> counters.merge(key, series, CounterSeries::plus));
            for (int p = 0; p < phaseCount; p++) {
                Map<String, CounterSeries> all = phaseCounterSeries.get(p);
                phaseInputCounters.get(p).forEach((key, series) -> all.merge(key, series, CounterSeries::plus));
            }
        } finally {
            forgetInput();
        }
    }

    /**
     * Counts the current input as {@link Diagnostics#NO_EVENTS}: it gave no call, sample or counter value (and no
     * selection left its tracks out). The example says what the input held instead, the warnings and notes its
     * reading counted, or that it held no events at all.
     */
    private void warnNothingToProfile() {
        DiagnosticWords words = diagnostics.words();
        // Kinds said in the same words (phases i and I: instant events) are said once, their counts added.
        Map<String, String> kindOf = new LinkedHashMap<>();
        Map<String, Long> counts = new HashMap<>();
        for (boolean warnings : new boolean[] {true, false}) {
            (warnings ? diagnostics.warnings() : diagnostics.notes()).forEach((kind, e) -> {
                long n = e.count() - (warnings ? warningsAtBegin : notesAtBegin).getOrDefault(kind, 0L);
                if (n > 0) {
                    String said = words.words(kind, 2);
                    kindOf.putIfAbsent(said, kind);
                    counts.merge(said, n, Long::sum);
                }
            });
        }
        List<String> held = new ArrayList<>();
        kindOf.forEach((said, kind) -> held.add(words.counted(kind, counts.get(said))));
        // A few kinds say what the input was; a trace of many event names (LTTng's) would make a line of each.
        String said = held.size() <= HELD_KINDS_SAID ? String.join(", ", held)
                : String.join(", ", held.subList(0, HELD_KINDS_SAID)) + " and " + (held.size() - HELD_KINDS_SAID)
                + " more kinds";
        diagnostics.warn(Diagnostics.NO_EVENTS, currentInput + ": " + (held.isEmpty() ? "the input holds no events"
                : "no call, sample or counter value; it held only " + said));
    }

    private Profile pidProfile(CallTree pidTree, String pid, Map<String, CounterSeries> seriesOfInput) {
        return Profile.single(named(pidTree), List.of(currentInput), namesOf(processNames, pid),
                namesOf(threadNames, pid)).withCounters(sorted(countersOf(pid, seriesOfInput)), displayUnit());
    }

    /**
     * With jobs, replays the large tracks that live in memory only (no runs, no replay while reading, not
     * split by pid) each into its own tree, at the same time; {@link #finishTrack} then adds them in order.
     * A replay reads the shared tables and writes only its own tree and diagnostics.
     */
    private void finishLargeTracksInParallel() {
        if (workers.parallelism() < 2 || spill != null || options.splitByPid()) {
            return;
        }
        List<TrackFold> large = new ArrayList<>();
        for (int i = 0; i < tracks.size(); i++) {
            TrackFold t = tracks.get(i);
            if (!t.broken && selected(i) && t.replay == null && !t.hasRuns() && t.buffer.size() >= parallelTrackEvents) {
                large.add(t);
            }
        }
        if (large.size() < 2) {
            return;
        }
        List<Workers.Forked<Void>> done = new ArrayList<>();
        String input = currentInput;
        Windows windows = inputWindows;
        try {
            for (TrackFold t : large) {
                done.add(workers.fork(() -> {
                    TrackReplay own = new TrackReplay();
                    t.ownTree = newTree();
                    t.ownPhases = windows == null ? null : new PhaseTrees(t.ownTree, windows, this::newTree);
                    t.ownDiagnostics = new Diagnostics(options.warningExamples());
                    own.start(t.ownTree, t.ownPhases, t.ownDiagnostics, input, t.label, t.async, t.rootFrame,
                            t.part);
                    t.replayRest(null, own, workers.cancel());
                    own.finish();
                    t.finished = true;
                    return null;
                }));
            }
            for (Workers.Forked<Void> f : done) {
                f.join();
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // replaying memory reads no file: not expected
        } finally {
            done.forEach(Workers.Forked::settle);
        }
    }

    private void finishTrack(TrackFold t, CallTree target, PhaseTrees targetPhases) {
        if (t.finished) {
            TreeAdd.into(t.ownTree, target, IntUnaryOperator.identity());
            addPhases(t.ownPhases, targetPhases);
            diagnostics.addAll(t.ownDiagnostics);
        } else if (t.replay != null) {
            t.replayRest(spill, t.replay, workers.cancel());
            t.replay.finish();
            // Added in track order: the nodes come out as if the track had been replayed here.
            TreeAdd.into(t.ownTree, target, IntUnaryOperator.identity());
            addPhases(t.ownPhases, targetPhases);
            diagnostics.addAll(t.ownDiagnostics);
        } else {
            replay.start(target, targetPhases, diagnostics, currentInput, t.label, t.async, t.rootFrame, t.part);
            t.replayRest(spill, replay, workers.cancel());
            replay.finish();
        }
    }

    /** True when track {@code i} of the input is folded: the selection keeps it, with the names known now. */
    private boolean selected(int i) {
        ThreadSelection selection = options.selection();
        if (selection.isAll()) {
            return true;
        }
        TrackFold t = tracks.get(i);
        String tid = trackTids.get(i);
        return selection.selects(t.async, t.pid, tid, t.async ? null : threadNames.get(t.pid + "/" + tid));
    }

    /** Track {@code i} in words, with its thread's name when it has one. */
    private String trackName(int i) {
        TrackFold t = tracks.get(i);
        String name = t.async ? null : threadNames.get(t.pid + "/" + trackTids.get(i));
        return name == null ? t.label : t.label + " (" + name + ")";
    }

    private static Map<String, CounterSeries> countersOf(String pid, Map<String, CounterSeries> seriesOfInput) {
        Map<String, CounterSeries> mine = new LinkedHashMap<>();
        seriesOfInput.forEach((key, series) -> {
            if (series.pid().equals(pid)) {
                mine.put(key, series);
            }
        });
        return mine;
    }

    private void forgetInput() {
        inputCounters.clear();
        phaseInputCounters.forEach(Map::clear);
        inputSamples.clear();
        inputSamplePhases.clear();
        inputWindows = null;
        lastSampleTree = null;
        tracks.clear();
        trackTids.clear();
        sampleTracks.clear();
        trackIds.clear();
        bufferedEvents = 0;
        brokenTracks = 0;
        awaitingSecondReading = false;
        currentInput = null;
        SpillFile file = spill;
        spill = null;
        if (file != null) {
            file.close();
        }
    }

    /** Discards the input being read, if any, and deletes its temporary file. The folded tree stays. */
    @Override
    public void close() {
        forgetInput();
    }

    /** Path of the current input's temporary file of runs, or null when nothing was spilled (for tests). */
    Path spillPath() {
        return spill == null ? null : spill.path();
    }

    /** How many sorted runs were written to temporary files so far. */
    public long runsSpilled() {
        return runsSpilled;
    }

    /** How many inputs {@link #fold} had to read a second time so far. */
    public int secondReadings() {
        return secondReadings;
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

    /** A tree over this folder's frames, keeping call-time sketches when the options say so. */
    private CallTree newTree() {
        CallTree t = new CallTree(frames);
        if (options.keepCallTimes()) {
            t.keepCallTimes();
        }
        return t;
    }

    /**
     * With threads split, a copy of {@code folded} whose top levels have the names known now (namesakes told
     * apart by their pid and tid, unless by name); else itself.
     */
    private CallTree named(CallTree folded) {
        if (!options.threads().splits()) {
            return folded;
        }
        Map<Integer, String> names = topLevelNames();
        CallTree named = newTree();
        TreeAdd.into(folded, named, frame -> {
            String name = names.get(frame);
            return name == null ? frame : frames.intern(name);
        });
        return named;
    }

    /** Each top level's frame, as folded, to the name {@link #named} gives it (absent: its frame's own name). */
    private Map<Integer, String> topLevelNames() {
        Map<String, Integer> threadsNamed = new HashMap<>();
        if (options.threads() == ThreadMode.SPLIT) {
            topLevels.forEachValue(whose -> {
                String name = whose.async() ? null : threadNames.get(whose.pid() + "/" + whose.tid());
                if (name != null) {
                    threadsNamed.merge(name, 1, Integer::sum);
                }
            });
        }
        Map<Integer, String> names = new HashMap<>();
        topLevels.forEachKeyValue((frame, whose) -> {
            String name = whose.async()
                    ? "async " + processNames.getOrDefault(whose.pid(), "pid " + whose.pid())
                    : threadNames.get(whose.pid() + "/" + whose.tid());
            if (name != null && threadsNamed.getOrDefault(name, 0) > 1) {
                // perf script's default output names no pid: the tid alone then tells the thread.
                name = name + (whose.pid().isEmpty() ? " (tid " : " (pid " + whose.pid() + " tid ") + whose.tid() + ")";
            }
            if (name != null) {
                names.put(frame, name);
            }
        });
        return names;
    }

    /**
     * With threads split, the process of each top level of {@link #tree()} and {@link #toProfile()} (and of the
     * phases'), by the name the top level has there: its pid, empty when the input names none (perf script's
     * default output) or when top levels of two processes have that name ({@code --threads by-name}). Empty
     * without threads split.
     */
    public Map<String, String> topLevelPids() {
        if (!options.threads().splits()) {
            return Map.of();
        }
        Map<Integer, String> names = topLevelNames();
        Map<String, String> pids = new HashMap<>();
        topLevels.forEachKeyValue((frame, whose) -> {
            String name = names.getOrDefault(frame, frames.regionName(frame));
            pids.merge(name, whose.pid(), (a, b) -> a.equals(b) ? a : "");
        });
        return pids;
    }

    /**
     * With split by pid: one single-node tree profile per (input, pid) in the order met, each naming its
     * input and carrying the names of its own process and threads; {@link #nodePids()} gives their pids.
     */
    public List<Profile> nodeProfiles() {
        if (!options.splitByPid()) {
            throw new IllegalStateException("this folder does not split by pid");
        }
        return List.copyOf(pidNodes);
    }

    /** The pid of each of {@link #nodeProfiles()}, index for index. */
    public List<String> nodePids() {
        return List.copyOf(pidNames);
    }

    /**
     * The tree folded so far (complete after the last {@link #endInput}); with threads split, a copy whose
     * top levels have the thread names known now.
     */
    public CallTree tree() {
        return named(tree);
    }

    /** The folded tree as a single-node tree-view profile, with the inputs' process and thread names. */
    public Profile toProfile() {
        if (currentInput != null) {
            throw new IllegalStateException("input " + currentInput + " was not ended");
        }
        return Profile.single(named(tree), inputs, processNames, threadNames)
                .withCounters(sorted(counters), displayUnit());
    }

    /**
     * The folded phases ({@link #windows}) as profiles, index by phase, each as {@link #toProfile()} gives the
     * whole: the calls cut to the phase's windows, the samples and counters of its times, the inputs' names.
     * A phase nothing landed in has an empty tree. Empty when no windows were set.
     */
    public List<Profile> phaseProfiles() {
        if (currentInput != null) {
            throw new IllegalStateException("input " + currentInput + " was not ended");
        }
        List<Profile> phases = new ArrayList<>(phaseCount);
        for (int p = 0; p < phaseCount; p++) {
            CallTree phaseTree = phaseTrees[p] == null ? newTree() : phaseTrees[p];
            phases.add(Profile.single(named(phaseTree), inputs, processNames, threadNames)
                    .withCounters(sorted(phaseCounterSeries.get(p)), displayUnit()));
        }
        return phases;
    }

    /**
     * With split by pid and windows: per node of {@link #nodeProfiles()} (same order), its phase profiles index
     * by phase, as {@link #phaseProfiles()} gives them. Empty when no windows were set.
     */
    public List<List<Profile>> nodePhaseProfiles() {
        if (!options.splitByPid()) {
            throw new IllegalStateException("this folder does not split by pid");
        }
        return List.copyOf(pidPhaseNodes);
    }

    /**
     * The sink of a second reading of the input: only the broken tracks' timed events are kept, buffered
     * (and spilled) as any; everything else was taken in the first reading, and what the collector counts
     * again goes to a diagnostics that is thrown away.
     */
    private final class SecondReading implements EventSink {
        private final Diagnostics counted = new Diagnostics();

        @Override
        public FrameTable frames() {
            return frames;
        }

        @Override
        public Diagnostics diagnostics() {
            return counted;
        }

        @Override
        public void beginInput(String displayName) {
            if (!awaitingSecondReading) {
                throw new IllegalStateException("no input waits to be read again");
            }
            awaitingSecondReading = false;
            for (TrackFold t : tracks) {
                if (t.broken) {
                    t.broken = false;
                    t.reread = true;
                }
            }
            brokenTracks = 0;
        }

        @Override
        public int thread(String pid, String tid) {
            return reread("T\u0000" + pid + '\u0000' + tid);
        }

        @Override
        public int asyncTrack(String pid, String cat, String id) {
            return reread("A\u0000" + pid + '\u0000' + cat + '\u0000' + id);
        }

        private int reread(String key) {
            int id = trackIds.getIfAbsent(key, -1);
            return id >= 0 && tracks.get(id).reread ? id : -1;
        }

        @Override
        public void begin(int track, long tsNanos, int frameId) {
            if (track >= 0) {
                add(track, tsNanos, TrackEvents.BEGIN, frameId);
            }
        }

        @Override
        public void end(int track, long tsNanos, int regionId) {
            if (track >= 0) {
                add(track, tsNanos, TrackEvents.END, regionId);
            }
        }

        @Override
        public void complete(int track, long tsNanos, long durNanos, int frameId) {
            if (track >= 0 && !badDuration(tsNanos, durNanos)) {
                add(track, tsNanos, durNanos, frameId);
            }
        }

        @Override
        public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                       int depth) {
        }

        @Override
        public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
            if (track >= 0) {
                Folder.this.regionCounter(track, tsNanos, regionId, cpuUsage, memoryUsage);
            }
        }

        @Override
        public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        }

        @Override
        public void displayTimeUnit(String unit) {
        }

        @Override
        public void processName(String pid, String name) {
        }

        @Override
        public void threadName(String pid, String tid, String name) {
        }

        @Override
        public void endInput() {
            finishInput();
        }
    }
}
