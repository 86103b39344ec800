package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.FoldedWeightLine;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.Part;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;
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
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Brendan Gregg's folded stacks, the common input of flame-graph tools (flamegraph.pl, speedscope,
 * inferno): one line per listed row with a positive exclusive value, its frames from the root joined by
 * {@code ;}, a space, and the value as a whole number, for example
 * <pre>{@code main;compute;sha256 1843000}</pre>
 *
 * <p>The value is the row's exclusive time in integer nanoseconds when the profile has any time; a profile
 * without time (a sampled input weighed in bytes, events or samples) writes the exclusive values of its
 * first sample-weight metric instead, in that metric's unit. The format has no place for the unit (tools
 * show the numbers as samples), so when the values are not a count of samples the first line says what they
 * are, a comment ({@link FoldedWeightLine}: {@code # ppw-java folded stacks: each value is nanoseconds of
 * time}) that ppw-java's folded reader honours and flame-graph tools skip. Rows whose value is 0 or negative (possible in a min/max aggregate) are
 * left out, since a flame graph cannot draw them; a parent's own line is its exclusive part only, so the
 * lines of a tree add up to its total. Flat and tau rows are written as the frames of their key.
 *
 * <p>The format cannot quote: a {@code ;} inside a region name becomes {@code :}, and line ends and tabs
 * become spaces, so that each row stays one line of the same number of frames.
 *
 * <p>The rows of the async part (SEMANTICS.md section 2, "Parts") are written after the thread part's, each
 * line's stack under one more first frame, {@code [async]}: flame graphs draw the async spans as a tower of
 * their own rather than mixing them into the threads' frames, and the lines starting with {@code [async];}
 * are the ones to drop for thread time alone.
 *
 * <p>A report split into phases ({@link Report#phases()}, SEMANTICS.md "Phases") writes each phase's lines
 * under one more first frame, the phase's name ({@code emit;main;foo 123}, {@code (outside);...}), phase after
 * phase, and not the whole's lines: a flame graph shows the phases side by side, and since phases partition
 * each row's time, the lines of a stack over all phases add up to the whole's line of that stack. The
 * {@code [async]} frame then comes second.
 */
public final class FoldedWriter implements OutputWriter {
    private static final int BUFFER_CHARS = 1 << 16;
    /** The first frame of every line of the async part: a flame graph draws the async spans as a tower apart. */
    static final String ASYNC_FRAME = "[async]";

    @Override
    public String name() {
        return "folded";
    }

    @Override
    public String description() {
        return "folded stacks ('a;b;c 42' per line), exclusive nanoseconds, for flame-graph tools";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".folded", ".collapsed");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED);
    }

    /** Each phase as stacks under a frame of its own; nothing else but the stacks and their values. */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.of(ReportFeature.PHASES);
    }

    @Override
    public Optional<String> whyUnused(ReportFeature feature) {
        return Optional.ofNullable(switch (feature) {
            case UNIT -> "has no place in folded stacks: their values are whole nanoseconds (or the sample weight's own"
                    + " unit)";
            case PERCENTILES -> "have no place in folded stacks";
            case BREAKDOWN, IMBALANCE_ROWS -> "has no place in folded stacks";
            case COUNTER_SERIES -> "folded stacks have no counter series";
            default -> null;
        });
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        // The whole's measure for every phase too: a phase without time of its own still writes time (none).
        Metric weight = hasTime(report.profile().tree()) ? null : firstWeight(report.profile().tree());
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        if (report.profile().view() != ViewKind.COUNTERS) {
            Metric values = weight == null ? SampleWeights.TIME : weight;
            if (FoldedWeightLine.needed(values)) {
                w.append(FoldedWeightLine.of(values)).append('\n');
            }
            if (report.phases().isEmpty()) {
                writeRows(w, report, null, weight);
            } else {
                for (Report.Phase phase : report.phases()) {
                    writeRows(w, phase.report(), phase.name(), weight);
                }
            }
        }
        w.flush();
    }

    /** One line per row of {@code report} with a positive value, under the frame {@code phase} when not null. */
    private static void writeRows(Writer w, Report report, String phase, Metric weight) throws IOException {
        CallTree tree = report.profile().tree();
        boolean keyed = !report.profile().view().isHierarchical();
        boolean weighed = weight != null && carries(tree, weight);
        List<String> frames = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (int node : report.rows()) {
            long value = weight == null ? tree.exclusiveNanos(node) : weighed ? tree.exclusive(node, weight) : 0;
            if (value <= 0) {
                continue;
            }
            line.setLength(0);
            stack(tree, node, keyed, frames);
            if (phase != null) {
                frames.addFirst(phase);
            }
            for (int i = 0; i < frames.size(); i++) {
                if (i > 0) {
                    line.append(';');
                }
                appendFrame(line, frames.get(i));
            }
            line.append(' ').append(value).append('\n');
            w.append(line);
        }
    }

    /** True when {@code tree} has the columns of {@code metric} (a phase's tree may lack a group the whole has). */
    static boolean carries(CallTree tree, Metric metric) {
        for (MetricGroup g : tree.metricGroups()) {
            if (g.metrics().contains(metric)) {
                return true;
            }
        }
        return false;
    }

    static boolean hasTime(CallTree tree) {
        for (int n = 1; n < tree.size(); n++) {
            if (tree.inclusiveNanos(n) != 0) {
                return true;
            }
        }
        return false;
    }

    /** The first WEIGHT metric of the tree's groups, or null (then the zero times are written, which is nothing). */
    static Metric firstWeight(CallTree tree) {
        for (MetricGroup g : tree.metricGroups()) {
            for (Metric m : g.metrics()) {
                if (m.kind() == Metric.Kind.WEIGHT) {
                    return m;
                }
            }
        }
        return null;
    }

    /**
     * The region names from the root down to {@code node} (a keyed row: its key's names), after
     * a frame naming its part ({@link #ASYNC_FRAME}, {@code [samples]}) for a row of another part than the main one.
     */
    private static void stack(CallTree tree, int node, boolean keyed, List<String> into) {
        into.clear();
        if (keyed) {
            into.addAll(List.of(tree.regionName(node).split(" => ", -1)));
        } else {
            for (int n = node; n != CallTree.ROOT; n = tree.parent(n)) {
                into.add(tree.regionName(n));
            }
            Collections.reverse(into);
        }
        if (tree.part(node) != tree.mainPart()) {
            into.addFirst("[" + tree.part(node).label() + "]");
        }
    }

    private static void appendFrame(StringBuilder line, String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            line.append(switch (c) {
                case ';' -> ':';
                case '\n', '\r', '\t' -> ' ';
                default -> c;
            });
        }
    }
}
