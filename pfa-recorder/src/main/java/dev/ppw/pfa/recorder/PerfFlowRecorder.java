package dev.ppw.pfa.recorder;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.Pointcut;
import dev.ppw.pfa.Region;
import dev.ppw.pfa.spi.Recorder;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * The recorder that {@link PerfFlow} finds through {@link java.util.ServiceLoader}: reads PerfFlowAspect's
 * options ({@code -Dperfflow.options}, else {@code PERFFLOW_OPTIONS}; {@link Options}), binds a {@link Lane} to
 * each thread that records, and hands the lanes to the mode the options choose (trace or fold). Problems are
 * one line on stderr each; none reaches the workflow as an exception.
 *
 * <p>Threads: a platform thread keeps its lane until it ends (a later thread then takes it over); a virtual
 * thread takes one from a pool when it opens its outermost region and gives it back when that closes.
 */
public final class PerfFlowRecorder extends Recorder {
    /** Where the ids of async spans start: far above thread ids, which {@code around_async} uses as ids. */
    static final long ASYNC_ID_BASE = 1_000_000_000_000L;
    private static final String FOLD_MODE = "dev.ppw.pfa.recorder.FoldMode";

    private final Options options;
    private final Consumer<String> err;
    private final Mode mode;
    private final ThreadLocal<Lane> current = new ThreadLocal<>();
    private final ConcurrentLinkedQueue<Lane> freePlatform = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Lane> freeVirtual = new ConcurrentLinkedQueue<>();
    private final Object binding = new Object();
    private volatile Lane[] lanes = new Lane[0];
    private final ConcurrentHashMap<String, String> categories = new ConcurrentHashMap<>();
    private final ClassValue<Boolean> internal = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            return source != null && (source.equals(PerfFlowRecorder.class.getProtectionDomain().getCodeSource())
                    || source.equals(PerfFlow.class.getProtectionDomain().getCodeSource()));
        }
    };
    private final StackWalker walker = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private final AtomicLong asyncIds = new AtomicLong(ASYNC_ID_BASE);
    private final LongAdder closedElsewhere = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final AtomicBoolean refusedPointcut = new AtomicBoolean();

    /** The service's constructor: options from the system property or the environment, problems to stderr. */
    public PerfFlowRecorder() {
        this(optionsText(), System.getenv(), System.err::println, true);
    }

    /**
     * A recorder of these options in this environment; {@code atExit} registers the shutdown hook that
     * writes what is left ({@link #finish()} otherwise).
     */
    public PerfFlowRecorder(String optionsText, Map<String, String> env, Consumer<String> err, boolean atExit) {
        this.err = err;
        this.options = Options.parse(optionsText, err);
        this.mode = options.enabled() ? startMode(env) : null;
        if (mode != null && atExit) {
            Runtime.getRuntime().addShutdownHook(new Thread(this::finish, "perfflow-exit"));
        }
    }

    /** A recorder of these options whose mode {@code modes} makes (tests: a mode that feeds two at once). */
    PerfFlowRecorder(String optionsText, Consumer<String> err, java.util.function.Function<PerfFlowRecorder, Mode> modes) {
        this.err = err;
        this.options = Options.parse(optionsText, err);
        this.mode = modes.apply(this);
    }

    private static String optionsText() {
        String property = System.getProperty(Options.PROPERTY);
        return property != null ? property : System.getenv(Options.ENV);
    }

    private Mode startMode(Map<String, String> env) {
        Path dir = Path.of(options.logDir());
        try {
            Files.createDirectories(dir);
        } catch (IOException | RuntimeException e) {
            err.accept("perfflow: cannot create log-dir " + options.logDir() + ": " + e + "; tracing is off");
            return null;
        }
        if (!Files.isWritable(dir)) {
            err.accept("perfflow: log-dir " + options.logDir() + " is not writable; tracing is off");
            return null;
        }
        long pid = ProcessHandle.current().pid();
        String host = LogFile.hostName();
        if (options.mode() == Options.Mode.FOLD) {
            Path file = dir.resolve(LogFile.fileName(options, "profile", env, host, pid));
            try {
                Class.forName("dev.ppw.engine.Engine", false, PerfFlowRecorder.class.getClassLoader());
                return (Mode) Class.forName(FOLD_MODE).getConstructor(PerfFlowRecorder.class, Options.class, Path.class,
                        Consumer.class).newInstance(this, options, file, err);
            } catch (ClassNotFoundException | NoClassDefFoundError e) {
                err.accept("perfflow: ppw-mode=fold needs ppw-java's jar (cli/target/ppw-java.jar) on the class path;"
                        + " tracing is off");
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                Throwable cause = e instanceof InvocationTargetException i ? i.getCause() : e;
                err.accept("perfflow: fold mode cannot start: " + cause + "; tracing is off");
            }
            return null;
        }
        String kind = options.arrayFormat() ? "array" : "object";
        Path file = dir.resolve(LogFile.fileName(options, kind, env, host, pid));
        return new TraceMode(this, new TraceWriter(this, file, options.arrayFormat(), pid, err), options);
    }

    /** The options read. */
    public Options options() {
        return options;
    }

    /** The trace file this recorder writes, or null when it writes none. */
    public Path traceFile() {
        return mode instanceof TraceMode t ? t.writer().file() : null;
    }

    @Override
    public boolean enabled() {
        return mode != null;
    }

    @Override
    public Region region(String name, String cat) {
        Lane l = current.get();
        if (l == null) {
            l = bind();
        }
        return l.open(name, cat != null ? cat : l.categoryOf(name), Frame.REGION);
    }

    @Override
    public Region asyncRegion(String name, String cat, String scope) {
        Lane l = lane();
        AsyncSpan span = new AsyncSpan(this, name, cat != null ? cat : l.categoryOf(name), blankToNull(scope),
                asyncIds.incrementAndGet(), System.nanoTime());
        l.asyncSpanBegun(span);
        l.releaseIfIdle();
        return span;
    }

    void endAsyncSpan(AsyncSpan span) {
        long now = System.nanoTime();
        Lane l = lane();
        l.asyncSpanEnded(span, now);
        l.releaseIfIdle();
    }

    @Override
    public Region aroundAsync(String name, String cat) {
        Lane l = lane();
        return l.aroundAsync(name, cat != null ? cat : l.categoryOf(name));
    }

    @Override
    public void syncEvent(Pointcut pointcut, String name, String cat) {
        Lane l = lane();
        String c = cat != null ? cat : l.categoryOf(name);
        if (pointcut == Pointcut.BEFORE) {
            l.looseBegin(name, c);
        } else if (pointcut == Pointcut.AFTER) {
            l.looseEnd(name, c);
        } else {
            refuse("syncEvent", pointcut);
            l.releaseIfIdle();
        }
    }

    @Override
    public void asyncEvent(Pointcut pointcut, String name, String cat, String scope, long id) {
        Lane l = lane();
        String c = cat != null ? cat : l.categoryOf(name);
        long eventId = id != 0 ? id : 123; // PerfFlowAspect's default id
        switch (pointcut) {
            case BEFORE, BEFORE_ASYNC -> l.asyncEvent(true, name, c, blankToNull(scope), eventId, System.nanoTime());
            case AFTER, AFTER_ASYNC -> l.asyncEvent(false, name, c, blankToNull(scope), eventId, System.nanoTime());
            default -> refuse("asyncEvent", pointcut);
        }
        l.releaseIfIdle();
    }

    @Override
    public void asyncPointcut(Pointcut pointcut, String name, String cat, String scope) {
        Lane l = lane();
        String c = cat != null ? cat : l.categoryOf(name);
        l.asyncPointcut(pointcut == Pointcut.BEFORE_ASYNC, name, c, blankToNull(scope), System.nanoTime());
        l.releaseIfIdle();
    }

    @Override
    public void snapshot() {
        if (mode != null) {
            mode.snapshot();
        }
    }

    /** Writes what is left and ends the output; the shutdown hook's work, once. */
    public void finish() {
        if (mode == null || !finished.compareAndSet(false, true)) {
            return;
        }
        try {
            mode.finish();
        } catch (RuntimeException | Error e) {
            err.accept("perfflow: internal error at exit: " + e);
        }
        long elsewhere = closedElsewhere.sum();
        if (elsewhere > 0) {
            err.accept("perfflow: " + elsewhere + (elsewhere == 1 ? " region was" : " regions were")
                    + " closed on another thread than the one that opened it: written as async spans (b/e) there");
        }
        long lost = dropped.sum();
        if (lost > 0) {
            err.accept("perfflow: " + lost + " events recorded after the trace was ended at exit were dropped");
        }
    }

    private void refuse(String method, Pointcut pointcut) {
        if (refusedPointcut.compareAndSet(false, true)) {
            err.accept("perfflow: " + method + " takes BEFORE or AFTER, not " + pointcut + "; event dropped");
        }
    }

    private static String blankToNull(String scope) {
        return scope == null || scope.isEmpty() ? null : scope;
    }

    /** The calling thread's lane, bound now if it has none. */
    Lane lane() {
        Lane l = current.get();
        return l != null ? l : bind();
    }

    private Lane bind() {
        Thread t = Thread.currentThread();
        boolean virtual = t.isVirtual();
        Lane l = (virtual ? freeVirtual : freePlatform).poll();
        if (l != null) {
            l.bindTo(t);
        } else {
            l = reapOrCreate(t, virtual);
        }
        current.set(l);
        return l;
    }

    /**
     * A platform thread's lane whose thread ended, or a new one; bound to {@code t} before another binder can see
     * it. Only platform lanes are taken back here: their owner changes under this lock alone, while a virtual
     * thread's lane changes hands through the pool, where an owner read here could be stale. (A virtual thread that
     * ends with a region open keeps its lane.)
     */
    private Lane reapOrCreate(Thread t, boolean virtual) {
        synchronized (binding) {
            for (Lane l : lanes) {
                Thread owner = l.owner;
                if (!virtual && !l.virtual && owner != null && !owner.isAlive()) {
                    l.abandon();
                    l.depth = 0;
                    l.asyncDepth = 0;
                    l.bindTo(t);
                    return l;
                }
            }
            Lane l = mode.newLane(virtual);
            l.bindTo(t);
            Lane[] grown = Arrays.copyOf(lanes, lanes.length + 1);
            grown[grown.length - 1] = l;
            lanes = grown;
            return l;
        }
    }

    /** Gives a virtual thread's idle lane back to the pool. */
    void release(Lane l) {
        current.remove();
        l.released();
        l.owner = null;
        (l.virtual ? freeVirtual : freePlatform).offer(l);
    }

    /** Every lane ever made, bound or pooled, in the order made. */
    public Lane[] lanes() {
        return lanes;
    }

    /** The class that first opened a region named {@code name} without a category. */
    String categoryOf(String name) {
        String cat = categories.get(Objects.requireNonNull(name));
        if (cat == null) {
            // walked here, not in computeIfAbsent, whose own frames would be the first outside the recorder
            String caller = callerClass();
            cat = categories.putIfAbsent(name, caller);
            return cat != null ? cat : caller;
        }
        return cat;
    }

    private String callerClass() {
        return walker.walk(frames -> frames.map(StackWalker.StackFrame::getDeclaringClass)
                .filter(c -> !internal.get(c)).findFirst().map(Class::getName).orElse(""));
    }

    long nextAsyncId() {
        return asyncIds.incrementAndGet();
    }

    void countClosedElsewhere() {
        closedElsewhere.increment();
    }

    void countDropped() {
        dropped.increment();
    }

    /** How many regions were closed on another thread than the one that opened them. */
    public long closedElsewhereCount() {
        return closedElsewhere.sum();
    }
}
