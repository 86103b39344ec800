package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Metric;
import dev.ppw.model.Part;
import dev.ppw.model.Percentile;
import dev.ppw.model.Report;

import java.util.ArrayList;
import java.util.List;

/**
 * One column of a machine-readable row, in CSV and JSON alike: a fixed {@link RowField} or a declared
 * metric's {@link MetricColumn}. A report's columns are the part when the profile has an async part, the
 * fixed ones of its format and view, then its tree's metric groups in order (those metrics the format
 * shows), then the breakdown's when it has one, then the time per call ({@link RowField#PER_CALL_FIELDS}),
 * added last so that no earlier column moved; after those the {@link PercentileColumn}s asked for, and in JSON
 * last the {@link CallTimesColumn} when the tree keeps call-time sketches.
 */
interface RowColumn {
    /** The fixed fields only a traced row fills: left out of CSV for a profile of samples alone. */
    List<RowField> CALL_FIELDS = List.of(RowField.CALLS, RowField.SUBCALLS, RowField.MIN_INCLUSIVE,
            RowField.MAX_INCLUSIVE);

    /** Column or member name: lower snake case, time columns suffixed with {@code unit}. */
    String columnName(DisplayUnit unit);

    /** The column's text for {@code node}, or null when it has no value (JSON null, an empty CSV field). */
    String text(Report report, int node, DisplayUnit unit);

    /** True for strings (quoted in JSON), false for numbers. */
    boolean isText();

    /** The CSV columns of {@code report}: its view's fixed fields, the metrics shown to machines, the breakdown, per call. */
    static List<RowColumn> csv(Report report) {
        return of(report, RowField.csvFields(report), Metric.Shown.MACHINE);
    }

    /** The JSON columns of {@code report}: docs/profile-json.md's fixed fields, every metric, the breakdown, per call. */
    static List<RowColumn> json(Report report) {
        List<RowColumn> columns = of(report, RowField.JSON_FIELDS, Metric.Shown.SAVED);
        if (report.profile().tree().keepsCallTimes()) {
            columns.add(new CallTimesColumn());
        }
        return columns;
    }

    private static List<RowColumn> of(Report report, List<RowField> fixed, Metric.Shown where) {
        List<RowColumn> columns = new ArrayList<>();
        CallTree tree = report.profile().tree();
        if (tree.hasPartsBesideThreads()) {
            // Only then: the outputs of traces without async spans or samples keep the columns they always had.
            columns.add(RowField.PART);
        }
        // Rows of samples count samples, not calls, and have no per-call values (SEMANTICS.md section 5). CSV
        // leaves out the columns no row of a profile of samples alone fills; JSON keeps the saved profile's.
        boolean sampledOnly = tree.parts().equals(List.of(Part.SAMPLES));
        boolean csv = where == Metric.Shown.MACHINE;
        for (RowField f : fixed) {
            if (!(csv && sampledOnly && CALL_FIELDS.contains(f))) {
                columns.add(f);
            }
            if (f == RowField.SUBCALLS && tree.hasPart(Part.SAMPLES)) {
                columns.add(RowField.SAMPLES);
            }
        }

        columns.addAll(MetricColumn.of(report.profile().tree(), where));
        if (report.breakdown().isPresent()) {
            columns.addAll(RowField.BREAKDOWN_FIELDS);
        }
        if (!(csv && sampledOnly)) {
            columns.addAll(RowField.PER_CALL_FIELDS);
        }
        for (Percentile p : report.percentiles()) {
            columns.add(new PercentileColumn(p));
        }
        return columns;
    }
}
