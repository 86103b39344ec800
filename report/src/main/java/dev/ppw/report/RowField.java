package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;

import java.util.List;

/**
 * The fields of a machine-readable row, shared by CSV and JSON, in CSV order. Time fields are named with
 * their unit ({@code inclusive_us}).
 */
enum RowField {
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
    CALLS(Kind.INTEGER),
    SUBCALLS(Kind.INTEGER),
    INCLUSIVE(Kind.TIME),
    EXCLUSIVE(Kind.TIME),
    MIN_INCLUSIVE(Kind.TIME),
    MAX_INCLUSIVE(Kind.TIME),
    /** The aggregation operator: sum, min, max or avg. */
    AGG(Kind.TEXT),
    /** How a key absent from a node was counted: zero or present. */
    MISSING(Kind.TEXT),
    /** How many input profiles were combined. */
    NODES(Kind.INTEGER);

    enum Kind { TEXT, INTEGER, TIME }

    static final String PATH_SEPARATOR = " => ";

    /** The columns of docs/profile-json.md, the same for every view (flat and tau rows are roots). */
    static final List<RowField> JSON_FIELDS = List.of(ID, PARENT_ID, DEPTH, NAME, CALLSITE, CALLS, SUBCALLS,
            INCLUSIVE, EXCLUSIVE, MIN_INCLUSIVE, MAX_INCLUSIVE);

    private static final List<RowField> HIERARCHICAL = List.of(values());
    private static final List<RowField> KEYED = List.of(PATH, CALLS, SUBCALLS, INCLUSIVE, EXCLUSIVE,
            MIN_INCLUSIVE, MAX_INCLUSIVE, AGG, MISSING, NODES);

    private final Kind kind;

    RowField(Kind kind) {
        this.kind = kind;
    }

    Kind kind() {
        return kind;
    }

    /** The CSV columns of a view. */
    static List<RowField> csvFields(ViewKind view) {
        return view.isHierarchical() ? HIERARCHICAL : KEYED;
    }

    /** Column or member name: lower snake case, time fields suffixed with the unit. */
    String columnName(DisplayUnit unit) {
        String base = name().toLowerCase(java.util.Locale.ROOT);
        return kind == Kind.TIME ? base + "_" + unit.label() : base;
    }

    /** The field's text for {@code node}, or null when it has no value (a root's parent, an unset min/max). */
    String text(Profile profile, int node, DisplayUnit unit) {
        CallTree t = profile.tree();
        return switch (this) {
            case PATH -> profile.view().isHierarchical() ? t.path(node, PATH_SEPARATOR) : t.regionName(node);
            case ID -> Integer.toString(node);
            case PARENT_ID -> t.parent(node) == CallTree.ROOT ? null : Integer.toString(t.parent(node));
            case DEPTH -> Integer.toString(t.depth(node));
            case NAME -> t.regionName(node);
            case CALLSITE -> t.callsiteName(node);
            case CALLS -> Long.toString(t.calls(node));
            case SUBCALLS -> Long.toString(t.subcalls(node));
            case INCLUSIVE -> TimeUnits.exact(t.inclusiveNanos(node), unit);
            case EXCLUSIVE -> TimeUnits.exact(t.exclusiveNanos(node), unit);
            case MIN_INCLUSIVE -> unsetOrTime(t.minInclusiveNanos(node), unit);
            case MAX_INCLUSIVE -> unsetOrTime(t.maxInclusiveNanos(node), unit);
            case AGG -> profile.aggregation();
            case MISSING -> profile.missing();
            case NODES -> Integer.toString(profile.nodes());
        };
    }

    private static String unsetOrTime(long nanos, DisplayUnit unit) {
        return nanos == CallTree.UNSET ? null : TimeUnits.exact(nanos, unit);
    }
}
