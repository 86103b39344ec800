package dev.ppw.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * One JSON object: {@code metadata} (tool, view, tau depth, unit, aggregation, inputs, total time, process
 * and thread names) and {@code rows}, whose members are the CSV columns. Times are JSON numbers written
 * from their exact decimal text; an unset min/max and a root's parent are {@code null}.
 */
final class JsonReporter implements Reporter {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        Profile profile = report.profile();
        DisplayUnit unit = report.unitOrNanos();
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            writeMetadata(g, report, unit);
            g.writeArrayFieldStart("rows");
            List<RowField> fields = RowField.fieldsFor(profile.view());
            for (int node : report.rows()) {
                g.writeStartObject();
                for (RowField f : fields) {
                    g.writeFieldName(f.columnName(unit));
                    String text = f.text(profile, node, unit);
                    if (text == null) {
                        g.writeNull();
                    } else if (f.kind() == RowField.Kind.TEXT) {
                        g.writeString(text);
                    } else {
                        g.writeNumber(text);
                    }
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
        out.flush();
    }

    private static void writeMetadata(JsonGenerator g, Report report, DisplayUnit unit) throws IOException {
        Profile profile = report.profile();
        g.writeObjectFieldStart("metadata");
        g.writeStringField("tool", "ppw-java");
        g.writeStringField("view", profile.view().label());
        if (profile.view() == ViewKind.TAU) {
            g.writeNumberField("tau_depth", profile.tauDepth());
        }
        g.writeStringField("unit", unit.label());
        g.writeObjectFieldStart("aggregation");
        g.writeStringField("op", profile.aggregation());
        g.writeStringField("missing", profile.missing());
        g.writeNumberField("nodes", profile.nodes());
        g.writeEndObject();
        g.writeArrayFieldStart("inputs");
        for (String input : profile.inputs()) {
            g.writeString(input);
        }
        g.writeEndArray();
        g.writeFieldName("total_inclusive_" + unit.label());
        g.writeNumber(TimeUnits.exact(report.totalInclusiveNanos(), unit));
        writeNames(g, "process_names", profile.processNames());
        writeNames(g, "thread_names", profile.threadNames());
        g.writeEndObject();
    }

    private static void writeNames(JsonGenerator g, String field, Map<String, String> names) throws IOException {
        g.writeObjectFieldStart(field);
        for (Map.Entry<String, String> e : names.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }
}
