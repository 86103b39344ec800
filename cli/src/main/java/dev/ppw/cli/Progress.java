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
 * so in {@code PPW_STDERR_TTY}, which Java cannot find out for itself) and not asked to be quiet.
 */
final class Progress implements AutoCloseable, ProgressListener {
    private final ProgressBar bar;
    /** With a bar by bytes: each input's bytes read so far (its largest: a second reading starts from 0). */
    private final AtomicLongArray perInput;
    private final AtomicLong total = new AtomicLong();

    private Progress(ProgressBar bar, int inputs, boolean byBytes) {
        this.bar = bar;
        this.perInput = bar != null && byBytes ? new AtomicLongArray(inputs) : null;
    }

    /** Inputs below this many bytes in all read too fast for a bar by bytes to tell anything. */
    static final long LARGE_BYTES = 32L << 20;

    /** A bar by inputs done, for {@code total} inputs; shown only on a terminal, not quiet, and from 2 inputs. */
    static Progress inputs(PrintStream err, String task, int total, boolean quiet) {
        if (quiet || !terminal() || total < 2) {
            return new Progress(null, total, false);
        }
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setUnit(" inputs", 1)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .clearDisplayOnFinish()
                .build();
        return new Progress(bar, total, false);
    }

    /**
     * A bar by bytes read of {@code inputs}; shown only on a terminal, not quiet, and from {@link #LARGE_BYTES} in
     * all. Told from any thread.
     */
    static Progress bytes(PrintStream err, String task, List<InputSource> inputs, boolean quiet) {
        long totalBytes = inputs.stream().mapToLong(s -> Math.max(0, s.sizeBytes())).sum();
        if (quiet || !terminal() || totalBytes < LARGE_BYTES) {
            return new Progress(null, inputs.size(), true);
        }
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(totalBytes >> 20)
                .setStyle(ProgressBarStyle.ASCII)
                .setUnit(" MiB", 1)
                .setConsumer(new ConsoleProgressBarConsumer(err))
                .clearDisplayOnFinish()
                .build();
        return new Progress(bar, inputs.size(), true);
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
        if (bar != null) {
            bar.close();
        }
    }
}
