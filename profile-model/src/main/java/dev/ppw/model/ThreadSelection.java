package dev.ppw.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which tracks of an input are folded ({@code --pid}, {@code --tid}, {@code --thread-name}; SEMANTICS.md "Filters"):
 * a track is kept when it passes every criterion given. Pids and tids are compared as the canonical decimal text of
 * SEMANTICS.md section 1. A thread's name is its {@code thread_name} (or the {@code comm} a sampler records), matched
 * anywhere ({@link java.util.regex.Matcher#find()}); a thread without one is matched as the empty name. An async
 * track belongs to a process and to no thread: the pids select it, a tid or a thread name never does. Immutable.
 *
 * @param pids       the processes kept; empty: every process
 * @param tids       the threads kept; empty: every thread (and the async tracks)
 * @param threadName the pattern a kept thread's name matches; empty: any name (and the async tracks)
 */
public record ThreadSelection(Set<String> pids, Set<String> tids, Optional<Pattern> threadName) {
    /** Every track. */
    public static final ThreadSelection ALL = new ThreadSelection(Set.of(), Set.of(), Optional.empty());

    public ThreadSelection {
        pids = Set.copyOf(pids);
        tids = Set.copyOf(tids);
        Objects.requireNonNull(threadName, "threadName");
    }

    /** True when every track is kept. */
    public boolean isAll() {
        return pids.isEmpty() && tids.isEmpty() && threadName.isEmpty();
    }

    /** True when a track of the process {@code pid} may be kept, whatever its thread: the pids allow it. */
    public boolean selectsProcess(String pid) {
        return pids.isEmpty() || pids.contains(pid);
    }

    /**
     * True when the track is kept.
     *
     * @param async true for an async track ({@code tid} and {@code name} are then not looked at)
     * @param name  the thread's name as known when its input ends, or null when it has none
     */
    public boolean selects(boolean async, String pid, String tid, String name) {
        if (!selectsProcess(pid)) {
            return false;
        }
        if (async) {
            return tids.isEmpty() && threadName.isEmpty();
        }
        return (tids.isEmpty() || tids.contains(tid))
                && threadName.map(p -> p.matcher(name == null ? "" : name).find()).orElse(true);
    }

    /** The selection as options: {@code --pid 1 --thread-name 'main'}; empty when every track is kept. */
    public String label() {
        List<String> words = new ArrayList<>();
        pids.stream().sorted().forEach(p -> words.add("--pid " + p));
        tids.stream().sorted().forEach(t -> words.add("--tid " + t));
        threadName.ifPresent(p -> words.add("--thread-name '" + p.pattern() + "'"));
        return String.join(" ", words);
    }
}
