package dev.ppw.model.format;

import dev.ppw.model.EventSink;

import java.io.IOException;

/** An {@link InputFormat} of traces: its reader streams events into a sink, memory not growing with the input. */
public non-sealed interface EventFormat extends InputFormat {
    /**
     * Reads {@code source} into {@code sink} as one input named {@link InputSource#name()}: events in input
     * order, between {@link EventSink#beginInput} and {@link EventSink#endInput}. The input is begun only once
     * its content is open (an input refused before that leaves no trace in the sink); once begun it is
     * ended even when reading fails, and the sink keeps what was read before the failure. Reading the same
     * source twice pushes the same events.
     *
     * @throws dev.ppw.model.BadInputException when the input is broken beyond what the format recovers,
     *     with a one-line message naming the input and the place
     * @throws IOException when the input cannot be read
     */
    void read(InputSource source, EventSink sink, ReadOptions options) throws IOException;

    /**
     * True when the times this format pushes are times of the trace's clock, so that an input can be cut into
     * time bins and phases. False for formats whose samples carry no time and are given their position instead
     * (folded stacks: the line number; pprof: the sample's index): bins of those would be bins of positions.
     */
    default boolean timed() {
        return true;
    }

    /**
     * {@link #timed()} for one input, known by its {@code head}: a format whose layouts differ (perf script
     * printed with or without its time field) says false for an input whose samples carry no time, so that it
     * is refused for time bins and phases as a format without times is. Pure, no I/O.
     */
    default boolean timed(Head head) {
        return timed();
    }

    /** A reading of one input's events into a sink, for {@link #bracketed}. */
    @FunctionalInterface
    interface Reading {
        void run() throws IOException;
    }

    /**
     * Runs {@code reading} between {@code sink.beginInput(name)} and {@code sink.endInput()}, ending the input
     * even when the reading fails (a failure of that end is added to the reading's as suppressed): the
     * bracket every event format's {@link #read} owes its sink.
     */
    static void bracketed(String name, EventSink sink, Reading reading) throws IOException {
        sink.beginInput(name);
        try {
            reading.run();
        } catch (RuntimeException | IOException e) {
            try {
                sink.endInput();
            } catch (RuntimeException second) {
                e.addSuppressed(second);
            }
            throw e;
        }
        sink.endInput();
    }
}
