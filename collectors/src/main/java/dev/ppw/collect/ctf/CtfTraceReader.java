package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;
import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Reads every CTF trace at or below a folder (an LTTng output folder: one trace per buffer scheme, ABI and user
 * or process) into one sequence of events in time order: each stream file is decoded on its own (on up to
 * the caller's workers, a batch of events ahead of the merge) and the streams are merged by timestamp, ties
 * going to the stream first in path order. Events of one stream keep their file order, so the events of each
 * thread come in time order. Memory holds a batch or two per stream and one packet buffer per stream, whatever
 * the length of the trace.
 */
public final class CtfTraceReader {
    /** Events decoded ahead per stream when streams are decoded in parallel. */
    private static final int BATCH = 2048;

    /**
     * What a reading found besides its events.
     *
     * @param events          events handed to the consumer
     * @param streams         stream files read
     * @param discardedEvents events the tracer counted as discarded ({@code events_discarded} of packet contexts)
     * @param discardExamples where discards were seen, one line each (at most one per stream)
     */
    public record Result(long events, int streams, long discardedEvents, List<String> discardExamples) {
    }

    private CtfTraceReader() {
    }

    /** True when {@code directory} is, or holds within a few levels, a folder with CTF metadata. */
    public static boolean holdsTrace(Path directory) {
        return CtfFolders.holdsTrace(directory);
    }

    /**
     * Hands every event of the traces at or below {@code directory} to {@code consumer}, in time order, on the
     * calling thread; {@code displayName} stands for the folder in messages.
     *
     * @throws BadInputException when no trace is there, or metadata, a packet or an event is broken (the file and
     *                           the byte named)
     * @throws IOException       when a file cannot be read
     */
    public static Result read(Path directory, String displayName, Workers workers, Consumer<CtfEvent> consumer)
            throws IOException {
        List<Path> traces = CtfFolders.traces(directory);
        if (traces.isEmpty()) {
            // Only called on a folder that holds no trace, so a metadata file found here is not CTF metadata.
            Path foreign = CtfFolders.foreignMetadata(directory);
            if (foreign != null) {
                throw new BadInputException(nameOf(directory, displayName, foreign) + ": byte 0: not CTF metadata (it"
                        + " opens with neither the packet magic 0x75D11D57 nor \"/* CTF 1.8\")");
            }
            throw new BadInputException(displayName + ": no CTF trace in this folder (no 'metadata' file opening with"
                    + " the CTF magic or \"/* CTF 1.8\")");
        }
        List<StreamDecoder> decoders = new ArrayList<>();
        try {
            for (Path trace : traces) {
                String metadataName = nameOf(directory, displayName, trace.resolve(CtfFolders.METADATA));
                CompiledTrace compiled = new CompiledTrace(CtfFolders.metadata(trace, metadataName), metadataName);
                for (Path stream : CtfFolders.streams(trace)) {
                    decoders.add(new StreamDecoder(compiled, stream, nameOf(directory, displayName, stream)));
                }
            }
            long events = workers.parallelism() > 1 && decoders.size() > 1 ? merged(decoders, workers, consumer)
                    : merged(decoders, consumer);
            long discarded = 0;
            List<String> examples = new ArrayList<>();
            for (StreamDecoder d : decoders) {
                discarded += d.discardedEvents();
                if (d.firstDiscard() != null) {
                    examples.add(d.firstDiscard());
                }
            }
            return new Result(events, decoders.size(), discarded, List.copyOf(examples));
        } finally {
            for (StreamDecoder d : decoders) {
                d.close();
            }
        }
    }

    /** How messages name a file of the input: the input as given, then the file within it ({@code DIR: ust/.../channel0_0}). */
    private static String nameOf(Path directory, String displayName, Path file) {
        return displayName + ": " + directory.relativize(file);
    }

    /** One stream's next event, and where the stream stands in the tie order. */
    private record Head(CtfEvent event, int order) {
    }

    private static int compare(Head a, Head b) {
        int byTime = Long.compare(a.event().timestampNanos(), b.event().timestampNanos());
        return byTime != 0 ? byTime : Integer.compare(a.order(), b.order());
    }

    /** What the merge takes events from: a stream's decoder, or the same decoder read a batch ahead. */
    private interface EventSource {
        /** The stream's next event, or null at its end. */
        CtfEvent next() throws IOException;
    }

    private static long merged(List<StreamDecoder> decoders, Consumer<CtfEvent> consumer) throws IOException {
        return inTimeOrder(decoders.stream().<EventSource>map(d -> d::next).toList(), consumer);
    }

    /** Hands the events of every source to {@code consumer} in time order, ties by the sources' order. */
    private static long inTimeOrder(List<EventSource> sources, Consumer<CtfEvent> consumer) throws IOException {
        PriorityQueue<Head> heads = new PriorityQueue<>(Math.max(1, sources.size()), CtfTraceReader::compare);
        for (int i = 0; i < sources.size(); i++) {
            CtfEvent e = sources.get(i).next();
            if (e != null) {
                heads.add(new Head(e, i));
            }
        }
        long count = 0;
        while (!heads.isEmpty()) {
            Head h = heads.poll();
            consumer.accept(h.event());
            count++;
            CtfEvent e = sources.get(h.order()).next();
            if (e != null) {
                heads.add(new Head(e, h.order()));
            }
        }
        return count;
    }

    /** A stream decoded a batch ahead on a worker: a decoder is only ever used by the one task in flight. */
    private static final class Prefetch {
        final StreamDecoder decoder;
        final Workers workers;
        Workers.Forked<List<CtfEvent>> pending;
        List<CtfEvent> batch = List.of();
        int at;

        Prefetch(StreamDecoder decoder, Workers workers) {
            this.decoder = decoder;
            this.workers = workers;
            this.pending = workers.fork(this::decode);
        }

        private List<CtfEvent> decode() throws IOException {
            List<CtfEvent> out = new ArrayList<>(BATCH);
            for (int i = 0; i < BATCH; i++) {
                CtfEvent e = decoder.next();
                if (e == null) {
                    break;
                }
                out.add(e);
            }
            return out;
        }

        CtfEvent next() throws IOException {
            if (at < batch.size()) {
                return batch.get(at++);
            }
            if (pending == null) {
                return null;
            }
            batch = pending.join();
            at = 0;
            pending = batch.size() == BATCH ? workers.fork(this::decode) : null;
            return at < batch.size() ? batch.get(at++) : null;
        }
    }

    private static long merged(List<StreamDecoder> decoders, Workers workers, Consumer<CtfEvent> consumer)
            throws IOException {
        Workers streamWorkers = workers.limitedTo(decoders.size());
        List<Prefetch> streams = new ArrayList<>();
        try {
            for (StreamDecoder d : decoders) {
                streams.add(new Prefetch(d, streamWorkers));
            }
            return inTimeOrder(streams.stream().<EventSource>map(p -> p::next).toList(), consumer);
        } finally {
            // a task not started is dropped; one running finishes its batch before the decoders are closed
            for (Prefetch p : streams) {
                if (p.pending != null) {
                    p.pending.settle();
                }
            }
        }
    }
}
