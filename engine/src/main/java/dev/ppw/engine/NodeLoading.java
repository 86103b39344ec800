package dev.ppw.engine;

import dev.ppw.aggregate.AsyncRows;
import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.Windows;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one input of a merge into its node profiles, already in the view being merged (SEMANTICS.md
 * section 4: views are derived per node, then aggregated). A trace is one node, or one per pid; a saved
 * profile is one node, even when it is itself an aggregate. Safe to run on several threads: each call
 * works on its own folder and tables, and the folders' share of the heap for buffered events is divided
 * among the {@code jobs} that may run at once, so that a merge of huge traces spills instead of running
 * out of memory.
 */
final class NodeLoading {
    /** PerfFlowAspect names its files {@code perfflow[.array|.object][.name][.{job}].HOST.PID.pfw}. */
    private static final Pattern PERFFLOW_NAME = Pattern.compile("perfflow\\..*?([^.]+)\\.(\\d+)\\.pfw(\\.gz)?");

    private final Reading inputs;
    private final ViewSpec spec;
    private final boolean splitByPid;
    private final FoldOptions foldOptions;

    /**
     * @param fold the memory bounds of folding one trace when one input is read at a time
     * @param jobs how many inputs may be read at once (at least 1)
     */
    NodeLoading(Reading inputs, ViewSpec view, boolean splitByPid, FoldOptions fold, int jobs) {
        this.inputs = inputs;
        this.spec = view;
        this.splitByPid = splitByPid;
        this.foldOptions = fold.withSplitByPid(splitByPid)
                .withSpillLimitEvents(Math.max(1, fold.spillLimitEvents() / Math.max(1, jobs)));
    }

    /**
     * What one input gave: its nodes in order, the warnings met reading it, and what it holds in words
     * ({@code "a trace"}, {@code "a flat profile"}); {@code refusal} says why it cannot join the merge,
     * or is null: the caller words it in input order, naming an input that did fit. {@code unreadable} is
     * the one-line message of an input that cannot be read (then nothing else is set), or null.
     */
    record Loaded(List<NodeInfo> infos, List<Profile> views, Diagnostics diagnostics, String holds,
                  String refusal, String unreadable, List<List<Profile>> phaseViews) {
        Loaded(List<NodeInfo> infos, List<Profile> views, Diagnostics diagnostics, String holds, String refusal,
               String unreadable) {
            this(infos, views, diagnostics, holds, refusal, unreadable, List.of());
        }

        static Loaded unreadable(String message) {
            return new Loaded(List.of(), List.of(), new Diagnostics(), "", null, message);
        }
    }

    /**
     * Reads one input; one that cannot be read is a {@link Loaded#unreadable()} message, so that the caller
     * can check every input before it decides, and nothing of it is kept.
     *
     * @param label how the input's node is named (a pid is appended when split)
     * @throws dev.ppw.model.BadInputException when the folder's temporary file fails (a full disk): no input's
     *                                         fault, so it stops the merge
     */
    Loaded load(InputSource source, String label, LongConsumer progress) {
        return load(source, label, null, 0, progress);
    }

    /**
     * As {@link #load(InputSource, String)}, a trace also cut into {@code windows}' phases ({@code phaseCount} of
     * them: null windows give empty phases): {@link Loaded#phaseViews()} holds, per node, its phases in the view.
     */
    Loaded load(InputSource source, String label, Windows windows, int phaseCount, LongConsumer progress) {
        ReadOptions options = inputs.options().withProgress(progress);
        try (source) {
            return switch (inputs.formatOf(source)) {
                case ProfileFormat saved -> loadSaved(source.name(), label, saved.read(source, options));
                case EventFormat events -> loadTrace(source.name(), label, source, events, windows, phaseCount,
                        options);
            };
        } catch (BadInputException e) {
            return Loaded.unreadable(e.getMessage());
        } catch (IOException e) {
            return Loaded.unreadable(Problems.cannotRead(source.name(), e).getMessage());
        } catch (UncheckedIOException e) {
            throw Problems.spillFailed(e);
        } catch (RuntimeException | OutOfMemoryError e) {
            InputOutOfMemoryError.rethrowNaming(source.name(), e);
            throw e;
        }
    }

