package dev.ppw.model;

import java.util.Locale;

/**
 * Where the spans of nestable async tracks ({@code b}/{@code e} events, keyed (pid, cat, id)) go
 * ({@code --async}; SEMANTICS.md section 2, "Parts"). Async spans are not time a thread spent: many may be
 * open at once, so adding them into the threads' tree would make its total exceed the time the trace spans.
 */
public enum AsyncMode {
    /** The async tracks' calls form the {@link Part#ASYNC} part: roots, rows and a total of their own. */
    APART,
    /** The async tracks' calls fold into the threads' tree: identical paths add up (ppw-java before parts). */
    INSIDE,
    /** The async tracks' events are left out, each counted as the note {@link #NOTE_OFF}. */
    OFF;

    /**
     * Note: one async {@code b}/{@code e} event of a trace left out by {@link #OFF}, or one async row of a
     * saved profile.
     */
    public static final String NOTE_OFF = Diagnostics.ASYNC_OFF;

    /** The lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The part the calls of an async track go to under this mode ({@link #OFF} keeps none: the folder drops
     * its events before).
     */
    public Part asyncPart() {
        return this == APART ? Part.ASYNC : Part.THREAD;
    }
}
