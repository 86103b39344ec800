package dev.ppw.engine;

import dev.ppw.aggregate.FoldOptions;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.Report;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.model.work.Cancel;
import dev.ppw.model.work.Workers;

import java.util.concurrent.Executor;

/**
 * What every run of an engine shares: the formats it reads and the executor its parallel steps run on; and the
 * translation of a request's options into the reader's and the folder's. Immutable.
 */
record Context(FormatRegistry formats, Executor executor) {
    /** Workers of one analysis: {@code jobs} tasks at once on the executor, stopped by {@code cancel}. */
    Workers workers(int jobs, Cancel cancel) {
        return Workers.of(executor, jobs, cancel);
    }

    /**
     * The result of an analysis whose report is {@code report}: its diagnostics then say the kinds the formats
     * declare in words, however they were counted (by name in a merge, from a saved profile).
     */
    AnalysisResult result(Report report, DroppedInputs dropped, int inputCount) {
        report.diagnostics().declare(formats.diagnosticKinds());
        return new AnalysisResult(report, dropped, inputCount);
    }

    /** The format choice and reader options of {@code reading}, reading on {@code workers}. */
    Reading reading(ReadingOptions reading, Workers workers) {
        Tuning t = reading.tuning();
        ReadOptions read = ReadOptions.defaults().withWorkers(workers).withParallelFromBytes(t.parallelFromBytes())
                .withChunkBytes(t.chunkBytes()).withSymbolRoot(reading.symbolRoot().orElse(null));
        return Reading.of(formats, reading.inputFormat(), read);
    }

    /** The folder's options for {@code reading}, keeping call times when {@code keepCallTimes}. */
    static FoldOptions fold(ReadingOptions reading, boolean keepCallTimes) {
        Tuning t = reading.tuning();
        FoldOptions fold = FoldOptions.defaults();
        if (t.spillLimitEvents() > 0) {
            fold = fold.withSpillLimitEvents(t.spillLimitEvents());
        }
        return fold.withReorderWindowNanos(t.reorderWindowNanos())
                .withSpillDirectory(t.spillDirectory().orElse(null)).withThreads(reading.threads())
                .withAsync(reading.async()).withWarningExamples(reading.warningExamples())
                .withKeepCallTimes(keepCallTimes).withSelection(reading.selection());
    }
}
