package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.util.Optional;

/**
 * The read side of one call: the registered formats, the one every input is read as (when forced), and
 * the readers' tuning. Immutable, shared by the threads that read inputs.
 */
final class Reading {
    private final FormatRegistry registry;
    private final InputFormat forced;
    private final ReadOptions options;

    private Reading(FormatRegistry registry, InputFormat forced, ReadOptions options) {
        this.registry = registry;
        this.forced = forced;
        this.options = options;
    }

    /**
     * @throws IllegalArgumentException when {@code forcedName} names no registered format (the message lists them)
     */
    static Reading of(FormatRegistry registry, Optional<String> forcedName, ReadOptions options) {
        InputFormat forced = forcedName.map(name -> registry.byName(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown input format '" + name + "': expected one of " + String.join(", ", registry.names()))))
                .orElse(null);
        return new Reading(registry, forced, options);
    }

    /** The format every input is read as, or null when each input's is detected. */
    InputFormat forced() {
        return forced;
    }

    /** The readers' tuning, on one thread without progress; callers set theirs. */
    ReadOptions options() {
        return options;
    }

    /**
     * The format {@code source} is read as: the forced one, else the one its head shows (for a folder read as one
     * input, the format that claims it).
     *
     * @throws BadInputException when no format reads it, or it is empty (even with a format forced)
     */
    InputFormat formatOf(InputSource source) throws IOException {
        if (forced == null) {
            return registry.detect(source);
        }
        // An empty input is "the input is empty" whether its format is forced or detected.
        if (source.directory().isEmpty()) {
            FormatRegistry.requireContent(source.head());
        }
        return forced;
    }

    /**
     * The format of an input that is to be folded as a trace.
     *
     * @throws BadInputException when it holds a profile rather than events (a saved profile): merge reads those
     */
    EventFormat traceFormatOf(InputSource source) throws IOException {
        InputFormat format = formatOf(source);
        if (format instanceof EventFormat events) {
            return events;
        }
        throw new BadInputException("cannot profile " + source.name() + ": it holds a profile (" + format.name()
                + "), not a trace; 'ppw-java merge' reads saved profiles and traces alike");
    }
}
