package dev.ppw.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.Part;
import dev.ppw.model.Report;
import dev.ppw.model.SavedProfileLayout.AggregationMember;
import dev.ppw.model.SavedProfileLayout.CounterMember;
import dev.ppw.model.SavedProfileLayout.DiagnosticsMember;
import dev.ppw.model.SavedProfileLayout.DroppedMember;
import dev.ppw.model.SavedProfileLayout.Member;
import dev.ppw.model.SavedProfileLayout.NodeInfoMember;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.SavedProfileLayout;
import dev.ppw.model.TimeBins;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.Version;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The ppw-profile JSON format (docs/profile-json.md): one object with the metadata, a {@code columns} header
 * and {@code rows} as arrays; version 2 with a {@code part} column when the profile has an async part, else
 * version 1, unchanged. Times are JSON numbers written from their exact
 * decimal text; an unset min/max and a root's parent are {@code null}. The tree's declared metrics are
 * described in {@code metric_groups} and every one of them follows the fixed columns ({@link MetricColumn}),
 * ratios included; their rules of combination are in {@code aggregation}. A breakdown adds its columns after
 * the others; imbalance rows replace the rows (worst first) and add {@code top_imbalance}, which marks
 * the file as a report that the saved-profile reader refuses. Names are {@link SavedProfileLayout}'s, shared
 * with that reader.
 *
 * <p>A split profile adds a {@code phases} array (per phase its name, windows and the members of a profile of
 * its own) or, for time bins, a {@code time_bins} member after the rows ({@link #writeTimeBins}).
 *
 * <p>A diff's report ({@link Report#diff()}) is written by {@link DiffOutput}, its own layout.
 */
public final class JsonWriter implements OutputWriter {
    /** The member listing a split profile's phases, each an object with the members of a profile. */
    static final String PHASES = "phases";
    /** The member holding the time bins' long form. */
    static final String TIME_BINS = "time_bins";

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    @Override
    public String name() {
        return "json";
    }

    @Override
    public String description() {
        return "the ppw-profile JSON (docs/profile-json.md): saved profiles that merge reads back";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".json");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED, Content.DIFF);
    }

    /** The unit, the time bins and phases, a merge's breakdown and imbalance rows, percentiles, counter series. */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.of(ReportFeature.UNIT, ReportFeature.TIME_BINS, ReportFeature.PHASES, ReportFeature.BREAKDOWN,
                ReportFeature.IMBALANCE_ROWS, ReportFeature.PERCENTILES, ReportFeature.COUNTER_SERIES);
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        if (report.diff().isPresent()) {
            DiffOutput.json(report, out);
            return;
        }
        DisplayUnit unit = report.unitOrNanos();
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(new ProfileJsonLayout());
            g.writeStartObject();
            writeMembers(g, report, unit);
            if (!report.phases().isEmpty()) {
                writePhases(g, report, unit);
            }
            g.writeEndObject();
            g.writeRaw('\n');
        }
        out.flush();
    }

    /** The members of one profile's object: metadata, counters, columns and rows, and its time bins if any. */
    private static void writeMembers(JsonGenerator g, Report report, DisplayUnit unit) throws IOException {
        List<RowColumn> fields = RowColumn.json(report);
        writeMetadata(g, report, unit);
        if (report.profile().view() == ViewKind.COUNTERS) {
            writeCounterRows(g, report.profile());
            return;
        }
        writeCounters(g, report.profile());
        writeMetricGroups(g, report.profile().tree().metricGroups());
        g.writeArrayFieldStart(Member.COLUMNS);
        for (RowColumn f : fields) {
            g.writeString(f.columnName(unit));
        }
        g.writeEndArray();
        g.writeArrayFieldStart(Member.ROWS);
        for (int node : report.listedRows()) {
            g.writeStartArray();
            for (RowColumn f : fields) {
                String text = f.text(report, node, unit);
                if (text == null) {
                    g.writeNull();
                } else if (f.isText()) {
                    g.writeString(text);
                } else {
                    g.writeNumber(text);
                }
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        if (report.timeBins().isPresent()) {
            writeTimeBins(g, report);
        }
    }

    /**
     * {@code phases}: per phase an object with its {@code name}, its {@code windows} ({@code node},
     * {@code start_ns}, {@code end_ns}) and the members of a profile of its own.
     */
    private static void writePhases(JsonGenerator g, Report report, DisplayUnit unit) throws IOException {
        g.writeArrayFieldStart(PHASES);
        for (Report.Phase phase : report.phases()) {
            g.writeStartObject();
            g.writeStringField("name", phase.name());
            writeWindows(g, phase.windows());
            writeMembers(g, phase.report(), unit);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * A phase's {@code windows} field: an array of {@code {node, start_ns, end_ns}}, as the JSON output and the
     * HTML report's embedded data both write it.
     */
    static void writeWindows(JsonGenerator g, List<Report.Window> windows) throws IOException {
        g.writeArrayFieldStart("windows");
        for (Report.Window w : windows) {
            g.writeStartObject();
            g.writeStringField("node", w.node());
            g.writeNumberField("start_ns", w.startNanos());
            g.writeNumberField("end_ns", w.endNanos());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * {@code time_bins}: whether bin times are absolute, the bins' width and count, and the long form of
     * {@link BinValues}: objects {@code {bin_start_ns, bin_end_ns, row, metric, value}}, {@code row} the index in
     * {@code rows}, or for a counter series {@code counter}, its index in {@code counters}.
     */
    private static void writeTimeBins(JsonGenerator g, Report report) throws IOException {
        TimeBins bins = report.timeBins().orElseThrow();
        g.writeObjectFieldStart(TIME_BINS);
        g.writeBooleanField("absolute_time", bins.absoluteTime());
        g.writeNumberField("width_ns", bins.widthNanos());
        g.writeNumberField("count", bins.size());
        g.writeFieldName("values");
        if (g.getPrettyPrinter() instanceof ProfileJsonLayout layout) {
            layout.nextArrayOnLines();
        }
        g.writeStartArray();
        BinValues.each(report, v -> {
            g.writeStartObject();
            g.writeNumberField("bin_start_ns", bins.startNanos(v.bin()));
            g.writeNumberField("bin_end_ns", bins.endNanos(v.bin()));
            if (v.rowIndex() >= 0) {
                g.writeNumberField("row", v.rowIndex());
            } else {
                g.writeNumberField("counter", v.counter());
            }
            g.writeStringField("metric", v.metric());
            g.writeFieldName("value");
            g.writeNumber(v.value());
            g.writeEndObject();
        });
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeMetadata(JsonGenerator g, Report report, DisplayUnit unit) throws IOException {
        Profile profile = report.profile();
        g.writeStringField(Member.FORMAT, SavedProfileLayout.FORMAT);
        boolean parts = profile.tree().hasPartsBesideThreads();
        g.writeNumberField(Member.VERSION, profile.tree().keepsCallTimes() ? SavedProfileLayout.VERSION_WITH_CALL_TIMES
                : parts ? SavedProfileLayout.VERSION_WITH_PARTS : SavedProfileLayout.VERSION_WITHOUT_PARTS);
        g.writeStringField(Member.TOOL, Version.tool());
        g.writeStringField(Member.VIEW, profile.view().label());
        if (profile.view() == ViewKind.TAU) {
            g.writeNumberField(Member.TAU_DEPTH, profile.tauDepth());
        }
        g.writeStringField(Member.UNIT, unit.label());
        g.writeObjectFieldStart(Member.AGGREGATION);
        g.writeStringField(AggregationMember.OP, profile.aggregation().label());
        g.writeStringField(AggregationMember.MISSING, profile.missing().label());
        g.writeNumberField(AggregationMember.NODES, profile.nodes());
        for (MetricGroup group : profile.tree().metricGroups()) {
            g.writeStringField(group.name(), group.combineRule());
        }
        g.writeEndObject();
        writeDropped(g, profile.droppedInputs());
        g.writeArrayFieldStart(Member.INPUTS);
        for (String input : profile.inputs()) {
            g.writeString(input);
        }
        g.writeEndArray();
        g.writeArrayFieldStart(Member.NODE_INFO);
        for (NodeInfo node : profile.nodeInfos()) {
            g.writeStartObject();
            g.writeStringField(NodeInfoMember.LABEL, node.label());
            g.writeStringField(NodeInfoMember.FILE, node.file());
            g.writeStringField(NodeInfoMember.PID, node.pid());
            g.writeStringField(NodeInfoMember.HOST, node.host());
            writeNames(g, NodeInfoMember.PROCESS_NAMES, node.processNames());
            writeNames(g, NodeInfoMember.THREAD_NAMES, node.threadNames());
            g.writeEndObject();
        }
        g.writeEndArray();
        writeNames(g, Member.PROCESS_NAMES, profile.processNames());
        writeNames(g, Member.THREAD_NAMES, profile.threadNames());
        if (profile.displayTimeUnit() != null) {
            g.writeStringField(Member.DISPLAY_TIME_UNIT, profile.displayTimeUnit());
        }
        g.writeFieldName(Member.TOTAL_INCLUSIVE_PREFIX + unit.label());
        g.writeNumber(TimeUnits.exact(report.totalInclusiveNanos(), unit));
        if (profile.tree().hasAsyncPart() && profile.tree().mainPart() != Part.ASYNC) {
            g.writeFieldName(Member.ASYNC_TOTAL_INCLUSIVE_PREFIX + unit.label());
            g.writeNumber(TimeUnits.exact(report.asyncTotalNanos(), unit));
        }
        if (profile.tree().mainPart() != Part.SAMPLES && profile.tree().hasPart(Part.SAMPLES)) {
            g.writeFieldName(Member.SAMPLES_TOTAL_INCLUSIVE_PREFIX + unit.label());
            g.writeNumber(TimeUnits.exact(profile.total(SampleWeights.TIME, Part.SAMPLES), unit));
        }
        if (report.imbalanceRows().isPresent()) {
            g.writeNumberField(Member.TOP_IMBALANCE, report.imbalanceRows().get().length);
        }
        g.writeObjectFieldStart(Member.DIAGNOSTICS);
        writeCounts(g, DiagnosticsMember.WARNINGS, report.diagnostics().warnings());
        writeCounts(g, DiagnosticsMember.NOTES, report.diagnostics().notes());
        g.writeEndObject();
    }

    /** The inputs left out as unreadable, only when there are any (other outputs stay as they were). */
    private static void writeDropped(JsonGenerator g, DroppedInputs dropped) throws IOException {
        if (dropped.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart(Member.DROPPED);
        g.writeNumberField(DroppedMember.INPUTS, dropped.count());
        g.writeObjectFieldStart(DroppedMember.REASONS);
        for (Map.Entry<String, Long> e : dropped.reasons().entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart(DroppedMember.EXAMPLES);
        for (String example : dropped.examples()) {
            g.writeString(example);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * The declarations of the tree's metric groups, only when it has any (so that older outputs stay as they
     * were): what a reader needs to rebuild equal {@link Metric} records and to map columns to them.
     */
    private static void writeMetricGroups(JsonGenerator g, List<MetricGroup> groups) throws IOException {
        if (groups.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("metric_groups");
        for (MetricGroup group : groups) {
            g.writeStartObject();
            g.writeStringField("name", group.name());
            g.writeStringField("combine_rule", group.combineRule());
            g.writeArrayFieldStart("metrics");
            for (Metric m : group.metrics()) {
                g.writeStartObject();
                g.writeStringField("name", m.name());
                g.writeStringField("unit", m.unit().label());
                g.writeStringField("kind", lowerCase(m.kind()));
                if (m.kind() == Metric.Kind.RATIO) {
                    g.writeStringField("numerator", m.numerator());
                    g.writeStringField("denominator", m.denominator());
                }
                g.writeStringField("combine", lowerCase(m.combine()));
                g.writeStringField("shown", lowerCase(m.shown()));
                g.writeStringField("label", m.textLabel());
                g.writeStringField("description", m.description());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static String lowerCase(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    /** Kind to count, in first-seen order. */
    private static void writeCounts(JsonGenerator g, String field, Map<String, Diagnostics.Entry> counts)
            throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, Diagnostics.Entry> e : counts.entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue().count());
        }
        g.writeEndObject();
    }

    /** The generic counter series as objects, only when there are any (so older outputs stay as they were). */
    private static void writeCounters(JsonGenerator g, Profile profile) throws IOException {
        if (profile.counters().isEmpty()) {
            return;
        }
        g.writeArrayFieldStart(Member.COUNTERS);
        for (CounterSeries c : profile.counters()) {
            String[] values = CounterFields.values(c);
            g.writeStartObject();
            for (int i = 0; i < values.length; i++) {
                g.writeFieldName(CounterFields.COLUMNS.get(i));
                CounterFields.writeJsonValue(g, values, i);
            }
            g.writeFieldName(CounterMember.SUM);
            g.writeNumber(RowField.plain(c.sum()));
            g.writeNumberField(CounterMember.LAST_TS_NS, c.lastNanos());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** The counters view: one row per series under their columns, instead of the tree's rows. */
    private static void writeCounterRows(JsonGenerator g, Profile profile) throws IOException {
        g.writeArrayFieldStart(Member.COLUMNS);
        for (String column : CounterFields.COLUMNS) {
            g.writeString(column);
        }
        g.writeEndArray();
        g.writeArrayFieldStart(Member.ROWS);
        for (CounterSeries c : profile.counters()) {
            CounterFields.writeJsonRow(g, c);
        }
        g.writeEndArray();
    }

    /** Sorted by id, so that the output does not depend on a map's iteration order. */
    private static void writeNames(JsonGenerator g, String field, Map<String, String> names) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, String> e : new TreeMap<>(names).entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
