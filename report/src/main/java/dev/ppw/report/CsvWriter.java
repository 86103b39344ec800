package dev.ppw.report;

import dev.ppw.model.Report;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * RFC 4180 CSV (CRLF line ends, quotes only where needed), one header row, then one row per printed node
 * with the fixed fields of {@link RowField}, then the declared metrics shown to machines ({@link MetricColumn});
 * with a breakdown its columns follow, then the time per call; with imbalance rows exactly
 * those rows are listed, worst first. An unset min/max, a root's parent, an undefined imbalance and a time
 * per call where there is none are empty fields.
 *
 * <p>A diff's report ({@link Report#diff()}) is written by {@link DiffOutput}, its own layout.
 */
public final class CsvWriter implements OutputWriter {
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
        DisplayUnit unit = report.unitOrNanos();
        List<RowColumn> fields = RowColumn.csv(report);
        List<String> header = new ArrayList<>(fields.size());
        for (RowColumn f : fields) {
            header.add(f.columnName(unit));
        }
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        CSVFormat format = CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).build();
        // Not try-with-resources: closing the printer would close the caller's stream.
        CSVPrinter printer = new CSVPrinter(writer, format);
        List<String> values = new ArrayList<>(fields.size());
        for (int node : report.listedRows()) {
            values.clear();
            for (RowColumn f : fields) {
                String text = f.text(report, node, unit);
                values.add(text == null ? "" : text);
            }
            printer.printRecord(values);
        }
        printer.flush();
    }

    /** The counters view: one row per generic counter series. */
    private static void writeCounters(Report report, OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        CSVFormat format = CSVFormat.RFC4180.builder().setHeader(CounterFields.COLUMNS.toArray(String[]::new)).build();
        CSVPrinter printer = new CSVPrinter(writer, format);
        for (CounterSeries c : report.profile().counters()) {
            printer.printRecord((Object[]) CounterFields.values(c));
        }
        printer.flush();
    }
}
