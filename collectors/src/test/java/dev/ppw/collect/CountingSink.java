package dev.ppw.collect;

import dev.ppw.model.Metric;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;

/**
 * The cheapest honest {@link EventSink}: counts what arrives and checks the contract a collector owes any
 * sink (inputs bracketed once, track ids issued by this sink, frame ids from its table, durations >= 0),
 * so that a fuzzed read exercises the collector and not a folder.
 */
final class CountingSink implements EventSink {
    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics = new Diagnostics();
    private int tracks;
    private boolean open;
    private int inputs;
    long begins;
    long ends;
    long completes;
    long samples;
    long metadata;
    long counters;

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
        check(!open, "beginInput inside an input");
        open = true;
        inputs++;
    }

    @Override
    public int thread(String pid, String tid) {
        check(open && pid != null && tid != null, "thread key outside an input or null");
        return tracks++;
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        check(open && pid != null && cat != null && id != null, "async key outside an input or null");
        return tracks++;
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        checkEvent(track, frameId);
        begins++;
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        check(open && track >= 0 && track < tracks, "end on an unknown track");
        check(regionId == NO_NAME || regionId >= 0 && regionId < names.size(), "end with an unknown region id");
        ends++;
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        checkEvent(track, frameId);
        check(durNanos >= 0, "negative duration");
        completes++;
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                       int depth) {
        check(open && track >= 0 && track < tracks, "sample on an unknown track");
        samples++;
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        check(open && track >= 0 && track < tracks, "counter on an unknown track");
        check(!Double.isNaN(cpuUsage) || !Double.isNaN(memoryUsage), "counter without a value");
        counters++;
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        check(open && pid != null && name != null && id != null && series != null && Double.isFinite(value),
                "counter outside an input, null or not finite");
        counters++;
    }

    @Override
    public void displayTimeUnit(String unit) {
        check(unit != null, "null displayTimeUnit");
    }

    @Override
    public void processName(String pid, String name) {
        check(open && pid != null && name != null, "process name outside an input or null");
        metadata++;
    }

    @Override
    public void threadName(String pid, String tid, String name) {
        check(open && pid != null && tid != null && name != null, "thread name outside an input or null");
        metadata++;
    }

    @Override
    public void endInput() {
        check(open, "endInput without beginInput");
        open = false;
    }

    /** True when every begun input was ended. */
    boolean closed() {
        return !open;
    }

    int inputs() {
        return inputs;
    }

    long events() {
        return begins + ends + completes + samples;
    }

    private void checkEvent(int track, int frameId) {
        check(open && track >= 0 && track < tracks, "event on an unknown track");
        check(frameId >= 0 && frameId < frames.size(), "event with an unknown frame id");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("sink contract broken: " + what);
        }
    }
}
