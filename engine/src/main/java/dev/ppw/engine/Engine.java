package dev.ppw.engine;

import dev.ppw.aggregate.DiffRows;
import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.ImbalanceRanking;
import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.SortDirection;
import dev.ppw.model.ThreadMode;
import dev.ppw.aggregate.ThreadTrees;
import dev.ppw.aggregate.Views;
import dev.ppw.model.BadInputException;
import dev.ppw.model.BadInputsException;
import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.Detection;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.output.AtomicOutput;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.WriterRegistry;
import dev.ppw.model.work.Cancel;
import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The library's entry point: everything the {@code ppw-java} commands do, as calls. Open inputs
 * ({@link #inputs}), fold traces into one profile ({@link #profile}), load and combine node profiles
 * ({@link #merge}, or {@link #accumulate} for a share of the nodes to {@link MergeAccumulator#combine combine}
 * elsewhere), derive a view ({@link #view}), choose its rows ({@link #report}) and write it in any
 * registered format ({@link #write}). Profiles and merges split over time (time bins, phases:
 * {@link ProfileOptions#windows()}, {@link #mergeSplit}) give a {@link Split} that
 * {@link #report(Report, Split, RowOptions)} adds to the whole's report.
 *
 * <pre>{@code
 * Engine engine = Engine.fromClassPath();
 * ProfileResult flat = engine.profile(engine.inputs(List.of("trace.json")), ProfileOptions.defaults(), ViewSpec.FLAT);
 * engine.write(engine.report(flat.profile(), flat.diagnostics(), RowOptions.defaults()), "csv", System.out);
 * }</pre>
 *
 * <p>Units: every time is integer nanoseconds (SEMANTICS.md); other metrics carry their unit in their
 * {@link dev.ppw.model.Metric} declaration. Errors: an input that cannot be read or is broken beyond
 * repair is a {@link BadInputException} with a one-line message naming it (and a position where there is
 * one); per-event anomalies are counted in the returned {@link Diagnostics}, never thrown; an option value
 * that makes no sense is an {@link IllegalArgumentException}, raised before anything is read.
 *
 * <p>Thread-safety: an engine holds only its registries and is immutable; every call works on state of its
 * own, so calls may run at once from several threads, each with its own options. The engine reads no
 * system property and keeps no static state: everything a call needs is in its arguments.
 */
public final class Engine {
    private final FormatRegistry formats;
    private final WriterRegistry writers;
    private final Executor executor;

    /** An engine reading the given formats and writing the given writers, its parallel steps on the default executor. */
    public Engine(FormatRegistry formats, WriterRegistry writers) {
        this(formats, writers, DefaultExecutor.get());
    }

    /**
     * An engine reading the given formats and writing the given writers, every parallel step of every call on
     * {@code executor} (which may be bounded and shared with other work: a step it has not started when its result
     * is needed runs on the thread that needs it).
     */
    public Engine(FormatRegistry formats, WriterRegistry writers, Executor executor) {
        this.formats = Objects.requireNonNull(formats, "formats");
        this.writers = Objects.requireNonNull(writers, "writers");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /** Workers of one call: {@code jobs} tasks at once on this engine's executor. */
    private Workers workers(int jobs) {
        return Workers.of(executor, jobs, Cancel.never());
    }

    /**
     * An engine with every format and writer registered on the class path of this library
     * ({@code META-INF/services}): the {@code collectors} and {@code report} modules' when they are there.
     */
    public static Engine fromClassPath() {
        ClassLoader loader = Engine.class.getClassLoader();
        return new Engine(FormatRegistry.load(loader), WriterRegistry.load(loader));
    }

    /** The input formats this engine detects and reads. */
    public FormatRegistry formats() {
        return formats;
    }

    /** The output formats this engine writes. */
    public WriterRegistry writers() {
        return writers;
    }

    /**
     * The inputs named by {@code arguments}, as a command line names them: a file is itself; a directory that a
     * format reads as one input ({@link dev.ppw.model.format.InputFormat#readsDirectory}: a CTF trace folder) is
     * itself; another directory is every trace, saved profile or folded-stacks file below it by name ({@code .pfw},
     * {@code .json}, {@code .trace}, {@code .folded}, {@code .collapsed}, {@code .stacks}, optionally {@code .gz})
     * and every file a format names as its own (TAU's {@code profile.N.C.T}) and every folder below it that a
     * format reads as one input, in name order; a pattern with {@code * ? [ {} that names no existing file is a
     * glob. Each file once, in the order
     * first named, however many arguments reach it and however they spell it (its real path decides, so a
     * link is its target); each input named more than once gets a note ({@link InputList#namedTwice()}). Nothing
     * is read yet, except the heads of a directory's files when it holds no input by name.
     *
     * @throws BadInputException when a named file does not exist or cannot be read, a directory holds no
     *                           input (saying which format its files are when ppw-java recognises it), or a
     *                           glob matches nothing
     */
    public InputList inputs(List<String> arguments) {
        return inputList(InputExpansion.expand(arguments, false, this::unreadFormatOf, formats::readsDirectory,
                formats::namesInput), null);
    }

    /**
     * As {@link #inputs(List)}, with {@code -} meaning {@code standardInput} (read once, gzipped or not, named
     * {@code -}); named twice, it is one input, as any other.
     */
    public InputList inputs(List<String> arguments, InputStream standardInput) {
        Objects.requireNonNull(standardInput, "standardInput");
        return inputList(InputExpansion.expand(arguments, true, this::unreadFormatOf, formats::readsDirectory,
                formats::namesInput),
                standardInput);
    }

    private static InputList inputList(List<InputExpansion.Found> found, InputStream standardInput) {
        List<InputSource> sources = new ArrayList<>(found.size());
        List<String> namedTwice = new ArrayList<>();
        for (InputExpansion.Found f : found) {
            sources.add(f.file() == null ? InputSource.once(STANDARD_INPUT, standardInput)
                    : Files.isDirectory(f.file()) ? InputSource.ofDirectory(f.file(), f.file().toString())
                    : InputSource.of(f.file()));
            if (f.namings().size() > 1) {
                namedTwice.add(f.note());
            }
        }
        return new InputList(sources, namedTwice);
    }

    /** The message naming {@code file}'s format when it is one recognised but not read; empty otherwise. */
    private Optional<String> unreadFormatOf(Path file) {
        try (InputSource source = InputSource.of(file)) {
            return formats.identify(source.head()) instanceof Detection.Unread unread
                    ? Optional.of(unread.message()) : Optional.empty();
        } catch (IOException | BadInputException e) {
            return Optional.empty();
        }
    }

    /** The input name that means standard input in {@link #inputs(List, InputStream)}. */
    public static final String STANDARD_INPUT = "-";

    /**
     * The profile of {@code inputs} in the tree view: {@link #profile(List, ProfileOptions, ViewSpec)} with
     * {@link ViewSpec#TREE}.
     */
    public ProfileResult profile(List<InputSource> inputs, ProfileOptions options) {
        return profile(inputs, options, ViewSpec.TREE);
    }

    /**
     * The profile of {@code inputs} in the view {@code view}, their sum: one node per input in the profile's node
     * list (SEMANTICS.md section 4). Traces are folded into one calling-context tree (sections 1 and 2), then the
     * view is derived. A saved profile given alone is shown as it was saved (an aggregate keeps its operator and
     * node count), in its own view or one derived from its tree where {@link #merge} could derive it. When several
     * inputs include a saved profile, every input is a node of a sum merge in that view, as {@link #merge} with
     * {@link dev.ppw.model.MergeOp#SUM} gives it, a trace folded into a node of its own; the rows of traces alone
     * come out the same either way. The inputs are read once or twice each (a source that can be read
     * again lets the folder replay time-ordered tracks as it reads) and closed; each one's format is detected
     * before any is folded.
     *
     * @throws BadInputException when an input cannot be read or is broken beyond repair (the first such, in input
     *                           order; when a saved profile is among them, each named as {@link #merge} names
     *                           them), or a saved profile cannot give {@code view} or be split by thread; with
     *                           {@link ProfileOptions#skipBad()} and several inputs, such inputs are left out and
     *                           counted instead ({@link ProfileResult#droppedInputs()}), and a
     *                           {@link BadInputsException} says when none could be read
     * @throws IllegalArgumentException when {@code options} name a format that is not registered
     * @throws WindowSpec.TooManyBinsException with {@link ProfileOptions#windows()}, when a bin width gives more
     *                                         than {@link WindowSpec#MAX_BINS} bins over the inputs
     */
    public ProfileResult profile(List<InputSource> inputs, ProfileOptions options, ViewSpec view) {
        if (options.windows().isEmpty()) {
            return profileOf(inputs, options, view, null);
        }
        try (Splitting splitting = new Splitting()) {
            return profileOf(splitting.rereadable(inputs), options, view, options.windows().get());
        }
    }

    private ProfileResult profileOf(List<InputSource> inputs, ProfileOptions options, ViewSpec view,
                                    WindowSpec windows) {
        Reading reading = Reading.of(formats, options.inputFormat(),
                options.reading().withWorkers(workers(options.jobs())));
        Diagnostics diagnostics = InputList.notesOf(inputs, options.fold().warningExamples());
        List<InputSource> sources = List.copyOf(inputs);
        String saved = firstSavedProfile(sources, reading, options.jobs());
        if (saved != null) {
            if (windows != null) {
                throw new BadInputException("cannot split " + saved + " into time bins or phases: it is a saved"
                        + " profile, whose events and their times are gone; split the traces it was made of");
            }
            if (options.fold().threads() == ThreadMode.SPLIT) {
                throw new BadInputException("cannot split " + saved + " by thread: it is a saved profile, its threads"
                        + " as they were saved; profile it without splitting threads");
            }
            if (sources.size() == 1) {
                return new ProfileResult(savedAlone(sources.get(0), reading, options, view), diagnostics);
            }
            MergeAccumulator.Merged merged = merge(sources, asSumMerge(sources, options, view));
            diagnostics.addAll(merged.diagnostics());
            return new ProfileResult(merged.profile(), diagnostics, merged.droppedInputs());
        }
        // Each thread on its own needs them folded apart; the whole is then their sum.
        FoldOptions fold = options.threadProfiles() ? options.fold().withThreads(ThreadMode.SPLIT) : options.fold();
        WindowPlan plan = null;
        if (windows != null) {
            // One input is the profile's only node: its windows need no name.
            List<String> nodes = sources.size() == 1 ? List.of("")
                    : sources.stream().map(s -> InputExpansion.fileName(s.name())).toList();
            plan = WindowPlan.of(windows, Splitting.scanAll(sources, nodes, reading, windows, options.jobs(),
                    options.skipBad()));
        }
        TraceFolding.Folded folded = TraceFolding.fold(sources, reading, fold, options.jobs(),
                options.progress(), options.skipBad(), plan == null ? null : plan::windowsOf);
        try (Folder folder = folded.folder()) {
            diagnostics.addAll(folder.diagnostics());
            Profile tree = sumOfInputs(folder.toProfile(), folded.names()).withDroppedInputs(folded.dropped());
            List<NodeView> threads = List.of();
            boolean summed = options.threadProfiles() && options.fold().threads() != ThreadMode.SPLIT;
            if (options.threadProfiles()) {
                threads = threadsOf(tree);
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
                    if (options.threadProfiles()) {
                        phaseThreads.add(threadsOf(phase));
                    }
                    if (summed) {
                        phase = phase.withView(ThreadTrees.summed(phase.tree()), ViewKind.TREE, 0);
                    }
                    phases.add(new Split.Phase(plan.names().get(p), plan.windowsOfPhase(p),
                            Splitting.alone(Views.derive(phase, view.view(), view.tauDepth()))));
                }
                split = Optional.of(new Split(plan.axis(), phases));
                if (plan.axis().isEmpty() && options.threadProfiles()) {
                    threads = withPhases(threads, phases, phaseThreads);
                }
            }
            return new ProfileResult(Views.derive(tree, view.view(), view.tauDepth()), diagnostics, folded.dropped(),
                    threads, split);
        }
    }

    /** Each top level of {@code split}, folded with threads split, as a tree profile of its own, named after it. */
    private static List<NodeView> threadsOf(Profile split) {
        CallTree tree = split.tree();
        List<NodeView> parts = new ArrayList<>();
        List<CallTree> each = ThreadTrees.each(tree);
        int i = 0;
        for (int top = tree.firstChild(CallTree.ROOT); top != CallTree.NONE; top = tree.nextSibling(top)) {
            parts.add(new NodeView(tree.regionName(top), split.withView(each.get(i++), ViewKind.TREE, 0)));
        }
        return parts;
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
                    Optional.of(new Split(Optional.empty(), own))));
        }
        return withPhases;
    }

    /**
     * The name of the first input that holds a profile rather than events, or null when none does (as far as
     * detection tells: an input whose head cannot be read or detected counts as none). The heads are read on
     * {@code jobs} threads, as folding would read them: a profile of many small files is not held up.
     */
    private static String firstSavedProfile(List<InputSource> sources, Reading reading, int jobs) {
        String[] first = {null};
        InOrder.run(sources.size(), reading.options().workers().limitedTo(jobs), i -> {
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
     * One saved profile as it was saved (an aggregate keeps its operator and nodes), in {@code view}: itself, or
     * the view derived from its tree where a merge of it could derive it.
     */
    private static Profile savedAlone(InputSource source, Reading reading, ProfileOptions options, ViewSpec view) {
        NodeLoading.Loaded loaded = new NodeLoading(reading, view, false, options.fold(), 1)
                .load(source, InputExpansion.fileName(source.name()));
        if (loaded.unreadable() != null) {
            throw new BadInputException(loaded.unreadable());
        }
        if (loaded.refusal() != null) {
            // The refusal is merge's; here the way out is another view, not another merge.
            throw new BadInputException("cannot show " + source.name() + ", " + loaded.holds() + ", in the "
                    + view.label() + " view: " + loaded.refusal().replace("merge with --view", "ask for --view"));
        }
        options.progress().accept(Math.max(0, source.sizeBytes()));
        return loaded.views().get(0);
    }

    /** A profile of traces and saved profiles as the sum merge of their nodes in {@code view}, with its progress. */
    private static MergeOptions asSumMerge(List<InputSource> sources, ProfileOptions options, ViewSpec view) {
        long[] bytesJoined = {0};
        int[] joined = {0};
        return MergeOptions.defaults().withView(view).withJobs(options.jobs())
                .withInputFormat(options.inputFormat().orElse(null)).withReading(options.reading())
                .withFold(options.fold()).withSkipBad(options.skipBad()).withProgress(() -> {
                    bytesJoined[0] += Math.max(0, sources.get(joined[0]++).sizeBytes());
                    options.progress().accept(bytesJoined[0]);
                });
    }

    /**
     * Reads every input into its node profiles (a trace is one node, or one per process with
     * {@link MergeOptions#splitByPid()}; a saved profile is one node) in the view merged, and combines them
     * key by key as docs/merge.md says. Inputs are read {@link MergeOptions#jobs()} at a time and join in
     * input order, so the result does not depend on which finished first. Every input is read before an
     * input that cannot be read fails the merge; with {@link MergeOptions#skipBad()} such inputs are left
     * out and counted instead ({@link MergeAccumulator.Merged#droppedInputs()}), unless none can be read. The
     * notes of inputs named twice ({@link InputList}) come first in the diagnostics.
     *
     * @throws BadInputsException when inputs cannot be read or cannot give the view merged (each named, with
     *                            an input that could), without {@code skipBad}; with it, when no input can be
     * @throws BadInputException  when a folder's temporary file fails (a full disk)
     */
    public MergeAccumulator.Merged merge(List<InputSource> inputs, MergeOptions options) {
        if (options.windows().isPresent()) {
            return mergeSplit(inputs, options).merged();
        }
        MergeAccumulator merge = accumulate(inputs, 0, options);
        if (merge.inputCount() == 0 && !merge.droppedInputs().isEmpty()) {
            throw new BadInputsException(merge.droppedInputs(), inputs.size());
        }
        MergeAccumulator.Merged merged = merge.result(options.recomputeInclusive());
        Diagnostics diagnostics = InputList.notesOf(inputs, options.fold().warningExamples());
        diagnostics.addAll(merged.diagnostics());
        return new MergeAccumulator.Merged(merged.profile(), merged.breakdown(), diagnostics, merged.droppedInputs());
    }

    /**
     * As {@link #merge}, and with {@link MergeOptions#windows()} each node's phases or time bins merged too, one
     * accumulator per phase (matched by name; bins by index) with the merge's operator, missing rule and
     * breakdown (SEMANTICS.md "Time bins", "Phases"). Each input is read twice: a pre-pass finds its extent and
     * markers, then it is folded; an input read once (standard input) is copied to a temporary file first, and
     * the copy deleted however the call ends. {@link MergeOptions#nodeViews()} gets each node's bins or phases
     * with its view ({@link NodeView#split()}).
     *
     * @throws BadInputsException as {@link #merge}
     * @throws BadInputException  as {@link #merge}; also when an input is a saved profile or of a format whose
     *                            times are not the trace's clock (they cannot be split)
     * @throws WindowSpec.TooManyBinsException when a bin width gives more than {@link WindowSpec#MAX_BINS} bins
     */
    public MergeResult mergeSplit(List<InputSource> inputs, MergeOptions options) {
        if (options.windows().isEmpty()) {
            return new MergeResult(merge(inputs, options), Optional.empty());
        }
        WindowSpec spec = options.windows().get();
        try (Splitting splitting = new Splitting()) {
            List<InputSource> sources = splitting.rereadable(inputs);
            Reading reading = Reading.of(formats, options.inputFormat(),
                options.reading().withWorkers(workers(options.jobs())));
            List<String> labels = InputExpansion.labels(sources.stream().map(InputSource::name).toList());
            WindowPlan plan = WindowPlan.of(spec, Splitting.scanAll(sources, labels, reading, spec, options.jobs(),
                    options.skipBad()));
            List<MergeAccumulator> phases = new ArrayList<>(plan.phaseCount());
            for (int p = 0; p < plan.phaseCount(); p++) {
                phases.add(newAccumulator(options));
            }
            MergeAccumulator merge = accumulate(sources, 0, options, plan, phases);
            if (merge.inputCount() == 0 && !merge.droppedInputs().isEmpty()) {
                throw new BadInputsException(merge.droppedInputs(), inputs.size());
            }
            MergeAccumulator.Merged merged = merge.result(options.recomputeInclusive());
            Diagnostics diagnostics = InputList.notesOf(inputs, options.fold().warningExamples());
            diagnostics.addAll(merged.diagnostics());
            List<Split.Phase> split = new ArrayList<>(phases.size());
            for (int p = 0; p < phases.size(); p++) {
                split.add(new Split.Phase(plan.names().get(p), plan.windowsOfPhase(p),
                        phases.get(p).result(options.recomputeInclusive())));
            }
            return new MergeResult(new MergeAccumulator.Merged(merged.profile(), merged.breakdown(), diagnostics,
                    merged.droppedInputs()), Optional.of(new Split(plan.axis(), split)));
        }
    }

    private static MergeAccumulator newAccumulator(MergeOptions options) {
        return new MergeAccumulator(options.op(), options.missing(), options.breakdown(), options.view().view(),
                options.view().tauDepth(), options.fold().warningExamples());
    }

    /**
     * As {@link #merge}, without taking the result: the inputs' nodes accumulated, input {@code i} of the
     * list being input {@code firstInputIndex + i} of the whole merge, so that accumulators of disjoint
     * shares of a large merge (on other threads, processes or machines) {@link MergeAccumulator#combine
     * combine} into exactly what one merge of all inputs gives. With {@link MergeOptions#skipBad()} the
     * inputs that cannot be read are {@link MergeAccumulator#drop dropped}, even all of them.
     *
     * @throws BadInputsException when inputs of this share cannot be read, without {@code skipBad}
     * @throws IllegalArgumentException with {@link MergeOptions#windows()}: a split needs every input's extent
     *                                  before any is folded, which {@link #mergeSplit} reads
     */
    public MergeAccumulator accumulate(List<InputSource> inputs, int firstInputIndex, MergeOptions options) {
        if (options.windows().isPresent()) {
            throw new IllegalArgumentException("a split merge needs every input's extent first: mergeSplit");
        }
        return accumulate(inputs, firstInputIndex, options, null, List.of());
    }

    private MergeAccumulator accumulate(List<InputSource> inputs, int firstInputIndex, MergeOptions options,
                                        WindowPlan plan, List<MergeAccumulator> phases) {
        if (firstInputIndex < 0) {
            throw new IllegalArgumentException("input indices start at 0, got " + firstInputIndex);
        }
        Workers work = workers(options.jobs());
        // Each input on one thread: inputs are read side by side.
        Reading reading = Reading.of(formats, options.inputFormat(), options.reading().withWorkers(work.limitedTo(1)));
        MergeAccumulator merge = newAccumulator(options);
        NodeLoading loader = new NodeLoading(reading, options.view(), options.splitByPid(), options.fold(),
                options.jobs());
        List<InputSource> sources = List.copyOf(inputs);
        List<String> names = sources.stream().map(InputSource::name).toList();
        List<String> labels = InputExpansion.labels(names);
        String[] joined = new String[1]; // the first input that joined, for messages about one that cannot
        InOrder.run(sources.size(), work, i -> new Indexed(i, plan == null
                        ? loader.load(sources.get(i), labels.get(i))
                        : loader.load(sources.get(i), labels.get(i), plan.windowsOf(i), plan.phaseCount())),
                item -> {
                    NodeLoading.Loaded loaded = item.loaded();
                    String name = names.get(item.index());
                    int index = firstInputIndex + item.index();
                    if (loaded.unreadable() != null) {
                        merge.drop(index, loaded.unreadable(), Problems.reasonOf(name, loaded.unreadable()));
                    } else if (loaded.refusal() != null) {
                        String other = joined[0] != null ? joined[0]
                                : "the merge asks for the " + options.view().label() + " view";
                        merge.drop(index, "cannot merge " + name + ", " + loaded.holds() + ", with " + other + ": "
                                + loaded.refusal(), "cannot give the " + loader.wanted() + " view");
                    } else {
                        if (joined[0] == null) {
                            joined[0] = name + ", " + loaded.holds();
                        }
                        if (options.skipBad() || merge.droppedInputs().isEmpty()) {
                            // Without skipBad, once an input is bad nothing will be written: the rest is only checked.
                            merge.add(index, name, loaded.infos(), loaded.views(), loaded.diagnostics());
                            addPhases(phases, index, name, loaded);
                            for (int n = 0; n < loaded.views().size(); n++) {
                                options.nodeViews().accept(new NodeView(loaded.infos().get(n).label(),
                                        loaded.views().get(n), nodeSplit(plan, loaded, n)));
                            }
                        }
                    }
                    options.progress().run();
                });
        if (!options.skipBad() && !merge.droppedInputs().isEmpty()) {
            throw new BadInputsException(merge.droppedInputs(), sources.size());
        }
        return merge;
    }

    private record Indexed(int index, NodeLoading.Loaded loaded) {
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

    /**
     * The view {@code view} of a tree profile: the profile itself for the tree view.
     *
     * @throws IllegalArgumentException when {@code treeProfile} is not a tree profile, or is a min, max or avg
     *                                  aggregate asked for a view other than the tree (derive per node: merge)
     */
    public Profile view(Profile treeProfile, ViewSpec view) {
        return Views.derive(treeProfile, view.view(), view.tauDepth());
    }

    /**
     * The rows of {@code shown} to print, chosen and ordered by {@code rows}, with the counts of reading it;
     * when {@link RowOptions#top()} cuts the rows, the report says how many there were ({@link Report#top()}).
     */
    public Report report(Profile shown, Diagnostics diagnostics, RowOptions rows) {
        SortDirection direction = rows.effectiveDirection();
        int[] order = RowOrder.order(shown, rows.sort(), direction, rows.maxDepth(), rows.minPercent());
        Report report = new Report(shown, order, RowOrder.totalNanos(shown), rows.unit()).withDiagnostics(diagnostics);
        if (rows.top() > 0) {
            int[] first = RowOrder.top(shown, order, rows.sort(), direction, rows.top());
            if (first != order) {
                Map<Part, Integer> available = new EnumMap<>(Part.class);
                for (int node : order) {
                    available.merge(shown.tree().part(node), 1, Integer::sum);
                }
                report = new Report(shown, first, report.totalInclusiveNanos(), rows.unit())
                        .withDiagnostics(diagnostics).withTop(new Report.Top(rows.top(), available,
                                rows.sort().label(), direction == SortDirection.ASCENDING));
            }
        }
        if (rows.percentiles().isEmpty()) {
            return report;
        }
        report = report.withPercentiles(rows.percentiles());
        // The HTML page's region table shows percentiles of every context of a region merged, which only the
        // flat view's sketches give: derived here, since writers never derive views.
        return shown.view().isHierarchical() && shown.tree().keepsCallTimes()
                ? report.withRegions(Views.flat(shown.tree())) : report;
    }

    /**
     * One section per part, for TAU's layout ({@link Report#withSections}): each part's rows chosen as
     * {@link #report(Profile, Diagnostics, RowOptions)} chooses them, in {@code view} (a part already in it is
     * taken as it is; a tree profile is derived), without diagnostics of its own (the whole report has them); a
     * node that comes with its time bins or phases ({@link NodeView#split()}) gets their table
     * ({@link Report#timeBins()}) or its phases' own reports ({@link Report#phases()}), as
     * {@link #report(Report, Split, RowOptions)} gives them; a thread's phases, tree profiles, are derived
     * into {@code view} as the thread is.
     *
     * @param parts the threads of {@link ProfileResult#threads()}, or the nodes a merge gave its
     *              {@link MergeOptions#nodeViews()} listener
     * @throws IllegalArgumentException when a part is neither in {@code view} nor a tree profile
     */
    public List<Report.Section> sections(List<NodeView> parts, Report.Section.Kind kind, ViewSpec view,
                                         RowOptions rows) {
        List<Report.Section> sections = new ArrayList<>(parts.size());
        for (NodeView p : parts) {
            Profile profile = p.profile();
            boolean inView = profile.view() == view.view()
                    && (view.view() != ViewKind.TAU || profile.tauDepth() == view.tauDepth());
            Profile shown = inView ? profile : view(profile, view);
            Report section = report(shown, new Diagnostics(), rows);
            if (p.split().isPresent() && inView) {
                section = report(section, p.split().get(), rows);
            } else if (p.split().isPresent() && p.split().get().bins().isEmpty()) {
                List<Report.Phase> phases = new ArrayList<>(p.split().get().phases().size());
                for (Split.Phase phase : p.split().get().phases()) {
                    phases.add(new Report.Phase(phase.name(), phase.windows(),
                            report(view(phase.merged().profile(), view), new Diagnostics(), rows)));
                }
                section = section.withPhases(phases);
            }
            sections.add(new Report.Section(kind, p.label(), section));
        }
        return sections;
    }

    /**
     * The report of a merge: its rows as {@link #report(Profile, Diagnostics, RowOptions)} chooses them, its
     * per-node breakdown when it kept one, and then the {@link RowOptions#topImbalance()} rows of largest
     * imbalance.
     *
     * @throws IllegalArgumentException when imbalance rows are asked of a merge that kept no breakdown
     */
    public Report report(MergeAccumulator.Merged merged, RowOptions rows) {
        Report report = report(merged.profile(), merged.diagnostics(), rows);
        if (merged.breakdown().isEmpty()) {
            if (rows.topImbalance() > 0) {
                throw new IllegalArgumentException("imbalance rows need a merge with a breakdown");
            }
            return report;
        }
        Breakdown stats = merged.breakdown().get();
        report = report.withBreakdown(stats);
        if (rows.topImbalance() > 0) {
            report = report.withImbalanceRows(ImbalanceRanking.worst(merged.profile(), stats, rows.topImbalance()));
        }
        return report;
    }

    /**
     * {@code whole} with its {@code split}: for time bins, its rows' values in each bin ({@link Report#timeBins()},
     * rows matched by key); for phases, each phase's own report, its rows chosen by {@code rows} as the whole's
     * are ({@link Report#phases()}). Either is the same view as {@code whole}. When every section of
     * {@code whole} has its own phases, one for each of {@code split}'s ({@link #sections} gives them to the
     * nodes of a split merge), each phase gets the sections of its own: phase {@code p} of each section, in the
     * sections' order.
     */
    public Report report(Report whole, Split split, RowOptions rows) {
        if (split.bins().isPresent()) {
            return whole.withTimeBins(BinTables.of(whole, split));
        }
        int count = split.phases().size();
        boolean sectionPhases = !whole.sections().isEmpty()
                && whole.sections().stream().allMatch(s -> s.report().phases().size() == count);
        List<Report.Phase> phases = new ArrayList<>(count);
        for (int p = 0; p < count; p++) {
            Split.Phase phase = split.phases().get(p);
            Report own = report(phase.merged(), rows);
            if (sectionPhases) {
                int index = p;
                own = own.withSections(whole.sections().stream().map(s -> new Report.Section(s.kind(), s.label(),
                        s.report().phases().get(index).report())).toList());
            }
            phases.add(new Report.Phase(phase.name(), phase.windows(), own));
        }
        return whole.withPhases(phases);
    }

    /**
     * Compares profile {@code b} with the baseline {@code a}, row by row (SEMANTICS.md "Diff"): rows matched
     * by key as a merge matches nodes, every integral quantity of both, exact deltas. Both profiles must be in
     * one view: give each the view with {@link #profile(List, ProfileOptions, ViewSpec)} or {@link #view}.
     *
     * @throws IllegalArgumentException when the two profiles are in different views
     */
    public ProfileDiff diff(Profile a, Profile b, DiffOptions options) {
        return DiffRows.compare(a, b, options.normalize());
    }

    /**
     * The report of {@code compared}: its rows of each part by size of change, largest first
     * ({@link DiffRows#byChange}), the first {@link DiffOptions#top()} of each when asked, with
     * {@code diagnostics} (those of reading both profiles).
     */
    public Report report(ProfileDiff compared, Diagnostics diagnostics, DiffOptions options) {
        int[] rows = DiffRows.firstOfEachPart(compared, DiffRows.byChange(compared), options.top());
        return Report.ofDiff(compared, rows, options.unit(), diagnostics);
    }

    /**
     * The registered writer named {@code format}.
     *
     * @throws IllegalArgumentException when none is (the message lists the registered names)
     */
    public OutputWriter writer(String format) {
        return writers.byName(format).orElseThrow(() -> new IllegalArgumentException("unknown format '" + format
                + "': expected one of " + String.join(", ", writers.names())));
    }

    /**
     * The registered writer named {@code format}, checked to print what {@code report} holds.
     *
     * @throws IllegalArgumentException when none is, or when {@code report} is a diff and that writer does not
     *                                  print diffs ({@link OutputWriter#accepts()})
     */
    public OutputWriter writer(String format, Report report) {
        OutputWriter writer = writer(format);
        if (report.content() == Content.DIFF && !writer.accepts().contains(Content.DIFF)) {
            List<String> able = writers.writers().stream().filter(w -> w.accepts().contains(Content.DIFF))
                    .map(OutputWriter::name).toList();
            throw new IllegalArgumentException("format '" + format + "' cannot show a diff: expected one of "
                    + String.join(", ", able));
        }
        return writer;
    }

    /**
     * Writes {@code report} in {@code format} to {@code out}, which stays open.
     *
     * @throws IllegalArgumentException as {@link #writer(String, Report)}
     */
    public void write(Report report, String format, OutputStream out) throws IOException {
        writer(format, report).write(report, out);
    }

    /**
     * Writes {@code report} in {@code format} to the file {@code target}, replacing it atomically (gzipped
     * when its name ends in {@code .gz}, unless the format is {@link OutputWriter#compressed() compressed}
     * itself): a failure leaves it as it was ({@link AtomicOutput}). A format that writes a folder
     * ({@link FolderWriter}: tau) creates the folder {@code target}, which must not exist or be an empty folder
     * ({@link AtomicOutput#writeFolder}).
     *
     * @throws java.nio.file.FileAlreadyExistsException when a folder format's {@code target} exists and is not
     *                                                   an empty folder
     */
    public void write(Report report, String format, Path target) throws IOException {
        OutputWriter writer = writer(format, report);
        if (writer instanceof FolderWriter folder) {
            AtomicOutput.writeFolder(target, entries -> folder.write(report, entries));
            return;
        }
        AtomicOutput.write(target, AtomicOutput.gzipped(target) && !writer.compressed(), out -> writer.write(report, out));
    }

    /**
     * {@code folded} as the sum of one node per input (SEMANTICS.md section 4), each named by its file name.
     * An input's own process and thread names are given only when it is the only one: the folder keeps one map.
     */
    /**
     * Follows {@code input} while it is written ({@code profile --follow}): reads it from its start and, at its
     * current end, waits for more bytes (a file looked at every {@link FollowOptions#pollNanos()}) instead of
     * ending, until {@code stop} is told, no byte came for {@link FollowOptions#untilIdleNanos()}, or a stream
     * ends; then returns the final profile, folded exactly as {@link #profile} folds the finished input (the same
     * rows and numbers). Every {@link FollowOptions#intervalNanos()}, when events were read since the last one, it
     * hands {@code onSnapshot} the profile of everything read so far in the same view, as if the input ended
     * there (calls still open are closed at their track's last time, as the warning {@code unclosed_begin} says);
     * snapshots are folded from a log of the events read, so they never change what the final profile is
     * (docs/live.md; the log's memory: docs/memory.md).
     *
     * <p>Only whole lines are read while following: an event its writer has not finished waits for its bytes, and
     * one left unfinished when following ends is left out and counted as the note
     * {@link Diagnostics#UNFINISHED_EVENT}, never a warning. Everything runs on the calling thread, {@code onSnapshot}
     * too (between two reads of the collector); a stream is read on a daemon thread of its own
     * ({@link FollowedInput#stream}).
     *
     * @param onSnapshot told each snapshot on the calling thread; what it throws stops the follow and is thrown
     *                   here
     * @param stop       tells the follow to stop (from any thread)
     * @throws CannotFollowException when the input's format cannot be read while written (the message names those
     *                               that can)
     * @throws BadInputException     when the input cannot be read, is broken beyond repair, or stops being one
     *                               appended file (it shrank, or its path names another file)
     */
    public ProfileResult follow(FollowedInput input, FollowOptions options, Consumer<ProfileResult> onSnapshot,
                                FollowStop stop) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(onSnapshot, "onSnapshot");
        Objects.requireNonNull(stop, "stop");
        return new Following(formats, input, options, onSnapshot, stop).run();
    }

    /** The profile a folder of {@code names} gives in {@code view}: their sum, one node per input. */
    static Profile viewOfFold(Folder folder, List<String> names, ViewSpec view) {
        return Views.derive(sumOfInputs(folder.toProfile(), names), view.view(), view.tauDepth());
    }

    private static Profile sumOfInputs(Profile folded, List<String> names) {
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
