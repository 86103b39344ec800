package dev.ppw.model.format;

import dev.ppw.model.work.Workers;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * How a format may read one input: options are passed in, never read from system properties by the
 * formats. The tuning values change only speed, never what is read.
 *
 * @param workers           where the format may run parallel steps of reading one input, and the analysis'
 *                          cancel handle, which a reader checks between blocks or every few thousand events
 *                          ({@link Workers}); the events and the profile are the same whatever its parallelism
 * @param progress          told how many bytes of the input as stored have been read so far (the unit of
 *                          {@link InputSource#sizeBytes()}), on the reading thread; from 0 again when the
 *                          input is read a second time
 * @param parallelFromBytes a format that can read a plain file in chunks on several threads does so from
 *                          this size in bytes (0: always); smaller files are read as one stream
 * @param chunkBytes        the largest chunk of such a parallel reading, in bytes (at least 1)
 * @param symbolRoot        where a format looks for the binaries its input names by their paths on the traced
 *                          machine (to name code addresses): the path under this folder ({@code /usr/bin/app}
 *                          is {@code ROOT/usr/bin/app}), as perf's {@code --symfs} and babeltrace2's
 *                          {@code --debug-info-target-prefix} do; empty to look at the paths themselves
 */
public record ReadOptions(Workers workers, LongConsumer progress, long parallelFromBytes, int chunkBytes,
                          Optional<Path> symbolRoot) {
    /** Files from this size are read in parallel chunks by default: below it, starting threads costs more. */
    public static final long DEFAULT_PARALLEL_FROM_BYTES = 64 << 10;
    /** A chunk and the events parsed from it stay in a core's cache until they are used. */
    public static final int DEFAULT_CHUNK_BYTES = 1 << 20;

    public ReadOptions {
        Objects.requireNonNull(workers, "workers");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(symbolRoot, "symbolRoot");
        if (parallelFromBytes < 0) {
            throw new IllegalArgumentException("parallelFromBytes must be >= 0, got " + parallelFromBytes);
        }
        if (chunkBytes < 1) {
            throw new IllegalArgumentException("chunkBytes must be at least 1, got " + chunkBytes);
        }
    }

    /** One thread, never cancelled, no progress, the default tuning. */
    public static ReadOptions defaults() {
        return new ReadOptions(Workers.inline(), bytes -> { }, DEFAULT_PARALLEL_FROM_BYTES, DEFAULT_CHUNK_BYTES,
                Optional.empty());
    }

    /** How many threads the format may read one input on: its workers' parallelism. */
    public int jobs() {
        return workers.parallelism();
    }

    /**
     * These options with their workers limited to {@code n} tasks at once ({@link Workers#limitedTo}): never more than
     * the workers' own parallelism.
     */
    public ReadOptions limitedTo(int n) {
        return withWorkers(workers.limitedTo(n));
    }

    /** These options reading on {@code other}. */
    public ReadOptions withWorkers(Workers other) {
        return new ReadOptions(other, progress, parallelFromBytes, chunkBytes, symbolRoot);
    }

    /** These options telling {@code consumer} the bytes read. */
    public ReadOptions withProgress(LongConsumer consumer) {
        return new ReadOptions(workers, consumer, parallelFromBytes, chunkBytes, symbolRoot);
    }

    /** These options reading plain files from {@code bytes} in parallel chunks. */
    public ReadOptions withParallelFromBytes(long bytes) {
        return new ReadOptions(workers, progress, bytes, chunkBytes, symbolRoot);
    }

    /** These options looking for the binaries a trace names under {@code root} (null: at their own paths). */
    public ReadOptions withSymbolRoot(Path root) {
        return new ReadOptions(workers, progress, parallelFromBytes, chunkBytes, Optional.ofNullable(root));
    }

    /** These options with parallel chunks of at most {@code bytes}. */
    public ReadOptions withChunkBytes(int bytes) {
        return new ReadOptions(workers, progress, parallelFromBytes, bytes, symbolRoot);
    }
}
