package dev.ppw.engine;

import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.ThreadMode;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The reading half of {@link Engine#profile}: trace inputs folded into one {@link Folder} on {@code jobs}
 * threads, with the same result whatever {@code jobs} is. One input is read in parallel chunks (when its
 * format can); several inputs are each folded by a folder of their own on a worker and absorbed in input
 * order ({@link Folder#absorb}), so that many small files use every core too.
 */
final class TraceFolding {
    private TraceFolding() {
    }

    /**
     * Folds {@code inputs} in order into a new folder of {@code options}; {@code progress} is told the bytes
     * read so far over all inputs (from any thread). The caller closes the folder.
     *
     * @throws dev.ppw.model.BadInputException when an input cannot be read, holds a profile rather than a
     *                                         trace, or is broken beyond repair (the first such in input order)
     */
    static Folder fold(List<InputSource> inputs, Reading reading, FoldOptions options, int jobs, LongConsumer progress) {
        AtomicLong bytesRead = new AtomicLong();
        Folder folder = new Folder(options).withJobs(jobs);
        try {
            if (inputs.size() > 1 && jobs > 1 && options.threads() == ThreadMode.MERGE) {
                // Each worker reads its input on one thread; the spill limit is shared among them.
                FoldOptions share = options.withSpillLimitEvents(Math.max(1, options.spillLimitEvents() / jobs));
                InOrder.run(inputs.size(), jobs,
                        i -> foldApart(inputs.get(i), reading, share, progressOf(progress, bytesRead)), apart -> {
                            try (apart) {
                                folder.absorb(apart);
                            }
                        });
            } else {
                for (InputSource input : inputs) {
                    read(input, reading, folder, jobs, progressOf(progress, bytesRead));
                }
            }
            return folder;
        } catch (RuntimeException | Error e) {
            folder.close();
            throw e;
        }
    }

    private static Folder foldApart(InputSource input, Reading reading, FoldOptions options, LongConsumer progress) {
        Folder folder = new Folder(options);
        try {
            read(input, reading, folder, 1, progress);
            return folder;
        } catch (RuntimeException | Error e) {
            folder.close();
            throw e;
        }
    }

    /** One input's progress (its bytes read so far, from 0 again on a second reading) added to the total. */
    private static LongConsumer progressOf(LongConsumer progress, AtomicLong total) {
        long[] counted = {0};
        return bytes -> {
            if (bytes > counted[0]) {
                progress.accept(total.addAndGet(bytes - counted[0]));
                counted[0] = bytes;
            }
        };
    }

    /** An input that can be read again lets the folder replay time-ordered tracks while reading. */
    private static void read(InputSource input, Reading reading, Folder folder, int jobs, LongConsumer progress) {
        try (input) {
            EventFormat format = reading.traceFormatOf(input);
            ReadOptions options = reading.options().withJobs(jobs).withProgress(progress);
            if (input.rereadable()) {
                folder.fold(sink -> format.read(input, sink, options));
            } else {
                format.read(input, folder, options);
            }
        } catch (IOException e) {
            throw Problems.cannotRead(input.name(), e);
        } catch (UncheckedIOException e) {
            throw Problems.spillFailed(e);
        }
    }
}
