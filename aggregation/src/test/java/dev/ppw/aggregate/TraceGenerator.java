package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Ev;
import dev.ppw.aggregate.TestTrace.Stats;
import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.aggregate.TestTrace.Track;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Traces decoded from lists of small ints, so that QuickTheories can shrink them: a shorter list or
 * smaller ints give a smaller trace. Two kinds: a well-formed {@link Forest} (distinct timestamps,
 * positive durations, proper nesting) whose tree is known in advance, and a {@link #soup} of events
 * with ties and every anomaly of SEMANTICS.md section 1.
 */
final class TraceGenerator {
    private TraceGenerator() {
    }

    /** Largest op of {@link #forest}. */
    static final int FOREST_OP_MAX = 999;
    /** Largest op of {@link #soup}: 10 phases x 13 times x 3 names x 7 durations x 3 tracks x 2 inputs - 1. */
    static final int SOUP_OP_MAX = 10 * 13 * 3 * 7 * 3 * 2 - 1;
    /** A Unix-epoch time in nanoseconds of 2026, where a double cannot hold every nanosecond. */
    static final long EPOCH_NANOS = 1_795_000_000_000_000_000L;

    static final List<Track> TRACKS = List.of(Track.thread("1", "1"), Track.thread("1", "2"),
            Track.async("1", "c", "9"));

    /** How calls are written: all as B/E pairs, all as X, or each its own way. */
    enum Style { BEGIN_END, COMPLETE, MIXED }

    /** In which order events are written. */
    enum Order {
        /** By timestamp: B and X at their start, E at its end. */
        START,
        /** As PerfFlowAspect's compact mode: an X when it ends, so children before parents. */
        COMPLETION,
        /** Any order. */
        SHUFFLED
    }

    /** One generated call. */
    static final class Call {
        final Track track;
        final String name;
        final Call parent;
        final long startNanos;
        long endNanos;
        boolean complete;
        final List<Call> children = new ArrayList<>();

        Call(Track track, String name, Call parent, long startNanos) {
            this.track = track;
            this.name = name;
            this.parent = parent;
            this.startNanos = startNanos;
        }

        List<String> path() {
            List<String> path = new ArrayList<>();
            for (Call c = this; c != null; c = c.parent) {
                path.add(0, c.name);
            }
            return path;
        }
    }

    /** A generated call forest over {@link #TRACKS} and the trace that writes it. */
    record Forest(List<Call> calls, Trace trace) {
        /** The tree straight from the calls: each call adds itself to its path; exclusive and subcalls from its own children. */
        Map<List<String>, Stats> expectedNodes() {
            Map<List<String>, Stats> nodes = new LinkedHashMap<>();
            for (Call c : calls) {
                long inclusive = c.endNanos - c.startNanos;
                long childInclusive = 0;
                for (Call child : c.children) {
                    childInclusive += child.endNanos - child.startNanos;
                }
                Stats one = new Stats(1, inclusive, inclusive - childInclusive, inclusive, inclusive, c.children.size());
                List<String> path = c.path();
                if (c.track.async()) {
                    path.add(0, TestTrace.ASYNC); // the async part (SEMANTICS.md section 2, "Parts")
                }
                nodes.merge(path, one, (p, q) -> new Stats(p.calls() + q.calls(), p.inclusive() + q.inclusive(),
                        p.exclusive() + q.exclusive(), Math.min(p.min(), q.min()), Math.max(p.max(), q.max()),
                        p.subcalls() + q.subcalls()));
            }
            return nodes;
        }

        @Override
        public String toString() {
            return trace.toString();
        }
    }

    /**
     * Decodes ops (each in 0..{@link #FOREST_OP_MAX}) into a forest: each op advances the clock by 1..5 ns
     * and opens or closes one call on one track; calls still open at the end close one by one. Every
     * timestamp is distinct and every duration positive.
     */
    static Forest forest(List<Integer> ops, Style style, Order order, long baseNanos, long shuffleSeed) {
        List<Call> calls = new ArrayList<>();
        Map<Track, Deque<Call>> open = new LinkedHashMap<>();
        for (Track t : TRACKS) {
            open.put(t, new ArrayDeque<>());
        }
        long clock = baseNanos;
        for (int op : ops) {
            Track track = TRACKS.get(op % 3);
            Deque<Call> stack = open.get(track);
            boolean close = (op / 3) % 4 == 3;
            clock += 1 + (op / 48) % 5;
            if ((close && !stack.isEmpty()) || stack.size() >= 8) {
                stack.pop().endNanos = clock;
            } else {
                Call c = new Call(track, "f" + (op / 12) % 4, stack.peek(), clock);
                c.complete = !track.async() && (style == Style.COMPLETE || style == Style.MIXED && (op / 240) % 2 == 1);
                if (c.parent != null) {
                    c.parent.children.add(c);
                }
                calls.add(c);
                stack.push(c);
            }
        }
        for (Deque<Call> stack : open.values()) {
            while (!stack.isEmpty()) {
                stack.pop().endNanos = ++clock;
            }
        }
        record Written(long key, Ev ev) {
        }
        List<Written> written = new ArrayList<>();
        for (Call c : calls) {
            if (c.complete) {
                long key = order == Order.COMPLETION ? c.endNanos : c.startNanos;
                written.add(new Written(key, new Ev(c.track, 'X', c.startNanos, c.endNanos - c.startNanos, c.name)));
            } else {
                written.add(new Written(c.startNanos, new Ev(c.track, 'B', c.startNanos, 0, c.name)));
                written.add(new Written(c.endNanos, new Ev(c.track, 'E', c.endNanos, 0, c.name)));
            }
        }
        written.sort(Comparator.comparingLong(Written::key));
        List<Ev> events = new ArrayList<>(written.stream().map(Written::ev).toList());
        if (order == Order.SHUFFLED) {
            Collections.shuffle(events, new Random(shuffleSeed));
        }
        return new Forest(calls, new Trace(List.of(events)));
    }

    /**
     * Decodes ops (each in 0..{@link #SOUP_OP_MAX}) into one event each: phase B (4 in 10), E (3 in 10) or
     * X (3 in 10, a B on the async track), time 0..12 ns after {@code baseNanos} (many ties), region a, b
     * or c (an E's third choice is no name at all), X duration 0..6, one of {@link #TRACKS}, input 0 or 1.
     * Nothing keeps it well formed: unmatched and mismatched ends, overlapping X and unclosed B all happen.
     */
    static Trace soup(List<Integer> ops, long baseNanos) {
        List<List<Ev>> inputs = List.of(new ArrayList<>(), new ArrayList<>());
        for (int op : ops) {
            int phase = op % 10;
            long ts = baseNanos + (op / 10) % 13;
            String name = String.valueOf((char) ('a' + (op / 130) % 3));
            long dur = (op / 390) % 7;
            Track track = TRACKS.get((op / 2730) % 3);
            int input = (op / 8190) % 2;
            char ph = phase < 4 ? 'B' : phase < 7 ? 'E' : track.async() ? 'B' : 'X';
            inputs.get(input).add(new Ev(track, ph, ts, ph == 'X' ? dur : 0, ph == 'E' && name.equals("c") ? null : name));
        }
        return new Trace(inputs.get(1).isEmpty() ? List.of(inputs.get(0)) : inputs);
    }
}
