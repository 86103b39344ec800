package dev.ppw.collect.chrome;

import dev.ppw.model.Metric;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;

import java.util.ArrayList;
import java.util.List;

/**
 * Records the sink calls that {@link ChromeTraceReader}'s event logic makes for the events of one chunk, on
 * the thread that parses the chunk, with tables of its own; {@link #replay} makes the same calls on the real
 * sink, in the same order, on the replaying thread. Track, frame and name ids are this recorder's and are
 * mapped on first use, in the order of the calls, so that the real sink creates tracks and frames in the
 * order the sequential reader would.
 *
 * <p>Every {@link EventSink} method must be recorded here: a new one needs a call kind and a line in
 * {@link #replay} (RecordingSinkTest fails until it has them).
 */
final class RecordingSink implements EventSink {
    /** The sample count a recorded {@link EventSink#weigh} carries: a weight of calls, no sample. */
    private static final long WEIGHT_OF_CALLS = -1;
    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics unused = new Diagnostics();
    private final List<String[]> tracks = new ArrayList<>();
    private final List<Call> calls = new ArrayList<>();

    /** One recorded call: what, and its arguments (ids are this recorder's). */
    private record Call(int kind, int track, long ts, long dur, int id, String a, String b, String c, String d,
                        double x, double y, Metric weight, long samples) {
        Call(int kind, int track, long ts, long dur, int id, String a, String b, String c) {
            this(kind, track, ts, dur, id, a, b, c, null, Double.NaN, Double.NaN, null, 0);
        }

        Call(int kind, int track, long ts, long dur, int id, String a, String b, String c, String d, double x,
             double y) {
            this(kind, track, ts, dur, id, a, b, c, d, x, y, null, 0);
        }
    }

    private static final int THREAD = 0;
    private static final int ASYNC = 1;
    private static final int BEGIN = 2;
    private static final int END = 3;
    private static final int COMPLETE = 4;
    private static final int PROCESS_NAME = 5;
    private static final int THREAD_NAME = 6;
    private static final int SAMPLE = 7;
    private static final int REGION_COUNTER = 8;
    private static final int COUNTER = 9;
    private static final int DISPLAY_TIME_UNIT = 10;
    private static final int INSTANT = 11;

    @Override
    public FrameTable frames() {
        return frames;
    }

    /** Not used: the event logic is given a diagnostics object per event. */
    @Override
    public Diagnostics diagnostics() {
        return unused;
    }

    /** Calls recorded so far: an event's calls are those between two marks. */
    int mark() {
        return calls.size();
    }

    /** Forgets the calls from {@code mark} on (an event to be read again by the replaying thread). */
    void reset(int mark) {
        while (calls.size() > mark) {
            calls.removeLast();
        }
    }

    @Override
    public void beginInput(String displayName) {
        throw new IllegalStateException("the event logic never begins an input: the replaying reader does");
    }

