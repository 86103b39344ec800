package dev.ppw.engine;

import dev.ppw.aggregate.DiffRows;
import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
import dev.ppw.model.work.Workers;

import java.util.List;
import java.util.Optional;

/**
 * A comparison (SEMANTICS.md "Diff"): each side analysed as its request says (a profile or a merge, maybe split into
 * phases), the phase asked taken of each, then the two compared row by row, rows matched by key as a merge matches
 * nodes. What reading both sides counted, and the inputs either left out, go with the result.
 */
final class DiffRun {
    private final Context context;
    private final Comparison comparison;
    private final Workers workers;
    private final ProgressListener progress;

    DiffRun(Context context, Comparison comparison, Workers workers, ProgressListener progress) {
        this.context = context;
        this.comparison = comparison;
        this.workers = workers;
        this.progress = progress;
    }

    /** One side read: its whole profile, and its phases when split. */
    private record Side(String name, Profile whole, Optional<Split> split, Diagnostics diagnostics,
                        DroppedInputs dropped) {
        /**
         * The phase named {@code phase}, its inputs named with it (the header names each side by its inputs).
         *
         * @throws NoSuchPhaseException when the side has no such phase
         */
        Profile phase(String phase) {
            List<Split.Phase> all = split.orElseThrow().phases();
            for (Split.Phase p : all) {
                if (p.name().equals(phase)) {
                    Profile profile = p.merged().profile();
                    return profile.withInputs(profile.inputs().stream().map(i -> i + " (phase " + phase + ")")
                            .toList());
                }
            }
            throw new NoSuchPhaseException(name, phase, all.stream().map(Split.Phase::name).toList());
        }
    }

    AnalysisResult run() {
        Analysis a = comparison.a();
        Side sideA = side(a, "A", 0);
        Side sideB = comparison.b().isPresent() ? side(comparison.b().get(), "B", a.inputs().size()) : null;
        Profile before = comparison.phaseA().map(sideA::phase).orElse(sideA.whole());
        Side ofB = sideB != null ? sideB : sideA;
        Profile after = comparison.phaseB().map(ofB::phase).orElse(ofB.whole());
        Diagnostics diagnostics = new Diagnostics(a.reading().warningExamples());
        diagnostics.addAll(sideA.diagnostics());
        DroppedInputs dropped = sideA.dropped();
        if (sideB != null) {
            diagnostics.addAll(sideB.diagnostics());
            dropped = dropped.then(sideB.dropped());
        }
        ReportAssembly.countOverflows(before, diagnostics);
        ReportAssembly.countOverflows(after, diagnostics);
        ProfileDiff compared = DiffRows.compare(before, after, comparison.options().normalize());
        if (compared.deltasAtLimit() > 0) {
            diagnostics.warn(Diagnostics.ARITHMETIC_OVERFLOW, compared.deltasAtLimit(),
                    List.of("delta of B and A past the limit of a 64-bit integer (stopped at the limit)"));
        }
        Report report = ReportAssembly.ofDiff(compared, diagnostics, comparison.options());
        int inputs = a.inputs().size() + comparison.b().map(b -> b.inputs().size()).orElse(0);
        return context.result(report, dropped, inputs);
    }

    /** One side read, in A's view; its progress reported after the inputs of the sides before it. */
    private Side side(Analysis analysis, String name, int firstInput) {
        Analysis inView = analysis.withView(comparison.a().view()).withSections(false);
        ProgressListener shifted = new ProgressListener() {
            @Override
            public void bytesRead(int input, long bytesRead) {
                progress.bytesRead(firstInput + input, bytesRead);
            }

            @Override
            public void inputDone(int input) {
                progress.inputDone(firstInput + input);
            }
        };
        if (inView.isMerge()) {
            MergeResult merged = new MergeRun(context, inView, workers, shifted).run();
            MergeAccumulator.Merged m = merged.merged();
            return new Side(name, m.profile(), merged.split(), m.diagnostics(), m.droppedInputs());
        }
        ProfileResult read = new ProfileRun(context, inView, workers, shifted).run();
        return new Side(name, read.profile(), read.split(), read.diagnostics(), read.droppedInputs());
    }
}
