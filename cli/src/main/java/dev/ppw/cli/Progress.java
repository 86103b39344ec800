package dev.ppw.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;

/**
 * A progress bar on stderr while inputs are read, shown only when stderr is a terminal (the launcher says
 * so in {@code PPW_STDERR_TTY}, which Java cannot find out for itself) and not asked to be quiet.
 */
final class Progress implements AutoCloseable {
    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /** Inputs below this many bytes in all read too fast for a bar by bytes to tell anything. */
    static final long LARGE_BYTES = 32L << 20;

    static Progress start(PrintStream err, String task, int total, boolean quiet) {
        if (quiet || !terminal() || total < 2) {
            return new Progress(null);
        }
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setUnit(" inputs", 1)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .clearDisplayOnFinish()
                .build();
        return new Progress(bar);
    }

    /**
     * A bar by bytes read, for inputs of {@code totalBytes} in all; shown only on a terminal, not quiet, and
     * from {@link #LARGE_BYTES}. Its {@link #stepTo} may be called from any thread.
     */
    static Progress bytes(PrintStream err, String task, long totalBytes, boolean quiet) {
        if (quiet || !terminal() || totalBytes < LARGE_BYTES) {
            return new Progress(null);
        }
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(totalBytes >> 20)
                .setStyle(ProgressBarStyle.ASCII)
                .setUnit(" MiB", 1)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .clearDisplayOnFinish()
                .build();
        return new Progress(bar);
    }

    private static boolean terminal() {
        return "1".equals(System.getenv("PPW_STDERR_TTY"));
    }

    /** With a bar by bytes: {@code bytes} of all inputs are read (never moves back). */
    void stepTo(long bytes) {
        if (bar != null && (bytes >> 20) > bar.getCurrent()) {
            bar.stepTo(bytes >> 20);
        }
    }

    void step() {
        if (bar != null) {
            bar.step();
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
