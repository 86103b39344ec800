package dev.ppw.engine;

import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.Windows;
import dev.ppw.model.BadInputException;
import dev.ppw.model.BadInputsException;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.LongConsumer;

/**
 * The reading half of {@link ProfileRun}: trace inputs folded into one {@link Folder} on {@code jobs}
 * threads, with the same result whatever {@code jobs} is. One input is read in parallel chunks (when its
 * format can); several inputs are each folded by a folder of their own on a worker and absorbed in input
 * order ({@link Folder#absorb}), so that many small files use every core too.
 */
final class TraceFolding {
    private TraceFolding() {
    }

    /**
     * What {@link #fold} gives: the folder (the caller closes it), the names of the inputs folded into it in
     * order, and the inputs left out because they could not be read.
     */
    record Folded(Folder folder, List<String> names, DroppedInputs dropped) {
    }

    /**
     * Folds {@code inputs} in order into a new folder of {@code options}; {@code progress} is told each input's
     * bytes read (from any thread) and when each is done. With {@code skipBad} and several inputs, one that cannot
     * be read is left out (nothing of it folded) and counted. With {@code windowsOf}, input {@code i} is also cut
     * into the phases of {@code windowsOf.apply(i)} ({@link Folder#windows}; null: into none).
     *
     * @throws dev.ppw.model.BadInputException when an input cannot be read, holds a profile rather than a
     *                                         trace, or is broken beyond repair (the first such in input
     *                                         order), without {@code skipBad}; with it, a
     *                                         {@link BadInputsException} when none can be read
     */
    static Folded fold(List<InputSource> inputs, Reading reading, FoldOptions options, int jobs,
                       ProgressListener progress, boolean skipBad, IntFunction<Windows> windowsOf) {
        Folder folder = new Folder(options).withWorkers(reading.options().workers().limitedTo(jobs));
        List<String> names = new ArrayList<>();
        DroppedInputs[] dropped = {DroppedInputs.NONE};
        boolean skip = skipBad && inputs.size() > 1;
        try {
            if (inputs.size() > 1 && (jobs > 1 || skip) && options.threads() == ThreadMode.MERGE) {
                // Each worker reads its input on one thread; the spill limit is shared among them. An input
                // folded apart joins only once it has been read whole, so a bad one can be left out.
                FoldOptions share = options.withSpillLimitEvents(Math.max(1, options.spillLimitEvents() / jobs));
                InOrder.run(inputs.size(), reading.options().workers().limitedTo(jobs), i -> foldApart(inputs.get(i),
                        reading, share, bytes -> progress.bytesRead(i, bytes), skip,
                        windowsOf == null ? null : windowsOf.apply(i), i), apart -> {
                            progress.inputDone(apart.index());
                            if (apart.unreadable() != null) {
                                dropped[0] = dropped[0].then(one(apart.name(), apart.unreadable()));
                                return;
                            }
                            try (Folder f = apart.folder()) {
                                folder.absorb(f);
                            }
                            names.add(apart.name());
                        });
            } else {
                for (int i = 0; i < inputs.size(); i++) {
                    InputSource input = inputs.get(i);
                    // A folder with threads split cannot absorb another: each input is checked apart first
                    // (read twice), unless it can be read only once.
                    String unreadable = skip && input.rereadable() ? check(input, reading, options) : null;
                    if (unreadable != null) {
                        dropped[0] = dropped[0].then(one(input.name(), unreadable));
                        progress.inputDone(i);
                        continue;
                    }
                    if (windowsOf != null) {
                        folder.windows(windowsOf.apply(i));
                    }
                    int index = i;
                    read(input, reading, folder, jobs, bytes -> progress.bytesRead(index, bytes));
                    progress.inputDone(i);
                    names.add(input.name());
                }
            }
            if (names.isEmpty() && !dropped[0].isEmpty()) {
                throw new BadInputsException(dropped[0], inputs.size());
            }
            return new Folded(folder, names, dropped[0]);
        } catch (RuntimeException | Error e) {
            folder.close();
            throw e;
        }
    }

    /** An input folded apart, or the message of one that could not be read (then no folder). */
    private record Apart(String name, Folder folder, String unreadable, int index) {
    }

    private static Apart foldApart(InputSource input, Reading reading, FoldOptions options, LongConsumer progress,
                                   boolean skipBad, Windows windows, int index) {
        Folder folder = new Folder(options).withWorkers(reading.options().workers().limitedTo(1));
        try {
            folder.windows(windows);
            read(input, reading, folder, 1, progress);
            return new Apart(input.name(), folder, null, index);
        } catch (BadInputException e) {
            folder.close();
            if (skipBad && !Problems.isSpillFailure(e)) {
                return new Apart(input.name(), null, e.getMessage(), index);
            }
            throw e;
        } catch (RuntimeException | Error e) {
            folder.close();
            throw e;
        }
    }

    /** The message of {@code input} when it cannot be folded, read into a folder thrown away; else null. */
    private static String check(InputSource input, Reading reading, FoldOptions options) {
        try (Folder folder = new Folder(options.withThreads(ThreadMode.MERGE))) {
            read(input, reading, folder, 1, bytes -> { });
            return null;
        } catch (BadInputException e) {
            if (Problems.isSpillFailure(e)) {
                throw e;
            }
            return e.getMessage();
        }
    }

    private static DroppedInputs one(String input, String message) {
        return new DroppedInputs(1, Map.of(Problems.reasonOf(input, message), 1L), List.of(message));
    }

    /** An input that can be read again lets the folder replay time-ordered tracks while reading. */
    private static void read(InputSource input, Reading reading, Folder folder, int jobs, LongConsumer progress) {
        try (input) {
            EventFormat format = reading.traceFormatOf(input);
            ReadOptions options = reading.options().limitedTo(jobs).withProgress(progress);
            // In the format's words: an input with nothing to profile says what it held instead.
            folder.diagnostics().declare(format.diagnosticKinds());
            if (input.rereadable()) {
                folder.fold(sink -> format.read(input, sink, options));
            } else {
                format.read(input, folder, options);
            }
        } catch (IOException e) {
            throw Problems.cannotRead(input.name(), e);
        } catch (UncheckedIOException e) {
            throw Problems.spillFailed(e);
        } catch (RuntimeException | OutOfMemoryError e) {
            InputOutOfMemoryError.rethrowNaming(input.name(), e);
            throw e;
        }
    }
}
