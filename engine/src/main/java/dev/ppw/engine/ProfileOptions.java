package dev.ppw.engine;

import dev.ppw.model.AsyncMode;
import dev.ppw.aggregate.FoldOptions;
import dev.ppw.model.ThreadMode;
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
 * @param threadProfiles also give each thread's own profile ({@link ProfileResult#threads()}), for TAU's
 *                    per-thread layout: the inputs are folded with threads split ({@link ThreadMode#SPLIT}),
 *                    and unless {@code fold} splits them too the profile is their sum, as a fold with threads
 *                    merged gives it (the same rows and numbers; only node indices may differ)
 * @param windows     split the profile into time bins or phases ({@link ProfileResult#split()}): each input is
 *                    then read twice, a pre-pass finding its extent and markers
 *                    ({@link dev.ppw.aggregate.WindowScan}), then the fold; an input read once (standard input, a
 *                    pipe) is first copied to a temporary file, deleted after; empty: no split
 */
public record ProfileOptions(FoldOptions fold, int jobs, Optional<String> inputFormat, ReadOptions reading,
                             LongConsumer progress, boolean skipBad, boolean threadProfiles,
                             Optional<WindowSpec> windows) {
    public ProfileOptions {
        Objects.requireNonNull(windows, "windows");
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
     * detected, no progress, any input that cannot be read an error, no thread profiles.
     */
    public static ProfileOptions defaults() {
        return new ProfileOptions(FoldOptions.defaults(), Runtime.getRuntime().availableProcessors(), Optional.empty(),
                ReadOptions.defaults(), bytes -> { }, false, false, Optional.empty());
    }

    public ProfileOptions withThreads(ThreadMode threads) {
        return withFold(fold.withThreads(threads));
    }

    /**
     * Keeps the first {@code examples} examples of each warning kind (default
     * {@link dev.ppw.model.Diagnostics#EXAMPLES_PER_KIND}), to list every warning up to that bound.
     */
    public ProfileOptions withWarningExamples(int examples) {
        return withFold(fold.withWarningExamples(examples));
    }

    /** Async tracks apart from the threads (the default), inside their tree, or left out. */
    public ProfileOptions withAsync(AsyncMode async) {
        return withFold(fold.withAsync(async));
    }

    public ProfileOptions withFold(FoldOptions options) {
        return new ProfileOptions(options, jobs, inputFormat, reading, progress, skipBad, threadProfiles, windows);
    }

    public ProfileOptions withJobs(int n) {
        return new ProfileOptions(fold, n, inputFormat, reading, progress, skipBad, threadProfiles, windows);
    }

    /** Every input read as the registered format {@code name}; null detects each input's format. */
    public ProfileOptions withInputFormat(String name) {
        return new ProfileOptions(fold, jobs, Optional.ofNullable(name), reading, progress, skipBad, threadProfiles,
                windows);
    }

    public ProfileOptions withReading(ReadOptions options) {
        return new ProfileOptions(fold, jobs, inputFormat, options, progress, skipBad, threadProfiles, windows);
    }

    public ProfileOptions withProgress(LongConsumer bytesRead) {
        return new ProfileOptions(fold, jobs, inputFormat, reading, bytesRead, skipBad, threadProfiles, windows);
    }

    /** Whether, of several inputs, those that cannot be read are left out, counted, rather than failing. */
    public ProfileOptions withSkipBad(boolean skip) {
        return new ProfileOptions(fold, jobs, inputFormat, reading, progress, skip, threadProfiles, windows);
    }

    /** Split into time bins or phases as {@code split} says; null: no split. */
    public ProfileOptions withWindows(WindowSpec split) {
        return new ProfileOptions(fold, jobs, inputFormat, reading, progress, skipBad, threadProfiles,
                Optional.ofNullable(split));
    }

    /** With {@code each} true, also each thread's own profile ({@link ProfileResult#threads()}). */
    public ProfileOptions withThreadProfiles(boolean each) {
        return new ProfileOptions(fold, jobs, inputFormat, reading, progress, skipBad, each, windows);
    }
}
