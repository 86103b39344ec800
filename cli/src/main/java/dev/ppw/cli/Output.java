package dev.ppw.cli;

import dev.ppw.engine.Engine;
import dev.ppw.model.Report;
import dev.ppw.model.output.OutputWriter;

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
        String format = writer(options, streams).name();
        boolean toStdout = options.output == null || STDOUT.equals(options.output.toString());
        report = report.withPresentation(options.presentation(toStdout, streams.outCharset())
                .withColour(options.colour(toStdout, streams.out())));
        if (toStdout) {
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

    /**
     * The writer of {@code --format}, or when it is not given, the one whose file ending {@code -o}'s name has
     * ({@code .gz} aside), else the default one (text). A {@code --format} that another writer's ending contradicts is kept, with
     * a warning on stderr.
     */
    static OutputWriter writer(ReportOptions options, Main.Streams streams) {
        OutputWriter byEnding = byEnding(options);
        if (byEnding != null && options.format != null && !byEnding.name().equals(options.format.name())) {
            streams.err().println(Main.PREFIX + "warning: -o " + options.output + " ends like a " + byEnding.name()
                    + " file, but --format " + options.format.name() + " was asked: writing " + options.format.name());
        }
        return chosen(options);
    }

    /** The writer {@link #writer} picks, without a word. */
    static OutputWriter chosen(ReportOptions options) {
        if (options.format != null) {
            return options.format;
        }
        OutputWriter byEnding = byEnding(options);
        return byEnding != null ? byEnding : Converters.defaultWriter(OutputWriter.Default.UNSPECIFIED);
    }

    private static OutputWriter byEnding(ReportOptions options) {
        boolean file = options.output != null && !STDOUT.equals(options.output.toString());
        return file ? Converters.byEnding(options.output) : null;
    }
}
