package dev.ppw.cli;

import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Profile;
import dev.ppw.report.AtomicOutput;
import dev.ppw.model.Report;
import dev.ppw.model.output.OutputWriter;

import java.io.IOException;
import java.util.Optional;

/** The last step of every command: choose and order the rows, then write the report where asked. */
final class Output {
    private Output() {
    }

    /** Builds the report of {@code shown} from the options (rows, unit), with the counts of reading its inputs. */
    static Report report(Profile shown, ReportOptions options, Diagnostics diagnostics) {
        int[] rows = RowOrder.order(shown, options.sort, options.maxDepth == null ? 0 : options.maxDepth,
                options.minPercent);
        return new Report(shown, rows, RowOrder.totalNanos(shown), Optional.ofNullable(options.unit))
                .withDiagnostics(diagnostics);
    }

    /** Writes {@code report} to {@code -o} (atomically) or to stdout. */
    static void write(Report report, ReportOptions options, Main.Streams streams) throws IOException {
        OutputWriter writer = options.format;
        if (options.output == null) {
            writer.write(report, streams.out());
            streams.out().flush();
            return;
        }
        try {
            AtomicOutput.write(options.output, out -> writer.write(report, out));
        } catch (IOException e) {
            throw FileProblem.cannotWrite(options.output, e);
        }
    }
}
