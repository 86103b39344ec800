package dev.ppw.model;

/**
 * Where collectors push trace events, and the only place collectors and aggregation meet.
 *
 * <p>Calls come in input order (file order), one input at a time, bracketed by {@link #beginInput}
 * and {@link #endInput}. Times are integer nanoseconds in the input's own clock; frame ids come from
 * {@link #frames()}. A track is one call stack; {@link #thread} and {@link #asyncTrack} turn the
 * canonical text of its key (SEMANTICS.md section 1: numbers by canonical decimal, missing as "") into
 * a track id valid until {@link #endInput}. A sink may reorder events internally: collectors need not
 * sort, and events of one track may arrive in any order.
 *
 * <p>Events a collector drops itself (no usable {@code ts}, a bad {@code dur}) never reach the sink; the
 * collector counts them in {@link #diagnostics()}.
 */
public interface EventSink {
    /**
     * The region id of an {@link #end} whose event names no region (a missing, null or empty name): it closes
     * the innermost open begin without being compared to it (SEMANTICS.md section 1).
     */
    int NO_NAME = -1;

    /** Frame interning shared by the collector and the sink. */
    FrameTable frames();

    /** Where collectors and the sink count warnings and notes. */
    Diagnostics diagnostics();

    /** Starts one input; {@code displayName} is how messages name it (usually its path). */
    void beginInput(String displayName);

    /** Track id of the synchronous stack of thread (pid, tid). */
    int thread(String pid, String tid);

    /** Track id of the nestable async stack (pid, cat, id). */
    int asyncTrack(String pid, String cat, String id);

    /** A {@code B} (or async {@code b}): opens a frame at {@code tsNanos}. */
    void begin(int track, long tsNanos, int frameId);

    /**
     * An {@code E} (or async {@code e}): closes the innermost open begin; {@code regionId} (a name id) is only
     * compared with the begin's region, and {@link #NO_NAME} is compared with nothing.
     */
    void end(int track, long tsNanos, int regionId);

    /** An {@code X}: a frame from {@code tsNanos} lasting {@code durNanos} (>= 0). */
    void complete(int track, long tsNanos, long durNanos, int frameId);

    /**
     * A sample: {@code frameIds[0 .. depth-1]} is the stack, outermost first, weighing {@code amount} of the
     * WEIGHT metric {@code weight}: {@link SampleWeights#TIME} for the sampling period or the time since the
     * previous sample in nanoseconds, or a metric in another unit (bytes, events) of the collector's own.
     */
    default void sample(int track, long tsNanos, Metric weight, long amount, int[] frameIds, int depth) {
        sample(track, tsNanos, weight, amount, 1, frameIds, depth);
    }

    /**
     * {@code samples} samples of one stack at once, weighing {@code amount} in all: what a format that stores
     * stacks already counted writes (a folded-stacks line {@code a;b 42}, a pprof sample with a count). The
     * tree counts {@code samples} calls on every node of the stack, exactly as that many single samples
     * would; {@code samples} is at least 0. With 0, the weight is attached to the stack's calls without
     * counting any: what a traced input records of its open calls (the bytes an LTTng {@code malloc} event
     * asked for, on the calls open on its thread), where the calls are already counted by their begins.
     */
    void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds, int depth);

    /**
     * A weight of the traced calls open on a thread, not a sample: {@code amount} of {@code weight} added to the
     * calls of the stack {@code frameIds[0 .. depth-1]} (outermost first), in the thread part, counting no call
     * (the bytes an LTTng {@code malloc} event asked for). A stack sample, even one of 0 samples, is in the
     * samples part (SEMANTICS.md section 2, "Parts"): a sink that keeps no parts may take both alike, as this
     * default does.
     */
    default void weigh(int track, long tsNanos, Metric weight, long amount, int[] frameIds, int depth) {
        sample(track, tsNanos, weight, amount, 0, frameIds, depth);
    }

    /** An {@code M process_name}: names process {@code pid}. */
    void processName(String pid, String name);

    /** An {@code M thread_name}: names thread (pid, tid). */
    void threadName(String pid, String tid, String name);

    /**
     * A region counter sample (SEMANTICS.md "Counters"): a {@code C} event named after a region whose args
     * hold {@code cpu_usage} and/or {@code memory_usage}. It attaches to the innermost frame of that region
     * open on thread track {@code track} at {@code tsNanos}. {@code cpuUsage} and {@code memoryUsage} are
     * NaN when absent; at least one is finite.
     */
    void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage);

    /**
     * One sample of a generic counter series: args key {@code series} of the {@code C} event {@code name}
     * (with {@code id}, {@code ""} when absent) of process {@code pid}; {@code value} is finite.
     */
    void counter(String pid, String name, String id, String series, long tsNanos, double value);

    /** The trace's top-level {@code displayTimeUnit}, as written (a display hint only). */
    void displayTimeUnit(String unit);

    /**
     * An instant event (a point in time with a name on a thread: Chrome's {@code i}/{@code I}/{@code R}/{@code n}),
     * which has no place in the tree but may mark where a program phase starts ({@code --phase-by}). The name is
     * not interned, so that a fold that ignores instants keeps its frame table as it was. Sinks that do not look
     * for phase markers ignore it (the default).
     *
     * @param tsNanos the instant's time, integer nanoseconds of the trace clock
     * @param name    the event's name as written (the empty string when it has none)
     */
    default void instant(String pid, String tid, long tsNanos, String name) {
    }

    /** Ends the current input: the sink may now finish its tracks. */
    void endInput();
}
