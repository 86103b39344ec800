package dev.ppw.report;

import dev.ppw.model.Report;
import java.io.IOException;
import java.io.OutputStream;

/** Writes a {@link Report} in one format. Reporters format and never compute; they never close the stream. */
public interface Reporter {
    /** Writes {@code report} to {@code out} (UTF-8 for text formats) and flushes it. */
    void write(Report report, OutputStream out) throws IOException;
}