    @Override
    public int thread(String pid, String tid) {
        tracks.add(new String[] {pid, tid});
        calls.add(new Call(THREAD, tracks.size() - 1, 0, 0, 0, pid, tid, null));
        return tracks.size() - 1;
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        tracks.add(new String[] {pid, cat, id});
        calls.add(new Call(ASYNC, tracks.size() - 1, 0, 0, 0, pid, cat, id));
        return tracks.size() - 1;
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        calls.add(new Call(BEGIN, track, tsNanos, 0, frameId, null, null, null));
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        calls.add(new Call(END, track, tsNanos, 0, regionId, null, null, null));
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        calls.add(new Call(COMPLETE, track, tsNanos, durNanos, frameId, null, null, null));
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, int[] frameIds, int depth) {
        sample(track, tsNanos, weight, amount, 1, frameIds, depth);
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                       int depth) {
        // Chrome JSON events carry no samples today; recorded as a frame list all the same.
        StringBuilder ids = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            ids.append(i == 0 ? "" : ",").append(frameIds[i]);
        }
        calls.add(new Call(SAMPLE, track, tsNanos, amount, depth, ids.toString(), null, null, null, Double.NaN,
                Double.NaN, weight, samples));
    }

    /** Recorded as a sample of no count that replays as {@link EventSink#weigh}. */
    @Override
    public void weigh(int track, long tsNanos, Metric weight, long amount, int[] frameIds, int depth) {
        sample(track, tsNanos, weight, amount, WEIGHT_OF_CALLS, frameIds, depth);
    }

    @Override
    public void processName(String pid, String name) {
        calls.add(new Call(PROCESS_NAME, 0, 0, 0, 0, pid, name, null));
    }

    @Override
    public void threadName(String pid, String tid, String name) {
        calls.add(new Call(THREAD_NAME, 0, 0, 0, 0, pid, tid, name));
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        calls.add(new Call(REGION_COUNTER, track, tsNanos, 0, regionId, null, null, null, null, cpuUsage,
                memoryUsage));
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        calls.add(new Call(COUNTER, 0, tsNanos, 0, 0, pid, name, id, series, value, Double.NaN));
    }

    @Override
    public void instant(String pid, String tid, long tsNanos, String name) {
        calls.add(new Call(INSTANT, 0, tsNanos, 0, 0, pid, tid, name, null, Double.NaN, Double.NaN));
    }

    @Override
    public void displayTimeUnit(String unit) {
        calls.add(new Call(DISPLAY_TIME_UNIT, 0, 0, 0, 0, unit, null, null));
    }

    @Override
    public void endInput() {
        throw new IllegalStateException("the event logic never ends an input: the replaying reader does");
    }

    /** Makes the calls in [{@code from}, {@code to}) on {@code sink}; {@code trackIds} maps this recorder's tracks (-1: not yet). */
    void replay(int from, int to, EventSink sink, int[] trackIds) {
        for (int k = from; k < to; k++) {
            Call c = calls.get(k);
            switch (c.kind) {
                case THREAD -> trackIds[c.track] = sink.thread(c.a, c.b);
                case ASYNC -> trackIds[c.track] = sink.asyncTrack(c.a, c.b, c.c);
                case BEGIN -> sink.begin(trackIds[c.track], c.ts, sink.frames().intern(frames.regionName(c.id)));
                case END -> sink.end(trackIds[c.track], c.ts,
                        c.id == NO_NAME ? NO_NAME : sink.frames().names().intern(names.name(c.id)));
                case COMPLETE -> sink.complete(trackIds[c.track], c.ts, c.dur,
                        sink.frames().intern(frames.regionName(c.id)));
                case REGION_COUNTER -> sink.regionCounter(trackIds[c.track], c.ts,
                        sink.frames().names().intern(names.name(c.id)), c.x, c.y);
                case COUNTER -> sink.counter(c.a, c.b, c.c, c.d, c.ts, c.x);
                case INSTANT -> sink.instant(c.a, c.b, c.ts, c.c);
                case DISPLAY_TIME_UNIT -> sink.displayTimeUnit(c.a);
                case PROCESS_NAME -> sink.processName(c.a, c.b);
                case THREAD_NAME -> sink.threadName(c.a, c.b, c.c);
                case SAMPLE -> {
                    int[] ids = new int[c.id];
                    String[] parts = c.a.isEmpty() ? new String[0] : c.a.split(",");
                    for (int i = 0; i < parts.length; i++) {
                        ids[i] = sink.frames().intern(frames.regionName(Integer.parseInt(parts[i])));
                    }
                    if (c.samples == WEIGHT_OF_CALLS) {
                        sink.weigh(trackIds[c.track], c.ts, c.weight, c.dur, ids, c.id);
                    } else {
                        sink.sample(trackIds[c.track], c.ts, c.weight, c.dur, c.samples, ids, c.id);
                    }
                }
                default -> throw new IllegalStateException("call kind " + c.kind);
            }
        }
    }

    /** How many tracks were asked for (the size of the replay's track map). */
    int trackCount() {
        return tracks.size();
    }
}
