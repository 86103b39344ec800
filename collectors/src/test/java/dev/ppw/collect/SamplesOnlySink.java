package dev.ppw.collect;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The base of test sinks for readers of sampling profilers (JFR, pprof), which push stack samples and thread
 * names and nothing else: a call, a counter or a display unit is an assertion failure naming the format.
 * Subclasses say what they keep of each sample; the real folder lives in aggregation, which collectors may not see.
 */
public abstract class SamplesOnlySink implements EventSink {
    private final String format;
    protected final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics = new Diagnostics();
    /** Each thread track's {@code pid/tid}, by track id. */
    public final List<String> tracks = new ArrayList<>();
    /** Thread names by tid, as the reader named them. */
    public final Map<String, String> threadNames = new LinkedHashMap<>();
    /** How many inputs began. */
    public int inputs;

    /** @param format the format's name in failure messages */
    protected SamplesOnlySink(String format) {
        this.format = format;
    }

    @Override
    public final FrameTable frames() {
        return frames;
    }

    @Override
    public final Diagnostics diagnostics() {
        return diagnostics;
    }

    @Override
    public final void beginInput(String displayName) {
        inputs++;
    }

    @Override
    public final int thread(String pid, String tid) {
        tracks.add(pid + "/" + tid);
        return tracks.size() - 1;
    }

    @Override
    public final int asyncTrack(String pid, String cat, String id) {
        throw new AssertionError(format + " has no async tracks");
    }

    @Override
    public final void begin(int track, long tsNanos, int frameId) {
        throw new AssertionError(format + " has no calls");
    }

    @Override
    public final void end(int track, long tsNanos, int regionId) {
        throw new AssertionError(format + " has no calls");
    }

    @Override
    public final void complete(int track, long tsNanos, long durNanos, int frameId) {
        throw new AssertionError(format + " has no calls");
    }

    @Override
    public final void processName(String pid, String name) {
    }

    @Override
    public final void threadName(String pid, String tid, String name) {
        threadNames.put(tid, name);
    }

    @Override
    public final void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        throw new AssertionError(format + " has no region counters");
    }

    @Override
    public final void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        throw new AssertionError(format + " has no counters");
    }

    @Override
    public final void displayTimeUnit(String unit) {
        throw new AssertionError(format + " has no display unit");
    }

    @Override
    public final void endInput() {
    }
}