    private Loaded loadTrace(String file, String label, InputSource source, EventFormat format, Windows windows,
                             int phaseCount, ReadOptions options) throws IOException {
        // Closed however the reading ends: a trace broken halfway (or cancelled) leaves no temporary file behind.
        try (Folder folder = new Folder(foldOptions).withWorkers(options.workers())) {
            folder.windows(windows);
            Loaded whole = loadTrace(file, label, source, format, folder, options);
            if (phaseCount == 0) {
                return whole;
            }
            List<List<Profile>> phases = new ArrayList<>();
            if (splitByPid) {
                List<List<Profile>> nodes = folder.nodePhaseProfiles();
                for (int n = 0; n < whole.views().size(); n++) {
                    List<Profile> node = n < nodes.size() ? nodes.get(n) : Splitting.phaseProfiles(folder, phaseCount);
                    phases.add(node.stream().map(p -> spec.derive(p)).toList());
                }
            } else {
                phases.add(Splitting.phaseProfiles(folder, phaseCount).stream()
                        .map(p -> spec.derive(p)).toList());
            }
            return new Loaded(whole.infos(), whole.views(), whole.diagnostics(), whole.holds(), null, null, phases);
        }
    }

    private Loaded loadTrace(String file, String label, InputSource source, EventFormat format, Folder folder,
                             ReadOptions options) throws IOException {
        if (source.rereadable()) {
            // On this thread (inputs load in parallel): a large plain file goes through the chunk parser, and a
            // second reading lets the folder replay time-ordered tracks while reading.
            folder.fold(sink -> format.read(source, sink, options));
        } else {
            format.read(source, folder, options);
        }
        String host = hostOf(file);
        List<NodeInfo> infos = new ArrayList<>();
        List<Profile> views = new ArrayList<>();
        if (splitByPid) {
            List<Profile> nodes = folder.nodeProfiles();
            List<String> pids = folder.nodePids();
            for (int i = 0; i < nodes.size(); i++) {
                Profile node = nodes.get(i);
                infos.add(new NodeInfo(label + "#" + pids.get(i), file, pids.get(i), host,
                        node.processNames(), node.threadNames()));
                views.add(spec.derive(node));
            }
        } else {
            Profile node = folder.toProfile();
            infos.add(new NodeInfo(label, file, pidOf(file), host, node.processNames(),
                    node.threadNames()));
            views.add(spec.derive(node));
        }
        return new Loaded(infos, views, folder.diagnostics(), "a trace", null, null);
    }

    private Loaded loadSaved(String file, String label, Profile read) {
        Diagnostics notes = new Diagnostics();
        // Its rows are every thread's added up: no track is left to choose or to split (SEMANTICS.md "Filters").
        List<String> asked = new ArrayList<>();
        if (!foldOptions.selection().isAll()) {
            asked.add(foldOptions.selection().label());
        }
        if (foldOptions.threads().splits()) {
            asked.add("--threads " + foldOptions.threads().label());
        }
        if (!asked.isEmpty()) {
            notes.warn(Diagnostics.SELECTION_ON_SAVED, file + ": " + String.join(" ", asked) + " left it whole");
        }
        Profile saved = AsyncRows.apply(foldOptions.async(), read, notes);
        String savedView = saved.view().label() + (saved.view() == ViewKind.TAU ? " depth " + saved.tauDepth() : "");
        String holds = saved.nodes() > 1
                ? "a " + saved.aggregation().label() + " aggregate of " + saved.nodes() + " nodes (" + savedView + ")"
                : "a " + savedView + " profile";
        Profile shown;
        if (spec.holds(saved)) {
            shown = spec.shown(saved);
        } else if (saved.view() == ViewKind.TREE) {
            if (saved.nodes() > 1 && saved.aggregation() != MergeOp.SUM) {
                return refused(holds, "the " + wanted() + " view of a " + saved.aggregation().label()
                        + " aggregate cannot be derived (it would mix contexts): merge its nodes' own profiles,"
                        + " or merge with --view tree");
            }
            shown = spec.derive(saved);
        } else {
            return refused(holds, "it cannot give the " + wanted() + " view: save tree profiles (--view tree),"
                    + " or merge with --view " + saved.view().label()
                    + (saved.view() == ViewKind.TAU ? " --depth " + saved.tauDepth() : ""));
        }
        NodeInfo info = saved.nodeInfos().size() == 1 && saved.nodes() == 1
                ? saved.nodeInfos().get(0)
                : new NodeInfo(label, file, "", "", saved.processNames(), saved.threadNames());
        return new Loaded(List.of(info), List.of(shown), notes, holds, null, null);
    }

    private static Loaded refused(String holds, String why) {
        return new Loaded(List.of(), List.of(), new Diagnostics(), holds, why, null);
    }

    /** The view being merged, in words. */
    String wanted() {
        return spec.label();
    }

    static String hostOf(String file) {
        Matcher m = PERFFLOW_NAME.matcher(InputExpansion.fileName(file));
        return m.matches() ? m.group(1) : "";
    }

    private static String pidOf(String file) {
        Matcher m = PERFFLOW_NAME.matcher(InputExpansion.fileName(file));
        return m.matches() ? m.group(2) : "";
    }
}
