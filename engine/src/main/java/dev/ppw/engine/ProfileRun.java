package dev.ppw.engine;

import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.aggregate.ThreadTrees;
import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One profile of an analysis' inputs (SEMANTICS.md sections 1 to 3): traces folded into one calling-context tree,
 * one node per input, then the view derived; with a split, each phase or bin a profile of its own; with sections,
 * each thread on its own. A saved profile alone is shown as it was saved (an aggregate keeps its operator and node
 * count); saved profiles among several inputs make the whole a sum merge of nodes ({@link MergeRun}), a trace
 * folded into a node of its own, which gives the rows of traces alone the same either way.
 */
final class ProfileRun {
    private final Context context;
    private final Analysis analysis;
    private final Workers workers;
    private final ProgressListener progress;

    ProfileRun(Context context, Analysis analysis, Workers workers, ProgressListener progress) {
        this.context = context;
        this.analysis = analysis;
        this.workers = workers;
        this.progress = progress;
    }

    /**
     * The profile, read once or twice per input (a source that can be read again lets the folder replay
     * time-ordered tracks as it reads), every input closed.
     *
     * @throws BadInputException as {@link Engine#analyze} says
     */
    ProfileResult run() {
        if (analysis.split().isEmpty()) {
            return profileOf(analysis.inputs(), null);
        }
        try (Splitting splitting = new Splitting()) {
            return profileOf(splitting.rereadable(analysis.inputs()), analysis.split().get());
        }
    }

    private ProfileResult profileOf(List<InputSource> inputs, WindowSpec windows) {
        ReadingOptions options = analysis.reading();
        ViewSpec view = analysis.view();
        Reading reading = context.reading(options, workers);
        Diagnostics diagnostics = InputList.notesOf(inputs, options.warningExamples());
        List<InputSource> sources = List.copyOf(inputs);
        String saved = firstSavedProfile(sources, reading);
        if (saved != null) {
            if (windows != null) {
                throw new BadInputException("cannot split " + saved + " into time bins or phases: it is a saved"
                        + " profile, whose events and their times are gone; split the traces it was made of");
            }
            if (options.threads().splits()) {
                throw new BadInputException("cannot split " + saved + " by thread: it is a saved profile, its threads"
                        + " as they were saved; profile it without splitting threads");
            }
            if (sources.size() == 1) {
                return new ProfileResult(savedAlone(sources.get(0), reading, diagnostics), diagnostics);
            }
            Analysis sum = analysis.withInputs(sources).withCombine(Combine.merge(MergeOp.SUM)).withSections(false);
            MergeAccumulator.Merged merged = new MergeRun(context, sum, workers, progress).run().merged();
            diagnostics.addAll(merged.diagnostics());
            return new ProfileResult(merged.profile(), diagnostics, merged.droppedInputs());
        }
        boolean threadProfiles = analysis.sections();
        FoldOptions foldOptions = Context.fold(options, analysis.keepsCallTimes());
        // Each thread on its own needs them folded apart; the whole is then their sum.
        FoldOptions fold = threadProfiles ? foldOptions.withThreads(ThreadMode.SPLIT) : foldOptions;
        WindowPlan plan = null;
        if (windows != null) {
            // One input is the profile's only node: its windows need no name.
            List<String> nodes = sources.size() == 1 ? List.of("")
                    : sources.stream().map(s -> InputExpansion.fileName(s.name())).toList();
            plan = WindowPlan.of(windows, Splitting.scanAll(sources, nodes, reading, windows, analysis.jobs(),
                    options.skipBad()));
        }
        TraceFolding.Folded folded = TraceFolding.fold(sources, reading, fold, analysis.jobs(), progress,
                options.skipBad(), plan == null ? null : plan::windowsOf);
        try (Folder folder = folded.folder()) {
            diagnostics.addAll(folder.diagnostics());
            Profile tree = sumOfInputs(folder.toProfile(), folded.names()).withDroppedInputs(folded.dropped());
            List<NodeView> threads = List.of();
            List<NodeView> processes = List.of();
            Map<String, String> pids = folder.topLevelPids();
            boolean summed = threadProfiles && !options.threads().splits();
            if (threadProfiles) {
                threads = threadsOf(tree, pids);
                processes = processesOf(tree, pids);
                if (summed) {
                    tree = tree.withView(ThreadTrees.summed(tree.tree()), ViewKind.TREE, 0);
                }
            }
            Optional<Split> split = Optional.empty();
            if (plan != null) {
                List<Profile> phaseTrees = Splitting.phaseProfiles(folder, plan.phaseCount());
                List<Split.Phase> phases = new ArrayList<>(phaseTrees.size());
                List<List<NodeView>> phaseThreads = new ArrayList<>();
                for (int p = 0; p < phaseTrees.size(); p++) {
                    Profile phase = sumOfInputs(phaseTrees.get(p), folded.names());
                    if (threadProfiles) {
                        phaseThreads.add(threadsOf(phase, pids));
                    }
                    if (summed) {
                        phase = phase.withView(ThreadTrees.summed(phase.tree()), ViewKind.TREE, 0);
                    }
                    phases.add(new Split.Phase(plan.names().get(p), plan.windowsOfPhase(p),
                            Splitting.alone(view.derive(phase))));
                }
                split = Optional.of(new Split(plan.axis(), phases));
                if (plan.axis().isEmpty() && threadProfiles) {
                    threads = withPhases(threads, phases, phaseThreads);
                }
            }
            return new ProfileResult(view.derive(tree), diagnostics, folded.dropped(),
                    threads, processes, split);
        }
    }

