package dev.ppw.engine;

import dev.ppw.aggregate.DiffRows;
import dev.ppw.aggregate.ImbalanceRanking;
import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.aggregate.RowOrder;
import dev.ppw.aggregate.Views;
import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Metric;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
import dev.ppw.model.SortDirection;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reports from what the runs give: the rows chosen and ordered ({@link RowOrder}), a merge's breakdown and rows of
 * largest imbalance, each thread's or node's section, the split's time bins or phases, a diff's rows by size of
 * change. The order of these steps is fixed here, once, for every front end: sections before the split, so that each
 * phase of a profile or a merge takes its threads' or nodes' own phase as its sections.
 */
final class ReportAssembly {
    private ReportAssembly() {
    }

    /**
     * The report of a profile run: its rows, its threads' sections and its processes' (after them, unsplit: the
     * HTML page shows a process on its own, never by phase), then its split.
     */
    static Report ofProfile(Analysis analysis, ProfileResult folded) {
        RowOptions rows = analysis.rows();
        analysis.view().noteUnmatched(folded.profile().tree().frames(), folded.diagnostics());
        Report report = rows(folded.profile(), folded.diagnostics(), rows);
        countOverflows(folded.profile(), report.diagnostics());
        if (analysis.sections()) {
            List<Report.Section> own = new ArrayList<>(sections(folded.threads(), Report.Section.Kind.THREAD,
                    analysis.view(), rows));
            own.addAll(sections(folded.processes(), Report.Section.Kind.PROCESS, analysis.view(), rows));
            report = report.withSections(own);
        }
        // After the sections: each phase then takes its threads' own phase as its sections.
        if (folded.split().isPresent()) {
            report = withSplit(report, folded.split().get(), rows);
        }
        return report;
    }

    /** The report of a merge run: its rows and breakdown, its nodes' sections, then its split. */
    static Report ofMerge(Analysis analysis, MergeResult result) {
        RowOptions rows = analysis.rows();
        Report report = ofMerged(result.merged(), rows);
        countOverflows(result.merged().profile(), report.diagnostics());
        if (analysis.sections()) {
            report = report.withSections(sections(result.nodes(), Report.Section.Kind.NODE, analysis.view(),
                    rows.withTopImbalance(0)));
        }
        // After the sections: each phase then takes its nodes' own phase as its sections.
        if (result.split().isPresent()) {
            report = withSplit(report, result.split().get(), rows);
        }
        return report;
    }

    /**
     * Counts the sums of {@code shown}'s tree that stopped at the limit of a long (SEMANTICS.md section 5, "Limits"),
     * those of the fold and the view alike, as {@link Diagnostics#ARITHMETIC_OVERFLOW}, naming the first row and the
     * inputs.
     */
    static void countOverflows(Profile shown, Diagnostics into) {
        List<String> inputs = shown.inputs();
        String named = inputs.size() <= 2 ? String.join(", ", inputs)
                : inputs.get(0) + " and " + (inputs.size() - 1) + " more inputs";
        long count = shown.tree().overflows();
        if (count > 0) {
            into.warn(Diagnostics.ARITHMETIC_OVERFLOW, count,
                    List.of(named + ": " + shown.tree().firstOverflow().orElse("") + " stopped at the limit"));
            return;
        }
        // A total sums rows that each fit: it may stop at the limit while no row does.
        for (Part part : Part.values()) {
            if (totalOverflows(shown, part)) {
                into.warn(Diagnostics.ARITHMETIC_OVERFLOW, named + ": the total of the " + part.label()
                        + " part stopped at the limit");
            }
        }
    }

    /** True when the total of {@code part}'s rows ({@link Profile#total}) went past the limit of a long. */
    private static boolean totalOverflows(Profile shown, Part part) {
        CallTree tree = shown.tree();
        Metric measure = tree.measure();
        long total = 0;
        for (int row = tree.firstChild(CallTree.ROOT); row != CallTree.NONE; row = tree.nextSibling(row)) {
            if (tree.part(row) == part) {
                long v = shown.view().isHierarchical() ? tree.inclusiveOf(row, measure) : tree.exclusiveOf(row, measure);
                long r = total + v;
                if (((total ^ r) & (v ^ r)) < 0) {
                    return true;
                }
                total = r;
            }
        }
        return false;
    }

