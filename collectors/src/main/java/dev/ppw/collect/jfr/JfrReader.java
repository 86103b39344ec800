package dev.ppw.collect.jfr;

import dev.ppw.collect.jfr.JfrBytes.Damage;
import dev.ppw.collect.jfr.JfrChunk.Plan;
import dev.ppw.collect.jfr.JfrMetadata.Type;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.LongIntOpenMap;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.NameTable;
import dev.ppw.model.work.Cancel;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * Folds the samples of one JFR recording into an {@link EventSink}, chunk by chunk with a parser of its own
 * ({@link JfrChunk}): the JDK's {@code jdk.jfr.consumer} refuses recordings that async-profiler writes and
 * {@code jfr summary} reads (a constant pool of no entries), and builds an object per event. What is kept is
 * the tree's names and frames, the threads, and one chunk's constant pools at a time.
 *
 * <p>Per event type (docs/formats.md "jfr" says it for users, docs/SEMANTICS.md section 2 for the numbers):
 * <ul>
 *   <li>{@code jdk.ExecutionSample} and {@code jdk.NativeMethodSample}: a stack sample of its
 *       {@code sampledThread}, weighing the sampling period of its event type ({@link JfrSettings}) in
 *       nanoseconds of time, one call each.</li>
 *   <li>{@code jdk.CPUTimeSample} (JDK 25): its {@code samplingPeriod} in nanoseconds of {@link #CPU_TIME}.</li>
 *   <li>{@code profiler.WallClockSample} (async-profiler's wall clock): {@code samples} times the recording's
 *       {@code wall} interval in nanoseconds of {@link #WALL}.</li>
 *   <li>{@code jdk.ObjectAllocationSample}: its {@code weight} in bytes of {@link #ALLOCATION};
 *       {@code jdk.ObjectAllocationInNewTLAB} and {@code jdk.ObjectAllocationOutsideTLAB}: the TLAB's size, else
 *       the object's, in bytes of {@link #TLAB_ALLOCATION}; {@code profiler.Malloc}: its {@code size} in bytes of
 *       {@link #NATIVE_ALLOCATION}.</li>
 *   <li>{@code jdk.JavaMonitorEnter}, {@code jdk.ThreadPark}, {@code profiler.NativeLock}: their
 *       {@code duration} in nanoseconds of {@link #BLOCKED}.</li>
 *   <li>Every other event is counted by type in the note {@code jfr_unread_events}.</li>
 * </ul>
 * A frame's region is its method, {@code pkg.Class.method} (overloads are one region); a native frame that
 * async-profiler records (C, C++, kernel code: its frame type says so, or its class is a library's file name or
 * none) is its symbol alone. A frame's
 * callsite is where its caller was: {@code pkg.Caller.method:line}, the caller's line, or the caller's
 * method alone when its line is unknown; the outermost frame has none. The track is the thread: pid the JVM's
 * (from {@code jdk.JVMInformation}, else {@code ""}), tid its OS thread id ({@code java:N} for a thread with
 * none, N its Java thread id), named by its Java name. An execution sample as {@code jfr print} shows it:
 * <pre>{@code
 * jdk.ExecutionSample {
 *   startTime = 10:15:42.513 (2025-06-02)
 *   sampledThread = "main" (javaThreadId = 1)
 *   state = "STATE_RUNNABLE"
 *   stackTrace = [
 *     JfrWorkloadA.sortWork(int) line: 31
 *     JfrWorkloadA.main(String[]) line: 12
 *   ]
 * }
 * }</pre>
 * One reader per input; not thread-safe.
 */
final class JfrReader implements JfrChunk.Visitor {
    /** Note: a sample whose stack the recorder cut at its depth limit; its outermost recorded frame is its root. */
    static final DiagnosticKind TRUNCATED_STACK = DiagnosticKind.note("jfr_truncated_stack",
            "JFR sample whose stack the recorder cut at its depth limit",
            "JFR samples whose stacks the recorder cut at its depth limit");
    /**
     * Warning: a part of a JFR chunk that cannot be decoded (a record whose size runs past the chunk, a value past
     * its record's end, a header offset where no such record is), skipped; the example names its byte.
     */
    static final DiagnosticKind DAMAGED = DiagnosticKind.warning("jfr_damaged", "damaged part of a JFR chunk, skipped",
            "damaged parts of JFR chunks, skipped");
    /**
     * Warning: class, method or package names whose bytes are not UTF-8 text (a damaged symbol pool), read with
     * U+FFFD in place of each bad byte, counted once per distinct name; the example names the first bad byte.
     */
    static final DiagnosticKind NOT_UTF8 = DiagnosticKind.warning("jfr_not_utf8",
            "JFR name that is not UTF-8 text (read with U+FFFD)",
            "JFR names that are not UTF-8 text (read with U+FFFD)");
    /** Note: events of types the reader does not turn into samples (GC, I/O, ...); the example names each type's count. */
    static final DiagnosticKind UNREAD_EVENTS = DiagnosticKind.note("jfr_unread_events", "JFR event of a type not read",
            "JFR events of types not read");
    /** Bytes the JDK's allocation sampler weighs each {@code jdk.ObjectAllocationSample} with. */
    static final Metric ALLOCATION = Metric.weight("allocation", MetricUnit.BYTES, "allocated",
            "bytes allocated, as the JDK's allocation samples (jdk.ObjectAllocationSample) weigh them");
    /** Bytes of the TLABs (and of objects outside them) that TLAB allocation events record. */
    static final Metric TLAB_ALLOCATION = Metric.weight("tlab_allocation", MetricUnit.BYTES, "TLAB allocated",
            "bytes of allocation events: the new TLAB's size (jdk.ObjectAllocationInNewTLAB), the object's"
                    + " outside a TLAB (jdk.ObjectAllocationOutsideTLAB), as async-profiler's allocation samples weigh");
    /** Bytes of native memory asked for, as async-profiler's {@code profiler.Malloc} records them. */
    static final Metric NATIVE_ALLOCATION = Metric.weight("native_allocation", MetricUnit.BYTES, "malloc",
            "bytes of native memory allocated (async-profiler's profiler.Malloc samples: malloc, calloc, realloc)");
    /** Nanoseconds of CPU time of the JDK's CPU-time sampler ({@code jdk.CPUTimeSample}). */
    static final Metric CPU_TIME = Metric.weight("cpu_time", MetricUnit.NANOSECONDS, "CPU time",
            "nanoseconds of CPU time, each jdk.CPUTimeSample weighing its samplingPeriod");
    /** Nanoseconds of wall-clock time of async-profiler's wall-clock samples. */
    static final Metric WALL = Metric.weight("wall", MetricUnit.NANOSECONDS, "wall time",
            "nanoseconds of wall-clock time, each profiler.WallClockSample weighing its samples times the"
                    + " recording's wall interval");
    /** Wall-clock samples of a recording that does not say its wall interval. */
    static final Metric WALL_SAMPLES = Metric.weight("wall_samples", MetricUnit.COUNT, "wall samples",
            "profiler.WallClockSample samples of a recording that does not say its wall interval: their samples");
    /** Nanoseconds threads waited to enter a monitor or parked, as the recorder timed each wait. */
    static final Metric BLOCKED = Metric.weight("blocked", MetricUnit.NANOSECONDS, "blocked",
            "nanoseconds blocked: the duration of jdk.JavaMonitorEnter, jdk.ThreadPark and profiler.NativeLock"
                    + " events");

    /** The event types read, each with the fields it needs. */
    enum Kind {
        EXECUTION("jdk.ExecutionSample", "sampledThread|eventThread", null, null),
        NATIVE_METHOD("jdk.NativeMethodSample", "sampledThread|eventThread", null, null),
        CPU_TIME("jdk.CPUTimeSample", "eventThread|sampledThread", "samplingPeriod", null),
        WALL_CLOCK("profiler.WallClockSample", "sampledThread|eventThread", "samples", null),
        ALLOCATION_SAMPLE("jdk.ObjectAllocationSample", "eventThread", "weight", null),
        IN_NEW_TLAB("jdk.ObjectAllocationInNewTLAB", "eventThread", "tlabSize", "allocationSize"),
        OUTSIDE_TLAB("jdk.ObjectAllocationOutsideTLAB", "eventThread", "allocationSize", null),
        MALLOC("profiler.Malloc", "eventThread", "size", null),
        MONITOR_ENTER("jdk.JavaMonitorEnter", "eventThread", "duration", null),
        THREAD_PARK("jdk.ThreadPark", "eventThread", "duration", null),
        NATIVE_LOCK("profiler.NativeLock", "eventThread", "duration", null);

        final String typeName;
        final String[] wanted;

        Kind(String typeName, String thread, String amount, String amount2) {
            this.typeName = typeName;
            this.wanted = new String[]{"startTime", thread, "stackTrace", amount == null ? "-" : amount,
                    amount2 == null ? "-" : amount2};
        }
    }

    private static final int TIME = 0;
    private static final int THREAD = 1;
    private static final int STACK = 2;
    private static final int AMOUNT = 3;
    private static final int AMOUNT2 = 4;
    private static final Map<String, Kind> KINDS = new HashMap<>();

    static {
        for (Kind k : Kind.values()) {
            KINDS.put(k.typeName, k);
        }
    }

    private static final String SETTING = "jdk.ActiveSetting";
    private static final String JVM_INFORMATION = "jdk.JVMInformation";
    private static final String[] SETTING_FIELDS = {"startTime", "id", "name", "value"};
    private static final String[] JVM_FIELDS = {"pid"};

    private static final int CANCEL_EVERY = 1 << 14;

    private final String file;
    private final EventSink sink;
    private final Cancel cancel;
    private final LongConsumer progress;
    private final FrameTable frames;
    private final NameTable names;
    private final Diagnostics diagnostics;
    private final JfrSettings settings = new JfrSettings();
    private final JfrMetadata.Cache metadataCache = new JfrMetadata.Cache();
    private final JfrSymbols symbols = new JfrSymbols();

    private final Map<String, Integer> tracks = new HashMap<>();
    private final Map<String, Metric> metricsByName = new HashMap<>();
    /** Names by the symbols of class (the empty string for native code) and method: no text built per chunk. */
    private final Map<String, Map<String, MethodNames>> methodsBySymbols = new HashMap<>();
    private MethodNames unknownMethod;
    private int methodNamesMade;
    /** Frame ids of the stacks met, by their methods and lines (see {@link #resolve}). */
    private final JfrStacks stacks = new JfrStacks();
    private MethodNames[] stackMethods = new MethodNames[64];
    private int[] stackKey = new int[128];
    /** Events of types not read, by type name, over the whole recording. */
    private final Map<String, Long> unread = new TreeMap<>();
    private long events;
    private long samples;
    private long stacklessSamples;
    private long firstEventOffset = -1;

    /** The plans of the event types of {@link #plansOf}, by type id: remade when a chunk's metadata is another. */
    private JfrMetadata plansOf;
    private List<Plan> plans;
    private LongIntOpenMap planIndex;

    // Per chunk: what its keys resolve to, filled as samples need them.
    private JfrChunk chunk;
    private int[][] resolvedStacks;
    private MethodNames[] methodsOfChunk;
    private LongIntOpenMap tracksOfChunk;

    /**
     * A reader of the recording named {@code file} into {@code sink}, which checks {@code cancel} before each chunk
     * and every {@value #CANCEL_EVERY} samples, and tells {@code progress} the bytes of the chunks read.
     */
    JfrReader(String file, EventSink sink, Cancel cancel, LongConsumer progress) {
        this.file = file;
        this.sink = sink;
        this.cancel = cancel;
        this.progress = progress;
        this.frames = sink.frames();
        this.names = frames.names();
        this.diagnostics = sink.diagnostics();
    }

    /** Reads the recording {@code path}; a recording cut after whole chunks keeps them, with a warning. */
    void read(Path path) throws IOException {
        JfrChunks.Scan scan = JfrChunks.scan(file, path);
        if (scan.cut() != null) {
            diagnostics.warn(Diagnostics.TRUNCATED, scan.cut().getMessage() + "; the " + scan.chunks().size()
                    + (scan.chunks().size() == 1 ? " whole chunk before it is read" : " whole chunks before it are read"));
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            int n = 0;
            JfrChunk previous = null;
            for (JfrChunks.Chunk c : scan.chunks()) {
                n++;
                if (c.sizeBytes() > Integer.MAX_VALUE) {
                    throw JfrChunks.refuse(file, c.offset() + 8, "chunk " + n + " declares " + c.sizeBytes()
                            + " bytes; chunks of more than " + Integer.MAX_VALUE + " bytes are not read");
                }
                cancel.check();
                JfrBytes bytes = new JfrBytes(channel, c.offset(), (int) c.sizeBytes(),
                        previous == null ? null : previous.in);
                previous = new JfrChunk(file, n, bytes, symbols, previous);
                readChunk(previous, c);
                progress.accept(c.offset() + c.sizeBytes());
            }
        } catch (Damage d) {
            throw JfrChunks.refuse(file, d.fileOffset, d.getMessage());
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        finish(scan);
    }

    private void readChunk(JfrChunk c, JfrChunks.Chunk header) {
        chunk = c;
        c.readMetadata(header.metadata(), metadataCache, this);
        if (c.metadata != plansOf) {
            // The chunks of a recording repeat their metadata (JfrMetadata.Cache hands the same object back):
            // the plans made for it serve them all.
            plans = new ArrayList<>();
            planIndex = c.planIndex(this::plan, plans);
            plansOf = c.metadata;
        }
        List<Plan> plans = this.plans;
        LongIntOpenMap planIndex = this.planIndex;
        c.readRecordsAndPools(header.constants(), planIndex, plans, this);
        resolvedStacks = new int[c.stackCount()][];
        methodsOfChunk = new MethodNames[c.methodCount()];
        tracksOfChunk = new LongIntOpenMap();
        c.forEachTypeCount((typeId, count) -> {
            events += count;
            Type t = c.metadata.type(typeId);
            if (planIndex.get(typeId, -1) < 0) {
                unread.merge(t == null ? "type id " + typeId + " (not in the metadata)" : t.name, count, Long::sum);
            }
        });
        if (firstEventOffset < 0 && events > 0) {
            firstEventOffset = c.fileOffset + JfrChunk.HEADER_BYTES;
        }
        c.events(planIndex, plans, this);
        chunk = null;
        resolvedStacks = null;
        methodsOfChunk = null;
    }

    private Plan plan(Type t) {
        switch (t.name) {
            case SETTING -> {
                return new Plan(SETTING, t, SETTING_FIELDS, true);
            }
            case JVM_INFORMATION -> {
                return new Plan(JVM_INFORMATION, t, JVM_FIELDS, true);
            }
            default -> {
            }
        }
        Kind k = KINDS.get(t.name);
        if (k == null) {
            return null;
        }
        Plan p = new Plan(k, t, k.wanted, false);
        boolean complete = p.present[TIME] && p.present[STACK] && (k.wanted[AMOUNT].equals("-") || p.present[AMOUNT]);
        return complete ? p : null;
    }

    @Override
    public void damaged(Damage damage, String consequence) {
        diagnostics.warn(DAMAGED, file + ": byte " + damage.fileOffset + ": "
                + JfrChunks.oneLine(damage.getMessage() + "; " + consequence));
    }

    @Override
    public void record(Plan plan, int at) {
        if (plan.tag == SETTING) {
            Type type = chunk.metadata.type(plan.longs[1]);
            settings.setting(type == null ? null : type.name, chunk.nanos(plan.longs[0]), plan.strings[2],
                    plan.strings[3]);
            return;
        }
        if (plan.tag == JVM_INFORMATION) {
            settings.pid(plan.longs[0]);
            return;
        }
        Kind kind = (Kind) plan.tag;
        long[] v = plan.longs;
        long ts = chunk.nanos(v[TIME]);
        switch (kind) {
            case EXECUTION, NATIVE_METHOD -> {
                JfrSettings.Weight w = settings.weight(kind.typeName, ts);
                sample(plan, at, ts, distinct(w.metric()), w.amount(), 1);
            }
            case CPU_TIME -> amount(plan, at, ts, CPU_TIME, v[AMOUNT], "samplingPeriod");
            case WALL_CLOCK -> {
                long interval = settings.wallIntervalNanos();
                if (v[AMOUNT] < 0) {
                    bad(plan, at, "a negative samples (" + v[AMOUNT] + ")");
                } else if (interval <= 0) {
                    sample(plan, at, ts, distinct(WALL_SAMPLES), v[AMOUNT], 0);
                } else if (v[AMOUNT] > Long.MAX_VALUE / interval) {
                    bad(plan, at, v[AMOUNT] + " samples of " + interval + " ns, more than 2^63 - 1 ns");
                } else {
                    sample(plan, at, ts, distinct(WALL), v[AMOUNT] * interval, 0);
                }
            }
            case ALLOCATION_SAMPLE -> amount(plan, at, ts, ALLOCATION, v[AMOUNT], "weight");
            case IN_NEW_TLAB -> {
                long tlab = v[AMOUNT];
                if (tlab > 0 || !plan.present[AMOUNT2]) {
                    amount(plan, at, ts, TLAB_ALLOCATION, tlab, "tlabSize");
                } else {
                    amount(plan, at, ts, TLAB_ALLOCATION, v[AMOUNT2], "allocationSize");
                }
            }
            case OUTSIDE_TLAB -> amount(plan, at, ts, TLAB_ALLOCATION, v[AMOUNT], "allocationSize");
            case MALLOC -> amount(plan, at, ts, NATIVE_ALLOCATION, v[AMOUNT], "size");
            case MONITOR_ENTER, THREAD_PARK, NATIVE_LOCK -> amount(plan, at, ts, BLOCKED, v[AMOUNT], "duration");
        }
    }

    private void amount(Plan plan, int at, long ts, Metric metric, long amount, String field) {
        if (amount < 0) {
            bad(plan, at, "a negative " + field + " (" + amount + ")");
            return;
        }
        sample(plan, at, ts, distinct(metric), amount, 0);
    }

    private void bad(Plan plan, int at, String what) {
        diagnostics.warn(Diagnostics.BAD_EVENT, file + ": byte " + chunk.in.fileOffset(at) + ": " + JfrChunks.oneLine(
                plan.type.name + " with " + what + "; the event is skipped"));
    }

    /**
     * One sample of the event's stack; {@code calls} is 1 for a time sample and 0 for any other weight, whose
     * amount rides on the stack without counting a call, so that {@code calls} counts the execution samples.
     */
    private void sample(Plan plan, int at, long ts, Metric weight, long amount, long calls) {
        long stackKey = plan.longs[STACK];
        int index = chunk.stack(stackKey);
        if (index < 0) {
            if (stackKey != 0) {
                diagnostics.warn(Diagnostics.BAD_EVENT, file + ": byte " + chunk.in.fileOffset(at) + ": "
                        + JfrChunks.oneLine(plan.type.name) + " refers to stack trace " + stackKey + ", which no"
                        + " constant pool of chunk " + chunk.number + " holds; the sample is counted as one without a"
                        + " stack");
            }
            stackless();
            return;
        }
        int[] stack = resolvedStacks[index];
        if (stack == null) {
            stack = resolve(index);
            resolvedStacks[index] = stack;
        }
        if (stack.length == 0) {
            stackless();
            return;
        }
        if (chunk.stackTruncated(index)) {
            diagnostics.note(TRUNCATED_STACK);
        }
        if ((++samples & (CANCEL_EVERY - 1)) == 0) {
            cancel.check();
        }
        sink.sample(track(plan.longs[THREAD]), ts, weight, amount, calls, stack, stack.length);
    }

    private void stackless() {
        stacklessSamples++;
        diagnostics.note(Diagnostics.EMPTY_STACK);
    }

    /**
     * The frame ids of stack {@code index}, outermost first; the same array for every stack of the recording
     * whose frames have the same methods and callers' lines, whichever chunk it is in: each chunk of
     * async-profiler's lists its stacks anew, and naming their frames again was a fifth of reading such a
     * recording.
     */
    private int[] resolve(int index) {
        int depth = chunk.stackDepth(index);
        if (stackMethods.length < depth) {
            stackMethods = new MethodNames[Math.max(depth, 2 * stackMethods.length)];
            stackKey = new int[2 * stackMethods.length];
        }
        // The key: each frame's method and the line in it that the frame inside calls from (none for the
        // innermost frame), which are all its frame ids depend on.
        int hash = depth;
        for (int k = 0; k < depth; k++) {
            MethodNames m = method(index, k);
            int line = k == 0 ? 0 : chunk.frameLine(index, k);
            stackMethods[k] = m;
            stackKey[2 * k] = m.id;
            stackKey[2 * k + 1] = line;
            hash = (hash * 31 + m.id) * 31 + line;
        }
        int[] known = stacks.get(stackKey, 2 * depth, hash);
        if (known != null) {
            return known;
        }
        int[] ids = new int[depth];
        // JFR lists the innermost frame first; the caller of frame k is frame k + 1. Names are made in this order
        // (a method's region when it is first met, then its callsite), as they always were.
        if (depth > 0) {
            stackMethods[0].region();
        }
        for (int k = 0; k < depth; k++) {
            int callsite = NameTable.EMPTY;
            if (k + 1 < depth) {
                MethodNames caller = stackMethods[k + 1];
                caller.region();
                callsite = caller.callsite(stackKey[2 * k + 3]);
            }
            ids[depth - 1 - k] = frames.intern(stackMethods[k].region(), callsite);
        }
        stacks.put(java.util.Arrays.copyOf(stackKey, 2 * depth), hash, ids);
        return ids;
    }

    /** The names of frame {@code k}'s method in stack {@code stack}. */
    private MethodNames method(int stack, int k) {
        int index = chunk.method(chunk.frameMethod(stack, k));
        if (index < 0) {
            if (unknownMethod == null) {
                unknownMethod = new MethodNames("[unknown]");
            }
            return unknownMethod;
        }
        MethodNames m = methodsOfChunk[index];
        if (m == null) {
            long cls = chunk.className(chunk.methodClass(index));
            String type = cls < 0 || chunk.nativeFrame(stack, k) ? null : chunk.symbol(cls);
            String name = chunk.symbol(chunk.methodName(index));
            Map<String, MethodNames> ofClass = methodsBySymbols.get(type == null ? "" : type);
            if (ofClass == null) {
                ofClass = new HashMap<>();
                methodsBySymbols.put(type == null ? "" : type, ofClass);
            }
            m = ofClass.get(name == null ? "" : name);
            if (m == null) {
                m = new MethodNames(regionName(type, name));
                ofClass.put(name == null ? "" : name, m);
            }
            methodsOfChunk[index] = m;
        }
        return m;
    }

    /**
     * {@code pkg.Class.method}; a symbol alone for what async-profiler records as native code (C, C++, kernel
     * frames): no class, or a library's file name as its class ({@code libjvm.so}), never a Java class's.
     */
    static String regionName(String internalType, String method) {
        String name = method == null ? "" : method;
        String type = internalType == null ? "" : internalType;
        if (type.isEmpty() || isLibrary(type)) {
            return name.isEmpty() ? "[unknown]" : name;
        }
        return type.replace('/', '.') + "." + name;
    }

    /** A shared library's file name ({@code libjvm.so}, {@code libc.so.6}, {@code libfoo.dylib}). */
    private static boolean isLibrary(String type) {
        return type.endsWith(".so") || type.contains(".so.") || type.endsWith(".dylib") || type.endsWith(".dll")
                || type.startsWith("/") || type.startsWith("[");
    }

    private int track(long threadKey) {
        int t = tracksOfChunk.get(threadKey, -1);
        if (t >= 0) {
            return t;
        }
        JfrChunk.ThreadInfo thread = threadKey == 0 ? null : chunk.thread(threadKey);
        String tid;
        String name;
        if (thread == null) {
            tid = "";
            name = "";
        } else {
            tid = thread.osThreadId() > 0 ? Long.toString(thread.osThreadId()) : "java:" + thread.javaThreadId();
            name = thread.javaName() != null ? thread.javaName() : thread.osName() != null ? thread.osName() : "";
        }
        Integer known = tracks.get(tid);
        if (known == null) {
            String pid = settings.pid();
            known = sink.thread(pid, tid);
            tracks.put(tid, known);
            if (!name.isEmpty()) {
                sink.threadName(pid, tid, name);
            }
        }
        tracksOfChunk.put(threadKey, known);
        return known;
    }

    /** {@code metric}, or the one of its name already given out: a tree has one column per name. */
    private Metric distinct(Metric metric) {
        Metric taken = metricsByName.putIfAbsent(metric.name(), metric);
        return taken == null ? metric : taken;
    }

    /**
     * After the last chunk: the events of types not read, in one note; and a recording that gave no sample at
     * all is refused, saying what it held instead, since an empty profile would look like an idle program.
     */
    private void finish(JfrChunks.Scan scan) {
        if (symbols.notUtf8() > 0) {
            diagnostics.warn(NOT_UTF8, symbols.notUtf8(), List.of(file + ": byte " + symbols.firstNotUtf8At()
                    + ": a name that is not UTF-8 text: \"" + symbols.firstNotUtf8() + "\""));
        }
        long unreadCount = 0;
        StringBuilder types = new StringBuilder();
        List<Map.Entry<String, Long>> byCount = new ArrayList<>(unread.entrySet());
        byCount.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        for (Map.Entry<String, Long> e : byCount) {
            unreadCount += e.getValue();
            types.append(types.isEmpty() ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue());
        }
        if (unreadCount > 0) {
            diagnostics.note(UNREAD_EVENTS, unreadCount, file + ": " + unreadCount
                    + (unreadCount == 1 ? " event" : " events") + " of types not read: " + JfrChunks.oneLine(types.toString()));
        }
        if (samples > 0) {
            return;
        }
        long at = firstEventOffset < 0 ? JfrChunk.HEADER_BYTES : firstEventOffset;
        String chunks = scan.chunks().size() == 1 ? "its chunk holds " : "its " + scan.chunks().size() + " chunks hold ";
        if (events == 0) {
            throw JfrChunks.refuse(file, at, "the recording holds no sample: " + chunks + "no events");
        }
        List<String> held = new ArrayList<>();
        if (stacklessSamples > 0) {
            held.add(stacklessSamples + (stacklessSamples == 1 ? " sample" : " samples") + " without a stack");
        }
        if (unreadCount > 0) {
            held.add(unreadCount + (unreadCount == 1 ? " event" : " events") + " of types not read (" + types + ")");
        }
        if (held.isEmpty()) {
            held.add(events + (events == 1 ? " event" : " events") + ", none a sample that could be read");
        }
        Diagnostics.Entry damage = diagnostics.warnings().get(DAMAGED.name());
        String cause = damage == null || damage.examples().isEmpty() ? ""
                : ", after damage: " + damage.examples().get(0).substring(file.length() + 2);
        throw JfrChunks.refuse(file, at, "the recording holds no sample ppw-java reads: " + chunks
                + String.join(" and ", held) + cause);
    }

    /**
     * A method's region name id and its callsite name ids by line; {@code id} numbers it among the recording's
     * methods. The region's name is made when first asked for, so that names are made in the order the stacks'
     * frames meet them, not the order methods are looked up in.
     */
    private final class MethodNames {
        final int id = methodNamesMade++;
        private int region = -1;
        private final String text;
        private final LongIntOpenMap callsites = new LongIntOpenMap();

        MethodNames(String text) {
            this.text = text;
        }

        int region() {
            if (region < 0) {
                region = names.intern(text);
            }
            return region;
        }

        int callsite(int line) {
            if (line <= 0) {
                return region();
            }
            int id = callsites.get(line, -1);
            if (id < 0) {
                id = names.intern(text + ":" + line);
                callsites.put(line, id);
            }
            return id;
        }
    }
}
