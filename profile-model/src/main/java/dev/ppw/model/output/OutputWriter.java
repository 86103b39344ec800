package dev.ppw.model.output;

import dev.ppw.model.Report;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One output format: prints a {@link Report} and computes nothing (rows, their order, totals and the
 * breakdown are all chosen before). Implementations are registered for {@link java.util.ServiceLoader}
 * under {@code META-INF/services/dev.ppw.model.output.OutputWriter} and found through a
 * {@link WriterRegistry}: adding a format is one class and one registration line.
 *
 * <p>What callers need to know of a writer, it declares, and they read the declarations, never its name: what it
 * can print ({@link #accepts()}), whether it writes a folder ({@link FolderWriter}), what the report must hold for
 * it ({@link #writesSections()}, {@link #writesNodeValues()}), which of the report's {@link #features()} it shows
 * (an option asking for another gets a warning), and which choice it is when none is made ({@link #defaultFor()}).
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
     * True when, for a merge, this writer shows each row's value on every node (the HTML page's per-node chart and
     * table), so that a caller computes the merge's {@link dev.ppw.model.Report#breakdown() breakdown} and a
     * {@link dev.ppw.model.Report#sections() section} per node for it, whatever else was asked. False by default.
     */
    default boolean writesNodeValues() {
        return false;
    }

    /**
     * The parts of a report this writer shows beyond its rows, totals and diagnostics: a caller warns that an option
     * asking for another one has no effect with this writer (the output is what it would be without it), and need
     * not compute it. None by default.
     */
    default Set<ReportFeature> features() {
        return Set.of();
    }

    /**
     * Why this writer does not use {@code feature} (one it does not list in {@link #features()}), as words following
     * the option's name in the caller's warning ({@code --unit} "has no place in folded stacks: ..."), when its own
     * words say more than the caller's ({@code has no place in NAME output}); empty by default. For
     * {@link ReportFeature#COUNTER_SERIES} the words are a clause of their own ({@code folded stacks have no counter
     * series}); for {@link ReportFeature#PERCENTILES} they follow the plural ({@code have no place in ...}).
     */
    default Optional<String> whyUnused(ReportFeature feature) {
        return Optional.empty();
    }

    /** The choices this writer is when the caller makes none ({@link Default}); at most one writer each. None by default. */
    default Set<Default> defaultFor() {
        return Set.of();
    }

    /** Where a writer is the one used when no other is chosen. */
    enum Default {
        /** Nothing chose a format: no {@code --format}, and no ending of the output's name suggests one (text). */
        UNSPECIFIED,
        /** A report page to look at, what {@code ppw-java report} writes (the HTML page). */
        REPORT
    }

    /**
     * Writes {@code report} to {@code out} and flushes it. Never closes {@code out}: the caller owns it
     * (an atomic file, a gzip stream, stdout).
     *
     * @throws IOException only when {@code out} fails
     */
    void write(Report report, OutputStream out) throws IOException;
}
