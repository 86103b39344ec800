package dev.ppw.report;

import dev.ppw.model.CounterSeries;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Report;
import dev.ppw.model.TimeBins;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * RFC 4180 CSV (CRLF line ends, quotes only where needed), one header row, then one row per printed node
 * with the fixed fields of {@link RowField}, then the declared metrics shown to machines ({@link MetricColumn});
 * with a breakdown its columns follow, then the time per call; with imbalance rows exactly
 * those rows are listed, worst first. An unset min/max, a root's parent, an undefined imbalance and a time
 * per call where there is none are empty fields.
 *
 * <p>A report with phases ({@link Report#phases()}) has a leading {@code phase} column: empty for the whole's
 * rows, which come first, then each phase's rows under its name, in the whole's columns. A report with time
 * bins ({@link Report#timeBins()}) is written in long form instead: {@code bin_start_ns,bin_end_ns}, the row's
 * key columns, {@code metric,value} ({@link BinValues}).
 *
 * <p>A diff's report ({@link Report#diff()}) is written by {@link DiffOutput}, its own layout.
 */
public final class CsvWriter implements OutputWriter {
    /** The first column when a report has phases: empty for the whole's rows, else the phase's name. */
    static final String PHASE = "phase";
    private static final String BIN_START = "bin_start_ns";
    private static final String BIN_END = "bin_end_ns";
    private static final String METRIC = "metric";
    private static final String VALUE = "value";
    // Fields are written a few chars at a time: encoded in one go per buffer, not per write.
    private static final int BUFFER_CHARS = 1 << 16;

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public String description() {
        return "RFC 4180 CSV, one header row, time columns named with their unit";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".csv");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED, Content.DIFF);
    }

    /** The unit, the time bins and phases, a merge's breakdown and imbalance rows, percentiles, counter series. */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.of(ReportFeature.UNIT, ReportFeature.TIME_BINS, ReportFeature.PHASES, ReportFeature.BREAKDOWN,
                ReportFeature.IMBALANCE_ROWS, ReportFeature.PERCENTILES, ReportFeature.COUNTER_SERIES);
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        if (report.diff().isPresent()) {
            DiffOutput.csv(report, out);
            return;
        }
        if (report.profile().view() == ViewKind.COUNTERS) {
            writeCounters(report, out);
            return;
        }
        if (report.timeBins().isPresent()) {
            writeBins(report, out);
            return;
        }
        DisplayUnit unit = report.unitOrNanos();
        List<RowColumn> fields = RowColumn.csv(report);
        boolean phases = !report.phases().isEmpty();
        List<String> header = new ArrayList<>(fields.size() + 1);
        if (phases) {
            header.add(PHASE);
        }
        for (RowColumn f : fields) {
            header.add(f.columnName(unit));
        }
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        CSVFormat format = CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).build();
        // Not try-with-resources: closing the printer would close the caller's stream.
        CSVPrinter printer = new CSVPrinter(writer, format);
        CsvRows rows = new CsvRows(writer, report.presentation().rawCsv());
        printRows(rows, report, phases ? "" : null, header, unit);
        for (Report.Phase phase : report.phases()) {
            printRows(rows, phase.report(), phase.name(), header, unit);
        }
        rows.flush();
        printer.flush();
    }

    /**
     * {@code report}'s listed rows under {@code header} (the whole's columns: a phase's own report may lack a
     * metric the whole has, whose fields are then empty), each led by {@code phase} unless it is null.
     */
    private static void printRows(CsvRows rows, Report report, String phase, List<String> header,
                                  DisplayUnit unit) throws IOException {
        List<RowColumn> fields = RowColumn.csv(report);
        java.util.Map<String, RowColumn> byName = new java.util.HashMap<>();
        for (RowColumn f : fields) {
            byName.put(f.columnName(unit), f);
        }
        List<RowColumn> ordered = new ArrayList<>(header.size());
        for (int c = phase == null ? 0 : 1; c < header.size(); c++) {
            ordered.add(byName.get(header.get(c)));
        }
        for (int node : report.listedRows()) {
            if (phase != null) {
                rows.text(phase);
            }
            for (RowColumn f : ordered) {
                String text = f == null ? null : f.text(report, node, unit);
                if (text != null && f.isText()) {
                    rows.text(text);
                } else {
                    rows.field(text == null ? "" : text);
                }
            }
            rows.endRow();
        }
    }

    /**
     * Time bins in long form ({@link BinValues}): {@code bin_start_ns,bin_end_ns}, the row's key columns as the
     * other CSV prints them (part when there is an async or sampled part, path, and id in tree and callpath views; a counter
     * series' name in path), {@code metric,value}.
     */
    private static void writeBins(Report report, OutputStream out) throws IOException {
        TimeBins bins = report.timeBins().orElseThrow();
        boolean parts = report.profile().tree().hasPartsBesideThreads();
        boolean ids = report.profile().view().isHierarchical();
        List<String> header = new ArrayList<>(List.of(BIN_START, BIN_END));
        if (parts) {
            header.add(RowField.PART.columnName(DisplayUnit.NS));
        }
        header.add(RowField.PATH.columnName(DisplayUnit.NS));
        if (ids) {
            header.add(RowField.ID.columnName(DisplayUnit.NS));
        }
        header.add(METRIC);
        header.add(VALUE);
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        CSVPrinter printer = new CSVPrinter(writer, CSVFormat.RFC4180.builder()
                .setHeader(header.toArray(String[]::new)).build());
        printer.flush();
        CsvRows rows = new CsvRows(writer, report.presentation().rawCsv());
        List<TimeBins.CounterBins> counters = bins.counters();
        BinValues.each(report, v -> {
            rows.field(Long.toString(bins.startNanos(v.bin())));
            rows.field(Long.toString(bins.endNanos(v.bin())));
            if (v.node() >= 0) {
                if (parts) {
                    rows.field(RowField.PART.text(report, v.node(), DisplayUnit.NS));
                }
                rows.text(RowField.PATH.text(report, v.node(), DisplayUnit.NS));
                if (ids) {
                    rows.field(RowField.ID.text(report, v.node(), DisplayUnit.NS));
                }
            } else {
                if (parts) {
                    rows.field("");
                }
                rows.text(BinValues.counterName(counters.get(v.counter()).whole()));
                if (ids) {
                    rows.field("");
                }
            }
            rows.field(v.metric());
            rows.field(v.value());
            rows.endRow();
        });
        rows.flush();
        writer.flush();
    }

    /** The counters view: one row per generic counter series. */
    private static void writeCounters(Report report, OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        CSVFormat format = CSVFormat.RFC4180.builder().setHeader(CounterFields.COLUMNS.toArray(String[]::new)).build();
        CSVPrinter printer = new CSVPrinter(writer, format);
        printer.flush();
        CsvRows rows = new CsvRows(writer, report.presentation().rawCsv());
        for (CounterSeries c : report.profile().counters()) {
            String[] values = CounterFields.values(c);
            for (int i = 0; i < values.length; i++) {
                if (i < CounterFields.TEXT_COLUMNS && values[i] != null) {
                    rows.text(values[i]);
                } else {
                    rows.field(values[i] == null ? "" : values[i]);
                }
            }
            rows.endRow();
        }
        rows.flush();
        writer.flush();
    }
}
