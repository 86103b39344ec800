package dev.ppw.model;


import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a reporter prints: a profile, the rows to print in display order, and the total that percentages
 * are relative to; optionally the per-node breakdown of an aggregate and the rows of largest imbalance.
 *
 * @param profile the view to print
 * @param rows node indices of {@code profile.tree()} in display order (chosen elsewhere, e.g. by RowOrder)
 * @param totalInclusiveNanos the whole profile's time, the tree's sum of roots' inclusive time: a flat or
 *     tau view cannot give it, since its rows' inclusive times overlap
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
 *     text in that layout ignore them
 * @param presentation how text lays the report out; other writers ignore it
 */
public record Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit,
                     Optional<Breakdown> breakdown, Optional<int[]> imbalanceRows, Diagnostics diagnostics,
                     Optional<Top> top, List<Section> sections, Presentation presentation) {
    public Report {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(breakdown, "breakdown");
        Objects.requireNonNull(imbalanceRows, "imbalanceRows");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(top, "top");
        Objects.requireNonNull(presentation, "presentation");
        sections = List.copyOf(sections);
        if (imbalanceRows.isPresent() && breakdown.isEmpty()) {
            throw new IllegalArgumentException("imbalance rows need a breakdown");
        }
    }

    /**
     * The first rows of a longer list: {@code asked} rows were asked of the {@code available} ones sorted by
     * {@code sortKey} (a sort key's command-line label, such as {@code inclusive}). In a tree view the
     * report also holds the callers of the rows chosen, so it may have more rows than {@code asked}.
     *
     * @param ascending true when the smallest (for names: the first in order) came first
     */
    public record Top(int asked, int available, String sortKey, boolean ascending) {
        public Top {
            Objects.requireNonNull(sortKey, "sortKey");
            if (asked < 1 || available < asked) {
                throw new IllegalArgumentException("top " + asked + " of " + available + " rows");
            }
        }
    }

    /**
     * One part of a profile printed on its own in TAU's layout.
     *
     * @param part   what the part is
     * @param label  how it is named: a thread's name, a node's label
     * @param report the part's own rows, in the same view, order and unit as the whole
     */
    public record Section(Part part, String label, Report report) {
        /** What a section is a part of the whole by. */
        public enum Part { THREAD, NODE }

        public Section {
            Objects.requireNonNull(part, "part");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(report, "report");
        }
    }

    /** A report without breakdown. */
    public Report(Profile profile, int[] rows, long totalInclusiveNanos, Optional<DisplayUnit> unit) {
        this(profile, rows, totalInclusiveNanos, unit, Optional.empty(), Optional.empty(), new Diagnostics(),
                Optional.empty(), List.of(), Presentation.defaults());
    }

    /** This report with the per-node breakdown of its profile's rows. */
    public Report withBreakdown(Breakdown perNode) {
        return new Report(profile, rows, totalInclusiveNanos, unit, Optional.of(perNode), imbalanceRows, diagnostics,
                top, sections, presentation);
    }

    /** This report listing {@code worstFirst} as the rows of largest imbalance; needs a breakdown first. */
    public Report withImbalanceRows(int[] worstFirst) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, Optional.of(worstFirst), diagnostics,
                top, sections, presentation);
    }

    /** This report with the counts of what reading its inputs met. */
    public Report withDiagnostics(Diagnostics counted) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, counted, top, sections,
                presentation);
    }

    /** This report saying that its rows are the first of more. */
    public Report withTop(Top cut) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics,
                Optional.of(cut), sections, presentation);
    }

    /** This report with these parts, printed on their own in TAU's layout. */
    public Report withSections(List<Section> parts) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top, parts,
                presentation);
    }

    /** This report laid out as {@code layout} says (its sections keep theirs: the whole's is used). */
    public Report withPresentation(Presentation layout) {
        return new Report(profile, rows, totalInclusiveNanos, unit, breakdown, imbalanceRows, diagnostics, top,
                sections, layout);
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
