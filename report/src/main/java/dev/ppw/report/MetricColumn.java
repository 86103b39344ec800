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
 * {@code inclusive <unit>} or {@code exclusive <unit>} after it).
 *
 * <p>Values: integral VALUE and WEIGHT metrics as integers; the others (ratios included, whatever their
 * unit, since they are computed) as the shortest decimal that reads back as the double
 * ({@link RowField#plain}). In text, percentages have two decimals instead. No value (NaN) is null here,
 * hence an empty CSV field and JSON null, and a blank text cell.
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
                : metric.textLabel() + " " + sideLabel() + " " + metric.unit().label();
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

    /** The value for a text table cell: percentages with two decimals; blank when none. */
    String textCell(CallTree tree, int node) {
        String text = side == Side.VALUE && metric.unit() == MetricUnit.PERCENT
                ? RowField.ratio(tree.doubleValue(node, metric), PERCENT_DECIMALS)
                : value(tree, node);
        return text == null ? "" : text;
    }

    private String sideLabel() {
        return side.name().toLowerCase(Locale.ROOT);
    }
}
