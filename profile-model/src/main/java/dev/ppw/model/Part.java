package dev.ppw.model;

import java.util.Locale;

/**
 * Which part of a profile a row belongs to (SEMANTICS.md section 2, "Parts"): the time of threads, or
 * the spans of nestable async operations kept apart from it. A {@link CallTree} root has a part, and every
 * node below it has its root's; two roots of different parts are different nodes even with the same frame.
 * Each part has its own total: thread time is the time threads spent, whereas async spans overlap, so the
 * sum of their durations may exceed the time the trace spans.
 */
public enum Part {
    /** Calls on thread tracks (and every call when async spans are folded inside, {@code --async inside}). */
    THREAD,
    /** Spans of nestable async tracks ({@code b}/{@code e} events) kept apart ({@code --async apart}). */
    ASYNC;

    /** {@link #label()}, made once: outputs ask for it on every row. */
    private final String label = name().toLowerCase(Locale.ROOT);

    private static final Part[] VALUES = values();

    /** The lower-case name used in outputs: {@code thread} or {@code async}. */
    public String label() {
        return label;
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
