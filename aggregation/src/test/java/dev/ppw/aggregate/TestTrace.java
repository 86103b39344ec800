package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Traces as the Folder tests write them (inputs of events in file order), how to push them into an
 * {@link EventSink}, and a comparable snapshot of a folded tree ({@link Folded}) keyed by path of region
 * names (a node of the async part under {@link #ASYNC}). Times are nanoseconds; Chrome callsites are always
 * empty, so a path is a node.
 */
final class TestTrace {
    private TestTrace() {
    }

    /** The first element of the path of a node of the async part, in snapshots and in the reference. */
    static final String ASYNC = "[async]";

    /** The warning kinds of SEMANTICS.md section 1 that folding (not reading) produces. */
    static final List<String> FOLD_WARNINGS = List.of(Diagnostics.OVERLAP, Diagnostics.MISMATCHED_END,
            Diagnostics.UNMATCHED_END, Diagnostics.UNCLOSED_BEGIN);

    /** A track key: a thread (pid, tid), or a nestable async stack (pid, cat, id). */
    record Track(boolean async, String pid, String tidOrCat, String id) {
        static Track thread(String pid, String tid) {
            return new Track(false, pid, tid, "");
        }

        static Track async(String pid, String cat, String id) {
            return new Track(true, pid, cat, id);
        }

        @Override
        public String toString() {
            return async ? "async(" + pid + "," + tidOrCat + "," + id + ")" : "thread(" + pid + "," + tidOrCat + ")";
        }
    }

    static final Track T1 = Track.thread("1", "1");

    /**
     * One event of a track: phase {@code 'B'}, {@code 'E'} or {@code 'X'}; {@code durNanos} is 0 unless X.
     * Phase {@code 'C'} is a region counter sample of region {@code name}: {@code durNanos} is its value
     * code v, fed as {@code cpu_usage = v / 10.0} and {@code memory_usage = v * 0.3} ({@link #counterCpu}).
     */
    record Ev(Track track, char ph, long tsNanos, long durNanos, String name) {
        @Override
        public String toString() {
            String what = ph == 'X' ? "X " + name + "@" + tsNanos + "+" + durNanos : ph + " " + name + "@" + tsNanos;
            return track.equals(T1) ? what : what + " " + track;
        }
    }

    static Ev b(long ts, String name) {
        return new Ev(T1, 'B', ts, 0, name);
    }

    /** An {@code E}; a null {@code name} is an end without a name, compared with nothing. */
    static Ev e(long ts, String name) {
        return new Ev(T1, 'E', ts, 0, name);
    }

    static Ev x(long ts, long dur, String name) {
        return new Ev(T1, 'X', ts, dur, name);
    }

    static Ev c(long ts, long valueCode, String name) {
        return new Ev(T1, 'C', ts, valueCode, name);
    }

    static Ev c(Track track, long ts, long valueCode, String name) {
        return new Ev(track, 'C', ts, valueCode, name);
    }

    /** The cpu_usage of a {@code 'C'} event's value code: a decimal fraction, so that sums depend on their order. */
    static double counterCpu(long valueCode) {
        return valueCode / 10.0;
    }

    /** The memory_usage of a {@code 'C'} event's value code. */
    static double counterMemory(long valueCode) {
        return valueCode * 0.3;
    }

    static Ev b(Track track, long ts, String name) {
        return new Ev(track, 'B', ts, 0, name);
    }

    static Ev e(Track track, long ts, String name) {
        return new Ev(track, 'E', ts, 0, name);
    }

    static Ev x(Track track, long ts, long dur, String name) {
        return new Ev(track, 'X', ts, dur, name);
    }

    /** Inputs in order, each its events in file order. */
    record Trace(List<List<Ev>> inputs) {
        static Trace of(Ev... events) {
            return new Trace(List.of(List.of(events)));
        }

        static Trace inputs(List<Ev> first, List<Ev> second) {
            return new Trace(List.of(first, second));
        }

        /** The same inputs keeping only the events whose track {@code keep} says yes to. */
        Trace filter(java.util.function.Predicate<Track> keep) {
            List<List<Ev>> kept = new ArrayList<>();
            for (List<Ev> input : inputs) {
                kept.add(input.stream().filter(ev -> keep.test(ev.track())).toList());
            }
            return new Trace(kept);
        }

        /** The same trace without event {@code index} of input {@code input}. */
        Trace without(int input, int index) {
            List<List<Ev>> rest = new ArrayList<>(inputs);
            List<Ev> events = new ArrayList<>(inputs.get(input));
            events.remove(index);
            rest.set(input, events);
            return new Trace(rest);
        }

        /**
         * A smallest trace found by dropping one event at a time while {@code fails} still holds: QuickTheories
         * shrinks the ops but rarely drops one, and a counterexample is read more easily without bystanders.
         */
        Trace minimize(java.util.function.Predicate<Trace> fails) {
            Trace smallest = this;
            boolean dropped = true;
            while (dropped) {
                dropped = false;
                for (int i = 0; i < smallest.inputs.size() && !dropped; i++) {
                    for (int j = 0; j < smallest.inputs.get(i).size() && !dropped; j++) {
                        Trace candidate = smallest.without(i, j);
                        if (fails.test(candidate)) {
                            smallest = candidate;
                            dropped = true;
                        }
                    }
                }
            }
            return smallest;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < inputs.size(); i++) {
                sb.append("\n  input ").append(i).append(": ").append(inputs.get(i));
            }
            return sb.toString();
        }
    }

    /** One node's metrics, all times in nanoseconds. */
    record Stats(long calls, long inclusive, long exclusive, long min, long max, long subcalls) {
        @Override
        public String toString() {
            return "calls=" + calls + " incl=" + inclusive + " excl=" + exclusive + " min=" + min + " max=" + max
                    + " sub=" + subcalls;
        }
    }

    /** A folded tree as path -> metrics, and the counts of {@link #FOLD_WARNINGS} (zeros included). */
    record Folded(Map<List<String>, Stats> nodes, Map<String, Long> warnings) {
        Folded {
            TreeMap<List<String>, Stats> sorted = new TreeMap<>(PATH_ORDER);
            sorted.putAll(nodes);
            nodes = Collections.unmodifiableMap(sorted);
            warnings = Map.copyOf(warnings);
        }

        /** One line per node in path order, then the warnings: readable in an assertion diff. */
        String render() {
            StringBuilder sb = new StringBuilder();
            nodes.forEach((path, s) -> sb.append(String.join(" => ", path)).append(": ").append(s).append('\n'));
            for (String kind : FOLD_WARNINGS) {
                sb.append(kind).append('=').append(warnings.getOrDefault(kind, 0L)).append(' ');
            }
            return sb.toString();
        }
    }

    static final Comparator<List<String>> PATH_ORDER = (p, q) -> {
        for (int i = 0; i < Math.min(p.size(), q.size()); i++) {
            int c = p.get(i).compareTo(q.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(p.size(), q.size());
    };

    /** Pushes every input of {@code trace} into {@code sink}, as a collector would, in file order. */
    static void feed(Trace trace, EventSink sink) {
        NameTable names = sink.frames().names();
        for (int i = 0; i < trace.inputs().size(); i++) {
            sink.beginInput("input" + i + ".json");
            for (Ev ev : trace.inputs().get(i)) {
                Track t = ev.track();
                int track = t.async() ? sink.asyncTrack(t.pid(), t.tidOrCat(), t.id()) : sink.thread(t.pid(), t.tidOrCat());
                switch (ev.ph()) {
                    case 'B' -> sink.begin(track, ev.tsNanos(), sink.frames().intern(ev.name()));
                    case 'E' -> sink.end(track, ev.tsNanos(), endName(sink, ev));
                    case 'X' -> sink.complete(track, ev.tsNanos(), ev.durNanos(), sink.frames().intern(ev.name()));
                    case 'C' -> sink.regionCounter(track, ev.tsNanos(), names.intern(ev.name()),
                            counterCpu(ev.durNanos()), counterMemory(ev.durNanos()));
                    default -> throw new IllegalArgumentException("phase " + ev.ph());
                }
            }
            sink.endInput();
        }
    }

    /** The name id an end event passes to a sink: {@link EventSink#NO_NAME} for an {@code E} with a null name. */
    static int endName(EventSink sink, Ev ev) {
        return ev.name() == null ? EventSink.NO_NAME : sink.frames().names().intern(ev.name());
    }

    /** A new Folder that has folded {@code trace}. */
    static Folder fold(Trace trace) {
        Folder folder = new Folder();
        feed(trace, folder);
        return folder;
    }

    /** The Folder's tree and warning counts as a snapshot; fails on two nodes with one path. */
    static Folded snapshot(Folder folder) {
        return snapshot(folder.tree(), folder.diagnostics());
    }

    /** A tree and warning counts as a snapshot; fails on two nodes with one path. */
    static Folded snapshot(CallTree tree, Diagnostics diagnostics) {
        Map<List<String>, Stats> nodes = new LinkedHashMap<>();
        for (int n = 1; n < tree.size(); n++) {
            List<String> path = new ArrayList<>();
            for (int m = n; m != CallTree.ROOT; m = tree.parent(m)) {
                path.add(0, tree.regionName(m));
            }
            if (tree.part(n) == Part.ASYNC) {
                path.add(0, ASYNC);
            }
            Stats s = new Stats(tree.calls(n), tree.inclusiveNanos(n), tree.exclusiveNanos(n),
                    tree.minInclusiveNanos(n), tree.maxInclusiveNanos(n), tree.subcalls(n));
            if (nodes.put(path, s) != null) {
                throw new AssertionError("two nodes with path " + path);
            }
        }
        Map<String, Long> warnings = new LinkedHashMap<>();
        for (String kind : FOLD_WARNINGS) {
            warnings.put(kind, diagnostics.warningCount(kind));
        }
        return new Folded(nodes, warnings);
    }

    /** Per path: calls, subcalls, inclusive and exclusive add; min of mins, max of maxes. Warnings add. */
    static Folded sum(Folded a, Folded b) {
        Map<List<String>, Stats> nodes = new LinkedHashMap<>(a.nodes());
        b.nodes().forEach((path, s) -> nodes.merge(path, s, (p, q) -> new Stats(p.calls() + q.calls(),
                p.inclusive() + q.inclusive(), p.exclusive() + q.exclusive(), Math.min(p.min(), q.min()),
                Math.max(p.max(), q.max()), p.subcalls() + q.subcalls())));
        Map<String, Long> warnings = new LinkedHashMap<>(a.warnings());
        b.warnings().forEach((k, v) -> warnings.merge(k, v, Long::sum));
        return new Folded(nodes, warnings);
    }
}
