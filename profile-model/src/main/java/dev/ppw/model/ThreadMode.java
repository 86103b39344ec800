package dev.ppw.model;

import java.util.Locale;

/** How the threads of a trace appear in its folded tree ({@code --threads}). */
public enum ThreadMode {
    /** One tree for every track: identical paths of different threads add up (SEMANTICS.md section 2). */
    MERGE,
    /**
     * Each thread (pid, tid) is a top level of the tree, named after the thread: its {@code thread_name}
     * when the trace gives one, else {@code pid P tid T}; threads that share a name stay apart, each named
     * {@code NAME (pid P tid T)} (perf's 8 threads named {@code node} are 8 top levels). The async tracks of a
     * process share one top level, {@code async} and the process's name (or {@code pid P}). A top level has
     * one call per track and input, as long as the track's top frames together, so it has no exclusive time
     * of its own.
     */
    SPLIT,
    /**
     * As {@link #SPLIT}, but threads that share a name share one top level, {@code NAME}: its values are the
     * sums of those of its threads under {@link #SPLIT}.
     */
    BY_NAME;

    /** The lower-case name used on the command line: {@code merge}, {@code split}, {@code by-name}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True when each thread (or each name of threads) is a top level of its own. */
    public boolean splits() {
        return this != MERGE;
    }
}
