package dev.ppw.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.Version;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * speedscope's own JSON file format (its {@code file-format-schema.json}), which speedscope opens by drag and
 * drop or {@code speedscope file.speedscope.json}: one {@code shared.frames} table of region names and a list of
 * {@code sampled} profiles, each a list of stacks (frame indices from the root) with one weight per stack.
 *
 * <p>Each listed row with a positive exclusive value is one stack, the row's path, weighing its exclusive
 * value; a profile's stacks thus add up to its total, and speedscope's "total" of a frame is the row's
 * inclusive value, its "self" the exclusive one, exactly. Rows come in the report's order (a tree in
 * preorder), so that speedscope's time-order view draws the tree as an icicle. The values are times in the
 * unit asked for ({@code --unit}, nanoseconds by default: speedscope's {@code nanoseconds}), written exactly;
 * a profile without time writes its first sample weight as {@code bytes} or {@code none}, as
 * {@link FoldedWriter} does. Rows of 0 or less (a min/max aggregate may have them) are left out: speedscope
 * cannot draw them.
 *
 * <p>The profiles, in order: the whole thread part ({@code all threads}, or the aggregate of a merge), then,
 * when the report has two {@link Report#sections() sections} or more (one per thread of a profile, one per
 * node of a merge), one per section named after it. A part of async spans (SEMANTICS.md section 2, "Parts")
 * is a profile of its own after its threads', named {@code ... async spans}, since its spans overlap and its
 * total is not thread time; a section without stacks of a part has no profile of it. Flat and tau rows are
 * one stack of their key's names each.
 *
 * <p>A report split into phases ({@link Report#phases()}, SEMANTICS.md "Phases") adds, after those, one
 * profile per phase in the report's order ({@code (outside)} last), named {@code phase <name>} (its async part
 * {@code phase <name> async spans}), each followed, when the whole has sections, by that phase of each section,
 * {@code phase <name>: <section>}; a phase's profile is there even when it has no stacks, so that every phase
 * can be chosen. The whole stays the first profile (the one speedscope opens), and since phases partition
 * each row's time, a stack's weights over the phase profiles add up to its weight in the whole's.
 */
public final class SpeedscopeWriter implements OutputWriter {
    /** The {@code $schema} that speedscope's importer looks for to recognise the format. */
    static final String SCHEMA = "https://www.speedscope.app/file-format-schema.json";

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    @Override
    public String name() {
        return "speedscope";
    }

    @Override
    public String description() {
        return "speedscope's JSON file format: one sampled profile per thread or node, exclusive time per stack";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".speedscope.json");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED);
    }

    /**
     * The unit and the phases (a profile each). Percentiles and counter series are listed though speedscope's format
     * has no place for them: ppw-java never warned about them with speedscope, and issue 25 kept the warnings as they
     * were.
     */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.of(ReportFeature.UNIT, ReportFeature.PHASES, ReportFeature.PERCENTILES,
                ReportFeature.COUNTER_SERIES);
    }

    @Override
    public Optional<String> whyUnused(ReportFeature feature) {
        return Optional.ofNullable(switch (feature) {
            case BREAKDOWN -> "has no place in speedscope's format (each node is a profile of its own)";
            case IMBALANCE_ROWS -> "has no place in speedscope's format";
            default -> null;
        });
    }

    @Override
    public boolean writesSections() {
        return true;
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        Frames frames = new Frames();
        List<Stacks> profiles = new ArrayList<>();
        Profile whole = report.profile();
        String wholeName = whole.nodes() > 1
                ? whole.aggregation().label() + " over " + whole.nodes() + " nodes"
                : "all threads";
        Metric wholeWeight = Stacks.weightOf(report);
        profiles.add(new Stacks(report, report.rows(whole.tree().mainPart()), wholeName, frames, wholeWeight));
        addAsync(profiles, frames, report, wholeName, wholeWeight);
        // One thread or one node is the whole again: written once.
        boolean parts = report.printedSections().size() > 1;
        if (parts) {
            for (Report.Section s : report.printedSections()) {
                addParts(profiles, frames, s.report(), s.label(), Stacks.weightOf(s.report()), true);
            }
        }
        for (int p = 0; p < report.phases().size(); p++) {
            Report.Phase phase = report.phases().get(p);
            String phaseName = "phase " + phase.name();
            addParts(profiles, frames, phase.report(), phaseName, wholeWeight, false);
            if (parts) {
                for (Report.Section s : report.printedSections()) {
                    // Sections carry the phases of the whole, in its order (Engine.sections).
                    if (p < s.report().phases().size()) {
                        addParts(profiles, frames, s.report().phases().get(p).report(), phaseName + ": " + s.label(),
                                Stacks.weightOf(s.report()), true);
                    }
                }
            }
        }
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("$schema", SCHEMA);
            g.writeStringField("exporter", Version.tool());
            g.writeStringField("name", fileName(whole.inputs()));
            g.writeNumberField("activeProfileIndex", 0);
            g.writeObjectFieldStart("shared");
            g.writeArrayFieldStart("frames");
            for (String name : frames.names) {
                g.writeStartObject();
                g.writeStringField("name", name);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeArrayFieldStart("profiles");
            for (Stacks p : profiles) {
                p.write(g);
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
        out.flush();
    }

    /**
     * The profiles of {@code report}'s thread rows (left out when it has none and {@code dropEmpty}: a section
     * of async tracks only, --threads split's "async <process>", has no thread stacks) and of its async rows.
     */
    private static void addParts(List<Stacks> into, Frames frames, Report report, String name, Metric weight,
                                 boolean dropEmpty) {
        Stacks threads = new Stacks(report, report.rows(report.profile().tree().mainPart()), name, frames, weight);
        if (threads.kept.length > 0 || !dropEmpty) {
            into.add(threads);
        }
        addAsync(into, frames, report, name, weight);
    }

    /** A profile of each other part of {@code report} than the main one (async spans, sampled stacks) with rows. */
    private static void addAsync(List<Stacks> into, Frames frames, Report report, String name, Metric weight) {
        CallTree tree = report.profile().tree();
        for (Part part : tree.parts()) {
            int[] rows = part == tree.mainPart() ? new int[0] : report.rows(part);
            if (rows.length > 0) {
                Stacks stacks = new Stacks(report, rows,
                        name + (part == Part.ASYNC ? " async spans" : " sampled stacks"), frames, weight);
                if (stacks.kept.length > 0) {
                    into.add(stacks);
                }
            }
        }
    }

    private static String fileName(List<String> inputs) {
        if (inputs.isEmpty()) {
            return Version.tool();
        }
        return inputs.size() == 1 ? inputs.getFirst() : inputs.getFirst() + " and " + (inputs.size() - 1) + " more";
    }

    /** The region names as speedscope frames, each once, in first-use order. */
    private static final class Frames {
        final List<String> names = new ArrayList<>();
        private final Map<String, Integer> index = new HashMap<>();

        int of(String name) {
            Integer i = index.get(name);
            if (i == null) {
                i = names.size();
                names.add(name);
                index.put(name, i);
            }
            return i;
        }
    }

    /**
     * One speedscope profile: the rows kept (value above 0) and each node's frame index; the stacks are written
     * by walking up the parents, so memory is one int per node, not one per stack entry.
     */
    private static final class Stacks {
        private final String name;
        private final String unit;
        private final CallTree tree;
        private final boolean keyed;
        private final DisplayUnit timeUnit;
        private final Metric weight;
        private final int[] kept;
        private final int[] frameOf;
        private final List<int[]> keyFrames = new ArrayList<>();
        private final boolean weighed;
        private long totalValue;

        /** What a report's stacks weigh: null for time, else its first sample weight. */
        static Metric weightOf(Report report) {
            CallTree t = report.profile().tree();
            return FoldedWriter.hasTime(t) ? null : FoldedWriter.firstWeight(t);
        }

        /**
         * The stacks of {@code rows} weighing their exclusive time, or, when {@code weight} is not null, their
         * exclusive {@code weight} (0 where the tree lacks it: a phase without any of it).
         */
        Stacks(Report report, int[] rows, String name, Frames frames, Metric weight) {
            this.name = name;
            this.tree = report.profile().tree();
            this.keyed = !report.profile().view().isHierarchical();
            this.weight = weight;
            this.weighed = weight != null && FoldedWriter.carries(tree, weight);
            this.timeUnit = report.unitOrNanos();
            this.unit = weight == null ? timeUnitName(timeUnit)
                    : weight.unit() == MetricUnit.BYTES ? "bytes" : "none";
            int[] listed = report.profile().view() == ViewKind.COUNTERS ? new int[0] : rows;
            int[] chosen = new int[listed.length];
            int n = 0;
            for (int node : listed) {
                if (value(node) > 0) {
                    chosen[n++] = node;
                    totalValue = CallTree.saturated(totalValue, value(node));
                }
            }
            this.kept = Arrays.copyOf(chosen, n);
            this.frameOf = new int[keyed ? 0 : tree.size()];
            if (keyed) {
                for (int node : kept) {
                    String[] names = tree.regionName(node).split(" => ", -1);
                    int[] ids = new int[names.length];
                    for (int i = 0; i < names.length; i++) {
                        ids[i] = frames.of(names[i]);
                    }
                    keyFrames.add(ids);
                }
            } else {
                Arrays.fill(frameOf, -1);
                // Ids by first use from the root down: the frame table reads in the tree's order.
                for (int node : kept) {
                    assignUp(node, frames);
                }
            }
        }

        private void assignUp(int node, Frames frames) {
            int depth = tree.depth(node);
            int[] path = new int[depth + 1];
            int n = node;
            for (int d = depth; d >= 0; d--) {
                path[d] = n;
                n = tree.parent(n);
            }
            for (int p : path) {
                if (frameOf[p] < 0) {
                    frameOf[p] = frames.of(tree.regionName(p));
                }
            }
        }

        private long value(int node) {
            return weight == null ? tree.exclusiveNanos(node) : weighed ? tree.exclusive(node, weight) : 0;
        }

        private String valueText(long v) {
            return weight == null ? TimeUnits.exact(v, timeUnit) : Long.toString(v);
        }

        void write(JsonGenerator g) throws IOException {
            g.writeStartObject();
            g.writeStringField("type", "sampled");
            g.writeStringField("name", name);
            g.writeStringField("unit", unit);
            g.writeNumberField("startValue", 0);
            g.writeFieldName("endValue");
            g.writeNumber(valueText(totalValue));
            g.writeArrayFieldStart("samples");
            int[] path = new int[16];
            for (int i = 0; i < kept.length; i++) {
                g.writeStartArray();
                if (keyed) {
                    for (int id : keyFrames.get(i)) {
                        g.writeNumber(id);
                    }
                } else {
                    int depth = tree.depth(kept[i]);
                    if (path.length <= depth) {
                        path = new int[Math.max(depth + 1, path.length * 2)];
                    }
                    int n = kept[i];
                    for (int d = depth; d >= 0; d--) {
                        path[d] = frameOf[n];
                        n = tree.parent(n);
                    }
                    for (int d = 0; d <= depth; d++) {
                        g.writeNumber(path[d]);
                    }
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("weights");
            for (int node : kept) {
                g.writeNumber(valueText(value(node)));
            }
            g.writeEndArray();
            g.writeEndObject();
        }

        private static String timeUnitName(DisplayUnit unit) {
            return switch (unit) {
                case NS -> "nanoseconds";
                case US -> "microseconds";
                case MS -> "milliseconds";
                case S -> "seconds";
            };
        }
    }
}
