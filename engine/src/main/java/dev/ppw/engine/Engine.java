package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.BadInputsException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.format.Detection;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.model.output.AtomicOutput;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.WriterRegistry;
import dev.ppw.model.work.Cancel;
import dev.ppw.model.work.CancelledException;
import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The one entry point of every front end (the command line, a server, a cluster job, a program): name inputs
 * ({@link #inputs}), carry out an {@link Analysis} (a profile of the inputs, or a merge of them as nodes, in a view,
 * its rows chosen, maybe split over time) or a {@link Comparison} of two, and write the report it gives in any
 * registered format ({@link #write}). A merge too large for one process is accumulated in shares that other
 * processes combine ({@link #shares}); an input still being written is followed ({@link #follow}).
 *
 * <pre>{@code
 * Engine engine = Engine.fromClassPath();
 * AnalysisResult flat = engine.analyze(Analysis.profile(engine.inputs(List.of("trace.json"))).withView(ViewSpec.FLAT));
 * engine.write(flat.report(), "csv", System.out);
 * }</pre>
 *
 * <p>Units: every time is integer nanoseconds (SEMANTICS.md); other metrics carry their unit in their
 * {@link dev.ppw.model.Metric} declaration. Errors: an input that cannot be read or is broken beyond repair is a
 * {@link BadInputException} with a one-line message naming it (and a position where there is one); per-event
 * anomalies are counted in the result's {@link Diagnostics}, never thrown; a request that makes no sense is an
 * {@link IllegalArgumentException}, raised before anything is read, or an {@link UnusableRequestException} once the
 * inputs show it cannot be met; a cancelled analysis ends in a {@link CancelledException}, its temporary files
 * removed.
 *
 * <p>Threads: every parallel step of every call runs on the engine's executor (a caller's, shared with other work
 * and bounded as it likes; by default a pool of daemon threads sized to the cores), at most
 * {@link Analysis#jobs()} tasks of one analysis at once. An engine holds only its registries and its executor and is
 * immutable: calls may run at once from several threads, each with its own request. It reads no system property.
 */
public final class Engine {
    /** The input name that means standard input in {@link #inputs(List, InputStream)}. */
    public static final String STANDARD_INPUT = "-";

    private final FormatRegistry formats;
    private final WriterRegistry writers;
    private final Context context;

    /** An engine reading the given formats and writing the given writers, on the default executor. */
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
        this.context = new Context(formats, Objects.requireNonNull(executor, "executor"));
    }

    /**
     * An engine with every format and writer registered for {@link java.util.ServiceLoader} where this library
     * is (its module layer, or {@code META-INF/services} on its class path): the {@code collectors} and
     * {@code report} modules' when they are there, and any other's.
     */
    public static Engine fromClassPath() {
        ClassLoader loader = Engine.class.getClassLoader();
        return new Engine(FormatRegistry.load(loader), WriterRegistry.load(loader));
    }

    /** As {@link #fromClassPath()}, every parallel step on {@code executor}. */
    public static Engine fromClassPath(Executor executor) {
        ClassLoader loader = Engine.class.getClassLoader();
        return new Engine(FormatRegistry.load(loader), WriterRegistry.load(loader), executor);
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
     * itself; another directory is every file below it whose name has an ending a format declares
     * ({@link FormatRegistry#fileEndings()}: {@code .pfw}, {@code .json}, {@code .folded}, ..., optionally
     * {@code .gz}) and every file a format names as its own (TAU's {@code profile.N.C.T}) and every folder below it
     * that a format reads as one input, in name order; a pattern with {@code * ? [ {} that names no existing file
     * is a glob. Each file once, in the order first named, however many arguments reach it and however they spell
     * it (its real path decides, so a link is its target); each input named more than once gets a note ({@link InputList#namedTwice()}). Nothing
     * is read yet, except the heads of a directory's files when it holds no input by name.
     *
     * @throws BadInputException when a named file does not exist or cannot be read, a directory holds no
     *                           input (saying which format its files are when ppw-java recognises it), or a
     *                           glob matches nothing
     */
    public InputList inputs(List<String> arguments) {
        return inputList(InputExpansion.expand(arguments, false, formats, this::unreadFormatOf, this::inputInFolder),
                null);
    }

    /**
     * As {@link #inputs(List)}, with {@code -} meaning {@code standardInput} (read once, gzipped or not, named
     * {@code -}); named twice, it is one input, as any other.
     */
    public InputList inputs(List<String> arguments, InputStream standardInput) {
        Objects.requireNonNull(standardInput, "standardInput");
        return inputList(InputExpansion.expand(arguments, true, formats, this::unreadFormatOf, this::inputInFolder),
                standardInput);
    }

    /**
     * As {@link #inputs(List, InputStream)}, each argument first offered to {@code named}: an argument it resolves
     * ({@code run:12} of a run store) is that input, in its place; the others are paths, globs and {@code -} as
     * there. An input reached twice is read once, with a note, whichever way it was named.
     *
     * @throws BadInputException as {@link #inputs(List)}, or as {@code named} throws for a name of its own that names
     *                           nothing
     */
    public InputList inputs(List<String> arguments, InputStream standardInput, InputResolver named) {
        Objects.requireNonNull(named, "named");
        List<InputSource> sources = new ArrayList<>();
        List<String> namedTwice = new ArrayList<>();
        java.util.Map<Object, String> seen = new java.util.HashMap<>();
        java.util.Map<String, Long> skipped = new java.util.LinkedHashMap<>();
        List<String> paths = new ArrayList<>();
        for (String argument : arguments) {
            Optional<InputSource> resolved = named.resolve(argument);
            if (resolved.isEmpty()) {
                paths.add(argument);
                continue;
            }
            InputList group = inputs(paths, standardInput);
            addOnce(group, sources, namedTwice, seen);
            group.skipped().forEach((line, files) -> skipped.merge(line, files, Long::sum));
            paths.clear();
            addOnce(new InputList(List.of(resolved.get()), List.of()), sources, namedTwice, seen);
        }
        InputList group = inputs(paths, standardInput);
        addOnce(group, sources, namedTwice, seen);
        group.skipped().forEach((line, files) -> skipped.merge(line, files, Long::sum));
        return new InputList(sources, namedTwice, skipped);
    }

    /** {@code group}'s inputs and notes added, but for one already added (the same file, or the same name). */
    private static void addOnce(InputList group, List<InputSource> sources, List<String> namedTwice,
                                java.util.Map<Object, String> seen) {
        namedTwice.addAll(group.namedTwice());
        for (InputSource source : group) {
            Object key = source.file().<Object>map(f -> {
                try {
                    return f.toRealPath();
                } catch (IOException e) {
                    return f.toAbsolutePath();
                }
            }).orElse(source.name());
            String first = seen.putIfAbsent(key, source.name());
            if (first == null) {
                sources.add(source);
            } else {
                namedTwice.add(source.name() + ": named twice (" + first + ", " + source.name() + "), read once");
            }
        }
    }

    private static InputList inputList(InputExpansion.Expanded expanded, InputStream standardInput) {
        List<InputExpansion.Found> found = expanded.found();
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
        return new InputList(sources, namedTwice, expanded.skipped());
    }

    /**
     * Whether {@code file}, met below a folder named as an input, is one of the inputs {@link #inputs(List)} takes
     * from that folder: its name has an ending a format declares, or a format claims it by its name (TAU's
     * {@code profile.N.C.T}), or a format asks for such names to be looked into ({@code .txt}, {@code .txt.gz},
     * TAU's {@code profile.*}) and detection reads the head of {@code content} as such a format. {@code content} is
     * asked for only in that last case, and closed; a head that cannot be read makes no input. Folders of other
     * file systems (Hadoop's, for the merge on Spark) are searched with it so that they hold what a local folder
     * would: {@code file} is then the file's path there, whose name and folders' names the formats' rules look at.
     */
    public boolean inputInFolder(Path file, Supplier<InputSource> content) {
        Objects.requireNonNull(content, "content");
        if (formats.hasInputEnding(file) || formats.namesInput(file)) {
            return true;
        }
        if (!formats.probedInFolders(file)) {
            return false;
        }
        try (InputSource source = content.get()) {
            return formats.identify(source.head()) instanceof Detection.Read read
                    && read.format().probedInFolders(file);
        } catch (IOException | UncheckedIOException | BadInputException e) {
            return false;
        }
    }

    private boolean inputInFolder(Path file) {
        return inputInFolder(file, () -> InputSource.of(file));
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

    /**
     * Whether {@code profile} would read {@code source}: the format it detects (or {@code inputFormat}, when given),
     * then that format's reader up to the first event (a saved profile's: whole), its events thrown away. Empty when
     * the reader accepts it; else the message {@code profile} would stop with (a JSON object that is no Chrome trace,
     * an input that no format reads).
     *
     * @throws IllegalArgumentException when {@code inputFormat} names no registered format
     */
    public Optional<String> refusal(InputSource source, Optional<String> inputFormat) throws IOException {
        Objects.requireNonNull(source, "source");
        return ReadCheck.refusal(Reading.of(formats, inputFormat, ReadOptions.defaults()), source);
    }

    /** {@link #analyze(Analysis, ProgressListener, Cancel)}, told nothing, never cancelled. */
    public AnalysisResult analyze(Analysis analysis) {
        return analyze(analysis, ProgressListener.NONE, Cancel.never());
    }

    /**
     * Carries out {@code analysis}: reads its inputs (each once, or twice: a source that can be read again lets the
     * folder replay time-ordered tracks as it reads; a split reads each for a pre-pass; every input is closed),
     * makes one profile of them or merges them as nodes, derives the view, chooses the rows, and assembles the
     * report with whatever the request keeps (breakdown, sections, time bins or phases).
     *
     * @param progress told the bytes read of each input, from the threads reading them
     * @param cancel   stops the analysis from another thread: it ends within a block or a few thousand events
     *                 with {@link CancelledException}, its temporary files removed
     * @throws BadInputException        when an input cannot be read or is broken beyond repair (the first such in
     *                                  input order for a profile; for a merge, after every input was read,
     *                                  {@link BadInputsException} naming each), or a saved profile cannot give the
     *                                  view or be split; with {@link ReadingOptions#skipBad()}, such inputs are left
     *                                  out and counted ({@link AnalysisResult#droppedInputs()}) unless none can be read
     * @throws IllegalArgumentException when the request names a format that is not registered
     * @throws UnusableRequestException when a split gives more than {@link WindowSpec#MAX_BINS} bins
     * @throws CancelledException       when {@code cancel} was raised
     */
    public AnalysisResult analyze(Analysis analysis, ProgressListener progress, Cancel cancel) {
        Objects.requireNonNull(analysis, "analysis");
        Objects.requireNonNull(progress, "progress");
        Workers workers = context.workers(analysis.jobs(), Objects.requireNonNull(cancel, "cancel"));
        if (analysis.isMerge()) {
            MergeResult merged = new MergeRun(context, analysis, workers, progress).run();
            return context.result(ReportAssembly.ofMerge(analysis, merged), merged.merged().droppedInputs(),
                    analysis.inputs().size());
        }
        ProfileResult folded = new ProfileRun(context, analysis, workers, progress).run();
        return context.result(ReportAssembly.ofProfile(analysis, folded), folded.droppedInputs(),
                analysis.inputs().size());
    }

    /** {@link #diff(Comparison, ProgressListener, Cancel)}, told nothing, never cancelled. */
    public AnalysisResult diff(Comparison comparison) {
        return diff(comparison, ProgressListener.NONE, Cancel.never());
    }

    /**
     * Compares profile B with the baseline A row by row (SEMANTICS.md "Diff"): each side carried out as its
     * analysis says, in A's view, the phases asked taken of them, then rows matched by key as a merge matches
     * nodes, every integral quantity of both, exact deltas, largest change first. The result's report is a diff
     * ({@link Content#DIFF}); its diagnostics and dropped inputs are both sides'.
     *
     * @param progress told the bytes read of each input, A's inputs first, then B's
     * @throws NoSuchPhaseException when a side has no phase of the name asked
     * @throws BadInputException    as {@link #analyze} for either side
     * @throws CancelledException   when {@code cancel} was raised
     */
    public AnalysisResult diff(Comparison comparison, ProgressListener progress, Cancel cancel) {
        Objects.requireNonNull(comparison, "comparison");
        Objects.requireNonNull(progress, "progress");
        Workers workers = context.workers(comparison.a().jobs(), Objects.requireNonNull(cancel, "cancel"));
        return new DiffRun(context, comparison, workers, progress).run();
    }

    /**
     * A merge carried out in shares, by other threads, processes or machines: each accumulates some inputs at their
     * index among the merge's, the shares combine in any grouping, and the combined share gives exactly what
     * {@link #analyze} gives of the whole (docs/merge.md).
     *
     * @throws IllegalArgumentException when {@code merge} is not a merge
     */
    public MergeShares shares(Analysis merge) {
        if (!merge.isMerge()) {
            throw new IllegalArgumentException("shares are of a merge: a profile sums its inputs in one fold");
        }
        return new MergeShares(context, merge);
    }

    /**
     * A fold that a running program's threads push their calls into, each into a lane of its own, and that gives
     * the profile so far at any time, named {@code name} as one input, in {@code view} with {@code rows} (their
     * percentiles make it keep call times).
     */
    public LiveFold liveFold(String name, ViewSpec view, RowOptions rows) {
        return new LiveFold(name, view, rows, Diagnostics.EXAMPLES_PER_KIND);
    }

    /**
     * The report of a profile the caller holds (a saved profile read back, a fold of its own): its rows chosen and
     * ordered by {@code rows}, with {@code diagnostics}, as an analysis' report is; any writer renders it.
     */
    public Report report(Profile profile, Diagnostics diagnostics, RowOptions rows) {
        return ReportAssembly.rows(profile, diagnostics, rows);
    }

    /**
     * The view {@code view} of a tree profile (a saved profile read back, say), through its filters: the profile
     * itself for the tree view without filters.
     *
     * @throws IllegalArgumentException when {@code treeProfile} is not a tree profile, or is a min, max or avg
     *                                  aggregate asked for a view other than the tree (derive per node: merge)
     */
    public Profile view(Profile treeProfile, ViewSpec view) {
        return view.derive(treeProfile);
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
     * Follows {@code input} while it is written ({@code profile --follow}): reads it from its start and, at its
     * current end, waits for more bytes (a file looked at every {@link FollowOptions#pollNanos()}) instead of
     * ending, until {@code stop} is told, no byte came for {@link FollowOptions#untilIdleNanos()}, or a stream
     * ends; then returns the final profile, folded exactly as {@link #analyze} folds the finished input (the same
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
    public AnalysisResult follow(FollowedInput input, FollowOptions options, Consumer<AnalysisResult> onSnapshot,
                                 FollowStop stop) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(onSnapshot, "onSnapshot");
        Objects.requireNonNull(stop, "stop");
        return new Following(context, input, options, onSnapshot, stop).run();
    }
}
