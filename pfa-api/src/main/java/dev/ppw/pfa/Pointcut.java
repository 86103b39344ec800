package dev.ppw.pfa;

/**
 * Where the advice of a {@link CriticalPath} method (or of {@link PerfFlow#syncEvent} and
 * {@link PerfFlow#asyncEvent}) runs, as PerfFlowAspect's pointcut names say ({@code around},
 * {@code before}, ...).
 */
public enum Pointcut {
    /** Before and after the method: one region, {@code B}/{@code E} (or one {@code X} in compact logging). */
    AROUND,
    /** Before the method only: a {@code B} event. */
    BEFORE,
    /** After the method only: an {@code E} event. */
    AFTER,
    /** Before and after, as an async span: {@code b}/{@code e} with the thread's id as {@code id}. */
    AROUND_ASYNC,
    /** Before the method only, a {@code b} event. */
    BEFORE_ASYNC,
    /** After the method only, an {@code e} event. */
    AFTER_ASYNC
}
