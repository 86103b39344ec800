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

    static Progress start(PrintStream err, String task, int total, boolean quiet) {
        boolean terminal = "1".equals(System.getenv("PPW_STDERR_TTY"));
        if (quiet || !terminal || total < 2) {
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
