package dev.ppw.engine;

import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.model.BadInputsException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.work.Workers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A merge of an analysis' inputs as nodes (SEMANTICS.md section 4, docs/merge.md): each input read into its node
 * profiles in the view merged, and combined key by key in input order, so the result does not depend on which input
 * was read first; with a split, each node's phases or bins merged too, one accumulator per phase. Carried out whole
 * ({@link #run}) or in shares that other threads, processes or machines accumulate and combine
 * ({@link #accumulate}, {@link MergeState#combine}, {@link #finish}): the same bits either way.
 */
final class MergeRun {
    /** One input of a share: its index among all the merge's inputs, its node label, its bytes. */
    record Part(int index, String label, InputSource source) {
    }

    private final Context context;
    private final Analysis analysis;
    private final Workers workers;
    private final ProgressListener progress;

    MergeRun(Context context, Analysis analysis, Workers workers, ProgressListener progress) {
        this.context = context;
        this.analysis = analysis;
        this.workers = workers;
        this.progress = progress;
    }

    /**
     * The merge of every input, each read once (twice with a split: a pre-pass finds its extent and markers; an
     * input read once, standard input, is copied to a temporary file first, deleted however the call ends).
     *
     * @throws BadInputsException as {@link Engine#analyze} says
     */
    MergeResult run() {
        List<InputSource> inputs = analysis.inputs();
        if (analysis.split().isEmpty()) {
            MergeState state = accumulate(parts(inputs), null);
            return finish(state, null, inputs);
        }
        try (Splitting splitting = new Splitting()) {
            List<Part> parts = parts(splitting.rereadable(inputs));
            WindowPlan plan = plan(scan(parts));
            return finish(accumulate(parts, plan), plan, inputs);
        }
    }

    /** Every input with its index and label, as one share of the whole. */
    private static List<Part> parts(List<InputSource> sources) {
        List<String> labels = InputExpansion.labels(sources.stream().map(InputSource::name).toList());
        List<Part> parts = new ArrayList<>(sources.size());
        for (int i = 0; i < sources.size(); i++) {
            parts.add(new Part(i, labels.get(i), sources.get(i)));
        }
        return parts;
    }

    /** The pre-pass of a split merge's inputs: each one's extent and markers, in the parts' order. */
    List<WindowPlan.Extent> scan(List<Part> parts) {
        WindowSpec spec = analysis.split().orElseThrow();
        Reading reading = context.reading(analysis.reading(), workers);
        return Splitting.scanAll(parts.stream().map(Part::source).toList(), parts.stream().map(Part::label).toList(),
                reading, spec, analysis.jobs(), analysis.reading().skipBad());
    }

    /** Where each node's windows lie, from every input's extent in input order. */
    WindowPlan plan(List<WindowPlan.Extent> extents) {
        return WindowPlan.of(analysis.split().orElseThrow(), extents);
    }

    /** An empty state of this merge: {@code phaseCount} phases (0 without a split). */
    MergeState newState(int phaseCount) {
        List<MergeAccumulator> phases = new ArrayList<>(phaseCount);
        for (int p = 0; p < phaseCount; p++) {
            phases.add(newAccumulator());
        }
        return new MergeState(newAccumulator(), phases, analysis.sections());
    }

    private MergeAccumulator newAccumulator() {
        Combine c = analysis.combine();
        return new MergeAccumulator(c.op(), c.missing(), c.breakdown(), analysis.view().view(),
                analysis.view().tauDepth(), analysis.reading().warningExamples());
    }

    /**
     * The nodes of {@code parts} accumulated, each at its index among the merge's inputs, read side by side and
     * joined in the parts' order; with a split ({@code plan} not null), each cut into the plan's windows of its index.
     * Inputs that cannot be read are dropped, counted with their message.
     *
     * @throws BadInputsException when inputs cannot be read, without skipBad (after every input was checked)
     */
    MergeState accumulate(List<Part> parts, WindowPlan plan) {
        MergeState state = newState(plan == null ? 0 : plan.phaseCount());
        MergeAccumulator merge = state.whole();
        ViewSpec view = analysis.view();
        boolean skipBad = analysis.reading().skipBad();
        Workers work = workers.limitedTo(analysis.jobs());
        // Each input on one thread: inputs are read side by side.
        Reading reading = context.reading(analysis.reading(), work.limitedTo(1));
        NodeLoading loader = new NodeLoading(reading, view, analysis.combine().nodeBy() == Combine.NodeKey.PID,
                Context.fold(analysis.reading(), analysis.keepsCallTimes()), analysis.jobs());
        String[] joined = new String[1]; // the first input that joined, for messages about one that cannot
        InOrder.run(parts.size(), work, i -> {
            Part part = parts.get(i);
            return new Indexed(i, plan == null
                    ? loader.load(part.source(), part.label(), bytes -> progress.bytesRead(part.index(), bytes))
                    : loader.load(part.source(), part.label(), plan.windowsOf(part.index()), plan.phaseCount(),
                    bytes -> progress.bytesRead(part.index(), bytes)));
        }, item -> {
            Part part = parts.get(item.index());
            NodeLoading.Loaded loaded = item.loaded();
            String name = part.source().name();
            int index = part.index();
            if (loaded.unreadable() != null) {
                merge.drop(index, loaded.unreadable(), Problems.reasonOf(name, loaded.unreadable()));
            } else if (loaded.refusal() != null) {
                String other = joined[0] != null ? joined[0] : "the merge asks for the " + view.label() + " view";
                merge.drop(index, "cannot merge " + name + ", " + loaded.holds() + ", with " + other + ": "
                        + loaded.refusal(), "cannot give the " + loader.wanted() + " view");
            } else {
                if (joined[0] == null) {
                    joined[0] = name + ", " + loaded.holds();
                }
                if (skipBad || merge.droppedInputs().isEmpty()) {
                    // Without skipBad, once an input is bad nothing will be written: the rest is only checked.
                    merge.add(index, name, loaded.infos(), loaded.views(), loaded.diagnostics());
                    addPhases(state.phases(), index, name, loaded);
                    if (state.keepsNodes()) {
                        List<NodeView> views = new ArrayList<>(loaded.views().size());
                        for (int n = 0; n < loaded.views().size(); n++) {
                            views.add(new NodeView(loaded.infos().get(n).label(), loaded.views().get(n),
                                    nodeSplit(plan, loaded, n)));
                        }
                        state.addNodes(index, views);
                    }
                }
            }
            progress.inputDone(index);
        });
        if (!skipBad && !merge.droppedInputs().isEmpty()) {
            throw new BadInputsException(merge.droppedInputs(), parts.size());
        }
        return state;
    }

    private record Indexed(int index, NodeLoading.Loaded loaded) {
    }

    /**
     * The merge's result from the state of all its inputs: the merged profile, breakdown and diagnostics (the notes
     * of {@code inputs} named twice first), each phase's, and each node's view.
     *
     * @throws BadInputsException when no input could be read
     */
    MergeResult finish(MergeState state, WindowPlan plan, List<InputSource> inputs) {
        MergeAccumulator merge = state.whole();
        if (merge.inputCount() == 0 && !merge.droppedInputs().isEmpty()) {
            throw new BadInputsException(merge.droppedInputs(), inputs.size());
        }
        boolean recompute = analysis.combine().recomputeInclusive();
        MergeAccumulator.Merged merged = merge.result(recompute);
        Diagnostics diagnostics = InputList.notesOf(inputs, analysis.reading().warningExamples());
        diagnostics.addAll(merged.diagnostics());
        merged = new MergeAccumulator.Merged(merged.profile(), merged.breakdown(), diagnostics, merged.droppedInputs());
        if (plan == null) {
            return new MergeResult(merged, Optional.empty(), state.nodes());
        }
        List<Split.Phase> split = new ArrayList<>(plan.phaseCount());
        for (int p = 0; p < plan.phaseCount(); p++) {
            split.add(new Split.Phase(plan.names().get(p), plan.windowsOfPhase(p),
                    state.phases().get(p).result(recompute)));
        }
        return new MergeResult(merged, Optional.of(new Split(plan.axis(), split)), state.nodes());
    }

    /** Each node's phases into the phases' accumulators, phase by phase. */
    private static void addPhases(List<MergeAccumulator> phases, int index, String name, NodeLoading.Loaded loaded) {
        for (int p = 0; p < phases.size(); p++) {
            List<Profile> views = new ArrayList<>(loaded.views().size());
            for (int n = 0; n < loaded.views().size(); n++) {
                views.add(loaded.phaseViews().get(n).get(p));
            }
            phases.get(p).add(index, name, loaded.infos(), views, new Diagnostics());
        }
    }

    /**
     * Node {@code n}'s own time bins or phases, for its section, each phase with this node's windows; empty unless
     * the merge is split.
     */
    private static Optional<Split> nodeSplit(WindowPlan plan, NodeLoading.Loaded loaded, int n) {
        if (plan == null) {
            return Optional.empty();
        }
        String label = loaded.infos().get(n).label();
        List<Split.Phase> parts = new ArrayList<>(plan.phaseCount());
        for (int p = 0; p < plan.phaseCount(); p++) {
            List<Report.Window> windows = plan.windowsOfPhase(p).stream().filter(w -> w.node().equals(label))
                    .toList();
            parts.add(new Split.Phase(plan.names().get(p), windows, Splitting.alone(loaded.phaseViews().get(n).get(p))));
        }
        return Optional.of(new Split(plan.axis(), parts));
    }
}
