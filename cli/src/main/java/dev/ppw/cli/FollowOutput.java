package dev.ppw.cli;

import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.model.Report;
import dev.ppw.model.output.ReportFeature;

import java.io.IOException;

/**
 * Where {@code profile --follow} writes its snapshots and its final profile, each one whole: to {@code -o FILE}
 * replacing the file atomically each time (the file is always one complete profile); to standard output on a
 * terminal, redrawn in place (the screen cleared, the cursor home, then the profile); to standard output
 * elsewhere, one after the other, text preceded by a separator line, CSV and JSON as one complete document each
 * (docs/live.md).
 */
final class FollowOutput {
    /** Cursor home, then clear the screen: ANSI, as every terminal emulator in use reads it. */
    static final String REDRAW = "\033[H\033[2J";
    /** What precedes each text snapshot written to a pipe or file by standard output. */
    static final String SEPARATOR = "--- ppw-java profile --follow: ";

    private final Engine engine;
    private final ReportOptions options;
    private final Main.Streams streams;
    private final boolean terminal;
    private final Runnable closed;
    private int snapshots;

    /** @param closed run when standard output can no longer be written (its reader is gone) */
    FollowOutput(Engine engine, ReportOptions options, Main.Streams streams, boolean terminal, Runnable closed) {
        this.engine = engine;
        this.options = options;
        this.streams = streams;
        this.terminal = terminal;
        this.closed = closed;
    }

    /** One snapshot while following. */
    void snapshot(AnalysisResult result) throws IOException {
        snapshots++;
        write(result, "snapshot " + snapshots + " ---");
    }

    /** The final profile, once following has ended. */
    void last(AnalysisResult result) throws IOException {
        write(result, "final profile ---");
    }

    /** How many snapshots were written. */
    int snapshots() {
        return snapshots;
    }

    private void write(AnalysisResult result, String label) throws IOException {
        Report report = result.report();
        boolean toStdout = options.output == null || Output.STDOUT.equals(options.output.toString());
        if (toStdout && terminal) {
            streams.out().print(REDRAW);
        } else if (toStdout && Output.chosen(options).features().contains(ReportFeature.COLOUR)) {
            // Output laid out for a terminal (it colours there) has no end of its own to tell snapshots apart by;
            // documents for programs (CSV, JSON) come whole, one after the other.
            streams.out().println(SEPARATOR + label);
        }
        Output.write(engine, report, options, streams);
        if (toStdout && streams.out().checkError()) {
            // Whoever read standard output is gone (| head): nothing more can be shown, so following ends.
            closed.run();
        }
    }
}
