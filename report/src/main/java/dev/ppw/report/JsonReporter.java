package dev.ppw.report;

import dev.ppw.model.Report;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.DisplayUnit;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.SavedProfileLayout;
import dev.ppw.model.SavedProfileLayout.AggregationMember;
import dev.ppw.model.SavedProfileLayout.CounterMember;
import dev.ppw.model.SavedProfileLayout.DiagnosticsMember;
import dev.ppw.model.SavedProfileLayout.Member;
import dev.ppw.model.SavedProfileLayout.NodeInfoMember;
import dev.ppw.model.ViewKind;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ppw-profile JSON format, version 1 (docs/profile-json.md): one object with the metadata, a
 * {@code columns} header and {@code rows} as arrays. Times are JSON numbers written from their exact
 * decimal text; an unset min/max and a root's parent are {@code null}. A breakdown adds its columns after
 * the others; imbalance rows replace the rows (worst first) and add {@code top_imbalance}, which marks
 * the file as a report that the saved-profile reader refuses. Names are {@link SavedProfileLayout}'s, shared
 * with that reader.
 */
final class JsonReporter implements Reporter {
    /** How region counters were combined, said in {@code aggregation} when there are any. */
    static final String REGION_COUNTERS_RULE = "cpu samples and sums added, memory peak the max, whatever op";

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        DisplayUnit unit = report.unitOrNanos();
        List<RowField> fields = RowField.jsonFields(report);
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(new ProfileJsonLayout());
            g.writeStartObject();
            writeMetadata(g, report, unit);
            if (report.profile().view() == ViewKind.COUNTERS) {
                writeCounterRows(g, report.profile());
                g.writeEndObject();
                g.writeRaw('\n');
                return;
            }
            writeCounters(g, report.profile());
            g.writeArrayFieldStart(Member.COLUMNS);
            for (RowField f : fields) {
                g.writeString(f.columnName(unit));
            }
            g.writeEndArray();
            g.writeArrayFieldStart(Member.ROWS);
            for (int node : report.listedRows()) {
                g.writeStartArray();
                for (RowField f : fields) {
                    String text = f.text(report, node, unit);
                    if (text == null) {
                        g.writeNull();
                    } else if (f.kind() == RowField.Kind.TEXT) {
                        g.writeString(text);
                    } else {
                        g.writeNumber(text);
                    }
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
        out.flush();
    }

    private static void writeMetadata(JsonGenerator g, Report report, DisplayUnit unit) throws IOException {
        Profile profile = report.profile();
        g.writeStringField(Member.FORMAT, SavedProfileLayout.FORMAT);
        g.writeNumberField(Member.VERSION, SavedProfileLayout.VERSION);
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
        if (profile.tree().hasCounters()) {
            g.writeStringField("region_counters", REGION_COUNTERS_RULE);
        }
        g.writeEndObject();
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
        if (report.imbalanceRows().isPresent()) {
            g.writeNumberField(Member.TOP_IMBALANCE, report.imbalanceRows().get().length);
        }
        g.writeObjectFieldStart(Member.DIAGNOSTICS);
        writeCounts(g, DiagnosticsMember.WARNINGS, report.diagnostics().warnings());
        writeCounts(g, DiagnosticsMember.NOTES, report.diagnostics().notes());
        g.writeEndObject();
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
                if (i < CounterFields.TEXT_COLUMNS) {
                    g.writeString(values[i]);
                } else {
                    g.writeNumber(values[i]);
                }
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
            String[] values = CounterFields.values(c);
            g.writeStartArray();
            for (int i = 0; i < values.length; i++) {
                if (i < CounterFields.TEXT_COLUMNS) {
                    g.writeString(values[i]);
                } else {
                    g.writeNumber(values[i]);
                }
            }
            g.writeEndArray();
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
