package dev.ppw.cli;

import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.ThreadMode;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The reading half of {@code profile}: trace files folded into one {@link Folder}, on {@code jobs} threads,
 * with the same result whatever {@code jobs} is. One file is read in parallel chunks; several files are
 * each folded by a folder of their own on a worker and absorbed in input order ({@link Folder#absorb}), so
 * many small files use every core too. Public for the read benchmark (bench/ReadBench.java), which times
 * exactly this.
 */
public final class FoldFiles {
    private FoldFiles() {
    }

    /** {@link #fold(List, Inputs, FoldOptions, int, LongConsumer)} with every format detected by content, as the benchmark runs it. */
    public static Folder fold(List<Path> files, FoldOptions options, int jobs, LongConsumer progress) {
        return fold(files, Inputs.detecting(FormatRegistry.load(FoldFiles.class.getClassLoader())), options, jobs,
                progress);
    }

    /**
     * Folds {@code files} in order into a new folder of {@code options}, each read as {@code inputs} says;
     * {@code progress} is told the bytes read so far over all files (from any thread). The caller closes the
     * folder.
     *
     * @throws FileProblem when a file cannot be read (its message names it), or holds a profile, not a trace
     * @throws dev.ppw.model.BadInputException when a file is broken beyond repair (the first such in input order)
     */
    static Folder fold(List<Path> files, Inputs inputs, FoldOptions options, int jobs, LongConsumer progress) {
        AtomicLong bytesRead = new AtomicLong();
        Folder folder = new Folder(options).withJobs(jobs);
        try {
            if (files.size() > 1 && jobs > 1 && options.threads() == ThreadMode.MERGE) {
                // Each worker reads its file on one thread; the spill limit is shared among them.
                FoldOptions share = options.withSpillLimitEvents(Math.max(1, options.spillLimitEvents() / jobs));
                InOrderLoader.run(files.size(), jobs,
                        i -> foldApart(files.get(i), inputs, share, progressOf(progress, bytesRead)), apart -> {
                            try (apart) {
                                folder.absorb(apart);
                            }
                        });
            } else {
                for (Path file : files) {
                    read(file, inputs, folder, jobs, progressOf(progress, bytesRead));
                }
            }
            return folder;
        } catch (RuntimeException | Error e) {
            folder.close();
            throw e;
        }
    }

    private static Folder foldApart(Path file, Inputs inputs, FoldOptions options, LongConsumer progress) {
        Folder folder = new Folder(options);
        try {
            read(file, inputs, folder, 1, progress);
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

    /** A regular file can be read twice, which lets the folder replay time-ordered tracks while reading. */
    private static void read(Path file, Inputs inputs, Folder folder, int jobs, LongConsumer progress) {
        try (InputSource source = InputSource.of(file)) {
            EventFormat format = inputs.traceFormatOf(source);
            ReadOptions options = inputs.options().withJobs(jobs).withProgress(progress);
            if (source.rereadable()) {
                folder.fold(sink -> format.read(source, sink, options));
            } else {
                format.read(source, folder, options);
            }
        } catch (IOException e) {
            throw FileProblem.cannotRead(file, e);
        } catch (UncheckedIOException e) {
            // The folder's temporary file of sorted events (a full disk): its message says which and what to do.
            throw new FileProblem(e.getMessage());
        }
    }
}
