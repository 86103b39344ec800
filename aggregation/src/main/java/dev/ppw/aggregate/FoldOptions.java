package dev.ppw.aggregate;

import dev.ppw.model.AsyncMode;
import dev.ppw.model.Diagnostics;

import dev.ppw.model.ThreadMode;
import dev.ppw.model.ThreadSelection;
import java.nio.file.Path;

/**
 * How a {@link Folder} splits its trees and bounds its memory.
 *
 * @param splitByPid         one tree per (input, pid) instead of one tree for everything ({@code --node-by pid})
 * @param threads            threads merged into one tree, or each a top level of it
 * @param spillLimitEvents   events held in memory, over all tracks, before the folder frees memory: by
 *                           replaying in-order tracks, then by writing sorted runs to a temporary file
 *                           (at least 1)
 * @param reorderWindowNanos how far (nanoseconds, at least 0) an event may come before the latest event of
 *                           its track and the track still count as in order, for replaying it while reading
 * @param spillDirectory     where the temporary files of sorted runs go; null for the JDK's temporary-file
 *                           directory ({@code java.io.tmpdir})
 * @param async              where the calls of async tracks go: a part of their own, inside the threads'
 *                           tree, or nowhere
 * @param warningExamples    how many examples of each warning kind the diagnostics keep (at least 0;
 *                           {@link Diagnostics#EXAMPLES_PER_KIND} by default): the bound on their memory, and how
 *                           many a caller can list
 * @param keepCallTimes      keep a {@link dev.ppw.model.CallTimeSketch} of each node's per-call inclusive times
 *                           (for percentiles); false costs nothing
 * @param selection          the tracks folded ({@code --pid}, {@code --tid}, {@code --thread-name}); each other track
 *                           of an input is left out when the input ends, counted as the note
 *                           {@link Folder#TRACK_NOT_SELECTED}
 */
public record FoldOptions(boolean splitByPid, ThreadMode threads, long spillLimitEvents, long reorderWindowNanos,
                          Path spillDirectory, AsyncMode async, int warningExamples, boolean keepCallTimes,
                          ThreadSelection selection) {
    /** Default reorder window: 1 ms. */
    public static final long DEFAULT_WINDOW_NANOS = 1_000_000L;

    public FoldOptions {
        if (spillLimitEvents < 1) {
            throw new IllegalArgumentException("the spill limit must be at least 1 event, got " + spillLimitEvents);
        }
        if (reorderWindowNanos < 0) {
            throw new IllegalArgumentException("the reorder window must be at least 0 ns, got " + reorderWindowNanos);
        }
        if (threads == null) {
            throw new NullPointerException("threads is required");
        }
        if (async == null) {
            throw new NullPointerException("async is required");
        }
        if (warningExamples < 0) {
            throw new IllegalArgumentException("warning examples must be at least 0, got " + warningExamples);
        }
        if (selection == null) {
            throw new NullPointerException("selection is required");
        }
    }

    /** Options folding every track. */
    public FoldOptions(boolean splitByPid, ThreadMode threads, long spillLimitEvents, long reorderWindowNanos,
                       Path spillDirectory, AsyncMode async, int warningExamples, boolean keepCallTimes) {
        this(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, async, warningExamples,
                keepCallTimes, ThreadSelection.ALL);
    }

    /** Options keeping no call-time sketches. */
    public FoldOptions(boolean splitByPid, ThreadMode threads, long spillLimitEvents, long reorderWindowNanos,
                       Path spillDirectory, AsyncMode async, int warningExamples) {
        this(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, async, warningExamples, false);
    }

    /** Options keeping {@link Diagnostics#EXAMPLES_PER_KIND} examples of each warning kind. */
    public FoldOptions(boolean splitByPid, ThreadMode threads, long spillLimitEvents, long reorderWindowNanos,
                       Path spillDirectory, AsyncMode async) {
        this(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, async,
                Diagnostics.EXAMPLES_PER_KIND);
    }

    /** Options with async tracks {@link AsyncMode#APART apart}. */
    public FoldOptions(boolean splitByPid, ThreadMode threads, long spillLimitEvents, long reorderWindowNanos,
                       Path spillDirectory) {
        this(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, AsyncMode.APART);
    }

    /**
     * One tree, threads merged, async tracks apart; a spill limit of an eighth of the maximum heap at 20 bytes
     * per event (at least 65536 events); a 1 ms reorder window; temporary files in the JDK's temporary directory.
     */
    public static FoldOptions defaults() {
        long limit = Math.max(1 << 16, Runtime.getRuntime().maxMemory() / 8 / TrackEvents.BYTES_PER_EVENT);
        return new FoldOptions(false, ThreadMode.MERGE, limit, DEFAULT_WINDOW_NANOS, null);
    }

    public FoldOptions withSplitByPid(boolean split) {
        return new FoldOptions(split, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, async,
                warningExamples, keepCallTimes, selection);
    }

    public FoldOptions withThreads(ThreadMode mode) {
        return new FoldOptions(splitByPid, mode, spillLimitEvents, reorderWindowNanos, spillDirectory, async,
                warningExamples, keepCallTimes, selection);
    }

    public FoldOptions withSpillLimitEvents(long events) {
        return new FoldOptions(splitByPid, threads, events, reorderWindowNanos, spillDirectory, async,
                warningExamples, keepCallTimes, selection);
    }

    public FoldOptions withReorderWindowNanos(long nanos) {
        return new FoldOptions(splitByPid, threads, spillLimitEvents, nanos, spillDirectory, async,
                warningExamples, keepCallTimes, selection);
    }

    public FoldOptions withSpillDirectory(Path directory) {
        return new FoldOptions(splitByPid, threads, spillLimitEvents, reorderWindowNanos, directory, async,
                warningExamples, keepCallTimes, selection);
    }

    /** Keeps the first {@code examples} examples of each warning kind. */
    public FoldOptions withWarningExamples(int examples) {
        return new FoldOptions(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, async,
                examples, keepCallTimes, selection);
    }

    public FoldOptions withAsync(AsyncMode mode) {
        return new FoldOptions(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, mode,
                warningExamples, keepCallTimes, selection);
    }

    /** Folds only the tracks {@code chosen} selects. */
    public FoldOptions withSelection(ThreadSelection chosen) {
        return new FoldOptions(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, async,
                warningExamples, keepCallTimes, chosen);
    }

    /** Keeps a call-time sketch per node ({@link dev.ppw.model.CallTree#keepCallTimes}), or not. */
    public FoldOptions withKeepCallTimes(boolean keep) {
        return new FoldOptions(splitByPid, threads, spillLimitEvents, reorderWindowNanos, spillDirectory, async,
                warningExamples, keep, selection);
    }
}
