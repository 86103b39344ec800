package dev.ppw.pfa.spi;

import dev.ppw.pfa.Pointcut;
import dev.ppw.pfa.Region;

/**
 * What records the regions of {@link dev.ppw.pfa.PerfFlow}: the service a recorder jar registers in
 * {@code META-INF/services/dev.ppw.pfa.spi.Recorder}. The first one {@link java.util.ServiceLoader} finds is
 * asked {@link #enabled()} once; when it answers false (options say {@code log-enable=False}, or they are
 * bad), no other method is ever called.
 *
 * <p>Names and categories are passed as given; a {@code null} category means "the class that called".
 * Implementations never throw into the caller and never block it beyond a full buffer's wait.
 */
public abstract class Recorder {
    /** True when this recorder records; read once, when {@code PerfFlow} is initialised. */
    public abstract boolean enabled();

    /** Opens a region on the calling thread (PerfFlowAspect's {@code around}). */
    public abstract Region region(String name, String cat);

    /** Opens an async span that any thread may close; {@code scope} may be null. */
    public abstract Region asyncRegion(String name, String cat, String scope);

    /** PerfFlowAspect's {@code around_async}: a {@code b} now and an {@code e} at close, {@code id} the thread's. */
    public abstract Region aroundAsync(String name, String cat);

    /** A {@code B} ({@link Pointcut#BEFORE}) or {@code E} ({@link Pointcut#AFTER}) event now. */
    public abstract void syncEvent(Pointcut pointcut, String name, String cat);

    /**
     * PerfFlowAspect's {@code async_event}: a {@code b} ({@code BEFORE}, {@code BEFORE_ASYNC}) or {@code e}
     * ({@code AFTER}, {@code AFTER_ASYNC}) now, with this {@code id} (0: PerfFlowAspect's default, 123) and
     * {@code scope} (null or empty: none).
     */
    public abstract void asyncEvent(Pointcut pointcut, String name, String cat, String scope, long id);

    /**
     * The {@code before_async}/{@code after_async} pointcuts: a {@code b} or {@code e} now with the thread's
     * id as {@code id} and this {@code scope} (null: {@code "scope": null}).
     */
    public abstract void asyncPointcut(Pointcut pointcut, String name, String cat, String scope);

    /** Writes what was recorded so far, where the mode writes it (fold mode: the saved profile); may be a no-op. */
    public abstract void snapshot();
}
