package dev.ppw.report;

import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.DiagnosticWords;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Percentile;
import dev.ppw.model.Presentation;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.TimeBins;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * A table for people, in the spirit of TAU's pprof: a short header, then one line per row with % of total,
 * inclusive, exclusive, calls, subcalls, the mean inclusive and exclusive time per call, min and max per
 * call, and the name, drawn as a tree in the tree and callpath views ({@link TreeDrawing}). Totals have three
 * decimals in the chosen unit (rounded), or the readable unit of the total when none was asked for; each
 * per-call column picks a unit of its own ({@link CallTime}); a missing value is {@code -}.
 *
 * <p>With a breakdown, the statistics of the nodes' inclusive times come before the name: their min, max, mean and
 * sample standard deviation in the table's unit (min and max exact, mean and deviation rounded to the nanosecond:
 * SEMANTICS.md section 4, "Breakdown"), the imbalance (max / mean, two decimals, {@code -} when the mean is 0) and
 * the node holding the max. With imbalance rows, a second table "largest imbalance" follows: rank, imbalance,
 * min, max, mean, standard deviation, node of max and the row's path.
 *
 * <p>The tree's declared metrics shown everywhere ({@link MetricColumn}) come after those, before the name;
 * with an aggregate, the header says how each metric group combined across nodes. The report's
 * {@link Presentation} may ask for TAU's layout instead ({@link TauLayout}), ASCII tree lines, and a header
 * listing every input, node, process and thread (else long lists are counted).
 *
 * <p>With colour ({@link Presentation#colour()}, for a terminal), each row's %total, inclusive time and name
 * take the {@link Heat} colour of its share of the total, and a legend line follows the table (TAU's layout
 * stays plain).
 *
 * <p>The header's total and rows are the thread part's. An async part (SEMANTICS.md section 2, "Parts")
 * follows as a section of its own: a line {@code async spans   total: ... (sum of span durations, which
 * overlap)   rows: N}, then its table, whose %total is of that total; in the imbalance table its rows'
 * paths start with {@code async: }.
 *
 * <p>With time bins ({@link Report#timeBins()}) the header says their count and width, and an "over time"
 * column before the name holds each row's inclusive time per bin as a {@link Sparkline}. With phases
 * ({@link Report#phases()}) each phase follows the whole as a profile of its own, after a line naming it and
 * its windows.
 *
 * <p>A diff's report ({@link Report#diff()}) is written by {@link DiffOutput}, its own layout.
 */
public final class TextWriter implements OutputWriter {
    // Fields are written a few chars at a time: encoded in one go per buffer, not per write.
    private static final int BUFFER_CHARS = 1 << 16;

    private static final int DECIMALS = 3;
    private static final int MAX_NAME_CHARS = 60;
    // A header line of names longer than this is folded into a count (-v shows it whole).
    private static final int MAX_LIST_CHARS = 120;
    private static final int IMBALANCE_DECIMALS = 2;
    // inputs and node labels shown in the header before "and N more"
    private static final int FIRST_FEW = 4;
    // counter series listed after the main table before "and K more"
    private static final int FIRST_COUNTERS = 10;

    @Override
    public String name() {
        return "text";
    }

    @Override
    public String description() {
        return "an aligned table for people, with a short header";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of();
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED, Content.DIFF);
    }

    /** Every one: text is where the presentation options apply, and it shows all the report may hold. */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.allOf(ReportFeature.class);
    }

    /** What ppw-java writes when nothing chose a format (standard output, or a file name of no known ending). */
    @Override
    public Set<Default> defaultFor() {
        return Set.of(Default.UNSPECIFIED);
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        if (report.diff().isPresent()) {
            DiffOutput.text(report, out);
            return;
        }
        DisplayUnit unit = report.unit().orElseGet(() -> defaultUnit(report));
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        writeProfile(w, report, unit);
        for (int i = 0; i < report.phases().size(); i++) {
            Report.Phase phase = report.phases().get(i);
            w.append("\n").append(phaseHeading(phase, i, report.phases().size(), unit)).append('\n');
            writeProfile(w, phase.report().withPresentation(report.presentation()), unit);
        }
        w.flush();
    }

    /** {@code phase 2 of 3: solve   windows: 1.500 - 2.000 ms, ...}: the line before a phase's own profile. */
    private static String phaseHeading(Report.Phase phase, int index, int count, DisplayUnit unit) {
        StringBuilder line = new StringBuilder("phase ").append(index + 1).append(" of ").append(count).append(": ")
                .append(printable(phase.name()));
        List<Report.Window> windows = phase.windows();
        if (!windows.isEmpty()) {
            line.append("   ").append(windows.size() == 1 ? "window: " : "windows: ");
            int shown = windows.size() <= FIRST_FEW + 1 ? windows.size() : FIRST_FEW;
            StringJoiner j = new StringJoiner(", ");
            for (int i = 0; i < shown; i++) {
                Report.Window window = windows.get(i);
                j.add((window.node().isEmpty() ? "" : printable(window.node()) + " ")
                        + fixedTime(window.startNanos(), unit) + " - " + fixedTime(window.endNanos(), unit) + " "
                        + unit.label());
            }
            line.append(j);
            if (shown < windows.size()) {
                line.append(" and ").append(windows.size() - shown).append(" more");
            }
        } else if (phase.report().profile().tree().size() <= 1) {
            line.append("   (no window: no time in this phase)");
        }
        return line.toString();
    }

    /** One profile: its header, its table(s), imbalance and counters. */
    private static void writeProfile(Writer w, Report report, DisplayUnit unit) throws IOException {
        Profile profile = report.profile();
        CallTree t = profile.tree();
        writeHeader(w, report, unit);
        w.append('\n');
        if (profile.view() == ViewKind.COUNTERS) {
            writeCounters(w, profile.counters(), profile.counters().size());
            return;
        }
        if (report.presentation().style() == Presentation.Style.TAU) {
            TauLayout.write(w, report, unit);
        } else {
            if (report.rows().length == 0 && t.parts().size() == 1) {
                w.append("(no rows)\n");
                return;
            }
            // A profile of samples weighed in another unit than time (bytes, events, counts) has no time to
            // show: its percentages are of its weight, printed in the weight's own columns.
            Metric measure = t.measure();
            long total = SampleWeights.isTime(measure) ? report.totalInclusiveNanos() : profile.total(measure);
            int[] mainRows = report.rows(t.mainPart());
            if (mainRows.length == 0) {
                w.append("(no rows)\n");
            } else {
                table(report, mainRows, total, unit).render(w);
                if (report.presentation().colour()) {
                    w.append(Heat.legend());
                }
            }
            for (Part part : t.parts()) {
                if (part != t.mainPart()) {
                    writePart(w, report, part, unit);
                }
            }
        }
        Breakdown breakdown = report.breakdown().orElse(null);
        if (report.imbalanceRows().isPresent()) {
            writeImbalance(w, report, breakdown, unit);
        }
        if (!profile.counters().isEmpty()) {
            w.append('\n');
            writeCounters(w, profile.counters(), FIRST_COUNTERS);
        }
    }

    /**
     * A part after the main one (SEMANTICS.md section 2, "Parts"): a line with its own total (async spans: a
     * sum of span durations; sampled stacks: the samples' weight, the same wall time as their threads'
     * spans), then its rows as a table of their own, their %total of that total.
     */
    private static void writePart(Writer w, Report report, Part part, DisplayUnit unit) throws IOException {
        Profile profile = report.profile();
        Metric measure = profile.tree().measure();
        long total = profile.total(measure, part);
        String printed = SampleWeights.isTime(measure)
                ? TimeUnits.fixed(total, unit, decimals(unit)) + " " + unit.label()
                : weight(total, measure);
        w.append(part == Part.ASYNC ? "\nasync spans   total: " : "\nsampled stacks   total: ")
                .append(printed)
                .append(part == Part.ASYNC ? " (sum of span durations, which overlap)" : " (the same time as the spans)")
                .append("   rows: ").append(rowCount(report, part)).append('\n');
        int[] rows = report.rows(part);
        if (rows.length == 0) {
            w.append("(no rows)\n");
            return;
        }
        table(report, rows, total, unit).render(w);
    }

    /** The table of {@code rows}, their percentages of {@code total} (of the tree's measure). */
    private static TextTable table(Report report, int[] rows, long total, DisplayUnit unit) {
        Profile profile = report.profile();
        CallTree t = profile.tree();
        String u = unit.label();
        Breakdown breakdown = report.breakdown().orElse(null);
        Metric measure = t.measure();
        boolean timed = SampleWeights.isTime(measure);
        TextTable table = new TextTable().column("%total", TextTable.Align.RIGHT);
        if (timed) {
            table.column("inclusive " + u, TextTable.Align.RIGHT).column("exclusive " + u, TextTable.Align.RIGHT);
        }
        // A table holds one part's rows: a sampled part's count samples and have no call to time.
        boolean sampled = rows.length > 0 && t.part(rows[0]).sampled();
        if (sampled) {
            table.column("samples", TextTable.Align.RIGHT);
        } else {
            table.column("calls", TextTable.Align.RIGHT).column("subcalls", TextTable.Align.RIGHT);
        }
        List<CallTime> perCall = timed && !sampled ? List.of(CallTime.values()) : List.of();
        // Every time of one call, percentiles too, in one unit, so that columns compare at a glance.
        DisplayUnit perCallUnit = CallTime.sharedUnit(perCall, List.of(profile), List.of(rows), report.unit(), unit);
        for (CallTime c : perCall) {
            table.column(c.heading(perCallUnit), TextTable.Align.RIGHT);
        }
        List<Percentile> percentiles = timed && !sampled ? report.percentiles() : List.of();
        DisplayUnit percentileUnit = perCallUnit;
        for (Percentile p : percentiles) {
            table.column(p.columnName() + " " + percentileUnit.label() + "/call", TextTable.Align.RIGHT);
        }
        if (breakdown != null) {
            table.column("node min " + u, TextTable.Align.RIGHT).column("node max " + u, TextTable.Align.RIGHT)
                    .column("node mean " + u, TextTable.Align.RIGHT).column("node stddev " + u, TextTable.Align.RIGHT)
                    .column("imbalance", TextTable.Align.RIGHT).column("max node", TextTable.Align.LEFT);
        }
        List<MetricColumn> metrics = MetricColumn.of(t, Metric.Shown.EVERYWHERE);
        for (MetricColumn m : metrics) {
            table.column(m.textHeading(), TextTable.Align.RIGHT);
        }
        TimeBins bins = report.timeBins().orElse(null);
        if (bins != null) {
            table.column("over time", TextTable.Align.LEFT);
        }
        table.column("name", TextTable.Align.LEFT);
        String[] drawn = treePrefixes(report, rows);
        boolean colour = report.presentation().colour();
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < rows.length; i++) {
            int node = rows[i];
            cells.clear();
            String heat = colour ? Heat.of(t.inclusiveOf(node, measure), total) : "";
            cells.add(Heat.paint(heat, percent(t.inclusiveOf(node, measure), total)));
            if (timed) {
                cells.add(Heat.paint(heat, time(t.inclusiveNanos(node), unit)));
                cells.add(time(t.exclusiveNanos(node), unit));
            }
            cells.add(Long.toString(t.calls(node)));
            if (!sampled) {
                cells.add(Long.toString(t.subcalls(node)));
            }
            for (CallTime c : perCall) {
                cells.add(c.cell(profile, node, perCallUnit));
            }
            for (Percentile p : percentiles) {
                cells.add(CallTime.cell(PercentileColumn.nanos(t, node, p), percentileUnit));
            }
            if (breakdown != null) {
                cells.add(fixedTime(breakdown.minNanos(node), unit));
                cells.add(fixedTime(breakdown.maxNanos(node), unit));
                cells.add(roundedTime(breakdown.meanNanos(node), unit));
                cells.add(roundedTime(breakdown.stddevNanos(node), unit));
                cells.add(imbalance(breakdown, node));
                cells.add(printable(breakdown.maxNode(node)));
            }
            for (MetricColumn m : metrics) {
                cells.add(m.textCell(t, node));
            }
            if (bins != null) {
                cells.add(Sparkline.of(bins.inclusiveNanos(node)));
            }
            cells.add(drawn[i] + Heat.paint(heat, printable(t.regionName(node))));
            table.addRow(cells.toArray(String[]::new));
        }
        return table;
    }

    /**
     * What comes before each of {@code rows}' names (one part's rows, a tree in preorder): the tree's lines in
     * tree and callpath views, nothing otherwise.
     */
    static String[] treePrefixes(Report report, int[] rows) {
        Profile profile = report.profile();
        if (!profile.view().isHierarchical()) {
            String[] none = new String[rows.length];
            Arrays.fill(none, "");
            return none;
        }
        return TreeDrawing.of(report.presentation().asciiOnly()).prefixes(profile.tree(), rows);
    }

    private static void writeImbalance(Writer w, Report report, Breakdown breakdown, DisplayUnit unit)
            throws IOException {
        CallTree t = report.profile().tree();
        int[] worst = report.imbalanceRows().orElseThrow();
        w.append("\nlargest imbalance (max / mean of the nodes' inclusive time)\n");
        if (worst.length == 0) {
            w.append("(no rows)\n");
            return;
        }
        String u = unit.label();
        TextTable table = new TextTable()
                .column("rank", TextTable.Align.RIGHT)
                .column("imbalance", TextTable.Align.RIGHT)
                .column("min " + u, TextTable.Align.RIGHT)
                .column("max " + u, TextTable.Align.RIGHT)
                .column("mean " + u, TextTable.Align.RIGHT)
                .column("stddev " + u, TextTable.Align.RIGHT)
                .column("node of max", TextTable.Align.LEFT)
                .column("path", TextTable.Align.LEFT);
        boolean hierarchical = report.profile().view().isHierarchical();
        for (int i = 0; i < worst.length; i++) {
            int node = worst[i];
            table.addRow(
                    Integer.toString(i + 1),
                    imbalance(breakdown, node),
                    fixedTime(breakdown.minNanos(node), unit),
                    fixedTime(breakdown.maxNanos(node), unit),
                    roundedTime(breakdown.meanNanos(node), unit),
                    roundedTime(breakdown.stddevNanos(node), unit),
                    printable(breakdown.maxNode(node)),
                    (t.part(node) != t.mainPart() ? t.part(node).label() + ": " : "")
                            + printable(hierarchical ? t.path(node, RowField.PATH_SEPARATOR) : t.regionName(node)));
        }
        table.render(w);
    }

    /** The unit when none is asked: the inputs' displayTimeUnit if they gave one, else a readable one. */
    private static DisplayUnit defaultUnit(Report report) {
        String hint = report.profile().displayTimeUnit();
        DisplayUnit unit = hint == null ? null : DisplayUnit.fromLabel(hint);
        long total = report.totalInclusiveNanos();
        return unit != null ? unit : TimeUnits.readable(total != 0 ? total : report.asyncTotalNanos());
    }

    /** The generic counter series, the first {@code shown} of them (by pid, counter, id, series). */
    private static void writeCounters(Writer w, List<CounterSeries> all, int shown) throws IOException {
        w.append("counters: ").append(Integer.toString(all.size())).append(" series")
                .append(" (samples, min, max, mean, last value)\n");
        if (all.isEmpty()) {
            w.append("(no rows)\n");
            return;
        }
        TextTable table = new TextTable();
        for (int i = 0; i < CounterFields.COLUMNS.size(); i++) {
            table.column(CounterFields.COLUMNS.get(i),
                    i < CounterFields.TEXT_COLUMNS ? TextTable.Align.LEFT : TextTable.Align.RIGHT);
        }
        int n = all.size() <= shown + 1 ? all.size() : shown;
        for (int i = 0; i < n; i++) {
            CounterSeries series = all.get(i);
            String[] values = CounterFields.values(series);
            for (int c = 0; c < CounterFields.TEXT_COLUMNS; c++) {
                values[c] = printable(values[c]);
            }
            // For people: separators, at most two decimals (CSV and JSON print them exactly).
            int at = CounterFields.TEXT_COLUMNS;
            values[at] = Readable.count(series.samples());
            values[at + 1] = Readable.number(series.min());
            values[at + 2] = Readable.number(series.max());
            values[at + 3] = Readable.number(series.mean());
            values[at + 4] = Readable.number(series.last());
            table.addRow(values);
        }
        table.render(w);
        if (n < all.size()) {
            w.append("and ").append(Integer.toString(all.size() - n)).append(" more (--view counters lists all)\n");
        }
    }

    /** A total of a weight in another unit than time, for people: {@code 1.50 MiB allocation}, {@code 1,234 cycles}. */
    private static String weight(long total, Metric measure) {
        return (measure.unit() == MetricUnit.BYTES ? Readable.bytes(total) : Readable.count(total)) + " "
                + measure.textLabel();
    }

    private static String imbalance(Breakdown breakdown, int node) {
        String ratio = RowField.ratio(breakdown.imbalance(node), IMBALANCE_DECIMALS);
        return ratio == null ? "-" : ratio;
    }

    private static void writeHeader(Writer w, Report report, DisplayUnit unit) throws IOException {
        Profile p = report.profile();
        String view = p.view() == ViewKind.TAU ? "tau (depth " + p.tauDepth() + ")" : p.view().label();
        w.append("view: ").append(view);
        if (p.view() == ViewKind.COUNTERS) {
            // Its rows are the counter series, not the tree's: the tree's total and rows are not shown.
            w.append("   series: ").append(Integer.toString(p.counters().size())).append('\n');
        } else {
            Metric measure = p.tree().measure();
            w.append("   total: ").append(SampleWeights.isTime(measure)
                    ? TimeUnits.fixed(report.totalInclusiveNanos(), unit, decimals(unit)) + " " + unit.label()
                    : weight(p.total(measure), measure))
                    .append("   rows: ").append(rowCount(report, p.tree().mainPart())).append('\n');
        }
        boolean all = report.presentation().verbose();
        appendFirstFew(w, p.inputs().size() == 1 ? "input: " : "inputs: ", p.inputs(), all);
        if (p.nodes() > 1) {
            w.append("aggregation: ").append(p.aggregation().label()).append(" over ")
                    .append(Integer.toString(p.nodes())).append(" nodes ")
                    .append(p.missing() == MissingRule.PRESENT
                            ? "(only nodes having the row)"
                            : "(missing rows count as 0)")
                    .append('\n');
            if (!p.nodeInfos().isEmpty()) {
                appendFirstFew(w, "nodes: ", p.nodeInfos().stream().map(NodeInfo::label).toList(), all);
            }
        }
        if (!p.droppedInputs().isEmpty()) {
            long n = p.droppedInputs().count();
            w.append("left out: ").append(Long.toString(n)).append(n == 1 ? " input" : " inputs")
                    .append(" that cannot be read (").append(printable(p.droppedInputs().reasonsText())).append(")\n");
        }
        appendNames(w, "processes: ", p.processNames(), all, processes(p.processNames().keySet()));
        appendNames(w, "threads: ", p.threadNames(), all, threads(p.threadNames().keySet()));
        if (p.displayTimeUnit() != null) {
            w.append("display unit: ").append(p.displayTimeUnit()).append(" (the traces' displayTimeUnit)\n");
        }
        if (p.nodes() > 1) {
            for (MetricGroup group : p.tree().metricGroups()) {
                w.append(group.name().replace('_', ' ')).append(": ").append(group.combineRule()).append('\n');
            }
        }
        if (report.timeBins().isPresent()) {
            TimeBins bins = report.timeBins().get();
            int group = Sparkline.binsPerChar(bins.size());
            w.append("time bins: ").append(Integer.toString(bins.size())).append(" of ")
                    .append(readableExact(bins.widthNanos())).append(bins.absoluteTime()
                            ? " from " + bins.startNanos(0) + " ns of the trace clock"
                            : " from each node's start")
                    .append(" (over time: inclusive time per bin")
                    .append(group > 1 ? ", " + group + " bins per character" : "")
                    .append(", scaled to the row's largest)\n");
        }
        DiagnosticWords words = report.diagnostics().words();
        appendCounts(w, "warnings: ", report.diagnostics().warnings(), words);
        Map<String, Diagnostics.Entry> notes = new LinkedHashMap<>(report.diagnostics().notes());
        Diagnostics.Entry namedTwice = notes.remove(Diagnostics.INPUT_NAMED_TWICE);
        appendCounts(w, "not in the tree: ", notes, words);
        if (namedTwice != null) {
            // Which inputs, not how many: the note is about what was asked, not about the trace.
            for (String example : namedTwice.examples()) {
                w.append("note: ").append(printable(example)).append('\n');
            }
            if (namedTwice.count() > namedTwice.examples().size()) {
                w.append("note: and ").append(Long.toString(namedTwice.count() - namedTwice.examples().size()))
                        .append(" more inputs named more than once\n");
            }
        }
    }

    /** Counts in words on one line, in first-seen order: {@code 1715 instant events, 68 flow starts}. */
    private static void appendCounts(Writer w, String label, Map<String, Diagnostics.Entry> counts,
                                     DiagnosticWords words) throws IOException {
        if (counts.isEmpty()) {
            return;
        }
        StringJoiner j = new StringJoiner(", ", label, "\n");
        counts.forEach((kind, entry) -> j.add(printable(words.counted(kind, entry.count()))));
        w.append(j.toString());
    }

    /** The first few items and how many more (all when {@code all}): a merge of 1,000 nodes keeps a short header. */
    private static void appendFirstFew(Writer w, String label, List<String> items, boolean all) throws IOException {
        int shown = all || items.size() <= FIRST_FEW + 1 ? items.size() : FIRST_FEW;
        StringJoiner j = new StringJoiner(", ", label, "");
        for (int i = 0; i < shown; i++) {
            j.add(printable(items.get(i)));
        }
        w.append(j.toString());
        if (shown < items.size()) {
            w.append(" and ").append(Integer.toString(items.size() - shown)).append(" more");
        }
        w.append('\n');
    }

    /**
     * Ids and names on one line when {@code all} or when the line is short; else {@code counted}, how many
     * there are: 83 Chromium threads would take 2,400 characters.
     */
    private static void appendNames(Writer w, String label, Map<String, String> names, boolean all, String counted)
            throws IOException {
        if (names.isEmpty()) {
            return;
        }
        StringJoiner j = new StringJoiner(", ", label, "\n");
        names.forEach((id, name) -> j.add(printable(id) + " " + shortName(printable(name))));
        String line = j.toString();
        w.append(all || line.length() <= MAX_LIST_CHARS ? line : label + counted + " (-v lists them)\n");
    }

    /** {@code 12}: how many processes are named. */
    private static String processes(Set<String> pids) {
        return Integer.toString(pids.size());
    }

    /** {@code 83 in 12 processes}: how many threads ({@code pid/tid} keys) are named, in how many processes. */
    private static String threads(Set<String> keys) {
        Set<String> pids = new HashSet<>();
        for (String key : keys) {
            int slash = key.indexOf('/');
            pids.add(slash < 0 ? key : key.substring(0, slash));
        }
        return keys.size() + " in " + pids.size() + (pids.size() == 1 ? " process" : " processes");
    }

    /**
     * How many rows of {@code part} are shown: {@code 55}, or when {@code --top} cut them {@code 10 of 55 (the
     * 10 largest by inclusive)}, with the callers a tree view keeps for them.
     */
    private static String rowCount(Report report, Part part) {
        int shown = report.rows(part).length;
        if (report.top().isEmpty() || report.top().get().available(part) <= shown) {
            return Integer.toString(shown);
        }
        Report.Top top = report.top().get();
        String which = top.sortKey().equals("name")
                ? (top.ascending() ? "first " : "last ") + top.asked()
                : top.asked() + (top.ascending() ? " smallest" : " largest");
        int added = shown - top.asked();
        String callers = added > 0 ? ", with " + added + (added == 1 ? " caller" : " callers") : "";
        return shown + " of " + top.available(part) + " (the " + which + " by " + top.sortKey() + callers + ")";
    }

    /** A process's name may be its whole command line: the header keeps its start (JSON keeps it whole). */
    private static String shortName(String name) {
        return name.length() <= MAX_NAME_CHARS ? name : name.substring(0, MAX_NAME_CHARS - 3) + "...";
    }

    /** {@code nanos} exactly, in the readable unit of its size: {@code 2.5 ms}. */
    private static String readableExact(long nanos) {
        DisplayUnit readable = TimeUnits.readable(nanos);
        return TimeUnits.exact(nanos, readable) + " " + readable.label();
    }

    static String time(long nanos, DisplayUnit unit) {
        return nanos == CallTree.UNSET ? "-" : fixedTime(nanos, unit);
    }

    private static String fixedTime(long nanos, DisplayUnit unit) {
        return TimeUnits.fixed(nanos, unit, decimals(unit));
    }

    private static String roundedTime(double nanos, DisplayUnit unit) {
        return Double.isFinite(nanos) ? fixedTime(TimeUnits.nearestNanos(nanos), unit) : "-";
    }

    private static int decimals(DisplayUnit unit) {
        return Math.min(DECIMALS, unit.scale());
    }

    static String percent(long nanos, long totalNanos) {
        if (totalNanos == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f", 100.0 * nanos / totalNanos);
    }

    /**
     * A name as people may read it safely: control characters (which would break the table's lines), line and
     * paragraph separators, and the invisible format characters of Unicode (category Cf: the bidirectional
     * overrides and isolates U+202A to U+202E and U+2066 to U+2069, which reorder what follows them, and the
     * zero-width characters U+200B to U+200F, U+2060, U+FEFF, ...), which would let a name pass for another, are
     * shown escaped: {@code \n}, {@code \r}, {@code \t}, else {@code \u202E} (a character beyond the BMP as its
     * two surrogates). The text and HTML writers show names so; JSON keeps them exact (SEMANTICS.md section 5).
     */
    static String printable(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int type = Character.getType(s.codePointAt(i));
            boolean hidden = Character.isISOControl(c) || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
            if (hidden) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                switch (c) {
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> {
                        int end = Character.charCount(s.codePointAt(i));
                        for (int k = 0; k < end; k++) {
                            sb.append(String.format(Locale.ROOT, "\\u%04X", (int) s.charAt(i + k)));
                        }
                        i += end - 1;
                    }
                }
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }
}
