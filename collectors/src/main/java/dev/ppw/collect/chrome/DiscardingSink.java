package dev.ppw.collect.chrome;

import dev.ppw.model.Metric;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;

/**
 * A sink that drops everything, with tables and diagnostics of its own: what a re-read passes over (events a
 * faster reader already delivered) goes here. A new {@link EventSink} method needs only an empty body.
 */
final class DiscardingSink implements EventSink {
    private final FrameTable frames = new FrameTable(new NameTable());
    private final Diagnostics diagnostics = new Diagnostics();

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
    }

    @Override
    public int thread(String pid, String tid) {
        return 0;
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        return 0;
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                       int depth) {
    }

    @Override
    public void processName(String pid, String name) {
    }

    @Override
    public void threadName(String pid, String tid, String name) {
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
    }

    @Override
    public void displayTimeUnit(String unit) {
    }

    @Override
    public void endInput() {
    }
}
