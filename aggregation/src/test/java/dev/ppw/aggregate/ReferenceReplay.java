package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Ev;
import dev.ppw.aggregate.TestTrace.Folded;
import dev.ppw.aggregate.TestTrace.Stats;
import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.aggregate.TestTrace.Track;
import dev.ppw.model.Diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A deliberately plain reading of SEMANTICS.md sections 1 and 2, to check the {@link Folder} against.
 *
 * <p>Written from the text, not from the Folder: objects, lists and linear scans, each step of section 1
 * a method named after it, no attempt at speed. A track is the events of one {@link Track} key within one
 * input (the same pid/tid in two inputs are two tracks). Every closed frame becomes one call of its path
 * of region names (an async track's path starting with {@link TestTrace#ASYNC}: its part); the metrics of section 2 are then computed from the calls by their definitions.
 */
final class ReferenceReplay {
    /** An open frame: what opened it, when, and for an X, when it ends by itself. */
    private record Frame(List<String> path, long startNanos, boolean complete, long endNanos) {
    }

    /** One closed frame. */
    private record Call(List<String> path, long inclusiveNanos) {
    }

    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Long> warnings = new LinkedHashMap<>();
    private final List<Frame> stack = new ArrayList<>();
    /** Where the track's frames hang: an async track's in the async part (section 2, "Parts"), under its mark. */
    private List<String> base = List.of();

    private ReferenceReplay() {
        for (String kind : TestTrace.FOLD_WARNINGS) {
            warnings.put(kind, 0L);
        }
    }

    /** Replays every track of every input and returns the tree they fold into. */
    static Folded replay(Trace trace) {
        ReferenceReplay r = new ReferenceReplay();
        for (List<Ev> input : trace.inputs()) {
            Map<Track, List<Ev>> tracks = new LinkedHashMap<>();
            for (Ev ev : input) {
                tracks.computeIfAbsent(ev.track(), k -> new ArrayList<>()).add(ev);
            }
            for (List<Ev> events : tracks.values()) {
                r.replayTrack(events);
            }
        }
        return new Folded(metrics(r.calls), r.warnings);
    }

    private void replayTrack(List<Ev> fileOrder) {
        base = fileOrder.get(0).track().async() ? List.of(TestTrace.ASYNC) : List.of();
        List<Ev> events = new ArrayList<>(fileOrder);
        events.sort(Comparator.comparingLong(Ev::tsNanos)); // stable: file order within one ts
        TreeSet<Long> times = new TreeSet<>();
        long largestNanos = Long.MIN_VALUE;
        for (Ev ev : events) {
            times.add(ev.tsNanos());
            largestNanos = Math.max(largestNanos, ev.ph() == 'X' ? ev.tsNanos() + ev.durNanos() : ev.tsNanos());
        }
        stack.clear();
        for (long t : times) {
            List<Ev> at = events.stream().filter(ev -> ev.tsNanos() == t).toList();
            closeCompletesEndingBefore(t, false);                                   // step 1
            for (Ev ev : at) {                                                      // step 2
                if (ev.ph() == 'B' || ev.ph() == 'E') {
                    closeCompletesOnTopEndingAt(t);
                    if (ev.ph() == 'B') {
                        push(ev.name(), t, false, t);
                    } else {
                        end(ev, t);
                    }
                }
            }
            closeCompletesEndingAt(t);                                              // step 3
            List<Ev> opening = new ArrayList<>(at.stream().filter(ev -> ev.ph() == 'X').toList());
            opening.sort(Comparator.comparingLong(Ev::durNanos).reversed());        // step 4, stable
            for (Ev ev : opening) {
                push(ev.name(), t, true, t + ev.durNanos());
                if (ev.durNanos() == 0) {
                    close(stack.size() - 1, t);
                }
            }
        }
        closeCompletesEndingBefore(0, true);
        while (!stack.isEmpty()) {
            warn(Diagnostics.UNCLOSED_BEGIN);
            close(stack.size() - 1, largestNanos);
        }
    }

    /** Step 1 (or, with {@code all}, the end of the track): X frames ending before t, earliest end first, innermost first at equal ends. */
    private void closeCompletesEndingBefore(long t, boolean all) {
        while (true) {
            int pick = -1;
            for (int i = 0; i < stack.size(); i++) {
                Frame f = stack.get(i);
                if (f.complete() && (all || f.endNanos() < t)
                        && (pick < 0 || f.endNanos() <= stack.get(pick).endNanos())) {
                    pick = i; // "<=" while going up the stack: at equal ends the innermost wins
                }
            }
            if (pick < 0) {
                return;
            }
            close(pick, stack.get(pick).endNanos());
        }
    }

    /** Before each B or E at t: every X ending at t that is on top of the stack closes. */
    private void closeCompletesOnTopEndingAt(long t) {
        while (!stack.isEmpty() && stack.get(stack.size() - 1).complete() && stack.get(stack.size() - 1).endNanos() == t) {
            close(stack.size() - 1, t);
        }
    }

    /** Step 3: every X still open and ending at t closes, innermost first. */
    private void closeCompletesEndingAt(long t) {
        for (int i = stack.size() - 1; i >= 0; i--) {
            if (i < stack.size() && stack.get(i).complete() && stack.get(i).endNanos() == t) {
                close(i, t);
            }
        }
    }

    /**
     * An E: closes the innermost open B whatever its name, comparing the names when it has one; with no open B
     * it is dropped.
     */
    private void end(Ev ev, long t) {
        for (int i = stack.size() - 1; i >= 0; i--) {
            Frame f = stack.get(i);
            if (!f.complete()) {
                if (ev.name() != null && !f.path().get(f.path().size() - 1).equals(ev.name())) {
                    warn(Diagnostics.MISMATCHED_END);
                }
                close(i, t);
                return;
            }
        }
        warn(Diagnostics.UNMATCHED_END);
    }

    private void push(String name, long startNanos, boolean complete, long endNanos) {
        List<String> path = new ArrayList<>(stack.isEmpty() ? base : stack.get(stack.size() - 1).path());
        path.add(name);
        stack.add(new Frame(List.copyOf(path), startNanos, complete, endNanos));
    }

    /** Closes frame {@code index} at {@code t}; frames above it close too, at t, each one clipped. */
    private void close(int index, long t) {
        for (int i = stack.size() - 1; i >= index; i--) {
            Frame f = stack.remove(i);
            if (i > index) {
                warn(Diagnostics.OVERLAP);
            }
            if (t < f.startNanos()) {
                throw new IllegalStateException("reference bug: frame " + f + " closes at " + t);
            }
            calls.add(new Call(f.path(), t - f.startNanos()));
        }
    }

    private void warn(String kind) {
        warnings.merge(kind, 1L, Long::sum);
    }

    /** Section 2 by its definitions: children of a path are the paths one name longer that start with it. */
    private static Map<List<String>, Stats> metrics(List<Call> calls) {
        Map<List<String>, long[]> byPath = new LinkedHashMap<>(); // calls, inclusive, min, max
        for (Call c : calls) {
            long[] m = byPath.computeIfAbsent(c.path(), p -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
            m[0]++;
            m[1] += c.inclusiveNanos();
            m[2] = Math.min(m[2], c.inclusiveNanos());
            m[3] = Math.max(m[3], c.inclusiveNanos());
        }
        Map<List<String>, Stats> nodes = new LinkedHashMap<>();
        byPath.forEach((path, m) -> {
            long childInclusive = 0;
            long childCalls = 0;
            for (Map.Entry<List<String>, long[]> other : byPath.entrySet()) {
                List<String> o = other.getKey();
                if (o.size() == path.size() + 1 && o.subList(0, path.size()).equals(path)) {
                    childCalls += other.getValue()[0];
                    childInclusive += other.getValue()[1];
                }
            }
            nodes.put(path, new Stats(m[0], m[1], m[1] - childInclusive, m[2], m[3], childCalls));
        });
        return nodes;
    }
}
