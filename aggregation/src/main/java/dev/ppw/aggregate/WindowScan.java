package dev.ppw.aggregate;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.NameTable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A first reading of an input before it is folded with {@link Windows}: an {@link EventSink} that keeps only the
 * input's time extent and the phase markers among its events, so that bins and phases can be placed before the
 * fold starts. Memory: the markers found, and per track the begins still open.
 *
 * <p>The extent is over every event that carries a time: begins, ends, complete events (to their end),
 * stack samples, region counter samples, counter samples and instants. Markers are the complete events,
 * begin/end pairs and instants whose name is one of {@code markerNames}: a begin is closed by the next end on
 * its track (the innermost open begin, as the fold closes it); a begin still open when the input ends lasts
 * until the input's last time. What the reader counts goes to a diagnostics of this scan's own, thrown away
 * with it: the fold that follows counts it again.
 *
 * <p>A Chrome trace read on several threads at once does not report its instants: read the scan with one job.
 * Not thread-safe.
 */
public final class WindowScan implements EventSink {
    /**
     * One phase marker: a region from {@code startNanos} to {@code endNanos} (integer nanoseconds), or an instant
     * ({@code startNanos == endNanos}).
     */
    public record Marker(String name, long startNanos, long endNanos, boolean instant) {
        public Marker {
            Objects.requireNonNull(name, "name");
            if (endNanos < startNanos || (instant && endNanos != startNanos)) {
                throw new IllegalArgumentException(name + ": " + startNanos + " .. " + endNanos);
            }
        }
    }

    /** Markers in order of start, then longest first, then as met. */
    private static final Comparator<Marker> ORDER = Comparator.comparingLong(Marker::startNanos)
            .thenComparing(Comparator.comparingLong(Marker::endNanos).reversed());

    private final Set<String> markerNames;
    private final FrameTable frames = new FrameTable(new NameTable());
    private final Diagnostics diagnostics = new Diagnostics();
    private final List<Marker> markers = new ArrayList<>();
    private final List<long[]> openBegins = new ArrayList<>();
    private final Map<Integer, List<long[]>> stacks = new HashMap<>();
    private long firstNanos = Long.MAX_VALUE;
    private long lastNanos = Long.MIN_VALUE;
    private boolean ended;

    /** A scan noting the markers named {@code markerNames} (exact names; may be empty). */
    public WindowScan(Set<String> markerNames) {
        this.markerNames = Set.copyOf(markerNames);
    }

    /** The earliest time of the input's events, ns; greater than {@link #lastNanos()} when it has none. */
    public long firstNanos() {
        return firstNanos;
    }

    /** The latest time of the input's events (a complete event's end included), ns. */
    public long lastNanos() {
        return lastNanos;
    }

    /** True when the input had at least one event with a time. */
    public boolean hasEvents() {
        return firstNanos <= lastNanos;
    }

    /** The markers found, in order of start (longest first at one start, then as met). */
    public List<Marker> markers() {
        List<Marker> all = new ArrayList<>(markers);
        if (!ended) {
            for (long[] open : openBegins) {
                all.add(openMarker(open));
            }
        }
        all.sort(ORDER);
        return all;
    }

    private Marker openMarker(long[] open) {
        return new Marker(frames.regionName((int) open[1]), open[0], Math.max(open[0], lastNanos), false);
    }

    private void see(long tsNanos) {
        if (tsNanos < firstNanos) {
            firstNanos = tsNanos;
        }
        if (tsNanos > lastNanos) {
            lastNanos = tsNanos;
        }
    }

    private boolean isMarker(int frameId) {
        return !markerNames.isEmpty() && markerNames.contains(frames.regionName(frameId));
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
        ended = false;
    }

    @Override
    public int thread(String pid, String tid) {
        return trackId("t\u0000" + pid + '\u0000' + tid);
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        return trackId("a\u0000" + pid + '\u0000' + cat + '\u0000' + id);
    }

    private final Map<String, Integer> tracks = new HashMap<>();

    private int trackId(String key) {
        return tracks.computeIfAbsent(key, k -> tracks.size());
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        see(tsNanos);
        long[] open = {tsNanos, frameId, isMarker(frameId) ? 1 : 0};
        stacks.computeIfAbsent(track, t -> new ArrayList<>()).add(open);
        if (open[2] == 1) {
            openBegins.add(open);
        }
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        see(tsNanos);
        List<long[]> stack = stacks.get(track);
        if (stack == null || stack.isEmpty()) {
            return;
        }
        long[] open = stack.remove(stack.size() - 1);
        if (open[2] == 1) {
            openBegins.remove(open);
            markers.add(new Marker(frames.regionName((int) open[1]), open[0], Math.max(open[0], tsNanos), false));
        }
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        if (durNanos < 0 || tsNanos > Long.MAX_VALUE - durNanos) {
            return;
        }
        see(tsNanos);
        see(tsNanos + durNanos);
        if (isMarker(frameId)) {
            markers.add(new Marker(frames.regionName(frameId), tsNanos, tsNanos + durNanos, false));
        }
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds, int depth) {
        see(tsNanos);
    }

    @Override
    public void processName(String pid, String name) {
    }

    @Override
    public void threadName(String pid, String tid, String name) {
    }

    @Override
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        see(tsNanos);
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        see(tsNanos);
    }

    @Override
    public void instant(String pid, String tid, long tsNanos, String name) {
        see(tsNanos);
        if (markerNames.contains(name)) {
            markers.add(new Marker(name, tsNanos, tsNanos, true));
        }
    }

    @Override
    public void displayTimeUnit(String unit) {
    }

    /** Ends the input: begins of markers still open last until its last time. */
    @Override
    public void endInput() {
        for (long[] open : openBegins) {
            markers.add(openMarker(open));
        }
        openBegins.clear();
        stacks.clear();
        ended = true;
    }
}
