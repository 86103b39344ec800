package dev.ppw.collect.jfr;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.NameTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keeps every sample a reader pushes, as text: its thread, metric, amount, calls and stack
 * ({@code region@callsite;...}, outermost first), so tests compare the reader with other tools without the
 * aggregation module, which collectors may not see.
 */
final class SampleSink implements EventSink {
    record Sample(String tid, String metric, long amount, long calls, String stack, long tsNanos) {
    }

    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics = new Diagnostics();
    private final List<String> trackKeys = new ArrayList<>();
    final List<Sample> samples = new ArrayList<>();
    final Map<String, String> threadNames = new LinkedHashMap<>();
    int inputs;

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
        inputs++;
    }

    @Override
    public int thread(String pid, String tid) {
        trackKeys.add(pid + "/" + tid);
        return trackKeys.size() - 1;
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        throw new AssertionError("JFR has no async tracks");
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        throw new AssertionError("JFR has no calls");
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        throw new AssertionError("JFR has no calls");
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        throw new AssertionError("JFR has no calls");
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long calls, int[] frameIds, int depth) {
        StringBuilder stack = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if (i > 0) {
                stack.append(';');
            }
            stack.append(names.name(frames.region(frameIds[i])));
            String callsite = names.name(frames.callsite(frameIds[i]));
            if (!callsite.isEmpty()) {
                stack.append('@').append(callsite);
            }
        }
        String key = trackKeys.get(track);
        samples.add(new Sample(key.substring(key.indexOf('/') + 1), weight.name(), amount, calls, stack.toString(),
                tsNanos));
    }

    @Override
    public void processName(String pid, String name) {
    }

    @Override
    public void threadName(String pid, String tid, String name) {
        threadNames.put(tid, name);
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        throw new AssertionError("JFR has no region counters");
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        throw new AssertionError("JFR has no counters");
    }

    @Override
    public void displayTimeUnit(String unit) {
    }

    @Override
    public void endInput() {
    }

    /** Samples of {@code metric}: their amounts summed by stack, in stack order. */
    Map<String, Long> amountsByStack(String metric) {
        Map<String, Long> m = new TreeMap<>();
        for (Sample s : samples) {
            if (s.metric().equals(metric)) {
                m.merge(s.stack(), s.amount(), Long::sum);
            }
        }
        return m;
    }
}
