package dev.ppw.engine;

import dev.ppw.model.format.ReadOptions;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Knobs of speed and memory that change nothing of what an analysis gives (docs/performance.md, docs/memory.md).
 * Immutable.
 *
 * @param parallelFromBytes  a plain input of at least this many bytes is parsed in blocks on several threads, when
 *                           its format can (0: always)
 * @param chunkBytes         the largest such block, in bytes (at least 1)
 * @param spillLimitEvents   events a fold holds in memory, over all its tracks, before it frees memory: by replaying
 *                           tracks in order, then by writing sorted runs to a temporary file; 0 (the default):
 *                           as many as an eighth of the heap holds
 * @param reorderWindowNanos how far (nanoseconds, at least 0) an event may come before the latest of its track and
 *                           the track still count as in order, to be replayed while reading
 * @param spillDirectory     where temporary files of sorted runs go; empty: the JDK's temporary-file folder
 */
public record Tuning(long parallelFromBytes, int chunkBytes, long spillLimitEvents, long reorderWindowNanos,
                     Optional<Path> spillDirectory) {
    /** The default reorder window: 1 ms. */
    public static final long DEFAULT_REORDER_WINDOW_NANOS = 1_000_000L;

    private static final Tuning DEFAULTS = new Tuning(ReadOptions.DEFAULT_PARALLEL_FROM_BYTES,
            ReadOptions.DEFAULT_CHUNK_BYTES, 0, DEFAULT_REORDER_WINDOW_NANOS,
            Optional.empty());

    public Tuning {
        Objects.requireNonNull(spillDirectory, "spillDirectory");
        if (parallelFromBytes < 0) {
            throw new IllegalArgumentException("parallelFromBytes must be >= 0, got " + parallelFromBytes);
        }
        if (chunkBytes < 1) {
            throw new IllegalArgumentException("chunkBytes must be at least 1, got " + chunkBytes);
        }
        if (spillLimitEvents < 0) {
            throw new IllegalArgumentException("the spill limit must be at least 0 events (0: from the heap), got "
                    + spillLimitEvents);
        }
        if (reorderWindowNanos < 0) {
            throw new IllegalArgumentException("the reorder window must be at least 0 ns, got " + reorderWindowNanos);
        }
    }

    /** The defaults. */
    public static Tuning defaults() {
        return DEFAULTS;
    }

    /** These knobs with parallel blocks from inputs of {@code bytes}. */
    public Tuning withParallelFromBytes(long bytes) {
        return new Tuning(bytes, chunkBytes, spillLimitEvents, reorderWindowNanos, spillDirectory);
    }

    /** These knobs with blocks of at most {@code bytes}. */
    public Tuning withChunkBytes(int bytes) {
        return new Tuning(parallelFromBytes, bytes, spillLimitEvents, reorderWindowNanos, spillDirectory);
    }

    /** These knobs spilling past {@code events} buffered events. */
    public Tuning withSpillLimitEvents(long events) {
        return new Tuning(parallelFromBytes, chunkBytes, events, reorderWindowNanos, spillDirectory);
    }

    /** These knobs with a reorder window of {@code nanos}. */
    public Tuning withReorderWindowNanos(long nanos) {
        return new Tuning(parallelFromBytes, chunkBytes, spillLimitEvents, nanos, spillDirectory);
    }

    /** These knobs spilling into {@code directory} (null: the JDK's temporary-file folder). */
    public Tuning withSpillDirectory(Path directory) {
        return new Tuning(parallelFromBytes, chunkBytes, spillLimitEvents, reorderWindowNanos,
                Optional.ofNullable(directory));
    }
}