    /**
     * Each top level of {@code split}, folded with threads split, as a tree profile of its own, named after it, of
     * the process {@code pids} gives its name ({@link Folder#topLevelPids()}).
     */
    private static List<NodeView> threadsOf(Profile split, Map<String, String> pids) {
        CallTree tree = split.tree();
        List<NodeView> parts = new ArrayList<>();
        List<CallTree> each = ThreadTrees.each(tree);
        int i = 0;
        for (int top = tree.firstChild(CallTree.ROOT); top != CallTree.NONE; top = tree.nextSibling(top)) {
            String name = tree.regionName(top);
            parts.add(new NodeView(name, split.withView(each.get(i++), ViewKind.TREE, 0), Optional.empty(),
                    pids.getOrDefault(name, "")));
        }
        return parts;
    }

    /**
     * Each process of {@code split}'s top levels (by {@code pids}; top levels of no known pid belong to none) as a
     * tree profile of its own, the sum of its threads and async tracks ({@link ThreadTrees#summed(CallTree,
     * java.util.function.IntPredicate)}), named by the process's name, else {@code pid P}; in the order of each
     * process's first top level.
     */
    private static List<NodeView> processesOf(Profile split, Map<String, String> pids) {
        CallTree tree = split.tree();
        Map<String, List<Integer>> tops = new LinkedHashMap<>();
        for (int top = tree.firstChild(CallTree.ROOT); top != CallTree.NONE; top = tree.nextSibling(top)) {
            String pid = pids.getOrDefault(tree.regionName(top), "");
            if (!pid.isEmpty()) {
                tops.computeIfAbsent(pid, p -> new ArrayList<>()).add(top);
            }
        }
        List<NodeView> processes = new ArrayList<>(tops.size());
        tops.forEach((pid, members) -> {
            Set<Integer> kept = Set.copyOf(members);
            CallTree sum = ThreadTrees.summed(tree, kept::contains);
            String name = split.processNames().getOrDefault(pid, "");
            processes.add(new NodeView(name.isEmpty() ? "pid " + pid : name, split.withView(sum, ViewKind.TREE, 0),
                    Optional.empty(), pid));
        });
        return processes;
    }

