package dev.ppw.model;

import java.util.Locale;

/** What a key absent from some node profiles counts as when they are combined (SEMANTICS.md section 4). */
public enum MissingRule {
    /** An absent key counts as 0, so that {@code min <= avg <= max} and {@code sum = avg * nodes} hold. */
    ZERO,
    /** {@code min}, {@code avg} and {@code max} are taken over the nodes that have the key only. */
    PRESENT;

    /** {@link #label()}, made once: outputs ask for it on every row. */
    private final String label = name().toLowerCase(Locale.ROOT);

    /** The label printed in outputs: {@code zero} or {@code present}. */
    public String label() {
        return label;
    }
}
