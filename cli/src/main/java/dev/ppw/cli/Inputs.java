package dev.ppw.cli;

import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;

/**
 * The read side of a run: the formats found once ({@link Main#formats()}), the one {@code --input-format}
 * forces, if any, and the readers' tuning. Immutable, shared by the threads that read inputs.
 */
final class Inputs {
    /** Files from this size are read in parallel chunks (docs/performance.md): a tuning knob, not an option. */
    static final String PARALLEL_FROM_BYTES_PROPERTY = "ppw.read.parallelFromBytes";
    /** The largest chunk of a parallel reading, in bytes: a tuning knob, not an option. */
    static final String CHUNK_BYTES_PROPERTY = "ppw.read.chunkBytes";

    private final FormatRegistry registry;
    private final InputFormat forced;
    private final ReadOptions options;

    /** @param forced the format every input is read as, or null to detect each one's */
    Inputs(FormatRegistry registry, InputFormat forced, ReadOptions options) {
        this.registry = registry;
        this.forced = forced;
        this.options = options;
    }

    /** Every format detected by content, read with {@link #tuning()}. */
    static Inputs detecting(FormatRegistry registry) {
        return new Inputs(registry, null, tuning());
    }

    /**
     * The read options of a run: the defaults, with the system properties {@value #PARALLEL_FROM_BYTES_PROPERTY}
     * and {@value #CHUNK_BYTES_PROPERTY} when given (the library never reads system properties itself).
     */
    static ReadOptions tuning() {
        ReadOptions d = ReadOptions.defaults();
        return d.withParallelFromBytes(Long.getLong(PARALLEL_FROM_BYTES_PROPERTY, d.parallelFromBytes()))
                .withChunkBytes(Integer.getInteger(CHUNK_BYTES_PROPERTY, d.chunkBytes()));
    }

    /** The read options on one thread without progress; callers add theirs. */
    ReadOptions options() {
        return options;
    }

    /**
     * The format {@code source} is read as: the forced one, else the one its head shows.
     *
     * @throws dev.ppw.model.BadInputException when no format reads it
     */
    InputFormat formatOf(InputSource source) throws IOException {
        return forced != null ? forced : registry.detect(source.head());
    }

    /**
     * The format of an input that is to be folded as a trace.
     *
     * @throws FileProblem when it holds a profile rather than events (a saved profile): {@code merge} reads those
     */
    EventFormat traceFormatOf(InputSource source) throws IOException {
        InputFormat format = formatOf(source);
        if (format instanceof EventFormat events) {
            return events;
        }
        throw new FileProblem("cannot profile " + source.name() + ": it holds a profile (" + format.name()
                + "), not a trace; 'ppw-java merge' reads saved profiles and traces alike");
    }
}
