package dev.ppw.pfa;

import dev.ppw.pfa.spi.Recorder;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * PerfFlowAspect for Java: regions of a workflow's Java parts, written into the same Chrome-format
 * {@code .pfw} traces as its C++ and Python parts, or folded into a profile in memory (docs/pfa.md).
 *
 * <pre>{@code
 * try (var r = PerfFlow.region("solve")) {
 *     solve();
 * }
 * }</pre>
 *
 * <p>A recorder (the {@code pfa-recorder} jar) found on the class path through {@link ServiceLoader} does the
 * recording, configured by {@code PERFFLOW_OPTIONS} as PerfFlowAspect is. Without one, or with
 * {@code log-enable=False}, every method here returns at once and {@link #region} returns a constant whose
 * {@code close} is empty, so that the JIT removes the calls; the code around them always runs.
 *
 * <p>Categories ({@code cat}): where a method takes none, the region's category is the class that first
 * opened a region of that name. Times are the recorder's: microseconds since the epoch in traces.
 * No method throws.
 */
public final class PerfFlow {
    private static final Recorder RECORDER = load();
    private static final boolean ON = RECORDER != null;

    private PerfFlow() {
    }

    private static Recorder load() {
        try {
            Iterator<Recorder> found = ServiceLoader.load(Recorder.class, PerfFlow.class.getClassLoader()).iterator();
            if (found.hasNext()) {
                Recorder r = found.next();
                return r.enabled() ? r : null;
            }
        } catch (Throwable e) {
            // A recorder that cannot start must not stop the workflow: it runs untraced.
        }
        return null;
    }

    /** True when a recorder records; false makes every other method a no-op. */
    public static boolean enabled() {
        return ON;
    }

    /** Opens a region named {@code name} on this thread; allocates nothing. Close it on the same thread. */
    public static Region region(String name) {
        return ON ? RECORDER.region(name, null) : NoRegion.INSTANCE;
    }

    /** As {@link #region(String)}, with its category. */
    public static Region region(String name, String cat) {
        return ON ? RECORDER.region(name, cat) : NoRegion.INSTANCE;
    }

    /**
     * Opens an async span ({@code b} now, {@code e} at close, with an id of its own): a handle that any thread
     * may close, for work handed from one thread to another. {@code scope} may be null.
     */
    public static Region asyncRegion(String name, String scope) {
        return ON ? RECORDER.asyncRegion(name, null, scope) : NoRegion.INSTANCE;
    }

    /** As {@link #asyncRegion(String, String)}, with its category. */
    public static Region asyncRegion(String name, String cat, String scope) {
        return ON ? RECORDER.asyncRegion(name, cat, scope) : NoRegion.INSTANCE;
    }

    /**
     * PerfFlowAspect's {@code sync_event(pointcut, name, cat)}: {@link Pointcut#BEFORE} writes a {@code B},
     * {@link Pointcut#AFTER} an {@code E}; another pointcut is refused with one line on stderr.
     */
    public static void syncEvent(Pointcut pointcut, String name, String cat) {
        if (ON) {
            RECORDER.syncEvent(pointcut, name, cat);
        }
    }

    /**
     * PerfFlowAspect's {@code async_event(pointcut, name, cat, scope, id)}: {@code BEFORE} writes a {@code b},
     * {@code AFTER} an {@code e}, with this {@code id} (0 for PerfFlowAspect's default, 123) and {@code scope}
     * (null or empty for none).
     */
    public static void asyncEvent(Pointcut pointcut, String name, String cat, String scope, long id) {
        if (ON) {
            RECORDER.asyncEvent(pointcut, name, cat, scope, id);
        }
    }

    /**
     * Writes what was recorded so far where the mode writes it: in fold mode ({@code ppw-mode=fold}) the
     * saved profile; in trace mode the trace is written as it goes and this only hastens the next write.
     */
    public static void snapshot() {
        if (ON) {
            RECORDER.snapshot();
        }
    }

    /**
     * The advice that woven {@link CriticalPath} methods call on entry (not for hand-written code):
     * {@code AROUND} and {@code AROUND_ASYNC} open a region that the exit advice closes; {@code BEFORE} and
     * {@code BEFORE_ASYNC} write their event now. {@code scope} is the annotation's, empty for none.
     */
    public static Region enter(Pointcut pointcut, String name, String cat, String scope) {
        if (!ON) {
            return NoRegion.INSTANCE;
        }
        switch (pointcut) {
            case AROUND:
                return RECORDER.region(name, cat);
            case AROUND_ASYNC:
                return RECORDER.aroundAsync(name, cat);
            case BEFORE:
                RECORDER.syncEvent(Pointcut.BEFORE, name, cat);
                return NoRegion.INSTANCE;
            case BEFORE_ASYNC:
                RECORDER.asyncPointcut(Pointcut.BEFORE_ASYNC, name, cat, scope);
                return NoRegion.INSTANCE;
            default:
                return NoRegion.INSTANCE;
        }
    }

    /** The advice woven {@link CriticalPath} methods of {@code AFTER} and {@code AFTER_ASYNC} call on exit. */
    public static void exit(Pointcut pointcut, String name, String cat, String scope) {
        if (!ON) {
            return;
        }
        if (pointcut == Pointcut.AFTER) {
            RECORDER.syncEvent(Pointcut.AFTER, name, cat);
        } else if (pointcut == Pointcut.AFTER_ASYNC) {
            RECORDER.asyncPointcut(Pointcut.AFTER_ASYNC, name, cat, scope);
        }
    }

    /** The region of a disabled recorder: one constant, nothing to do. */
    private static final class NoRegion implements Region {
        static final NoRegion INSTANCE = new NoRegion();

        @Override
        public void close() {
        }
    }
}
