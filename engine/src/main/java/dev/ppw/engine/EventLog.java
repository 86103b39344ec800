package dev.ppw.engine;

import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.NameTable;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.api.map.primitive.MutableObjectIntMap;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.ObjectIntHashMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The events of one followed input as its collector pushed them into the sink, kept compact (an operation code
 * and the int fields of each event in one int list, its times and amounts in one long list, its texts once each
 * in a pool), so that a snapshot can fold everything read so far into a fresh sink while the input is still
 * being read: {@link #replay} pushes the same calls again, in the same order. Memory grows with the events
 * read (about 20 bytes for a begin, an end or a complete event): docs/memory.md.
 *
 * <p>Frame and region ids are those of the collector's {@link FrameTable}; a replay translates them into the
 * target's table by name. Tracks are keyed by the id the collector's sink gave them (valid for the one input).
 * Not thread-safe: recorded and replayed on the one reading thread.
 */
final class EventLog {
    private static final int BEGIN = 1;
    private static final int END = 2;
    private static final int COMPLETE = 3;
    private static final int SAMPLE = 4;
    private static final int PROCESS_NAME = 5;
    private static final int THREAD_NAME = 6;
    private static final int REGION_COUNTER = 7;
    private static final int COUNTER = 8;
    private static final int DISPLAY_TIME_UNIT = 9;
    private static final int INSTANT = 10;

    private final MutableIntList ints = new IntArrayList();
    private final MutableLongList longs = new LongArrayList();
    private final List<String> texts = new ArrayList<>();
    private final MutableObjectIntMap<String> textIds = new ObjectIntHashMap<>();
    private final List<Metric> metrics = new ArrayList<>();
    /** By the sink's track id: null, or {@code {"t", pid, tid}} for a thread, {@code {"a", pid, cat, id}} for async. */
    private final List<String[]> trackKeys = new ArrayList<>();
    private long events;

    /** How many events were recorded: a snapshot is worth taking when it changed. */
    long events() {
        return events;
    }

    void thread(int track, String pid, String tid) {
        key(track, new String[] {"t", pid, tid});
    }

    void asyncTrack(int track, String pid, String cat, String id) {
        key(track, new String[] {"a", pid, cat, id});
    }

    private void key(int track, String[] key) {
        while (trackKeys.size() <= track) {
            trackKeys.add(null);
        }
        trackKeys.set(track, key);
    }

    void begin(int track, long tsNanos, int frameId) {
        op(BEGIN);
        ints.add(track);
        ints.add(frameId);
        longs.add(tsNanos);
    }

    void end(int track, long tsNanos, int regionId) {
        op(END);
        ints.add(track);
        ints.add(regionId);
        longs.add(tsNanos);
    }

    void complete(int track, long tsNanos, long durNanos, int frameId) {
        op(COMPLETE);
        ints.add(track);
        ints.add(frameId);
        longs.add(tsNanos);
        longs.add(durNanos);
    }

    /** The sample count that logs a {@link dev.ppw.model.EventSink#weigh}: a weight of calls, no sample. */
    static final long WEIGHT_OF_CALLS = -1;

    void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds, int depth) {
        op(SAMPLE);
        int metric = metrics.indexOf(weight);
        if (metric < 0) {
            metric = metrics.size();
            metrics.add(weight);
        }
        ints.add(track);
        ints.add(metric);
        ints.add(depth);
        for (int i = 0; i < depth; i++) {
            ints.add(frameIds[i]);
        }
        longs.add(tsNanos);
        longs.add(amount);
        longs.add(samples);
    }

    void processName(String pid, String name) {
        op(PROCESS_NAME);
        text(pid);
        text(name);
    }

    void threadName(String pid, String tid, String name) {
        op(THREAD_NAME);
        text(pid);
        text(tid);
        text(name);
    }

    void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        op(REGION_COUNTER);
        ints.add(track);
        ints.add(regionId);
        longs.add(tsNanos);
        longs.add(Double.doubleToRawLongBits(cpuUsage));
        longs.add(Double.doubleToRawLongBits(memoryUsage));
    }

    void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        op(COUNTER);
        text(pid);
        text(name);
        text(id);
        text(series);
        longs.add(tsNanos);
        longs.add(Double.doubleToRawLongBits(value));
    }

    void displayTimeUnit(String unit) {
        op(DISPLAY_TIME_UNIT);
        text(unit);
    }

    void instant(String pid, String tid, long tsNanos, String name) {
        op(INSTANT);
        text(pid);
        text(tid);
        text(name);
        longs.add(tsNanos);
    }

    private void op(int code) {
        ints.add(code);
        events++;
    }

    private void text(String s) {
        if (s == null) {
            ints.add(-1);
            return;
        }
        int id = textIds.getIfAbsent(s, -1);
        if (id < 0) {
            id = texts.size();
            texts.add(s);
            textIds.put(s, id);
        }
        ints.add(id);
    }

    /**
     * Pushes every recorded event into {@code target}, between calls its caller makes ({@code beginInput} and
     * {@code endInput} are not recorded): frame and region ids of {@code from} translated into the target's.
     */
    void replay(FrameTable from, EventSink target) {
        FrameTable to = target.frames();
        int[] frames = new int[from.size()];
        Arrays.fill(frames, -1);
        NameTable fromNames = from.names();
        int[] names = new int[fromNames.size()];
        Arrays.fill(names, -1);
        int[] tracks = new int[trackKeys.size()];
        Arrays.fill(tracks, -1);
        int[] stack = new int[16];
        int i = 0;
        int l = 0;
        int size = ints.size();
        while (i < size) {
            int code = ints.get(i++);
            switch (code) {
                case BEGIN -> {
                    int track = track(ints.get(i++), tracks, target);
                    int frame = frame(ints.get(i++), frames, from, to);
                    target.begin(track, longs.get(l++), frame);
                }
                case END -> {
                    int track = track(ints.get(i++), tracks, target);
                    int region = name(ints.get(i++), names, fromNames, to.names());
                    target.end(track, longs.get(l++), region);
                }
                case COMPLETE -> {
                    int track = track(ints.get(i++), tracks, target);
                    int frame = frame(ints.get(i++), frames, from, to);
                    long ts = longs.get(l++);
                    target.complete(track, ts, longs.get(l++), frame);
                }
                case SAMPLE -> {
                    int track = track(ints.get(i++), tracks, target);
                    Metric weight = metrics.get(ints.get(i++));
                    int depth = ints.get(i++);
                    if (stack.length < depth) {
                        stack = new int[Math.max(depth, stack.length * 2)];
                    }
                    for (int d = 0; d < depth; d++) {
                        stack[d] = frame(ints.get(i++), frames, from, to);
                    }
                    long ts = longs.get(l++);
                    long amount = longs.get(l++);
                    long samples = longs.get(l++);
                    if (samples == WEIGHT_OF_CALLS) {
                        target.weigh(track, ts, weight, amount, stack, depth);
                    } else {
                        target.sample(track, ts, weight, amount, samples, stack, depth);
                    }
                }
                case PROCESS_NAME -> {
                    String pid = text(ints.get(i++));
                    target.processName(pid, text(ints.get(i++)));
                }
                case THREAD_NAME -> {
                    String pid = text(ints.get(i++));
                    String tid = text(ints.get(i++));
                    target.threadName(pid, tid, text(ints.get(i++)));
                }
                case REGION_COUNTER -> {
                    int track = track(ints.get(i++), tracks, target);
                    int region = name(ints.get(i++), names, fromNames, to.names());
                    long ts = longs.get(l++);
                    double cpu = Double.longBitsToDouble(longs.get(l++));
                    target.regionCounter(track, ts, region, cpu, Double.longBitsToDouble(longs.get(l++)));
                }
                case COUNTER -> {
                    String pid = text(ints.get(i++));
                    String name = text(ints.get(i++));
                    String id = text(ints.get(i++));
                    String series = text(ints.get(i++));
                    long ts = longs.get(l++);
                    target.counter(pid, name, id, series, ts, Double.longBitsToDouble(longs.get(l++)));
                }
                case DISPLAY_TIME_UNIT -> target.displayTimeUnit(text(ints.get(i++)));
                case INSTANT -> {
                    String pid = text(ints.get(i++));
                    String tid = text(ints.get(i++));
                    String name = text(ints.get(i++));
                    target.instant(pid, tid, longs.get(l++), name);
                }
                default -> throw new IllegalStateException("event log corrupt at " + (i - 1) + ": code " + code);
            }
        }
    }

    private String text(int id) {
        return id < 0 ? null : texts.get(id);
    }

    private int track(int recorded, int[] tracks, EventSink target) {
        int id = tracks[recorded];
        if (id < 0) {
            String[] key = trackKeys.get(recorded);
            id = "t".equals(key[0]) ? target.thread(key[1], key[2]) : target.asyncTrack(key[1], key[2], key[3]);
            tracks[recorded] = id;
        }
        return id;
    }

    private static int frame(int recorded, int[] frames, FrameTable from, FrameTable to) {
        int id = frames[recorded];
        if (id < 0) {
            id = to.intern(from.regionName(recorded), from.callsiteName(recorded));
            frames[recorded] = id;
        }
        return id;
    }

    private static int name(int recorded, int[] names, NameTable from, NameTable to) {
        if (recorded == EventSink.NO_NAME) {
            return recorded;
        }
        int id = names[recorded];
        if (id < 0) {
            id = to.intern(from.name(recorded));
            names[recorded] = id;
        }
        return id;
    }
}
