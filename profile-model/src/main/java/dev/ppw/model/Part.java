package dev.ppw.model;

import java.util.Locale;

/**
 * Which part of a profile a row belongs to (SEMANTICS.md section 2, "Parts"): the traced time of threads,
 * the spans of nestable async operations, or sampled stacks, each kept apart from the others. A
 * {@link CallTree} root has a part, and every node below it has its root's; two roots of different parts are
 * different nodes even with the same frame. Each part has its own total, the 100% of its rows' shares: thread
 * time is the time threads spent in traced calls, async spans overlap (the sum of their durations may exceed
 * the time the trace spans), and sampled stacks measure the same wall time as the spans of their threads, so
 * adding any two totals would count time twice. The ordinals are stored in saved merge states: new parts go
 * last.
 */
public enum Part {
    /** Calls on thread tracks (and every call when async spans are folded inside, {@code --async inside}). */
    THREAD,
    /** Spans of nestable async tracks ({@code b}/{@code e} events) kept apart ({@code --async apart}). */
    ASYNC,
    /**
     * Stack samples (perf, JFR, pprof, V8 CPU profiles and the samples inside Chrome traces, folded stacks):
     * their rows count samples, not calls.
     */
    SAMPLES;

    /** {@link #label()}, made once: outputs ask for it on every row. */
    private final String label = name().toLowerCase(Locale.ROOT);

    private static final Part[] VALUES = values();

    /** The lower-case name used in outputs: {@code thread}, {@code async} or {@code samples}. */
    public String label() {
        return label;
    }

    /** True for the part whose rows count samples rather than calls ({@link #SAMPLES}). */
    public boolean sampled() {
        return this == SAMPLES;
    }

    /** The part whose {@link #ordinal()} is {@code ordinal}. */
    public static Part ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** The part whose {@link #label()} is {@code label}, or null when none is. */
    public static Part ofLabel(String label) {
        for (Part p : VALUES) {
            if (p.label().equals(label)) {
                return p;
            }
        }
        return null;
    }
}
