package dev.ppw.cli;

import dev.ppw.engine.Engine;
import dev.ppw.model.Report;

import java.io.IOException;

/** The last step of every command: write the report where {@code -o} says, or to stdout. */
final class Output {
    private Output() {
    }

    /** Writes {@code report} in {@code --format} to {@code -o} (atomically) or to stdout. */
    static void write(Engine engine, Report report, ReportOptions options, Main.Streams streams) throws IOException {
        String format = options.format.name();
        if (options.output == null) {
            engine.write(report, format, streams.out());
            streams.out().flush();
            return;
        }
        try {
            engine.write(report, format, options.output);
        } catch (IOException e) {
            throw FileProblem.cannotWrite(options.output, e);
        }
    }
}
