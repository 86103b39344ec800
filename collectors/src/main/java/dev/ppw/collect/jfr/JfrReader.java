package dev.ppw.collect.jfr;

import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.NameTable;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Folds the samples of one JFR recording into an {@link EventSink}, streaming its events through the JDK's
 * {@link RecordingFile}: what is kept is the tree's names and frames, the threads, and caches bounded in
 * entries; the parser itself holds one chunk's constant pools at a time.
 *
 * <p>Per event (docs/formats.md "jfr" says it for users, docs/SEMANTICS.md section 2 for the numbers):
 * <ul>
 *   <li>{@code jdk.ExecutionSample} and {@code jdk.NativeMethodSample}: a stack sample of its
 *       {@code sampledThread}, weighing the sampling period of its event type ({@link JfrSettings}) in
 *       nanoseconds of time.</li>
 *   <li>{@code jdk.ObjectAllocationSample}: its {@code weight} in bytes of the metric {@link #ALLOCATION}, on
 *       its {@code eventThread}. {@code jdk.ObjectAllocationInNewTLAB} and {@code jdk.ObjectAllocationOutsideTLAB}
 *       (async-profiler's allocation samples, the JDK's own TLAB events): the TLAB's size, else the object's,
 *       in bytes of {@link #TLAB_ALLOCATION}.</li>
 *   <li>Every other event is not read.</li>
 * </ul>
 * A frame's region is its method, {@code pkg.Class.method} (overloads are one region); a native frame that
 * async-profiler records with a library or no class (C, C++, kernel code) is its symbol alone. A frame's
 * callsite is where its caller was: {@code pkg.Caller.method:line}, the caller's line, or the caller's
 * method alone when its line is unknown; the outermost frame has none. The track is the thread: pid the JVM's
 * (from {@code jdk.JVMInformation}, else {@code ""}), tid its OS thread id ({@code java:N} for a thread with
 * none, N its Java thread id), named by its Java name. One reader per input; not thread-safe.
 */
final class JfrReader {
    /** Note: a sample whose stack the recorder cut at its depth limit; its outermost recorded frame is its root. */
    static final DiagnosticKind TRUNCATED_STACK = DiagnosticKind.note("jfr_truncated_stack",
            "JFR sample whose stack the recorder cut at its depth limit",
            "JFR samples whose stacks the recorder cut at its depth limit");

    /** Bytes the JDK's allocation sampler weighs each {@code jdk.ObjectAllocationSample} with. */
    static final Metric ALLOCATION = Metric.weight("allocation", MetricUnit.BYTES, "allocated",
            "bytes allocated, as the JDK's allocation samples (jdk.ObjectAllocationSample) weigh them");
    /** Bytes of the TLABs (and of objects outside them) that TLAB allocation events record. */
    static final Metric TLAB_ALLOCATION = Metric.weight("tlab_allocation", MetricUnit.BYTES, "TLAB allocated",
            "bytes of allocation events: the new TLAB's size (jdk.ObjectAllocationInNewTLAB), the object's"
                    + " outside a TLAB (jdk.ObjectAllocationOutsideTLAB), as async-profiler's allocation samples weigh");

    static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    static final String NATIVE_METHOD_SAMPLE = "jdk.NativeMethodSample";
    static final String ALLOCATION_SAMPLE = "jdk.ObjectAllocationSample";
    static final String IN_NEW_TLAB = "jdk.ObjectAllocationInNewTLAB";
    static final String OUTSIDE_TLAB = "jdk.ObjectAllocationOutsideTLAB";

    /** Identity caches are cleared when this full: the parser makes new objects per chunk. */
    private static final int CACHE_LIMIT = 1 << 16;
    private static final Pattern READ_AT = Pattern.compile("read at (\\d+)");

    private final String file;
    private final EventSink sink;
    private final FrameTable frames;
    private final NameTable names;
    private final Diagnostics diagnostics;

    private JfrSettings settings;
    private final Map<RecordedStackTrace, int[]> stacks = new IdentityHashMap<>();
    private final Map<RecordedMethod, MethodNames> methods = new IdentityHashMap<>();
    private final Map<RecordedThread, Integer> threadTracks = new IdentityHashMap<>();
    private final Map<String, Integer> tracks = new HashMap<>();
    private final Map<String, Metric> metricsByName = new HashMap<>();

    JfrReader(String file, EventSink sink) {
        this.file = file;
        this.sink = sink;
        this.frames = sink.frames();
        this.names = frames.names();
        this.diagnostics = sink.diagnostics();
    }

    /** Reads the recording {@code path} into the sink. */
    void read(Path path) throws IOException {
        JfrChunks.Scan scan = JfrChunks.scan(file, path);
        if (scan.cut() == null) {
            readWhole(path, scan.chunks());
            return;
        }
        // A recording cut while written or copied: its whole chunks are read from a copy that ends with them,
        // since the JDK's parser gives up on the cut one (and may lose the last event before it).
        diagnostics.warn(Diagnostics.TRUNCATED, scan.cut().getMessage() + "; the " + scan.chunks().size()
                + (scan.chunks().size() == 1 ? " whole chunk before it is read" : " whole chunks before it are read"));
        Path whole = Files.createTempFile("ppw-jfr-", ".jfr");
        try {
            try (FileChannel in = FileChannel.open(path, StandardOpenOption.READ);
                 FileChannel out = FileChannel.open(whole, StandardOpenOption.WRITE)) {
                long done = 0;
                while (done < scan.wholeBytes()) {
                    long n = in.transferTo(done, scan.wholeBytes() - done, out);
                    if (n <= 0) {
                        throw new IOException(file + ": the file shrank while being read");
                    }
                    done += n;
                }
            }
            readWhole(whole, scan.chunks());
        } finally {
            Files.deleteIfExists(whole);
        }
    }

    /** Reads {@code path}, whose chunks are all whole. */
    private void readWhole(Path path, List<JfrChunks.Chunk> chunks) throws IOException {
        try {
            settings = JfrSettings.read(path);
            try (RecordingFile recording = new RecordingFile(path)) {
                while (recording.hasMoreEvents()) {
                    event(recording.readEvent());
                }
            }
        } catch (BadInputException e) {
            throw e;
        } catch (IOException | RuntimeException | InternalError | OutOfMemoryError | StackOverflowError e) {
            throw unreadable(chunks, e);
        }
    }

    private void event(RecordedEvent e) {
        String type = e.getEventType().getName();
        try {
            sample(e, type);
        } catch (IllegalArgumentException | ClassCastException missing) {
            // A sample event without a field its type has in the JDK (a writer of its own, an older layout): the
            // one event is skipped, the recording read on.
            diagnostics.warn(Diagnostics.BAD_EVENT, file + ": " + type + " at " + e.getStartTime() + ": "
                    + missing.getMessage() + "; the sample is skipped");
        }
    }

    private void sample(RecordedEvent e, String type) {
        switch (type) {
            case EXECUTION_SAMPLE, NATIVE_METHOD_SAMPLE -> {
                JfrSettings.Weight w = settings.weight(e.getEventType().getId(), type, nanos(e.getStartTime()));
                stackSample(e, e.getThread("sampledThread"), distinct(w.metric()), w.amount(), 1);
            }
            case ALLOCATION_SAMPLE -> bytesSample(e, ALLOCATION, e.getLong("weight"), "weight");
            case IN_NEW_TLAB -> {
                long tlab = e.getLong("tlabSize");
                bytesSample(e, TLAB_ALLOCATION, tlab > 0 ? tlab : e.getLong("allocationSize"), "tlabSize");
            }
            case OUTSIDE_TLAB -> bytesSample(e, TLAB_ALLOCATION, e.getLong("allocationSize"), "allocationSize");
            default -> {
                // Only samples are read: the recording's other events (GC, I/O, settings) are not calls.
            }
        }
    }

    private void bytesSample(RecordedEvent e, Metric metric, long bytes, String field) {
        if (bytes < 0) {
            diagnostics.warn(Diagnostics.BAD_EVENT, file + ": " + e.getEventType().getName() + " at "
                    + e.getStartTime() + ": a negative " + field + " (" + bytes + " bytes); the sample is skipped");
            return;
        }
        stackSample(e, e.getThread("eventThread"), distinct(metric), bytes, 0);
    }

    /**
     * One sample of {@code e}'s stack; {@code calls} is 1 for a time sample and 0 for an allocation, whose bytes
     * ride on the stack without counting a call, so that {@code calls} counts the recording's stack samples.
     */
    private void stackSample(RecordedEvent e, RecordedThread thread, Metric weight, long amount, long calls) {
        RecordedStackTrace trace = e.getStackTrace();
        int[] stack = trace == null ? null : stack(trace);
        if (stack == null || stack.length == 0) {
            diagnostics.note(Diagnostics.EMPTY_STACK);
            return;
        }
        if (trace.isTruncated()) {
            diagnostics.note(TRUNCATED_STACK);
        }
        sink.sample(track(thread), nanos(e.getStartTime()), weight, amount, calls, stack, stack.length);
    }

    /** The frame ids of {@code trace}, outermost first; the parser shares a stack's object within a chunk. */
    private int[] stack(RecordedStackTrace trace) {
        int[] ids = stacks.get(trace);
        if (ids != null) {
            return ids;
        }
        List<RecordedFrame> list = trace.getFrames();
        int depth = list.size();
        ids = new int[depth];
        // JFR lists the innermost frame first; the caller of frame k is frame k + 1.
        for (int k = 0; k < depth; k++) {
            RecordedFrame frame = list.get(k);
            MethodNames method = names(frame.getMethod());
            int callsite = NameTable.EMPTY;
            if (k + 1 < depth) {
                RecordedFrame caller = list.get(k + 1);
                callsite = names(caller.getMethod()).callsite(caller.getLineNumber());
            }
            ids[depth - 1 - k] = frames.intern(method.region, callsite);
        }
        if (stacks.size() >= CACHE_LIMIT) {
            stacks.clear();
        }
        stacks.put(trace, ids);
        return ids;
    }

    private MethodNames names(RecordedMethod method) {
        MethodNames m = methods.get(method);
        if (m == null) {
            if (methods.size() >= CACHE_LIMIT) {
                methods.clear();
            }
            m = new MethodNames(regionName(method));
            methods.put(method, m);
        }
        return m;
    }

    /**
     * {@code pkg.Class.method}; a symbol alone for what async-profiler records as native code (C, C++, kernel
     * frames): no class, or a library's file name as its class ({@code libjvm.so}), never a Java class's.
     */
    static String regionName(RecordedMethod method) {
        String name = method == null || method.getName() == null ? "" : method.getName();
        String type = method == null || method.getType() == null || method.getType().getName() == null
                ? "" : method.getType().getName();
        if (type.isEmpty() || isLibrary(type)) {
            return name.isEmpty() ? "[unknown]" : name;
        }
        return type + "." + name;
    }

    /** A shared library's file name ({@code libjvm.so}, {@code libc.so.6}, {@code libfoo.dylib}). */
    private static boolean isLibrary(String type) {
        return type.endsWith(".so") || type.contains(".so.") || type.endsWith(".dylib") || type.endsWith(".dll")
                || type.startsWith("/") || type.startsWith("[");
    }

    private int track(RecordedThread thread) {
        Integer t = thread == null ? null : threadTracks.get(thread);
        if (t != null) {
            return t;
        }
        String tid;
        String name;
        if (thread == null) {
            tid = "";
            name = "";
        } else {
            long os = thread.getOSThreadId();
            tid = os > 0 ? Long.toString(os) : "java:" + thread.getJavaThreadId();
            name = thread.getJavaName() != null ? thread.getJavaName()
                    : thread.getOSName() != null ? thread.getOSName() : "";
        }
        String pid = settings.pid();
        t = tracks.get(tid);
        if (t == null) {
            t = sink.thread(pid, tid);
            tracks.put(tid, t);
            if (!name.isEmpty()) {
                sink.threadName(pid, tid, name);
            }
        }
        if (thread != null) {
            if (threadTracks.size() >= CACHE_LIMIT) {
                threadTracks.clear();
            }
            threadTracks.put(thread, t);
        }
        return t;
    }

    /** {@code metric}, or the one of its name already given out: a tree has one column per name. */
    private Metric distinct(Metric metric) {
        Metric taken = metricsByName.putIfAbsent(metric.name(), metric);
        return taken == null ? metric : taken;
    }

    static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /**
     * The one line for a recording the JDK's parser gives up on: the byte it names when it names one, else the
     * metadata's when it speaks of metadata (of a recording of one chunk), else the chunks' start, and the
     * parser's own words.
     */
    private BadInputException unreadable(List<JfrChunks.Chunk> chunks, Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName()
                : e.getMessage().replaceAll("\\s+", " ").strip();
        Matcher at = READ_AT.matcher(message);
        JfrChunks.Chunk last = chunks.get(chunks.size() - 1);
        long offset = 0;
        if (at.find()) {
            offset = Long.parseLong(at.group(1));
        } else if (chunks.size() == 1 && message.toLowerCase(java.util.Locale.ROOT).contains("metadata")) {
            offset = last.metadataOffset();
        }
        String where = chunks.size() == 1 ? "its chunk" : "its " + chunks.size() + " chunks";
        return new BadInputException(file + ": byte " + offset + ": the JDK's JFR parser cannot read " + where
                + " (bytes 0.." + (last.offset() + last.sizeBytes()) + "): " + message, e);
    }

    /** A method's region name id and its callsite name ids by line. */
    private final class MethodNames {
        final int region;
        private final String text;
        private final Map<Integer, Integer> callsites = new HashMap<>();

        MethodNames(String text) {
            this.text = text;
            this.region = names.intern(text);
        }

        int callsite(int line) {
            if (line <= 0) {
                return region;
            }
            Integer id = callsites.get(line);
            if (id == null) {
                id = names.intern(text + ":" + line);
                callsites.put(line, id);
            }
            return id;
        }
    }
}
