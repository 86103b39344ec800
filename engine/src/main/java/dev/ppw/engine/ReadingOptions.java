package dev.ppw.engine;

import dev.ppw.model.AsyncMode;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.ThreadSelection;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How the inputs of an analysis are read and folded. Immutable.
 *
 * @param inputFormat     a format every input is read as (a registered name, {@code ppw-java formats}), instead of
 *                        each input's detected one
 * @param threads         threads merged into one tree, or each a top level of it (SEMANTICS.md section 2); a merge
 *                        always merges them
 * @param async           where the spans of async tracks go: a part of their own, inside the threads' tree, nowhere
 * @param skipBad         inputs that cannot be read are left out and counted instead of failing the analysis (when
 *                        another can be read)
 * @param warningExamples how many examples of each warning kind are kept (at least 0): the bound on their memory and
 *                        how many a caller can list
 * @param tuning          speed and memory knobs, which change nothing of the result
 * @param symbolRoot      where the binaries a trace names are looked up for their symbols (LTTng's statedump:
 *                        {@code /usr/bin/app} under this folder), as {@code ReadOptions.symbolRoot} says; empty: at
 *                        their own paths
 * @param selection       the tracks folded, by process, thread and thread name (SEMANTICS.md "Filters"); the others
 *                        are left out, each counted as a note
 */
public record ReadingOptions(Optional<String> inputFormat, ThreadMode threads, AsyncMode async, boolean skipBad,
                             int warningExamples, Tuning tuning, Optional<Path> symbolRoot, ThreadSelection selection) {
    private static final ReadingOptions DEFAULTS = new ReadingOptions(Optional.empty(), ThreadMode.MERGE,
            AsyncMode.APART, false, Diagnostics.EXAMPLES_PER_KIND, Tuning.defaults(), Optional.empty(),
            ThreadSelection.ALL);

    public ReadingOptions {
        Objects.requireNonNull(inputFormat, "inputFormat");
        Objects.requireNonNull(threads, "threads");
        Objects.requireNonNull(async, "async");
        Objects.requireNonNull(tuning, "tuning");
        Objects.requireNonNull(symbolRoot, "symbolRoot");
        Objects.requireNonNull(selection, "selection");
        if (warningExamples < 0) {
            throw new IllegalArgumentException("warning examples must be at least 0, got " + warningExamples);
        }
    }

    /** Each input's format detected, threads merged, async spans apart, bad inputs fatal, default tuning. */
    public static ReadingOptions defaults() {
        return DEFAULTS;
    }

    /** These options reading every input as the format {@code name} (null: detected). */
    public ReadingOptions withInputFormat(String name) {
        return new ReadingOptions(Optional.ofNullable(name), threads, async, skipBad, warningExamples, tuning,
                symbolRoot, selection);
    }

    /** These options with threads {@code mode}. */
    public ReadingOptions withThreads(ThreadMode mode) {
        return new ReadingOptions(inputFormat, mode, async, skipBad, warningExamples, tuning, symbolRoot, selection);
    }

    /** These options placing async spans as {@code mode} says. */
    public ReadingOptions withAsync(AsyncMode mode) {
        return new ReadingOptions(inputFormat, threads, mode, skipBad, warningExamples, tuning, symbolRoot, selection);
    }

    /** These options leaving out (or not) the inputs that cannot be read. */
    public ReadingOptions withSkipBad(boolean skip) {
        return new ReadingOptions(inputFormat, threads, async, skip, warningExamples, tuning, symbolRoot, selection);
    }

    /** These options keeping {@code examples} examples of each warning kind. */
    public ReadingOptions withWarningExamples(int examples) {
        return new ReadingOptions(inputFormat, threads, async, skipBad, examples, tuning, symbolRoot, selection);
    }

    /** These options folding only the tracks {@code chosen} selects. */
    public ReadingOptions withSelection(ThreadSelection chosen) {
        return new ReadingOptions(inputFormat, threads, async, skipBad, warningExamples, tuning, symbolRoot, chosen);
    }

    /** These options with {@code knobs}. */
    public ReadingOptions withTuning(Tuning knobs) {
        return new ReadingOptions(inputFormat, threads, async, skipBad, warningExamples, knobs, symbolRoot, selection);
    }

    /** These options looking up the binaries a trace names under {@code root} (null: at their own paths). */
    public ReadingOptions withSymbolRoot(Path root) {
        return new ReadingOptions(inputFormat, threads, async, skipBad, warningExamples, tuning,
                Optional.ofNullable(root), selection);
    }
}
