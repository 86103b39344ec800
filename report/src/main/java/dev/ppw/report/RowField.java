package dev.ppw.report;

import dev.ppw.model.Report;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.PerCall;
import dev.ppw.model.Profile;
import dev.ppw.model.SavedProfileLayout;
import dev.ppw.model.ViewKind;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The fixed fields of a machine-readable row, shared by CSV and JSON, in CSV order: those every profile
 * has. Time fields are named with their unit ({@code inclusive_us}). The {@code NODE_*} and
 * {@link #IMBALANCE} fields come from the report's {@link Breakdown} and follow the others when there is
 * one; declared metrics ({@link MetricColumn}) come between ({@link RowColumn}).
 */
enum RowField implements RowColumn {
    /**
     * The row's {@link dev.ppw.model.Part}, {@code thread} or {@code async}: the first column, only when the
     * profile has an async part ({@link SavedProfileLayout#PART_COLUMN}).
     */
    PART(Kind.TEXT),
    /** Tree and callpath: region names from a root joined by " => "; flat and tau: the row's key. */
    PATH(Kind.TEXT),
    /** The node's index in the profile's tree: unique. */
    ID(Kind.INTEGER),
    /** The parent's {@link #ID}; absent for roots. */
    PARENT_ID(Kind.INTEGER),
    /** 0 for roots. */
    DEPTH(Kind.INTEGER),
    NAME(Kind.TEXT),
    /** Where the parent called the region; empty when the format records none. */
    CALLSITE(Kind.TEXT),
    /** Calls of a traced row; absent for a row of samples, which counts {@link #SAMPLES}. */
    CALLS(Kind.INTEGER),
    /** Calls of the row's callees; absent for a row of samples. */
    SUBCALLS(Kind.INTEGER),
    /**
     * A row of the samples part: the number of samples whose stack holds it (its {@code calls}, SEMANTICS.md
     * section 2); absent for traced rows. A column only when the profile has a samples part.
     */
    SAMPLES(Kind.INTEGER),
    INCLUSIVE(Kind.TIME),
    EXCLUSIVE(Kind.TIME),
    MIN_INCLUSIVE(Kind.TIME),
    MAX_INCLUSIVE(Kind.TIME),
    /** Inclusive time per call ({@link PerCall}); absent where it is not defined. */
    INCLUSIVE_PER_CALL(Kind.TIME),
    /** Exclusive time per call ({@link PerCall}); absent where it is not defined. */
    EXCLUSIVE_PER_CALL(Kind.TIME),
    /** The aggregation operator: sum, min, max or avg. */
    AGG(Kind.TEXT),
    /** How a key absent from a node was counted: zero or present. */
    MISSING(Kind.TEXT),
    /** How many input profiles were combined. */
    NODES(Kind.INTEGER),
    /** How many inputs were left out because they cannot be read; a column only when some were. */
    DROPPED_INPUTS(Kind.INTEGER),
    /** Why, as reasons and counts ({@code not valid JSON 2, the input is empty 1}); with the one above. */
    DROPPED_REASONS(Kind.TEXT),
    /** Smallest of the nodes' inclusive times (a node without the row counts as 0 under missing=zero). */
    NODE_MIN_INCLUSIVE(Kind.TIME),
    /** Largest of the nodes' inclusive times. */
    NODE_MAX_INCLUSIVE(Kind.TIME),
    /** Mean of the nodes' inclusive times, rounded to the nearest ns (halves away from zero). */
    NODE_MEAN_INCLUSIVE(Kind.TIME),
    /** Sample standard deviation of the nodes' inclusive times, rounded to the nearest ns. */
    NODE_STDDEV_INCLUSIVE(Kind.TIME),
    /** Label of the node holding {@link #NODE_MAX_INCLUSIVE}. */
    NODE_OF_MAX(Kind.TEXT),
    /** max / mean with 4 decimals; absent when the mean is 0. */
    IMBALANCE(Kind.DECIMAL);

    /** TEXT is a string, the others are numbers; TIME is named with its unit. */
    enum Kind { TEXT, INTEGER, DECIMAL, TIME }

    static final String PATH_SEPARATOR = " => ";

    /** The fixed columns of docs/profile-json.md ({@link SavedProfileLayout.Column}), the same for every view (flat and tau rows are roots). */
    static final List<RowField> JSON_FIELDS = Arrays.stream(SavedProfileLayout.Column.values())
            .map(c -> valueOf(c.name())).toList();

    /**
     * The time per call ({@link SavedProfileLayout.DerivedColumn}), last in CSV and JSON alike: these columns
     * came after the others, whose positions stay.
     */
    static final List<RowField> PER_CALL_FIELDS = Arrays.stream(SavedProfileLayout.DerivedColumn.values())
            .map(c -> valueOf(c.name())).toList();

    /** What a {@link Breakdown} adds, after the other fields (the per-call ones aside), in CSV and JSON alike. */
    static final List<RowField> BREAKDOWN_FIELDS = List.of(NODE_MIN_INCLUSIVE, NODE_MAX_INCLUSIVE,
            NODE_MEAN_INCLUSIVE, NODE_STDDEV_INCLUSIVE, NODE_OF_MAX, IMBALANCE);

    private static final List<RowField> HIERARCHICAL = List.of(PATH, ID, PARENT_ID, DEPTH, NAME, CALLSITE, CALLS,
            SUBCALLS, INCLUSIVE, EXCLUSIVE, MIN_INCLUSIVE, MAX_INCLUSIVE, AGG, MISSING, NODES);
    private static final List<RowField> KEYED = List.of(PATH, CALLS, SUBCALLS, INCLUSIVE, EXCLUSIVE,
            MIN_INCLUSIVE, MAX_INCLUSIVE, AGG, MISSING, NODES);
    private static final int IMBALANCE_DECIMALS = 4;

    private final Kind kind;

    RowField(Kind kind) {
        this.kind = kind;
    }

    Kind kind() {
        return kind;
    }

    /**
     * The fixed CSV fields of a report's view (the breakdown's, the metrics' and the per-call columns aside), and
     * what was left out when inputs were (so that other files keep their columns).
     */
    static List<RowField> csvFields(Report report) {
        List<RowField> fields = report.profile().view().isHierarchical() ? HIERARCHICAL : KEYED;
        if (report.profile().droppedInputs().isEmpty()) {
            return fields;
        }
        List<RowField> withDropped = new ArrayList<>(fields);
        withDropped.add(DROPPED_INPUTS);
        withDropped.add(DROPPED_REASONS);
        return withDropped;
    }

    /** Lower snake case, time fields suffixed with the unit; a saved profile's column as its layout names it. */
    @Override
    public String columnName(DisplayUnit unit) {
        if (PER_CALL_FIELDS.contains(this)) {
            return SavedProfileLayout.DerivedColumn.valueOf(name()).columnName(unit);
        }
        if (this == SAMPLES) {
            return SavedProfileLayout.SAMPLES_COLUMN;
        }
        if (JSON_FIELDS.contains(this)) {
            return SavedProfileLayout.Column.valueOf(name()).columnName(unit);
        }
        String base = name().toLowerCase(Locale.ROOT);
        return kind == Kind.TIME ? base + "_" + unit.label() : base;
    }

    @Override
    public boolean isText() {
        return kind == Kind.TEXT;
    }

    /**
     * The field's text for {@code node}, or null when it has no value (a root's parent, an unset min/max, the
     * imbalance of a row whose mean is 0). Breakdown fields need the report's breakdown.
     */
    @Override
    public String text(Report report, int node, DisplayUnit unit) {
        Profile profile = report.profile();
        CallTree t = profile.tree();
        return switch (this) {
            case PART -> t.part(node).label();
            case PATH -> profile.view().isHierarchical() ? t.path(node, PATH_SEPARATOR) : t.regionName(node);
            case ID -> Integer.toString(node);
            case PARENT_ID -> t.parent(node) == CallTree.ROOT ? null : Integer.toString(t.parent(node));
            case DEPTH -> Integer.toString(t.depth(node));
            case NAME -> t.regionName(node);
            case CALLSITE -> t.callsiteName(node);
            case CALLS -> t.part(node).sampled() ? null : Long.toString(t.calls(node));
            case SUBCALLS -> t.part(node).sampled() ? null : Long.toString(t.subcalls(node));
            case SAMPLES -> t.part(node).sampled() ? Long.toString(t.calls(node)) : null;
            case INCLUSIVE -> TimeUnits.exact(t.inclusiveNanos(node), unit);
            case EXCLUSIVE -> TimeUnits.exact(t.exclusiveNanos(node), unit);
            case MIN_INCLUSIVE -> unsetOrTime(t.minInclusiveNanos(node), unit);
            case MAX_INCLUSIVE -> unsetOrTime(t.maxInclusiveNanos(node), unit);
            case INCLUSIVE_PER_CALL -> PerCall.defined(profile, node)
                    ? TimeUnits.exact(PerCall.inclusiveNanos(profile, node), unit) : null;
            case EXCLUSIVE_PER_CALL -> PerCall.defined(profile, node)
                    ? TimeUnits.exact(PerCall.exclusiveNanos(profile, node), unit) : null;
            case AGG -> profile.aggregation().label();
            case MISSING -> profile.missing().label();
            case NODES -> Integer.toString(profile.nodes());
            case DROPPED_INPUTS -> Long.toString(profile.droppedInputs().count());
            case DROPPED_REASONS -> profile.droppedInputs().reasonsText();
            case NODE_MIN_INCLUSIVE -> TimeUnits.exact(breakdown(report).minNanos(node), unit);
            case NODE_MAX_INCLUSIVE -> TimeUnits.exact(breakdown(report).maxNanos(node), unit);
            case NODE_MEAN_INCLUSIVE -> roundedTime(breakdown(report).meanNanos(node), unit);
            case NODE_STDDEV_INCLUSIVE -> roundedTime(breakdown(report).stddevNanos(node), unit);
            case NODE_OF_MAX -> breakdown(report).maxNode(node);
            case IMBALANCE -> ratio(breakdown(report).imbalance(node), IMBALANCE_DECIMALS);
        };
    }

    private static Breakdown breakdown(Report report) {
        return report.breakdown().orElseThrow(() -> new IllegalStateException("the report has no breakdown"));
    }

    private static String roundedTime(double nanos, DisplayUnit unit) {
        return Double.isFinite(nanos) ? TimeUnits.exact(TimeUnits.nearestNanos(nanos), unit) : null;
    }

    /** {@code value} with exactly {@code decimals} decimals, halves away from zero; null when not finite. */
    static String ratio(double value, int decimals) {
        if (!Double.isFinite(value)) {
            return null;
        }
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
    }

    /**
     * A double as the shortest decimal that reads back as it ({@link Double#toString}'s digits), written
     * plain: no exponent, no trailing zeros ({@code 18325.504}, {@code 0}, {@code -0}); null when NaN.
     */
    static String plain(double value) {
        if (Double.isNaN(value)) {
            return null;
        }
        if (value == 0) {
            return Double.doubleToRawLongBits(value) < 0 ? "-0" : "0";
        }
        String s = new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
        return s;
    }

    private static String unsetOrTime(long nanos, DisplayUnit unit) {
        return nanos == CallTree.UNSET ? null : TimeUnits.exact(nanos, unit);
    }
}
