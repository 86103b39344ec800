package dev.ppw.cli;

import dev.ppw.engine.Engine;
import dev.ppw.model.Report;

import java.io.IOException;

/** The last step of every command: write the report where {@code -o} says, or to stdout. */
final class Output {
    private Output() {
    }

    /** {@code -o -}: standard output, as for most tools that take a file name. */
    static final String STDOUT = "-";

    /**
     * Writes {@code report} in {@code --format} to stdout (no {@code -o}, or {@code -o -}), or to {@code -o}: a
     * regular file replaced atomically, a link's file, or a device or pipe written through.
     */
    static void write(Engine engine, Report report, ReportOptions options, Main.Streams streams) throws IOException {
        String format = options.format.name();
        if (options.output == null || STDOUT.equals(options.output.toString())) {
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
