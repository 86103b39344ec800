package dev.ppw.model;

import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a reporter prints: a profile, the rows to print in display order, and the total that percentages
 * are relative to; optionally the per-node breakdown of an aggregate and the rows of largest imbalance.
 * The rows of the thread part come first, then those of the async part ({@link Part}), each part's
 * percentages being of its own total.
 *
 * @param profile the view to print
 * @param rows node indices of {@code profile.tree()} in display order (chosen elsewhere, e.g. by RowOrder)
 * @param totalInclusiveNanos the profile's time, the sum of the thread part's roots' inclusive time (a flat
 *     or tau view cannot give it, since its rows' inclusive times overlap); the async part, when the profile
 *     has one, has its own total ({@link Profile#total(Metric, Part)})
 * @param unit the unit asked for; empty lets each format choose (text: readable, CSV and JSON: ns)
 * @param breakdown per-node statistics of each row's inclusive time, indexed by {@code profile.tree()}'s
 *     node index; when present, CSV and JSON add its columns and text two compact ones
 * @param imbalanceRows the rows of largest imbalance, worst first, chosen by the caller; only with a
 *     breakdown. CSV and JSON then list exactly these rows in this order instead of {@code rows}; text
 *     prints {@code rows} and then a second table of these
 * @param diagnostics what reading the inputs counted (warnings, and notes such as the events of each
 *     phase kept out of the tree); text lists the counts in its header, JSON in a {@code diagnostics}
 *     member; empty when the caller has none to show
 * @param top when the rows are the first N of more ({@code --top}): how many were asked, of how many, by
 *     what; text says so in its header
 * @param sections parts of the profile each printed on its own before the whole in TAU's layout (a thread
 *     of one profile, or a node of a merge), in order; empty for every other report. Writers other than
 *     text in that layout ignore them, but for those whose {@code writesSections()} says they print them
 *     (speedscope: a profile per section)
 * @param presentation how text lays the report out; other writers ignore it
 * @param diff when present, the report is a comparison of two profiles ({@link Content#DIFF}): {@code profile}
 *     is then {@link #diffProfile the union's profile} over {@link ProfileDiff#rows()}, whose nodes are the
 *     diff's rows, {@code rows} those rows in display order, and {@code totalInclusiveNanos} B's total; the
 *     values are read from the diff, not from the profile's tree (whose metrics are all zero)
 * @param percentiles the percentile columns asked for ({@code --percentiles}), in order; each row shows the
 *     percentile of its {@link CallTree#callTimes call-time sketch}, none where the row has no sketch;
 *     empty: no such column
 * @param timeBins the listed rows' values over time ({@code --time-bins}, {@code --bin-width}): text adds a
 *     sparkline per row, CSV is then the long form of the bins, JSON adds a {@code time_bins} member
 * @param phases the phases the profile was split into ({@code --phase-by}, {@code --window}), in order, each
 *     a report of its own in the same view, order and unit (SEMANTICS.md "Phases"); empty when not split.
 *     Text, CSV and JSON print each after the whole, HTML shows each on request (a selector); folded, pprof,
 *     speedscope, Hatchet and TAU write each as their tools show parts of a profile (SEMANTICS.md "Phases").
 *     A section's report may have the phases of its own part, in the whole's phase order
 * @param regions the flat view of a tree or callpath {@code profile} (one row per part and region, recursion
 *     counted once: SEMANTICS.md "Flat"), for writers that show a table of regions beside the tree (the HTML
 *     page's flat table, which sums the other columns itself but cannot merge percentile sketches); present only
 *     when percentiles are asked of a hierarchical view whose tree keeps call times. Computed by the engine:
 *     writers format, never derive views
 */
public record Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit,
                     Optional<Breakdown> breakdown, Optional<int[]> imbalanceRows, Diagnostics diagnostics,
                     Optional<Top> top, List<Section> sections, Presentation presentation,
                     Optional<ProfileDiff> diff, List<Percentile> percentiles, Optional<TimeBins> timeBins,
                     List<Phase> phases, Optional<CallTree> regions) {
    public Report {
        Objects.requireNonNull(regions, "regions");
        Objects.requireNonNull(timeBins, "timeBins");
        phases = List.copyOf(phases);
        percentiles = List.copyOf(percentiles);
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(breakdown, "breakdown");
        Objects.requireNonNull(imbalanceRows, "imbalanceRows");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(top, "top");
        Objects.requireNonNull(presentation, "presentation");
        Objects.requireNonNull(diff, "diff");
        sections = List.copyOf(sections);
        if (diff.isPresent() && diff.get().rows() != profile.tree()) {
            throw new IllegalArgumentException("a diff's report shows the diff's rows");
        }
        if (imbalanceRows.isPresent() && breakdown.isEmpty()) {
            throw new IllegalArgumentException("imbalance rows need a breakdown");
        }
    }

    /**
     * The first rows of longer lists: {@code asked} rows were asked of each part's rows sorted by
     * {@code sortKey} (a sort key's command-line label, such as {@code inclusive}), of which there were
     * {@code available}. In a tree view the report also holds the callers of the rows chosen, so a part may
     * have more rows than {@code asked}.
     *
     * @param available how many rows each part had before the cut (a part without rows may be absent)
     * @param ascending true when the smallest (for names: the first in order) came first
     */
    public record Top(int asked, Map<Part, Integer> available, String sortKey, boolean ascending) {
        public Top {
            Objects.requireNonNull(sortKey, "sortKey");
            available = Map.copyOf(available);
            if (asked < 1) {
                throw new IllegalArgumentException("top " + asked + " rows");
            }
        }

        /** How many rows {@code part} had before the cut. */
        public int available(Part part) {
            return available.getOrDefault(part, 0);
        }
    }

    /**
     * One part of a profile on its own: a thread or a node, printed on its own in TAU's layout, or a process (all its
     * threads and async tracks at once), which only the HTML page's selector shows ({@link #printedSections()}).
     *
     * @param kind    what the part is
     * @param label   how it is named: a thread's name, a process's name (else {@code pid P}), a node's label
     * @param report  the part's own rows, in the same view, order and unit as the whole
     * @param process the pid of the process a thread or process section is of, as the input names it; empty for a
     *                node and where the input names no process
     */
    public record Section(Kind kind, String label, Report report, String process) {
        /** What a section is a part of the whole by. */
        public enum Kind { THREAD, PROCESS, NODE }

        public Section {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(report, "report");
            Objects.requireNonNull(process, "process");
        }

        /** A section of no process in particular. */
        public Section(Kind kind, String label, Report report) {
            this(kind, label, report, "");
        }

        /** This section with another report of its part (a phase's, or with percentiles). */
        public Section withReport(Report own) {
            return new Section(kind, label, own, process);
        }
    }

    /**
     * The sections printed one after another (TAU's layout, a folder of TAU profiles, speedscope's profiles): the
     * threads' or the nodes', not the processes', which would count each thread twice.
     */
    public List<Section> printedSections() {
        return sections.stream().filter(s -> s.kind() != Section.Kind.PROCESS).toList();
    }

    /** The sections of {@code kind}, in order. */
    public List<Section> sections(Section.Kind kind) {
        return sections.stream().filter(s -> s.kind() == kind).toList();
    }

    /** A report without time bins. */
    public Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit,
                  Optional<Breakdown> breakdown, Optional<int[]> imbalanceRows, Diagnostics diagnostics,
                  Optional<Top> top, List<Section> sections, Presentation presentation, Optional<ProfileDiff> diff,
                  List<Percentile> percentiles) {
        this(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top, sections,
                presentation, diff, percentiles, Optional.empty(), List.of(), Optional.empty());
    }

    /**
     * One phase of a split profile: its name, where it was in each node's time, and its own report.
     *
     * @param name    the marker name, the window as given ({@code 1.5s:2s}), or {@code (outside)}
     * @param windows the phase's windows in each node, in the time the split was asked in (relative to each
     *                node's first event, or the trace clock's with {@code --absolute-time}); may be empty when
     *                the phase has none
     * @param report  the phase's rows in the same view, order and unit as the whole
     */
    public record Phase(String name, List<Window> windows, Report report) {
        public Phase {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(report, "report");
            windows = List.copyOf(windows);
        }
    }

    /**
     * One window of a phase: {@code [startNanos, endNanos)} in node {@code node} (a node's label; empty for the
     * only node of a profile), integer nanoseconds.
     */
    public record Window(String node, long startNanos, long endNanos) {
        public Window {
            Objects.requireNonNull(node, "node");
            if (endNanos <= startNanos) {
                throw new IllegalArgumentException("a window ends after it starts: " + startNanos + ".." + endNanos);
            }
        }
    }

    /** This report followed by these phases, each a report of its own ({@link #phases}). */
    public Report withPhases(List<Phase> split) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top,
                sections, presentation, diff, percentiles, timeBins, split, regions);
    }

    /** This report with its listed rows' values over time. */
    public Report withTimeBins(TimeBins overTime) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top,
                sections, presentation, diff, percentiles, Optional.of(overTime), phases, regions);
    }

    /** A report of one profile or a merge, without a diff. */
    public Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit,
                  Optional<Breakdown> breakdown, Optional<int[]> imbalanceRows, Diagnostics diagnostics,
                  Optional<Top> top, List<Section> sections, Presentation presentation) {
        this(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top, sections,
                presentation, Optional.empty(), List.of());
    }

    /** A report without percentile columns. */
    public Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit,
                  Optional<Breakdown> breakdown, Optional<int[]> imbalanceRows, Diagnostics diagnostics,
                  Optional<Top> top, List<Section> sections, Presentation presentation, Optional<ProfileDiff> diff) {
        this(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top, sections,
                presentation, diff, List.of());
    }

    /** This report with the columns of these percentiles ({@link #percentiles}); its sections get them too. */
    public Report withPercentiles(List<Percentile> asked) {
        List<Section> parts = sections.stream()
                .map(s -> s.withReport(s.report().withPercentiles(asked))).toList();
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top, parts,
                presentation, diff, asked, timeBins, phases, regions);
    }

    /** This report with the flat view of its tree ({@link #regions}). */
    public Report withRegions(CallTree flat) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top,
                sections, presentation, diff, percentiles, timeBins, phases, Optional.of(flat));
    }

    /**
     * The report of {@code compared}: its rows in the order {@code displayRows} gives (nodes of
     * {@link ProfileDiff#rows()}), in {@code unit}, with the diagnostics of reading both profiles.
     */
    public static Report ofDiff(ProfileDiff compared, int[] displayRows, Optional<DisplayUnit> unit,
                                Diagnostics diagnostics) {
        return new Report(diffProfile(compared), displayRows, compared.totalB(compared.sortQuantity(), compared.rows().mainPart()), unit,
                Optional.empty(), Optional.empty(), diagnostics, Optional.empty(), List.of(), Presentation.defaults(),
                Optional.of(compared));
    }

    /**
     * The profile a diff's report holds: the diff's rows in A's view, with B's operator and missing rule, the
     * inputs of A then those of B, and as many nodes as both have.
     */
    public static Profile diffProfile(ProfileDiff compared) {
        Profile a = compared.a();
        Profile b = compared.b();
        List<String> inputs = new ArrayList<>(a.inputs());
        inputs.addAll(b.inputs());
        return new Profile(compared.rows(), a.view(), a.tauDepth(), b.aggregation(), b.missing(),
                a.nodes() + b.nodes(), inputs, Map.of(), Map.of());
    }

    /** What this report holds, for {@link OutputWriter#accepts()}: a diff, a merge with its breakdown, or a profile. */
    public Content content() {
        if (diff.isPresent()) {
            return Content.DIFF;
        }
        return breakdown.isPresent() ? Content.MERGED : Content.PROFILE;
    }

    /** A report without breakdown. */
    public Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit) {
        this(profile, rows, totalInclusiveNanos, unit, Optional.empty(), Optional.empty(), new Diagnostics(),
                Optional.empty(), List.of(), Presentation.defaults());
    }

    /** This report with the per-node breakdown of its profile's rows. */
    public Report withBreakdown(Breakdown perNode) {
        return new Report(profile, rows, totalInclusiveNanos, unit, Optional.of(perNode), imbalanceRows, diagnostics,
                top, sections, presentation, diff, percentiles, timeBins, phases, regions);
    }

    /** This report listing {@code worstFirst} as the rows of largest imbalance; needs a breakdown first. */
    public Report withImbalanceRows(int[] worstFirst) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, Optional.of(worstFirst), diagnostics,
                top, sections, presentation, diff, percentiles, timeBins, phases, regions);
    }

    /** This report with the counts of what reading its inputs met. */
    public Report withDiagnostics(Diagnostics counted) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, counted, top, sections,
                presentation, diff, percentiles, timeBins, phases, regions);
    }

    /** This report saying that its rows are the first of more. */
    public Report withTop(Top cut) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics,
                Optional.of(cut), sections, presentation, diff, percentiles, timeBins, phases, regions);
    }

    /** This report with these parts, printed on their own in TAU's layout. */
    public Report withSections(List<Section> parts) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top, parts,
                presentation, diff, percentiles, timeBins, phases, regions);
    }

    /** This report laid out as {@code layout} says (its sections keep theirs: the whole's is used). */
    public Report withPresentation(Presentation layout) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top,
                sections, layout, diff, percentiles, timeBins, phases, regions);
    }

    /**
     * The async part's total time in nanoseconds, what its rows' percentages are of: the sum of its roots'
     * inclusive time (of its rows' exclusive time in flat and tau), a sum of span durations that overlap; 0
     * without async part.
     */
    public long asyncTotalNanos() {
        return profile.tree().hasAsyncPart() ? profile.total(SampleWeights.TIME, Part.ASYNC) : 0;
    }

    /** The rows of {@code part}, in display order: a part's rows are contiguous in {@link #rows}. */
    public int[] rows(Part part) {
        return partOf(rows, part);
    }

    private int[] partOf(int[] all, Part part) {
        CallTree tree = profile.tree();
        List<Part> parts = tree.parts();
        if (parts.size() == 1) {
            return parts.get(0) == part ? all : new int[0];
        }
        return java.util.Arrays.stream(all).filter(node -> tree.part(node) == part).toArray();
    }

    /** Every real node of the profile's tree in index order: for tests and simple callers. */
    public static int[] allRows(Profile profile) {
        int[] rows = new int[profile.tree().size() - 1];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i + 1;
        }
        return rows;
    }

    /** The unit asked for, or nanoseconds: the default of machine-readable formats. */
    public DisplayUnit unitOrNanos() {
        return unit.orElse(DisplayUnit.NS);
    }

    /** The rows CSV and JSON list: the imbalance rows when given, else {@link #rows}. */
    public int[] listedRows() {
        return imbalanceRows.orElse(rows);
    }
}
