package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.NameTable;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.util.Optional;

/**
 * Whether {@code profile} would read an input: the format it detects (a folder's, the one that claims it), then that
 * format's reader run as {@code profile} runs it, on one thread, until the first event reaches the sink (a profile
 * format's reader: to its end). The events are thrown away. So {@code formats} says "yes" exactly when a reader
 * accepts the input's beginning: a JSON object that only looks like a Chrome trace (Caliper's, pyinstrument's) is
 * refused by the same words {@code profile} would print.
 */
final class ReadCheck {
    /** Thrown by the sink at the first event: the reader accepted what came before it. */
    private static final class Reached extends RuntimeException {
        Reached() {
            super(null, null, false, false);
        }
    }

    private ReadCheck() {
    }

    /** Empty when the input would be read; else the message reading it stops with. */
    static Optional<String> refusal(Reading reading, InputSource source) throws IOException {
        try {
            InputFormat format = reading.formatOf(source);
            ReadOptions options = reading.options().withParallelFromBytes(Long.MAX_VALUE);
            switch (format) {
                case EventFormat events -> events.read(source, new FirstEvent(), options);
                case ProfileFormat profile -> profile.read(source, options);
            }
        } catch (Reached reached) {
            return Optional.empty();
        } catch (BadInputException e) {
            return Optional.of(e.getMessage());
        }
        return Optional.empty();
    }

    /** Tables and diagnostics of its own; every event ends the check. */
    private static final class FirstEvent implements EventSink {
        private final FrameTable frames = new FrameTable(new NameTable());
        private final Diagnostics diagnostics = new Diagnostics();

        @Override
        public FrameTable frames() {
            return frames;
        }

        @Override
        public Diagnostics diagnostics() {
            return diagnostics;
        }

        @Override
        public void beginInput(String displayName) {
        }

        @Override
        public int thread(String pid, String tid) {
            return 0;
        }

        @Override
        public int asyncTrack(String pid, String cat, String id) {
            return 0;
        }

        @Override
        public void begin(int track, long tsNanos, int frameId) {
            throw new Reached();
        }

        @Override
        public void end(int track, long tsNanos, int regionId) {
            throw new Reached();
        }

        @Override
        public void complete(int track, long tsNanos, long durNanos, int frameId) {
            throw new Reached();
        }

        @Override
        public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                           int depth) {
            throw new Reached();
        }

        @Override
        public void processName(String pid, String name) {
        }

        @Override
        public void threadName(String pid, String tid, String name) {
        }

        @Override
        public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
            throw new Reached();
        }

        @Override
        public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
            throw new Reached();
        }

        @Override
        public void displayTimeUnit(String unit) {
        }

        @Override
        public void instant(String pid, String tid, long tsNanos, String name) {
            throw new Reached();
        }

        @Override
        public void endInput() {
        }
    }
}
