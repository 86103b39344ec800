package dev.ppw.cli;

/**
 * Tuning knobs that are system properties of the command line, not options (docs/performance.md,
 * docs/memory.md): the library reads none itself, so the command maps them onto the engine's {@link
 * dev.ppw.engine.Tuning} here.
 */
final class Tuning {
    /** Files from this size are read in parallel chunks. */
    static final String PARALLEL_FROM_BYTES = "ppw.read.parallelFromBytes";
    /** The largest chunk of a parallel reading, in bytes. */
    static final String CHUNK_BYTES = "ppw.read.chunkBytes";
    /** Events a folder buffers before it frees memory (spills). */
    static final String SPILL_EVENTS = "ppw.fold.spillEvents";
    /** How far back (ns) an event may come and its track still count as in order. */
    static final String WINDOW_NANOS = "ppw.fold.windowNanos";

    private Tuning() {
    }

    /** The engine's defaults, with each property that is given. */
    static dev.ppw.engine.Tuning fromProperties() {
        dev.ppw.engine.Tuning d = dev.ppw.engine.Tuning.defaults();
        return d.withParallelFromBytes(Long.getLong(PARALLEL_FROM_BYTES, d.parallelFromBytes()))
                .withChunkBytes(Integer.getInteger(CHUNK_BYTES, d.chunkBytes()))
                .withSpillLimitEvents(Long.getLong(SPILL_EVENTS, d.spillLimitEvents()))
                .withReorderWindowNanos(Long.getLong(WINDOW_NANOS, d.reorderWindowNanos()));
    }
}
