package dev.ppw.model.output;

import dev.ppw.model.Report;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Set;

/**
 * One output format: prints a {@link Report} and computes nothing (rows, their order, totals and the
 * breakdown are all chosen before). Implementations are registered for {@link java.util.ServiceLoader}
 * under {@code META-INF/services/dev.ppw.model.output.OutputWriter} and found through a
 * {@link WriterRegistry}: adding a format is one class and one registration line.
 *
 * <p>Implementations have a public no-argument constructor and keep no state between calls, so that one
 * instance may write several reports, from several threads at once.
 */
public interface OutputWriter {
    /** The name users choose the format by ({@code --format csv}): lower case, unique in a registry. */
    String name();

    /** One line saying what the output is, for help texts. */
    String description();

    /** True when the output is bytes, not text; text formats are always UTF-8. */
    boolean binary();

    /**
     * True when the output is compressed by the format itself (pprof's gzipped {@code profile.proto}): a file
     * named {@code .gz} then gets it as it is, not gzipped a second time. False by default.
     */
    default boolean compressed() {
        return false;
    }

    /**
     * File name endings that suggest this format, with their dot ({@code .csv}), most usual first; empty
     * when no ending does (plain text is the default, not a guess).
     */
    List<String> fileExtensions();

    /** What this writer can print; a report of another kind must not be handed to it. */
    Set<Content> accepts();

    /**
     * True when this writer prints a report's {@link dev.ppw.model.Report#sections() sections} (one part per
     * thread of a profile, or per node of a merge) whatever its presentation, so that a caller computes them
     * for it; false (the default) when it prints the whole only. Sections cost a tree per thread or node.
     */
    default boolean writesSections() {
        return false;
    }

    /**
     * Writes {@code report} to {@code out} and flushes it. Never closes {@code out}: the caller owns it
     * (an atomic file, a gzip stream, stdout).
     *
     * @throws IOException only when {@code out} fails
     */
    void write(Report report, OutputStream out) throws IOException;
}
