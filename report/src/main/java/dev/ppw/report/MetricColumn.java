package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.Report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A printed column of a declared {@link Metric}, everything taken from its declaration: a VALUE or RATIO
 * metric is one column named after it; a WEIGHT metric is two, {@code <name>_inclusive_<unit>} and
 * {@code <name>_exclusive_<unit>}. Text tables head them with the metric's text label (a weight's with
 * {@code incl} or {@code excl} after it: its cells say their unit where it is not a count).
 *
 * <p>Values: integral VALUE and WEIGHT metrics as integers; the others (ratios included, whatever their
 * unit, since they are computed) as the shortest decimal that reads back as the double
 * ({@link RowField#plain}). In text, for people ({@link Readable}): percentages with two decimals, counts
 * with thousands separators, bytes with binary prefixes, other numbers with separators and two decimals at
 * most. No value (NaN) is null here, hence an empty CSV field and JSON null, and a blank text cell.
 *
 * @param metric the declaration
 * @param side which value of the metric: {@link Side#VALUE} for VALUE and RATIO metrics, the others for WEIGHT
 */
record MetricColumn(Metric metric, Side side) implements RowColumn {
    /** Which of a metric's values a column shows. */
    enum Side { VALUE, INCLUSIVE, EXCLUSIVE }

    private static final int PERCENT_DECIMALS = 2;

    /** The columns of {@code tree}'s metric groups, in order, of the metrics shown in {@code where}. */
    static List<MetricColumn> of(CallTree tree, Metric.Shown where) {
        List<MetricColumn> columns = new ArrayList<>();
        for (MetricGroup g : tree.metricGroups()) {
            for (Metric m : g.metrics()) {
                if (!m.shownIn(where)) {
                    continue;
                }
                if (m.kind() == Metric.Kind.WEIGHT) {
                    columns.add(new MetricColumn(m, Side.INCLUSIVE));
                    columns.add(new MetricColumn(m, Side.EXCLUSIVE));
                } else {
                    columns.add(new MetricColumn(m, Side.VALUE));
                }
            }
        }
        return columns;
    }

    @Override
    public String columnName(DisplayUnit unit) {
        return side == Side.VALUE ? metric.name() : metric.name() + "_" + sideLabel() + "_" + metric.unit().label();
    }

    /** The heading of the column in text tables. */
    String textHeading() {
        return side == Side.VALUE ? metric.textLabel()
                : metric.textLabel() + (side == Side.INCLUSIVE ? " incl" : " excl");
    }

    @Override
    public String text(Report report, int node, DisplayUnit unit) {
        return value(report.profile().tree(), node);
    }

    @Override
    public boolean isText() {
        return false;
    }

    /** The value for CSV and JSON, or null when none. */
    String value(CallTree tree, int node) {
        return switch (side) {
            case INCLUSIVE -> Long.toString(tree.inclusive(node, metric));
            case EXCLUSIVE -> Long.toString(tree.exclusive(node, metric));
            case VALUE -> metric.kind() == Metric.Kind.VALUE && metric.integral()
                    ? Long.toString(tree.longValue(node, metric))
                    : RowField.plain(tree.doubleValue(node, metric));
        };
    }

    /** The value for a text table cell, for people ({@link Readable}); blank when none. */
    String textCell(CallTree tree, int node) {
        if (side != Side.VALUE || metric.kind() == Metric.Kind.VALUE && metric.integral()) {
            long v = switch (side) {
                case INCLUSIVE -> tree.inclusive(node, metric);
                case EXCLUSIVE -> tree.exclusive(node, metric);
                case VALUE -> tree.longValue(node, metric);
            };
            return metric.unit() == MetricUnit.BYTES ? Readable.bytes(v) : Readable.count(v);
        }
        double v = tree.doubleValue(node, metric);
        if (metric.unit() == MetricUnit.PERCENT) {
            String text = RowField.ratio(v, PERCENT_DECIMALS);
            return text == null ? "" : text;
        }
        return Readable.number(v);
    }

    private String sideLabel() {
        return side.name().toLowerCase(Locale.ROOT);
    }
}
