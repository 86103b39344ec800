package dev.ppw.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Hatchet's literal graph format, the input of {@code hatchet.GraphFrame.from_literal} (and of Thicket's
 * {@code from_literal} on top of it): a JSON list of root objects, each
 * <pre>{@code {"frame": {"name": "main", "type": "function"},
 *  "metrics": {"time (inc)": 1234567, "time": 999567, "calls": 1},
 *  "children": [ ... ]}}</pre>
 * Hatchet takes a metric whose key contains {@code (inc)} as inclusive and every other one as exclusive,
 * and reads the keys from the last root: every node here has the same keys. {@code time (inc)} and
 * {@code time} (Hatchet's default metric) are the row's inclusive and exclusive time in the unit asked for
 * ({@code --unit}, nanoseconds by default), exact decimals; {@code calls} its calls. Each of the tree's sample
 * weights in another unit (bytes, events) adds {@code <name> (inc)} and {@code <name>}.
 *
 * <p>The listed rows keep their order and tree shape: a row is a child of its parent row, and a row whose
 * parent is not listed (flat and tau rows, whose keys are their names) is a root. The frame holds the
 * region's {@code name}, {@code type} {@code function} ({@code async} for a row of the async part, SEMANTICS.md
 * section 2 "Parts", whose times are span durations that overlap), and the {@code callsite} when the row has
 * one, so that two rows of one region called from two places stay two frames as they are two rows here.
 *
 * <p>A merge writes its aggregate (the {@code --agg} operator's times and calls); with a per-node
 * breakdown, each row also has {@code time (inc).min}, {@code .max}, {@code .mean} and {@code .stddev} over
 * the nodes (inclusive, same unit; mean and standard deviation rounded to the nanosecond) and
 * {@code time (inc).imbalance} (max / mean, four decimals, {@code null} when the mean is 0).
 *
 * <p>A report split into phases ({@link Report#phases()}, SEMANTICS.md "Phases") writes one root per phase
 * instead of the whole's rows, in the report's order ({@code (outside)} last): its frame the phase's name with
 * {@code type} {@code phase}, its {@code time (inc)} the phase's total time (both parts), its {@code time} 0,
 * its {@code calls} the number of the phase's windows (over every node of a merge), its breakdown keys null,
 * and as its children the phase's own rows. Phases partition each row's time, so a node's times summed over
 * the phase roots are the whole's; its calls may exceed the whole's, a call across a phase boundary being a
 * call in each phase.
 */
public final class HatchetWriter implements OutputWriter {
    // Two levels of nesting per tree level (the node, its children): Jackson's default limit of 1000 would
    // refuse a tree 500 deep, which a recursive program's trace reaches.
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
            .build();

    static final String INCLUSIVE_TIME = "time (inc)";
    static final String EXCLUSIVE_TIME = "time";

    @Override
    public String name() {
        return "hatchet";
    }

    @Override
    public String description() {
        return "Hatchet's literal graph (JSON) for GraphFrame.from_literal: time (inc), time and calls per node";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".hatchet.json");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED);
    }

    /**
     * The unit, the phases and the breakdown (each row's spread). Percentiles and counter series are listed though
     * Hatchet's graph has no place for them: ppw-java never warned about them with Hatchet, and issue 25 kept the
     * warnings as they were.
     */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.of(ReportFeature.UNIT, ReportFeature.PHASES, ReportFeature.BREAKDOWN, ReportFeature.PERCENTILES,
                ReportFeature.COUNTER_SERIES);
    }

    @Override
    public Optional<String> whyUnused(ReportFeature feature) {
        return feature == ReportFeature.IMBALANCE_ROWS
                ? Optional.of("lists rows apart, and Hatchet's graph has every row (--breakdown gives each its spread)")
                : Optional.empty();
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        CallTree tree = report.profile().tree();
        DisplayUnit unit = report.unitOrNanos();
        List<Metric> weights = new ArrayList<>();
        for (MetricGroup g : tree.metricGroups()) {
            for (Metric m : g.metrics()) {
                if (m.kind() == Metric.Kind.WEIGHT) {
                    weights.add(m);
                }
            }
        }
        boolean breakdown = report.breakdown().isPresent();
        boolean counters = report.profile().view() == ViewKind.COUNTERS;
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartArray();
            if (report.phases().isEmpty()) {
                writeRows(g, report, counters ? new int[0] : report.rows(), unit, weights, breakdown);
            } else if (!counters) {
                for (Report.Phase phase : report.phases()) {
                    writePhase(g, phase, unit, weights, breakdown);
                }
            }
            g.writeEndArray();
            g.writeRaw('\n');
        }
        out.flush();
    }

    /** The rows as nodes of the array being written: a row whose parent is not listed is one of its items. */
    private static void writeRows(JsonGenerator g, Report report, int[] rows, DisplayUnit unit, List<Metric> weights,
                                  boolean breakdown) throws IOException {
        CallTree tree = report.profile().tree();
        // The rows open above the current one, innermost last: a deep tree is no deep recursion.
        int[] open = new int[16];
        int depth = 0;
        for (int i = 0; i < rows.length; i++) {
            int node = rows[i];
            int parent = tree.parent(node);
            while (depth > 0 && open[depth - 1] != parent) {
                g.writeEndArray();
                g.writeEndObject();
                depth--;
            }
            writeNode(g, report, node, unit, weights, breakdown);
            if (i + 1 < rows.length && tree.parent(rows[i + 1]) == node) {
                g.writeArrayFieldStart("children");
                if (depth == open.length) {
                    open = Arrays.copyOf(open, depth * 2);
                }
                open[depth++] = node;
            } else {
                g.writeEndObject();
            }
        }
        for (; depth > 0; depth--) {
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    /**
     * A root for the phase, of type {@code phase}, holding its rows: its inclusive values the phase's totals (of
     * both parts), its exclusive values 0, its calls its windows, the same keys as every row.
     */
    private static void writePhase(JsonGenerator g, Report.Phase phase, DisplayUnit unit, List<Metric> weights,
                                   boolean breakdown) throws IOException {
        Profile profile = phase.report().profile();
        CallTree tree = profile.tree();
        g.writeStartObject();
        g.writeObjectFieldStart("frame");
        g.writeStringField("name", phase.name());
        g.writeStringField("type", "phase");
        g.writeEndObject();
        g.writeObjectFieldStart("metrics");
        g.writeFieldName(INCLUSIVE_TIME);
        g.writeNumber(TimeUnits.exact(bothParts(profile, SampleWeights.TIME), unit));
        g.writeFieldName(EXCLUSIVE_TIME);
        g.writeNumber(TimeUnits.exact(0, unit));
        g.writeNumberField("calls", phase.windows().size());
        for (Metric m : weights) {
            g.writeNumberField(m.name() + " (inc)", FoldedWriter.carries(tree, m) ? bothParts(profile, m) : 0);
            g.writeNumberField(m.name(), 0);
        }
        if (breakdown) {
            for (String statistic : List.of(".min", ".max", ".mean", ".stddev", ".imbalance")) {
                g.writeNullField(INCLUSIVE_TIME + statistic);
            }
        }
        g.writeEndObject();
        g.writeArrayFieldStart("children");
        writeRows(g, phase.report(), phase.report().rows(), unit, weights, breakdown);
        g.writeEndArray();
        g.writeEndObject();
    }

    private static long bothParts(Profile profile, Metric measure) {
        long total = 0;
        for (Part part : Part.values()) {
            total += profile.total(measure, part);
        }
        return total;
    }

    /** The node's object up to its metrics, left open for its children. */
    private static void writeNode(JsonGenerator g, Report report, int node, DisplayUnit unit, List<Metric> weights,
                                  boolean breakdown) throws IOException {
        CallTree tree = report.profile().tree();
        g.writeStartObject();
        g.writeObjectFieldStart("frame");
        g.writeStringField("name", tree.regionName(node));
        g.writeStringField("type", tree.part(node) == Part.ASYNC ? "async" : "function");
        String callsite = tree.callsiteName(node);
        if (!callsite.isEmpty()) {
            g.writeStringField("callsite", callsite);
        }
        g.writeEndObject();
        g.writeObjectFieldStart("metrics");
        g.writeFieldName(INCLUSIVE_TIME);
        g.writeNumber(TimeUnits.exact(tree.inclusiveNanos(node), unit));
        g.writeFieldName(EXCLUSIVE_TIME);
        g.writeNumber(TimeUnits.exact(tree.exclusiveNanos(node), unit));
        g.writeNumberField("calls", tree.calls(node));
        for (Metric m : weights) {
            // A phase's tree lacks a weight its phase has none of.
            boolean carried = FoldedWriter.carries(tree, m);
            g.writeNumberField(m.name() + " (inc)", carried ? tree.inclusive(node, m) : 0);
            g.writeNumberField(m.name(), carried ? tree.exclusive(node, m) : 0);
        }
        if (breakdown && report.breakdown().isEmpty()) {
            for (String statistic : List.of(".min", ".max", ".mean", ".stddev", ".imbalance")) {
                g.writeNullField(INCLUSIVE_TIME + statistic);
            }
        } else if (breakdown) {
            number(g, INCLUSIVE_TIME + ".min", RowField.NODE_MIN_INCLUSIVE.text(report, node, unit));
            number(g, INCLUSIVE_TIME + ".max", RowField.NODE_MAX_INCLUSIVE.text(report, node, unit));
            number(g, INCLUSIVE_TIME + ".mean", RowField.NODE_MEAN_INCLUSIVE.text(report, node, unit));
            number(g, INCLUSIVE_TIME + ".stddev", RowField.NODE_STDDEV_INCLUSIVE.text(report, node, unit));
            number(g, INCLUSIVE_TIME + ".imbalance", RowField.IMBALANCE.text(report, node, unit));
        }
        g.writeEndObject();
    }

    private static void number(JsonGenerator g, String key, String text) throws IOException {
        g.writeFieldName(key);
        if (text == null) {
            g.writeNull();
        } else {
            g.writeNumber(text);
        }
    }
}
