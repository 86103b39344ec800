package dev.ppw.engine;

import dev.ppw.aggregate.AsyncMode;
import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.ThreadMode;
import dev.ppw.model.format.ReadOptions;

import java.util.Objects;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * How {@link Engine#profile} reads and folds its inputs. Immutable; the same options may serve several
 * calls at once.
 *
 * @param fold        how the folder splits threads, where it puts async tracks and how it bounds its memory
 *                    ({@link FoldOptions}); its {@code splitByPid} must be false: one profile of every input
 * @param jobs        threads reading (one large file in chunks, or several files side by side), at least 1;
 *                    the result is the same whatever it is
 * @param inputFormat the registered format every input is read as, or empty to detect each input's
 * @param reading     the readers' tuning (their {@code jobs} and {@code progress} are set by the engine)
 * @param progress    told the bytes of all inputs read so far, from any reading thread; never moves back
 * @param skipBad     of several inputs, fold those that can be read and leave out, counted, those that cannot
 *                    ({@link ProfileResult#droppedInputs()}); else the first that cannot be read fails the call
 */
public record ProfileOptions(FoldOptions fold, int jobs, Optional<String> inputFormat, ReadOptions reading,
                             LongConsumer progress, boolean skipBad) {
    public ProfileOptions {
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(inputFormat, "inputFormat");
        Objects.requireNonNull(reading, "reading");
        Objects.requireNonNull(progress, "progress");
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
        if (fold.splitByPid()) {
            throw new IllegalArgumentException("a profile is one tree: split by pid is for merge (MergeOptions)");
        }
    }

    /**
     * Threads merged into one tree, async tracks apart, default memory bounds, a thread per core, formats
     * detected, no progress, any input that cannot be read an error.
     */
    public static ProfileOptions defaults() {
        return new ProfileOptions(FoldOptions.defaults(), Runtime.getRuntime().availableProcessors(), Optional.empty(),
                ReadOptions.defaults(), bytes -> { }, false);
    }

    public ProfileOptions withThreads(ThreadMode threads) {
        return withFold(fold.withThreads(threads));
    }

    /** Async tracks apart from the threads (the default), inside their tree, or left out. */
    public ProfileOptions withAsync(AsyncMode async) {
        return withFold(fold.withAsync(async));
    }

    public ProfileOptions withFold(FoldOptions options) {
        return new ProfileOptions(options, jobs, inputFormat, reading, progress, skipBad);
    }

    public ProfileOptions withJobs(int n) {
        return new ProfileOptions(fold, n, inputFormat, reading, progress, skipBad);
    }

    /** Every input read as the registered format {@code name}; null detects each input's format. */
    public ProfileOptions withInputFormat(String name) {
        return new ProfileOptions(fold, jobs, Optional.ofNullable(name), reading, progress, skipBad);
    }

    public ProfileOptions withReading(ReadOptions options) {
        return new ProfileOptions(fold, jobs, inputFormat, options, progress, skipBad);
    }

    public ProfileOptions withProgress(LongConsumer bytesRead) {
        return new ProfileOptions(fold, jobs, inputFormat, reading, bytesRead, skipBad);
    }

    /** Whether, of several inputs, those that cannot be read are left out, counted, rather than failing. */
    public ProfileOptions withSkipBad(boolean skip) {
        return new ProfileOptions(fold, jobs, inputFormat, reading, progress, skip);
    }
}
