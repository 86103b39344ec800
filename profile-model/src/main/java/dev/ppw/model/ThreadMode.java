package dev.ppw.model;

import java.util.Locale;

/** How the threads of a trace appear in its folded tree ({@code --threads}). */
public enum ThreadMode {
    /** One tree for every track: identical paths of different threads add up (SEMANTICS.md section 2). */
    MERGE,
    /**
     * Each thread (pid, tid) is a top level of the tree, named after the thread: its {@code thread_name}
     * when the trace gives one, else {@code pid P tid T}; threads that share a name share a top level. The
     * async tracks of a process share one top level, {@code async} and the process's name (or
     * {@code pid P}). A top level has one call per track and input, as long as the track's top frames
     * together, so it has no exclusive time of its own.
     */
    SPLIT;

    /** The lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
