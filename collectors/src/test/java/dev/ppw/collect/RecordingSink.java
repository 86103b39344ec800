package dev.ppw.collect;

import dev.ppw.model.Metric;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@link EventSink} for tests: records every call as a readable line, e.g.
 * {@code X T(1,2) 1000 500 foo}, {@code B A(1,cat,7) 2000 bar} or {@code sample T(,) 3 42 samples x42 main;f}
 * (the stack outermost first), with tracks named by their keys.
 */
public final class RecordingSink implements EventSink {
    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics = new Diagnostics();
    private final List<String> calls = new ArrayList<>();
    private final Map<String, Integer> trackIds = new LinkedHashMap<>();
    private final List<String> trackLabels = new ArrayList<>();

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
        calls.add("beginInput " + displayName);
    }

    @Override
    public int thread(String pid, String tid) {
        return track("T(" + pid + "," + tid + ")");
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        return track("A(" + pid + "," + cat + "," + id + ")");
    }

    private int track(String label) {
        return trackIds.computeIfAbsent(label, l -> {
            trackLabels.add(l);
            return trackLabels.size() - 1;
        });
    }

    @Override
    public void instant(String pid, String tid, long tsNanos, String name) {
        calls.add("instant T(" + pid + "," + tid + ") " + tsNanos + " " + name);
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        calls.add("B " + trackLabels.get(track) + " " + tsNanos + " " + frames.regionName(frameId)
                + callsite(frameId));
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        calls.add("E " + trackLabels.get(track) + " " + tsNanos + " "
                + (regionId == NO_NAME ? "(no name)" : names.name(regionId)));
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        calls.add("X " + trackLabels.get(track) + " " + tsNanos + " " + durNanos + " " + frames.regionName(frameId)
                + callsite(frameId));
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                       int depth) {
        StringBuilder stack = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            stack.append(i == 0 ? "" : ";").append(frames.regionName(frameIds[i])).append(callsite(frameIds[i]));
        }
        calls.add("sample " + trackLabels.get(track) + " " + tsNanos + " " + amount + " " + weight.name() + " x" + samples
                + " " + stack);
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        calls.add("C " + trackLabels.get(track) + " " + tsNanos + " " + names.name(regionId) + " cpu " + cpuUsage
                + " memory " + memoryUsage);
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        calls.add("counter " + pid + " " + name + " id " + id + " " + series + " " + tsNanos + " " + value);
    }

    @Override
    public void displayTimeUnit(String unit) {
        calls.add("displayTimeUnit " + unit);
    }

    @Override
    public void processName(String pid, String name) {
        calls.add("process_name " + pid + " " + name);
    }

    @Override
    public void threadName(String pid, String tid, String name) {
        calls.add("thread_name " + pid + " " + tid + " " + name);
    }

    @Override
    public void endInput() {
        calls.add("endInput");
    }

    private String callsite(int frameId) {
        return frames.callsite(frameId) == NameTable.EMPTY ? "" : " @" + frames.callsiteName(frameId);
    }

    /** Every call in order, as lines. */
    public List<String> calls() {
        return calls;
    }

    /** Only the B/E/X calls (sync and async). */
    public List<String> events() {
        return calls.stream().filter(c -> c.startsWith("B ") || c.startsWith("E ") || c.startsWith("X ")).toList();
    }

    /** Number of events whose line starts with {@code phase} and a space. */
    public long count(String phase) {
        return calls.stream().filter(c -> c.startsWith(phase + " ")).count();
    }

    /** Track labels in first-seen order. */
    public List<String> tracks() {
        return trackLabels;
    }

    /** Warning kinds with their counts, e.g. {@code {missing_ts=1}}, for whole-map assertions. */
    public Map<String, Long> warnings() {
        Map<String, Long> out = new LinkedHashMap<>();
        diagnostics.warnings().forEach((k, e) -> out.put(k, e.count()));
        return out;
    }

    /** Note kinds with their counts. */
    public Map<String, Long> notes() {
        Map<String, Long> out = new LinkedHashMap<>();
        diagnostics.notes().forEach((k, e) -> out.put(k, e.count()));
        return out;
    }

    /** The first example of warning {@code kind}, or null. */
    public String firstExample(String kind) {
        Diagnostics.Entry e = diagnostics.warnings().get(kind);
        return e == null || e.examples().isEmpty() ? null : e.examples().get(0);
    }
}
