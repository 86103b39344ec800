package dev.ppw.engine;

import dev.ppw.aggregate.Folder;
import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.aggregate.WindowScan;
import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.Profile;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The reading side of a split ({@link WindowSpec}): inputs made readable twice, and the pre-pass that finds each
 * one's extent and markers before the fold. Holds the temporary copies it made and deletes them when closed.
 * Not thread-safe but for {@link #scan}, which may run on several threads at once (each on its own input).
 */
final class Splitting implements AutoCloseable {
    private final List<Path> copies = new ArrayList<>();

    /**
     * {@code inputs}, each one that can be read only once (standard input, a pipe) replaced by a copy of its
     * content in a temporary file, under the same name; the others as they are.
     *
     * @throws BadInputException when an input cannot be copied (it cannot be read, or the disk is full)
     */
    List<InputSource> rereadable(List<InputSource> inputs) {
        List<InputSource> sources = new ArrayList<>(inputs.size());
        for (InputSource input : inputs) {
            sources.add(input.rereadable() || input.directory().isPresent() ? input : copied(input));
        }
        return sources;
    }

    private InputSource copied(InputSource input) {
        try {
            Path copy = Files.createTempFile("ppw-input-", ".tmp");
            copies.add(copy);
            try (input; InputStream in = input.open(); OutputStream out = Files.newOutputStream(copy)) {
                byte[] buffer = new byte[1 << 16];
                try {
                    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                        out.write(buffer, 0, n);
                    }
                } catch (EOFException cut) {
                    // A cut gzip: its content up to the cut is what a reader would have read of it.
                }
            }
            return InputSource.of(copy, input.name());
        } catch (IOException e) {
            throw Problems.cannotRead(input.name(), e);
        }
    }

    /**
     * The pre-pass of one input: its first and last times and the markers named {@code markerNames}.
     *
     * @throws BadInputException when it cannot be read, holds a saved profile, its format's times are not
     *                           the trace's clock ({@link EventFormat#timed()}), or they span more than windows of
     *                           64-bit nanoseconds can cut
     */
    static WindowPlan.Extent scan(InputSource source, String node, Reading reading, Set<String> markerNames,
                                  int jobs, boolean skipBad) {
        try {
            InputFormat format = reading.formatOf(source);
            if (!(format instanceof EventFormat events)) {
                throw new BadInputException("cannot split " + source.name() + " into time bins or phases: it holds a"
                        + " profile (" + format.name() + "), whose events and their times are gone; split the"
                        + " traces it was made of");
            }
            if (!events.timed()) {
                throw new BadInputException("cannot split " + source.name() + " into time bins or phases: its format ("
                        + format.name() + ") gives samples no time of the trace's clock");
            }
            if (!events.timed(source.head())) {
                throw new BadInputException("cannot split " + source.name() + " into time bins or phases: its "
                        + format.name() + " samples carry no time (it was printed without one)");
            }
            WindowScan scan = new WindowScan(markerNames);
            try {
                events.read(source, scan, reading.options().limitedTo(jobs));
            } catch (BadInputException | IOException e) {
                if (skipBad) {
                    // The fold reads it again, fails the same way and leaves it out, counted.
                    return WindowPlan.Extent.empty(node);
                }
                throw e;
            }
            if (scan.firstNanos() <= scan.lastNanos()) {
                WindowPlan.requireClock(source.name(), scan.firstNanos(), scan.lastNanos());
            }
            return WindowPlan.Extent.of(node, scan);
        } catch (IOException e) {
            throw Problems.cannotRead(source.name(), e);
        } catch (RuntimeException | OutOfMemoryError e) {
            InputOutOfMemoryError.rethrowNaming(source.name(), e);
            throw e;
        }
    }

    /**
     * The pre-pass of every input, {@code jobs} at a time (one input alone is read on {@code jobs} threads),
     * each named by {@code nodes}.
     */
    static List<WindowPlan.Extent> scanAll(List<InputSource> sources, List<String> nodes, Reading reading,
                                           WindowSpec spec, int jobs, boolean skipBad) {
        Set<String> names = markerNames(spec);
        List<WindowPlan.Extent> extents = new ArrayList<>(sources.size());
        int each = sources.size() == 1 ? jobs : 1;
        InOrder.run(sources.size(), reading.options().workers().limitedTo(jobs), i -> scan(sources.get(i), nodes.get(i), reading, names, each, skipBad),
                extents::add);
        return extents;
    }

    /** The marker names a spec asks for (none for bins). */
    static Set<String> markerNames(WindowSpec spec) {
        return spec instanceof WindowSpec.Phases phases ? Set.copyOf(phases.markerNames()) : Set.of();
    }

    /** A phase's profile as a merge result of its own: no breakdown, no diagnostics (the whole has them). */
    static MergeAccumulator.Merged alone(Profile phase) {
        return new MergeAccumulator.Merged(phase, Optional.empty(), new Diagnostics(), DroppedInputs.NONE);
    }

    /**
     * The folder's phase profiles, {@code count} of them: empty ones when no input had a window (none had an
     * event with a time).
     */
    static List<Profile> phaseProfiles(Folder folder, int count) {
        if (folder.phaseCount() == count) {
            return folder.phaseProfiles();
        }
        Profile whole = folder.toProfile();
        List<Profile> empty = new ArrayList<>(count);
        for (int p = 0; p < count; p++) {
            empty.add(Profile.single(new CallTree(folder.frames()), whole.inputs(), whole.processNames(),
                    whole.threadNames()));
        }
        return empty;
    }

    /** Deletes the temporary copies. */
    @Override
    public void close() {
        for (Path copy : copies) {
            try {
                Files.deleteIfExists(copy);
            } catch (IOException e) {
                // Left in the temporary folder, which the system clears; nothing the profile depends on.
            }
        }
        copies.clear();
    }
}
