package dev.ppw.engine;

import dev.ppw.model.BadInputsException;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.work.Cancel;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One merge carried out in shares (a cluster job's tasks, threads of a server): each share accumulates some of the
 * merge's inputs at their index among all of them ({@link #accumulate}); shares {@link MergeShare#combine combine} in
 * any grouping, travel as bytes between processes ({@link MergeShare#writeTo}), and the share of every input gives
 * exactly what {@link Engine#analyze} gives of the whole merge, bit for bit ({@link #finish}).
 *
 * <p>A split merge (time bins, phases) first needs every input's extent: each share {@link #scan}s its inputs, the
 * scans combine, and the combined scan of all inputs is handed to every share's {@link #accumulate} and to
 * {@link #finish}, so that every share places each node's windows the same way.
 *
 * <p>Made by {@link Engine#shares}; immutable and thread-safe: shares may be accumulated at once on several threads.
 */
public final class MergeShares {
    /**
     * One input of a share.
     *
     * @param index  its position among all the merge's inputs (from 0): ties between nodes go by it
     * @param label  its node's label, as {@link #labels} gives it from every input's name
     * @param source its bytes
     */
    public record Input(int index, String label, InputSource source) {
        public Input {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(source, "source");
            if (index < 0) {
                throw new IllegalArgumentException("input indices start at 0, got " + index);
            }
        }
    }

    private final Context context;
    private final Analysis merge;

    MergeShares(Context context, Analysis merge) {
        this.context = context;
        this.merge = merge;
    }

    /**
     * The node labels of a merge of inputs named {@code names}, in order, as the merge names its nodes: each input's
     * file name, with enough of its folders to tell apart inputs of one name.
     */
    public static List<String> labels(List<String> names) {
        return InputExpansion.labels(names);
    }

    /**
     * The inputs {@code sources} of a merge as one share's inputs: each at its index among {@code sources}, labelled
     * from every name.
     */
    public static List<Input> inputs(List<InputSource> sources) {
        List<String> labels = labels(sources.stream().map(InputSource::name).toList());
        List<Input> inputs = new ArrayList<>(sources.size());
        for (int i = 0; i < sources.size(); i++) {
            inputs.add(new Input(i, labels.get(i), sources.get(i)));
        }
        return inputs;
    }

    /**
     * The pre-pass of a split merge's {@code inputs}: each one's extent and markers (their sources must be readable
     * twice: {@link InputSource#rereadable()}).
     *
     * @throws IllegalArgumentException when the merge is not split, or a source can be read only once
     */
    public SplitScan scan(List<Input> inputs, ProgressListener progress, Cancel cancel) {
        if (merge.split().isEmpty()) {
            throw new IllegalArgumentException("only a split merge scans its inputs first");
        }
        requireRereadable(inputs);
        MergeRun run = run(progress, cancel);
        List<WindowPlan.Extent> extents = run.scan(parts(inputs));
        SplitScan scan = new SplitScan();
        for (int i = 0; i < inputs.size(); i++) {
            scan.put(inputs.get(i).index(), extents.get(i));
        }
        return scan;
    }

    /**
     * The nodes of {@code inputs} accumulated; inputs that cannot be read are recorded in the share, never thrown
     * (unless the merge leaves none out: then {@link dev.ppw.model.BadInputsException} once every one was read).
     *
     * @param all the combined scan of every input of a split merge; empty for a merge that is not split
     * @throws IllegalArgumentException when {@code all} is missing for a split merge, or given for another
     */
    public MergeShare accumulate(List<Input> inputs, Optional<SplitScan> all, ProgressListener progress,
                                 Cancel cancel) {
        WindowPlan plan = plan(all);
        if (plan != null) {
            requireRereadable(inputs);
        }
        return new MergeShare(run(progress, cancel).accumulate(parts(inputs), plan));
    }

    /** A share of no input, to combine others into. */
    public MergeShare empty(Optional<SplitScan> all) {
        WindowPlan plan = plan(all);
        return new MergeShare(run(ProgressListener.NONE, Cancel.never()).newState(plan == null ? 0 : plan.phaseCount()));
    }

    /**
     * The merge's result from the share of all its inputs, as {@link Engine#analyze} gives it: the notes of the
     * analysis' inputs named twice first (when it names its inputs), the report of its rows, breakdown, sections and
     * split.
     *
     * <p>Shares may be accumulated with {@link ReadingOptions#skipBad()} whatever the merge says, so that a cluster's
     * tasks never fail on a bad input: the merge's own rule applies here, to every input of the share.
     *
     * @param all the combined scan of every input of a split merge; empty for a merge that is not split
     * @throws dev.ppw.model.BadInputsException when no input could be read, or some could not and the merge does not
     *                                          skip bad inputs (as {@link Engine#analyze} throws it)
     */
    public AnalysisResult finish(MergeShare share, Optional<SplitScan> all) {
        if (!merge.reading().skipBad() && !share.droppedInputs().isEmpty()) {
            throw new BadInputsException(share.droppedInputs(),
                    merge.inputs().isEmpty() ? share.inputCount() : merge.inputs().size());
        }
        WindowPlan plan = plan(all);
        MergeResult result = run(ProgressListener.NONE, Cancel.never()).finish(share.state(), plan, merge.inputs());
        int count = merge.inputs().isEmpty() ? share.inputCount() : merge.inputs().size();
        return context.result(ReportAssembly.ofMerge(merge, result), result.merged().droppedInputs(), count);
    }

    private MergeRun run(ProgressListener progress, Cancel cancel) {
        return new MergeRun(context, merge, context.workers(merge.jobs(), cancel), progress);
    }

    private WindowPlan plan(Optional<SplitScan> all) {
        if (merge.split().isPresent() != all.isPresent()) {
            throw new IllegalArgumentException(merge.split().isPresent()
                    ? "a split merge places its windows from the scan of every input: give it"
                    : "this merge is not split: it takes no scan");
        }
        return all.map(scan -> WindowPlan.of(merge.split().get(), scan.extents())).orElse(null);
    }

    private static List<MergeRun.Part> parts(List<Input> inputs) {
        return inputs.stream().map(i -> new MergeRun.Part(i.index(), i.label(), i.source())).toList();
    }

    private static void requireRereadable(List<Input> inputs) {
        for (Input i : inputs) {
            if (!i.source().rereadable() && i.source().directory().isEmpty()) {
                throw new IllegalArgumentException(i.source().name() + " can be read only once, and a split merge"
                        + " reads each input twice: give a source that can be read again");
            }
        }
    }
}