    /**
     * The rows of {@code shown} to print, chosen and ordered by {@code rows}, with the counts of reading it; when
     * {@link RowOptions#top()} cuts the rows, the report says how many there were ({@link Report#top()}).
     */
    static Report rows(Profile shown, Diagnostics diagnostics, RowOptions rows) {
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
     * The report of a merge: its rows as {@link #rows} chooses them, its per-node breakdown when it kept one, and
     * then the {@link RowOptions#topImbalance()} rows of largest imbalance.
     */
    static Report ofMerged(MergeAccumulator.Merged merged, RowOptions rows) {
        Report report = rows(merged.profile(), merged.diagnostics(), rows);
        if (merged.breakdown().isEmpty()) {
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
     * One section per thread or node, for TAU's layout ({@link Report#withSections}): each one's rows chosen as
     * {@link #rows} chooses them, in {@code view} (a part already in it is taken as it is; a tree profile is
     * derived), without diagnostics of its own (the whole report has them); a node that comes with its time bins
     * or phases ({@link NodeView#split()}) gets their table or its phases' own reports, as {@link #withSplit}
     * gives them; a thread's phases, tree profiles, are derived into {@code view} as the thread is.
     */
    static List<Report.Section> sections(List<NodeView> parts, Report.Section.Kind kind, ViewSpec view,
                                         RowOptions rows) {
        List<Report.Section> sections = new ArrayList<>(parts.size());
        for (NodeView p : parts) {
            Profile profile = p.profile();
            boolean inView = view.holds(profile);
            Profile shown = view.shown(profile);
            Report section = rows(shown, new Diagnostics(), rows);
            if (p.split().isPresent() && inView) {
                section = withSplit(section, p.split().get(), rows);
            } else if (p.split().isPresent() && p.split().get().bins().isEmpty()) {
                List<Report.Phase> phases = new ArrayList<>(p.split().get().phases().size());
                for (Split.Phase phase : p.split().get().phases()) {
                    phases.add(new Report.Phase(phase.name(), phase.windows(), rows(view.derive(
                            phase.merged().profile()), new Diagnostics(), rows)));
                }
                section = section.withPhases(phases);
            }
            sections.add(new Report.Section(kind, p.label(), section, p.process()));
        }
        return sections;
    }

    /**
     * {@code whole} with its {@code split}: for time bins, its rows' values in each bin ({@link Report#timeBins()},
     * rows matched by key); for phases, each phase's own report, its rows chosen by {@code rows} as the whole's
     * are ({@link Report#phases()}). Either is the same view as {@code whole}. When every section of {@code whole}
     * has its own phases, one for each of {@code split}'s, each phase gets the sections of its own: phase {@code p}
     * of each section, in the sections' order.
     */
    static Report withSplit(Report whole, Split split, RowOptions rows) {
        if (split.bins().isPresent()) {
            return whole.withTimeBins(BinTables.of(whole, split));
        }
        int count = split.phases().size();
        List<Report.Section> printed = whole.printedSections();
        boolean sectionPhases = !printed.isEmpty()
                && printed.stream().allMatch(s -> s.report().phases().size() == count);
        List<Report.Phase> phases = new ArrayList<>(count);
        for (int p = 0; p < count; p++) {
            Split.Phase phase = split.phases().get(p);
            Report own = ofMerged(phase.merged(), rows);
            if (sectionPhases) {
                int index = p;
                own = own.withSections(printed.stream().map(s -> s.withReport(
                        s.report().phases().get(index).report())).toList());
            }
            phases.add(new Report.Phase(phase.name(), phase.windows(), own));
        }
        return whole.withPhases(phases);
    }

    /**
     * The report of {@code compared}: its rows of each part in the order asked ({@link DiffRows#ordered}: by size of
     * change, largest first, unless told), without those {@code --max-depth} and {@code --min-percent} leave out
     * ({@link DiffRows#kept}), the first {@link DiffOptions#top()} of each when asked, with {@code diagnostics}
     * (those of reading both profiles).
     */
    static Report ofDiff(ProfileDiff compared, Diagnostics diagnostics, DiffOptions options) {
        RowOptions asked = options.rows();
        ProfileDiff ordered = compared.ordered(asked.sort(), asked.effectiveDirection() == SortDirection.ASCENDING);
        int[] rows = DiffRows.kept(ordered, DiffRows.ordered(ordered), asked.maxDepth(), asked.minPercent());
        return Report.ofDiff(ordered, DiffRows.firstOfEachPart(ordered, rows, options.top()), options.unit(),
                diagnostics);
    }
}