    /**
     * Each thread of the whole with its own phases ({@link NodeView#split()}): thread {@code t} of phase {@code p}
     * is the top level of that phase's tree named as the whole's thread is, an empty tree when the thread did
     * nothing in that phase, so that every thread has every phase, in the whole's order.
     */
    private static List<NodeView> withPhases(List<NodeView> threads, List<Split.Phase> phases,
                                             List<List<NodeView>> phaseThreads) {
        List<NodeView> withPhases = new ArrayList<>(threads.size());
        for (NodeView thread : threads) {
            List<Split.Phase> own = new ArrayList<>(phases.size());
            for (int p = 0; p < phases.size(); p++) {
                Profile part = null;
                for (NodeView inPhase : phaseThreads.get(p)) {
                    if (inPhase.label().equals(thread.label())) {
                        part = inPhase.profile();
                        break;
                    }
                }
                if (part == null) {
                    part = thread.profile().withView(new CallTree(thread.profile().tree().frames()), ViewKind.TREE, 0);
                }
                own.add(new Split.Phase(phases.get(p).name(), phases.get(p).windows(), Splitting.alone(part)));
            }
            withPhases.add(new NodeView(thread.label(), thread.profile(),
                    Optional.of(new Split(Optional.empty(), own)), thread.process()));
        }
        return withPhases;
    }

    /**
     * The name of the first input that holds a profile rather than events, or null when none does (as far as
     * detection tells: an input whose head cannot be read or detected counts as none). The heads are read on the
     * analysis' workers, as folding would read them: a profile of many small files is not held up.
     */
    private String firstSavedProfile(List<InputSource> sources, Reading reading) {
        String[] first = {null};
        InOrder.run(sources.size(), workers.limitedTo(analysis.jobs()), i -> {
            InputSource source = sources.get(i);
            try {
                return reading.formatOf(source) instanceof ProfileFormat ? source.name() : null;
            } catch (IOException | BadInputException e) {
                // Not a saved profile as far as can be told: the reading that follows says what is wrong with it
                // (or, with skipBad, leaves it out), as it would have without this look.
                return null;
            }
        }, name -> {
            if (first[0] == null) {
                first[0] = name;
            }
        });
        return first[0];
    }

    /**
     * One saved profile as it was saved (an aggregate keeps its operator and nodes), in the analysis' view: itself,
     * or the view derived from its tree where a merge of it could derive it; what loading it counted (a selection
     * it could not act on, async rows placed) goes into {@code diagnostics}.
     */
    private Profile savedAlone(InputSource source, Reading reading, Diagnostics diagnostics) {
        ViewSpec view = analysis.view();
        NodeLoading.Loaded loaded = new NodeLoading(reading, view, false,
                Context.fold(analysis.reading(), analysis.keepsCallTimes()), 1)
                .load(source, InputExpansion.fileName(source.name()), bytes -> progress.bytesRead(0, bytes));
        if (loaded.unreadable() != null) {
            throw new BadInputException(loaded.unreadable());
        }
        if (loaded.refusal() != null) {
            // The refusal is merge's; here the way out is another view, not another merge.
            throw new BadInputException("cannot show " + source.name() + ", " + loaded.holds() + ", in the "
                    + view.label() + " view: " + loaded.refusal().replace("merge with --view", "ask for --view"));
        }
        diagnostics.addAll(loaded.diagnostics());
        progress.bytesRead(0, Math.max(0, source.sizeBytes()));
        progress.inputDone(0);
        return loaded.views().get(0);
    }

    /**
     * {@code folded} as the sum of one node per input (SEMANTICS.md section 4), each named by its file name.
     * An input's own process and thread names are given only when it is the only one: the folder keeps one map.
     */
    static Profile sumOfInputs(Profile folded, List<String> names) {
        List<NodeInfo> nodes = new ArrayList<>(names.size());
        boolean one = names.size() == 1;
        for (String name : names) {
            nodes.add(new NodeInfo(InputExpansion.fileName(name), name, "", "",
                    one ? folded.processNames() : Map.of(), one ? folded.threadNames() : Map.of()));
        }
        return new Profile(folded.tree(), folded.view(), folded.tauDepth(), MergeOp.SUM, MissingRule.ZERO,
                names.size(), folded.inputs(), folded.processNames(), folded.threadNames(), nodes, folded.counters(),
                folded.displayTimeUnit());
    }
}
