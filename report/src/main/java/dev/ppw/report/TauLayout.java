package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Part;
import dev.ppw.model.PerCall;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * TAU pprof's layout of a report, after the header: each section on its own ({@code THREAD 0 (main):} or
 * {@code NODE 0 (rank0.pfw):}), then the whole as {@code FUNCTION SUMMARY (total):} and, over the sections,
 * {@code FUNCTION SUMMARY (mean):}. Tables have pprof's columns in pprof's order: % time, exclusive,
 * inclusive, calls, subcalls, inclusive per call, name; the totals in the report's unit, the per-call column
 * in one unit of its own for all tables ({@link CallTime}), ruled above and below the headings.
 *
 * <p>The mean is the total divided by the number of sections, as pprof's: times rounded to the nearest
 * nanosecond (halves away from zero, as {@code --agg avg} rounds), calls and subcalls with up to three
 * decimals, the percentage and the time per call the total's (the mean call is the total's). A merge
 * whose operator is not sum has no total to take a mean of: its summary is named after the operator and
 * no mean follows. A profile with an async part (SEMANTICS.md section 2, "Parts") has a second table under
 * each title, its async spans, their %time of its own total.
 */
final class TauLayout {
    private static final int COUNT_DECIMALS = 3;

    private TauLayout() {
    }

    static void write(Writer w, Report report, DisplayUnit unit) throws IOException {
        List<Report.Section> sections = report.printedSections();
        List<Profile> profiles = new ArrayList<>();
        List<int[]> rows = new ArrayList<>();
        for (Report.Section s : sections) {
            profiles.add(s.report().profile());
            rows.add(s.report().rows());
        }
        profiles.add(report.profile());
        rows.add(report.rows());
        DisplayUnit perCall = CallTime.unitOf(profiles, rows, report.unit(), unit, TauLayout::inclusivePerCall);
        for (int i = 0; i < sections.size(); i++) {
            Report.Section s = sections.get(i);
            String part = s.kind() == Report.Section.Kind.THREAD ? "THREAD " : "NODE ";
            w.append(part).append(Integer.toString(i)).append(" (").append(TextWriter.printable(s.label()))
                    .append("):\n");
            table(w, s.report(), unit, perCall, 1);
            w.append('\n');
        }
        MergeOp op = report.profile().aggregation();
        w.append("FUNCTION SUMMARY (").append(op == MergeOp.SUM ? "total" : op.label()).append("):\n");
        table(w, report, unit, perCall, 1);
        if (op == MergeOp.SUM && !sections.isEmpty()) {
            w.append("\nFUNCTION SUMMARY (mean):\n");
            table(w, report, unit, perCall, sections.size());
        }
    }

    /** The tables of {@code report}'s parts, every time and count divided by {@code parts}. */
    private static void table(Writer w, Report report, DisplayUnit unit, DisplayUnit perCall, int parts)
            throws IOException {
        CallTree tree = report.profile().tree();
        int[] mainRows = report.rows(tree.mainPart());
        // A section of async spans only (a process's async tracks) has no thread table to say it is empty.
        if (mainRows.length > 0 || tree.parts().size() == 1) {
            table(w, report, mainRows, report.totalInclusiveNanos(), unit, perCall, parts);
        }
        for (Part part : tree.parts()) {
            if (part != tree.mainPart()) {
                w.append(part == Part.ASYNC ? "async spans (sum of span durations, which overlap):\n"
                        : "sampled stacks (the same time as the spans):\n");
                table(w, report, report.rows(part), report.profile().total(SampleWeights.TIME, part), unit, perCall,
                        parts);
            }
        }
    }

    private static void table(Writer w, Report report, int[] rows, long totalNanos, DisplayUnit unit,
                              DisplayUnit perCall, int parts) throws IOException {
        if (rows.length == 0) {
            w.append("(no rows)\n");
            return;
        }
        Profile profile = report.profile();
        CallTree t = profile.tree();
        String u = unit.label();
        TextTable table = new TextTable()
                .column("%time", TextTable.Align.RIGHT)
                .column("exclusive " + u, TextTable.Align.RIGHT)
                .column("inclusive " + u, TextTable.Align.RIGHT)
                .column("calls", TextTable.Align.RIGHT)
                .column("subcalls", TextTable.Align.RIGHT)
                .column(CallTime.INCLUSIVE.heading(perCall), TextTable.Align.RIGHT)
                .column("name", TextTable.Align.LEFT);
        String[] drawn = TextWriter.treePrefixes(report, rows);
        for (int i = 0; i < rows.length; i++) {
            int node = rows[i];
            table.addRow(
                    TextWriter.percent(t.inclusiveNanos(node), totalNanos),
                    TextWriter.time(PerCall.nearestQuotient(t.exclusiveNanos(node), parts), unit),
                    TextWriter.time(PerCall.nearestQuotient(t.inclusiveNanos(node), parts), unit),
                    count(t.calls(node), parts),
                    count(t.subcalls(node), parts),
                    CallTime.cell(inclusivePerCall(profile, node), perCall),
                    drawn[i] + TextWriter.printable(t.regionName(node)));
        }
        table.render(w, true);
    }

    /**
     * TAU's "Inclusive usec/call": a row's inclusive time over its calls ({@link PerCall}), for every row of a sum
     * with calls outside the samples part, as TAU's pprof prints it. A TAU profile's timers have calls and times
     * but no min per call, which the table layout's mean per call asks for; {@link CallTree#UNSET} elsewhere.
     */
    static long inclusivePerCall(Profile profile, int node) {
        CallTree t = profile.tree();
        boolean counted = profile.aggregation() == MergeOp.SUM && t.calls(node) > 0 && !t.part(node).sampled();
        return PerCall.defined(profile, node) || counted ? PerCall.inclusiveNanos(profile, node) : CallTree.UNSET;
    }

    /** {@code n / parts} with up to three decimals, halves away from zero, no trailing zeros. */
    private static String count(long n, int parts) {
        if (parts == 1) {
            return Long.toString(n);
        }
        return BigDecimal.valueOf(n).divide(BigDecimal.valueOf(parts), COUNT_DECIMALS, RoundingMode.HALF_UP)
                .stripTrailingZeros().toPlainString();
    }
}
