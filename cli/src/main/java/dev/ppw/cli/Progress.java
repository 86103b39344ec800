package dev.ppw.cli;

import dev.ppw.engine.ProgressListener;
import dev.ppw.model.format.InputSource;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A progress bar on stderr while inputs are read, shown only when stderr is a terminal (the launcher says
 * so in {@code PPW_STDERR_TTY}, which Java cannot find out for itself) and not asked to be quiet. While it is shown,
 * Ctrl-C clears its line before saying on a line of its own that the run was interrupted, then ends the run as
 * Ctrl-C does (exit 130, unfinished outputs removed): the shell's prompt never lands on the bar's line.
 */
final class Progress implements AutoCloseable, ProgressListener {
    private final ProgressBar bar;
    /** With a bar by bytes: each input's bytes read so far (its largest: a second reading starts from 0). */
    private final AtomicLongArray perInput;
    private final AtomicLong total = new AtomicLong();

    /** The exit status of a run ended by SIGINT, as a shell reports it (128 + 2). */
    static final int INTERRUPTED_EXIT = 130;
    private final PrintStream err;
    private final Interrupt interrupt;
    private boolean barClosed;

    private Progress(ProgressBar bar, int inputs, boolean byBytes, PrintStream err) {
        this.bar = bar;
        this.err = err;
        this.perInput = bar != null && byBytes ? new AtomicLongArray(inputs) : null;
        this.interrupt = bar == null ? null : Interrupt.onFirst(() -> {
            interrupted();
            Runtime.getRuntime().exit(INTERRUPTED_EXIT);
        });
    }

    /** A bar drawn whatever stderr is (for tests): by bytes ({@code max} MiB) or by inputs ({@code max} inputs). */
    static Progress shown(PrintStream err, String task, int inputs, long max, boolean byBytes) {
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(max)
                .setStyle(ProgressBarStyle.ASCII)
                .setUnit(byBytes ? " MiB" : " inputs", 1)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .clearDisplayOnFinish()
                .build();
        return new Progress(bar, inputs, byBytes, err);
    }

    /**
     * Ctrl-C while the bar is drawn: the bar stopped and its line blanked, the cursor back at the line's start, then
     * one line saying so. Nothing was written yet: a report is written after the bar is closed.
     */
    void interrupted() {
        if (bar != null) {
            closeBar();
            err.print('\r');
        }
        err.println(Main.PREFIX + "interrupted while reading the inputs: nothing written");
        err.flush();
    }

    /** Inputs below this many bytes in all read too fast for a bar by bytes to tell anything. */
    static final long LARGE_BYTES = 32L << 20;

    /** A bar by inputs done, for {@code total} inputs; shown only on a terminal, not quiet, and from 2 inputs. */
    static Progress inputs(PrintStream err, String task, int total, boolean quiet) {
        if (quiet || !terminal() || total < 2) {
            return new Progress(null, total, false, err);
        }
        return shown(err, task, total, total, false);
    }

    /**
     * A bar by bytes read of {@code inputs}; shown only on a terminal, not quiet, and from {@link #LARGE_BYTES} in
     * all. Told from any thread.
     */
    static Progress bytes(PrintStream err, String task, List<InputSource> inputs, boolean quiet) {
        long totalBytes = inputs.stream().mapToLong(s -> Math.max(0, s.sizeBytes())).sum();
        if (quiet || !terminal() || totalBytes < LARGE_BYTES) {
            return new Progress(null, inputs.size(), true, err);
        }
        return shown(err, task, inputs.size(), totalBytes >> 20, true);
    }

    private static boolean terminal() {
        return "1".equals(System.getenv("PPW_STDERR_TTY"));
    }

    @Override
    public void bytesRead(int input, long bytesRead) {
        if (perInput == null || input >= perInput.length()) {
            return;
        }
        long before = perInput.getAndAccumulate(input, bytesRead, Math::max);
        if (bytesRead > before) {
            long all = total.addAndGet(bytesRead - before);
            if ((all >> 20) > bar.getCurrent()) {
                bar.stepTo(all >> 20);
            }
        }
    }

    @Override
    public void inputDone(int input) {
        if (bar != null && perInput == null) {
            bar.step();
        }
    }

    @Override
    public void close() {
        if (interrupt != null) {
            interrupt.close();
        }
        closeBar();
    }

    /** Stops the bar once, from the run's thread or Ctrl-C's, whichever is first. */
    private synchronized void closeBar() {
        if (bar != null && !barClosed) {
            barClosed = true;
            bar.close();
        }
    }
}
