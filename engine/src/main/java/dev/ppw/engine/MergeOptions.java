package dev.ppw.engine;

import dev.ppw.model.AsyncMode;
import dev.ppw.aggregate.FoldOptions;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.format.ReadOptions;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How {@link Engine#merge} reads its inputs into node profiles and combines them (SEMANTICS.md section 4,
 * docs/merge.md). Immutable; the same options may serve several calls at once.
 *
 * @param op                 how inclusive and exclusive times combine
 * @param missing            what a key absent from a node counts as
 * @param recomputeInclusive rebuild inclusive times bottom-up from the combined exclusive ones (tree and
 *                           callpath views only)
 * @param splitByPid         each process of a trace is a node (else each input is one)
 * @param breakdown          keep per-node statistics of each row's inclusive time
 * @param view               the view merged: derived per node, then combined
 * @param jobs               inputs read at once, at least 1; the result is the same whatever it is
 * @param inputFormat        the registered format every input is read as, or empty to detect each input's
 * @param reading            the readers' tuning (their {@code jobs} and {@code progress} are the engine's)
 * @param fold               the memory bounds of folding a trace (shared among the {@code jobs} readers;
 *                           its split and thread modes are the engine's) and where async tracks go, which
 *                           applies to saved profiles too ({@link AsyncMode#applyTo})
 * @param progress           run once per input, on the calling thread, when the input has joined the merge
 *                           or been found unreadable
 * @param skipBad            merge the inputs that can be read and leave out, counted, those that cannot
 *                           ({@link dev.ppw.aggregate.MergeAccumulator.Merged#droppedInputs()}); else any input
 *                           that cannot be read fails the merge, after every input was checked
 * @param nodeViews          told each node's own profile in the merged view (labelled as the node), on the
 *                           calling thread, in position order as the nodes join: for reports that print each
 *                           node (TAU's layout, {@link Engine#sections}); it may keep them. With time bins,
 *                           each node's view comes with its bins ({@link NodeView#split()})
 * @param windows            split every node into time bins or phases, merged phase by phase
 *                           ({@link Engine#mergeSplit}); each input is then read twice (a pre-pass, then the fold),
 *                           an input read once being first copied to a temporary file; empty: no split
 */
public record MergeOptions(MergeOp op, MissingRule missing, boolean recomputeInclusive, boolean splitByPid,
                           boolean breakdown, ViewSpec view, int jobs, Optional<String> inputFormat,
                           ReadOptions reading, FoldOptions fold, Runnable progress, boolean skipBad,
                           Consumer<NodeView> nodeViews, Optional<WindowSpec> windows) {
    public MergeOptions {
        Objects.requireNonNull(windows, "windows");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(missing, "missing");
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(inputFormat, "inputFormat");
        Objects.requireNonNull(reading, "reading");
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(nodeViews, "nodeViews");
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
        if (recomputeInclusive && !view.view().isHierarchical()) {
            throw new IllegalArgumentException("inclusive times are recomputed for the tree and callpath views only,"
                    + " not " + view.view().label() + " (their rows are not a tree)");
        }
    }

    /**
     * sum over every input (a node each), zero for missing keys, the tree view, async apart, a reader per core,
     * any input that cannot be read an error.
     */
    public static MergeOptions defaults() {
        return new MergeOptions(MergeOp.SUM, MissingRule.ZERO, false, false, false, ViewSpec.TREE,
                Runtime.getRuntime().availableProcessors(), Optional.empty(), ReadOptions.defaults(),
                FoldOptions.defaults(), () -> { }, false, node -> { }, Optional.empty());
    }

    public MergeOptions withOp(MergeOp operator) {
        return new MergeOptions(operator, missing, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat,
                reading, fold, progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withMissing(MissingRule rule) {
        return new MergeOptions(op, rule, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat, reading,
                fold, progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withRecomputeInclusive(boolean recompute) {
        return new MergeOptions(op, missing, recompute, splitByPid, breakdown, view, jobs, inputFormat, reading, fold,
                progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withSplitByPid(boolean split) {
        return new MergeOptions(op, missing, recomputeInclusive, split, breakdown, view, jobs, inputFormat, reading,
                fold, progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withBreakdown(boolean keep) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, keep, view, jobs, inputFormat, reading,
                fold, progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withView(ViewSpec spec) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, spec, jobs, inputFormat,
                reading, fold, progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withJobs(int n) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, n, inputFormat, reading,
                fold, progress, skipBad, nodeViews, windows);
    }

    /** Every input read as the registered format {@code name}; null detects each input's format. */
    public MergeOptions withInputFormat(String name) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, jobs,
                Optional.ofNullable(name), reading, fold, progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withReading(ReadOptions options) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat,
                options, fold, progress, skipBad, nodeViews, windows);
    }

    /**
     * Keeps the first {@code examples} examples of each warning kind (default
     * {@link dev.ppw.model.Diagnostics#EXAMPLES_PER_KIND}), to list every warning up to that bound.
     */
    public MergeOptions withWarningExamples(int examples) {
        return withFold(fold.withWarningExamples(examples));
    }

    /** Async tracks (and saved profiles' async rows) apart (the default), inside the threads' tree, or left out. */
    public MergeOptions withAsync(AsyncMode async) {
        return withFold(fold.withAsync(async));
    }

    public MergeOptions withFold(FoldOptions options) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat,
                reading, options, progress, skipBad, nodeViews, windows);
    }

    public MergeOptions withProgress(Runnable inputJoined) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat,
                reading, fold, inputJoined, skipBad, nodeViews, windows);
    }

    /** Whether inputs that cannot be read are left out, counted, rather than failing the merge. */
    public MergeOptions withSkipBad(boolean skip) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat,
                reading, fold, progress, skip, nodeViews, windows);
    }

    /** Tells {@code each} every node's profile as it joins (see {@link #nodeViews()}). */
    public MergeOptions withNodeViews(Consumer<NodeView> each) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat,
                reading, fold, progress, skipBad, each, windows);
    }

    /** Split every node into time bins or phases as {@code split} says; null: no split. */
    public MergeOptions withWindows(WindowSpec split) {
        return new MergeOptions(op, missing, recomputeInclusive, splitByPid, breakdown, view, jobs, inputFormat,
                reading, fold, progress, skipBad, nodeViews, Optional.ofNullable(split));
    }
}
