package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Combine;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.UnusableRequestException;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.format.InputSource;
import dev.ppw.store.RunNames;
import dev.ppw.model.work.Cancel;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.util.List;

/**
 * What {@code profile}, {@code merge} and {@code report} do once their options are bound into an {@link Analysis}:
 * carry it out with a progress bar, say on stderr what reading met, and write the report, or exit 1 under
 * {@code --strict} without writing.
 */
final class Analyses {
    private Analyses() {
    }

    /**
     * The profile of {@code sources} that the shared options ask for ({@code profile}, and {@code report} of one
     * input): its view and rows, how inputs are read, its split, and a section per thread when the chosen writer shows
     * them ({@link Analysis#shownBy}).
     *
     * @param jobs {@code -j}, or null for the default
     */
    static Analysis profile(List<InputSource> sources, Engine engine, CommandSpec spec, ReportOptions options,
                            InputOptions input, WindowOptions time, ThreadMode threads, Integer jobs) {
        ReadingOptions reading = input.reading(spec, engine.formats(), options.warnings.examplesKept());
        Analysis analysis = Analysis.profile(sources).withView(options.viewSpec()).withRows(options.rows(0))
                .withReading(options.lens.reading(reading).withThreads(threads))
                .withSplit(time.spec(spec).filter(s -> time.applies(options)).orElse(null))
                .shownBy(Output.chosen(options), options.style);
        return jobs == null ? analysis : analysis.withJobs(jobs);
    }

    /**
     * The merge of {@code sources} as {@code combine} says that the shared options ask for ({@code merge}, and
     * {@code report} of several inputs), with its {@code topImbalance} rows (0: none), and what the chosen writer shows
     * ({@link Analysis#shownBy}: the HTML page shows each row on every node, so it takes the breakdown and each node's
     * section).
     */
    static Analysis merge(List<InputSource> sources, Engine engine, CommandSpec spec, ReportOptions options,
                          InputOptions input, WindowOptions time, Combine combine, int topImbalance, Integer jobs) {
        ReadingOptions reading = input.reading(spec, engine.formats(), options.warnings.examplesKept());
        Analysis analysis = Analysis.merge(sources, combine.op())
                .withCombine(combine.withBreakdown(combine.breakdown() || topImbalance > 0))
                .withView(options.viewSpec()).withRows(options.rows(topImbalance))
                .withReading(options.lens.reading(reading))
                .withSplit(time.spec(spec).filter(s -> time.applies(options)).orElse(null))
                .shownBy(Output.chosen(options), options.style);
        return jobs == null ? analysis : analysis.withJobs(jobs);
    }

    /**
     * Runs {@code analysis} and writes its report as {@code options} say; then, when {@code keep} asks it, keeps the
     * profile as a run of the store.
     *
     * @param byBytes a progress bar by bytes read (a profile's), else by inputs done (a merge's)
     * @param keep    {@code --store} and the rest, or null for a command that keeps no run
     * @return the exit code
     */
    static int run(Main main, CommandSpec spec, Analysis analysis, ReportOptions options, String task, boolean byBytes,
                   boolean quiet, KeepOptions keep) throws IOException {
        Engine engine = main.engine();
        Main.Streams streams = main.streams();
        AnalysisResult result;
        try (Progress progress = byBytes ? Progress.bytes(streams.err(), task, analysis.inputs(), quiet)
                : Progress.inputs(streams.err(), task, analysis.inputs().size(), quiet)) {
            result = engine.analyze(analysis, progress, Cancel.never());
        } catch (UnusableRequestException e) {
            throw ReportOptions.usage(spec, e.getMessage());
        }
        return report(main, spec, analysis, result, options, keep);
    }

    /**
     * Says on stderr what reading {@code result}'s inputs met and writes its report as {@code options} say, or
     * exits 1 under {@code --strict} without writing.
     *
     * @return the exit code
     */
    static int report(Main main, CommandSpec spec, Analysis analysis, AnalysisResult result, ReportOptions options,
                      KeepOptions keep) throws IOException {
        Engine engine = main.engine();
        Main.Streams streams = main.streams();
        WarningSummary.noteLines(result.diagnostics()).forEach(streams.err()::println);
        DroppedSummary.lines(result.droppedInputs(), result.inputCount(), options.strict)
                .forEach(streams.err()::println);
        WarningSummary.lines(result.diagnostics(), options.strict, options.warnings).forEach(streams.err()::println);
        if (options.strict && !result.clean()) {
            return Main.BAD_DATA;
        }
        Output.write(engine, result.report(), options, streams);
        if (keep != null && keep.asked()) {
            keep.keep(result.profile(), flatOfMerge(engine, analysis), spec, engine, streams.err(),
                    !analysis.isMerge() && analysis.inputs().stream().allMatch(i -> RunNames.isRunName(i.name())));
        }
        return Main.OK;
    }

    /**
     * The flat view of a merge that is no sum, which cannot be derived from its tree (its flat rows are combined per
     * node, as {@code merge --view flat} combines them); null for any other analysis, whose flat view the store
     * derives. The inputs are read again for it.
     */
    static Profile flatOfMerge(Engine engine, Analysis analysis) {
        if (!analysis.isMerge() || analysis.combine().op() == MergeOp.SUM || analysis.view().view() == ViewKind.FLAT) {
            return null;
        }
        return engine.analyze(analysis.withView(ViewSpec.FLAT).withSplit(null).withSections(false)).profile();
    }
}
