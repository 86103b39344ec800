package dev.ppw.server;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.Comparison;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Report;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.store.RunInfo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Semaphore;

/**
 * A run's report and two runs' diff, made by the engine from the runs' saved profiles as {@code ppw-java report
 * run:ID} and {@code ppw-java diff run:A run:B} make them, and written by any registered writer (the HTML page's
 * is the HTML writer's). At most {@link #AT_ONCE} are made at once, so that a few large runs asked together stay
 * within the server's heap.
 */
final class Reports {
    /** Reports made at the same time; the others wait. */
    static final int AT_ONCE = 2;

    private final Engine engine;
    private final Semaphore permits = new Semaphore(AT_ONCE, true);

    Reports(Engine engine) {
        this.engine = engine;
    }

    /** A run as the analysis' input: its saved profile, named {@code run:ID} as a command names it. */
    static InputSource input(RunInfo run, byte[] savedProfile) {
        return InputSource.of("run:" + run.id(), savedProfile);
    }

    /** The view a run was stored in. */
    static ViewSpec view(RunInfo run) {
        return ViewSpec.of(ViewKind.valueOf(run.view().toUpperCase(Locale.ROOT)), run.tauDepth());
    }

    /** {@code format}'s writer, or 400 naming the registered ones. */
    OutputWriter writer(String format, boolean diff) {
        OutputWriter writer = engine.writers().byName(format).orElseThrow(() -> HttpError.badRequest(
                "unknown format '" + Ids.shorten(format) + "': expected one of "
                        + String.join(", ", engine.writers().names())));
        if (diff && !writer.accepts().contains(dev.ppw.model.output.Content.DIFF)) {
            throw HttpError.badRequest("format '" + format + "' cannot show a diff: expected text, csv, json or html");
        }
        if (writer instanceof dev.ppw.model.output.FolderWriter) {
            throw HttpError.badRequest("format '" + format + "' writes a folder: expected a format of one file");
        }
        return writer;
    }

    /** The report of {@code run} in {@code format} ({@code html}: the page), in the view it was stored in. */
    byte[] run(RunInfo run, byte[] savedProfile, String format) throws IOException {
        OutputWriter writer = writer(format, false);
        return made(() -> write(engine.analyze(Analysis.profile(List.of(input(run, savedProfile)))
                .withView(view(run))).report(), writer));
    }

    /** The diff of run {@code b} against the baseline {@code a}, in {@code a}'s view, in {@code format}. */
    byte[] diff(RunInfo a, byte[] profileA, RunInfo b, byte[] profileB, String format) throws IOException {
        OutputWriter writer = writer(format, true);
        Analysis sideA = Analysis.profile(List.of(input(a, profileA))).withView(view(a));
        Analysis sideB = Analysis.profile(List.of(input(b, profileB))).withView(view(a));
        return made(() -> write(engine.diff(Comparison.of(sideA, sideB)).report(), writer));
    }

    private interface Making {
        byte[] make() throws IOException;
    }

    private byte[] made(Making making) throws IOException {
        permits.acquireUninterruptibly();
        try {
            return making.make();
        } catch (IllegalArgumentException e) {
            // UnusableRequestException among them: a diff of two views that do not compare
            throw HttpError.badRequest(e.getMessage());
        } catch (BadInputException e) {
            throw new HttpError(500, "a stored profile cannot be read: " + e.getMessage());
        } finally {
            permits.release();
        }
    }

    private static byte[] write(Report report, OutputWriter writer) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
        writer.write(report, out);
        return out.toByteArray();
    }
}
