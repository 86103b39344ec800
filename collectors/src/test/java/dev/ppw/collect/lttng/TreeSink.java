package dev.ppw.collect.lttng;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.NameTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small calling-context tree built the way SEMANTICS.md section 1 says for time-ordered begins and ends
 * (an end closes the innermost open begin, an end with nothing open is dropped, what is open at the end
 * closes at the track's last time), printed one node per line for golden files: the reader and the folding
 * are tested here without the aggregation module, which collectors may not see.
 */
final class TreeSink implements EventSink {
    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final Diagnostics diagnostics = new Diagnostics();
    private final List<Track> tracks = new ArrayList<>();
    private final Map<String, Node> roots = new LinkedHashMap<>();
    private final Map<String, String> threadNames = new LinkedHashMap<>();
    final Map<String, String> processNames = new LinkedHashMap<>();
    long unmatchedEnds;
    long mismatchedEnds;
    long unclosed;

    private static final class Node {
        final Map<Integer, Node> children = new LinkedHashMap<>();
        long calls;
        long inclusiveNanos;
        long allocatedBytes;
    }

    private record Open(Node node, int frame, long start) {
    }

    private final class Track {
        final String key;
        final Node root;
        final List<Open> stack = new ArrayList<>();
        long last = Long.MIN_VALUE;

        Track(String key) {
            this.key = key;
            this.root = roots.computeIfAbsent(key, k -> new Node());
        }
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
    }

    @Override
    public int thread(String pid, String tid) {
        tracks.add(new Track(pid + "/" + tid));
        return tracks.size() - 1;
    }

    @Override
    public int asyncTrack(String pid, String cat, String id) {
        throw new AssertionError("LTTng has no async tracks");
    }

    @Override
    public void begin(int track, long tsNanos, int frameId) {
        Track t = tracks.get(track);
        t.last = Math.max(t.last, tsNanos);
        Node parent = t.stack.isEmpty() ? t.root : t.stack.get(t.stack.size() - 1).node();
        Node node = parent.children.computeIfAbsent(frameId, f -> new Node());
        t.stack.add(new Open(node, frameId, tsNanos));
    }

    @Override
    public void end(int track, long tsNanos, int regionId) {
        Track t = tracks.get(track);
        t.last = Math.max(t.last, tsNanos);
        if (t.stack.isEmpty()) {
            unmatchedEnds++;
            return;
        }
        Open o = t.stack.remove(t.stack.size() - 1);
        if (regionId != NO_NAME && frames.region(o.frame()) != regionId) {
            mismatchedEnds++;
        }
        o.node().calls++;
        o.node().inclusiveNanos += tsNanos - o.start();
    }

    @Override
    public void complete(int track, long tsNanos, long durNanos, int frameId) {
        throw new AssertionError("LTTng has no complete events");
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                       int depth) {
        if (weight != UstFolding.ALLOCATED_BYTES || samples != 0) {
            throw new AssertionError("only allocations, without calls, are expected");
        }
        Node node = roots.get(tracks.get(track).key);
        for (int i = 0; i < depth; i++) {
            node = node.children.computeIfAbsent(frameIds[i], f -> new Node());
            node.allocatedBytes += amount;
        }
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
    public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
        throw new AssertionError("LTTng has no region counters");
    }

    @Override
    public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
        throw new AssertionError("LTTng has no counters");
    }

    @Override
    public void displayTimeUnit(String unit) {
    }

    @Override
    public void endInput() {
        for (Track t : tracks) {
            while (!t.stack.isEmpty()) {
                end(tracks.indexOf(t), t.last, NO_NAME);
                unclosed++;
            }
        }
    }

    /**
     * The tree, a line per node: {@code pid/tid (thread name)} then each node indented under it as
     * {@code region <- callsite  calls=N incl=NS alloc=BYTES}, children in first-seen order.
     */
    String print() {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Node> root : roots.entrySet()) {
            if (root.getValue().children.isEmpty()) {
                continue;
            }
            out.append(root.getKey()).append(" (").append(threadNames.getOrDefault(root.getKey(), "")).append(")\n");
            print(out, root.getValue(), 1);
        }
        return out.toString();
    }

    private void print(StringBuilder out, Node node, int depth) {
        for (Map.Entry<Integer, Node> c : node.children.entrySet()) {
            Node n = c.getValue();
            out.append("  ".repeat(depth)).append(frames.regionName(c.getKey()));
            String callsite = frames.callsiteName(c.getKey());
            if (!callsite.isEmpty()) {
                out.append(" <- ").append(callsite);
            }
            out.append("  calls=").append(n.calls).append(" incl=").append(n.inclusiveNanos);
            if (n.allocatedBytes != 0) {
                out.append(" alloc=").append(n.allocatedBytes);
            }
            out.append('\n');
            print(out, n, depth + 1);
        }
    }
}
