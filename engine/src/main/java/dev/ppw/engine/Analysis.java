package dev.ppw.engine;

import dev.ppw.model.MergeOp;
import dev.ppw.model.Presentation;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One analysis, as a request: which inputs, how they make one profile ({@link Combine}: summed, or merged as nodes),
 * in which view, which rows of it in what order, optionally split over time or phases, and whether each thread (of a
 * profile) or node (of a merge) is kept as a section of its own. {@link Engine#analyze} carries it out and gives an
 * {@link AnalysisResult} whose report any writer renders. Immutable (its inputs are read by the analysis and then
 * closed: an analysis is carried out once).
 *
 * <pre>{@code
 * Analysis flat = Analysis.profile(engine.inputs(List.of("trace.json"))).withView(ViewSpec.FLAT);
 * Analysis worst = Analysis.merge(engine.inputs(List.of("runs/")), MergeOp.MAX)
 *         .withCombine(Combine.merge(MergeOp.MAX).withBreakdown(true));
 * }</pre>
 *
 * @param inputs   the inputs, in order ({@link Engine#inputs} names them as a command line does, with the notes of
 *                 inputs named twice)
 * @param combine  one profile of every input, or a merge of nodes
 * @param view     the view derived (SEMANTICS.md section 3); a merge derives it per node, then combines
 * @param rows     which rows, in what order and unit; their percentiles make the fold keep call times
 * @param reading  how inputs are read and folded
 * @param split    time bins or phases each input's time is split into (SEMANTICS.md "Time bins", "Phases")
 * @param sections each thread of a profile, or each node of a merge, also reported on its own
 *                 ({@link dev.ppw.model.Report#sections()}): TAU's layout, a folder of profiles, the HTML page's
 *                 per-node values. A tree per thread or node: ask only when the writer shows them
 * @param jobs     how many threads the analysis may use at once (at least 1); the result is the same whatever it is
 */
public record Analysis(List<InputSource> inputs, Combine combine, ViewSpec view, RowOptions rows,
                       ReadingOptions reading, Optional<WindowSpec> split, boolean sections, int jobs) {
    public Analysis {
        Objects.requireNonNull(inputs, "inputs");
        inputs = inputs instanceof InputList ? inputs : List.copyOf(inputs);
        Objects.requireNonNull(combine, "combine");
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(reading, "reading");
        Objects.requireNonNull(split, "split");
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
        if (combine.recomputeInclusive() && !view.view().isHierarchical()) {
            throw new IllegalArgumentException("inclusive times are recomputed for the tree and callpath views only,"
                    + " not " + view.view().label() + " (their rows are not a tree)");
        }
        if (rows.topImbalance() > 0 && !combine.breakdown()) {
            throw new IllegalArgumentException("imbalance rows need a merge with a breakdown");
        }
    }

    /** Threads an analysis uses by default: the cores. */
    public static int defaultJobs() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** One profile of {@code inputs} (each input a node of it, their sum) in the tree view, every row. */
    public static Analysis profile(List<InputSource> inputs) {
        return new Analysis(inputs, Combine.profile(), ViewSpec.TREE, RowOptions.defaults(), ReadingOptions.defaults(),
                Optional.empty(), false, defaultJobs());
    }

    /** The merge of {@code inputs} as nodes with {@code op}, in the tree view, every row. */
    public static Analysis merge(List<InputSource> inputs, MergeOp op) {
        return profile(inputs).withCombine(Combine.merge(op));
    }

    /** True for a merge of nodes. */
    public boolean isMerge() {
        return combine.merge();
    }

    /** True when the folds keep each node's per-call times: the rows ask for percentiles. */
    public boolean keepsCallTimes() {
        return !rows.percentiles().isEmpty();
    }

    /** This analysis of {@code other} inputs. */
    public Analysis withInputs(List<InputSource> other) {
        return new Analysis(other, combine, view, rows, reading, split, sections, jobs);
    }

    /** This analysis combining its inputs as {@code how} says. */
    public Analysis withCombine(Combine how) {
        return new Analysis(inputs, how, view, rows, reading, split, sections, jobs);
    }

    /** This analysis in view {@code spec}. */
    public Analysis withView(ViewSpec spec) {
        return new Analysis(inputs, combine, spec, rows, reading, split, sections, jobs);
    }

    /** This analysis with rows chosen by {@code options}. */
    public Analysis withRows(RowOptions options) {
        return new Analysis(inputs, combine, view, options, reading, split, sections, jobs);
    }

    /** This analysis reading as {@code options} say. */
    public Analysis withReading(ReadingOptions options) {
        return new Analysis(inputs, combine, view, rows, options, split, sections, jobs);
    }

    /** This analysis split as {@code spec} says (null: not split). */
    public Analysis withSplit(WindowSpec spec) {
        return new Analysis(inputs, combine, view, rows, reading, Optional.ofNullable(spec), sections, jobs);
    }

    /** This analysis keeping (or not) a section per thread or node. */
    public Analysis withSections(boolean each) {
        return new Analysis(inputs, combine, view, rows, reading, split, each, jobs);
    }

    /**
     * This analysis keeping, besides what it asks, what {@code writer} prints as its declarations say, laid out in
     * {@code style}: a section per thread or node when {@link #sectionsShownBy it shows them}, and for a merge that
     * {@link OutputWriter#writesNodeValues() shows each row on every node} the breakdown and each node's section.
     * The counters view has no rows, so it keeps nothing more.
     */
    public Analysis shownBy(OutputWriter writer, Presentation.Style style) {
        if (view.view() == ViewKind.COUNTERS) {
            return this;
        }
        boolean nodeValues = isMerge() && writer.writesNodeValues();
        return new Analysis(inputs, nodeValues ? combine.withBreakdown(true) : combine, view, rows, reading, split,
                sections || nodeValues || sectionsShownBy(writer, style), jobs);
    }

    /**
     * True when {@code writer}, laid out in {@code style}, prints a report's sections (a thread of a profile, a node
     * of a merge, each on its own): it {@link OutputWriter#writesSections() says so}, writes a folder of them
     * ({@link FolderWriter}), or lays text out ({@link ReportFeature#STYLE}) in TAU's style, which prints them.
     */
    public static boolean sectionsShownBy(OutputWriter writer, Presentation.Style style) {
        return writer instanceof FolderWriter || writer.writesSections()
                || style == Presentation.Style.TAU && writer.features().contains(ReportFeature.STYLE);
    }

    /** This analysis on at most {@code n} threads. */
    public Analysis withJobs(int n) {
        return new Analysis(inputs, combine, view, rows, reading, split, sections, n);
    }
}
