package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    /** Warning: a stream file an LTTng trace's index names but that is missing or empty: its events are lost. */
    public static final DiagnosticKind MISSING_STREAM = DiagnosticKind.warning("lttng_missing_stream",
            "stream file of an LTTng trace missing though its index names it (its events lost)",
            "stream files of LTTng traces missing though their index names them (their events lost)");
    /** Warning: a CTF trace folder of an LTTng output with metadata but no stream file (others have some). */
    public static final DiagnosticKind TRACE_WITHOUT_STREAMS = DiagnosticKind.warning("lttng_trace_without_streams",
            "CTF trace with metadata but no stream file (no events)",
            "CTF traces with metadata but no stream file (no events)");
    /** Warning: a folder of CTF stream files without the metadata that decodes them, beside traces that have it. */
    public static final DiagnosticKind MISSING_METADATA = DiagnosticKind.warning("lttng_missing_metadata",
            "folder of CTF streams without its metadata file (not read)",
            "folders of CTF streams without their metadata file (not read)");
    /** Warning: a CTF packet whose header carries another trace's UUID than its metadata's: skipped. */
    public static final DiagnosticKind UUID_MISMATCH = DiagnosticKind.warning("lttng_uuid_mismatch",
            "CTF packet of another trace (its UUID not the metadata's; skipped)",
            "CTF packets of another trace (their UUID not the metadata's; skipped)");
    /**
     * Warning: a CTF packet whose {@code events_discarded} would make the stream's count of lost events overflow
     * 2^63 - 1 (a damaged context, or a counter that wrapped): not counted as discards.
     */
    public static final DiagnosticKind BAD_DISCARD_COUNT = DiagnosticKind.warning("lttng_bad_discard_count",
            "CTF packet whose events_discarded overflows the count of lost events (damaged or wrapped; not counted)",
            "CTF packets whose events_discarded overflows the count of lost events (damaged or wrapped; not counted)");
    /** The warnings a reading returns ({@link Result#warnings()}), for the format to declare. */
    public static final List<DiagnosticKind> KINDS = List.of(MISSING_STREAM, TRACE_WITHOUT_STREAMS, MISSING_METADATA,
            UUID_MISMATCH, BAD_DISCARD_COUNT);
    /** Events decoded ahead per stream when streams are decoded in parallel. */
    private static final int BATCH = 2048;

    /**
     * What a reading found besides its events.
     *
     * @param events          events handed to the consumer
     * @param streams         stream files read
     * @param discardedEvents events the tracer counted as discarded ({@code events_discarded} of packet contexts)
     * @param discardExamples where discards were seen, one line each (at most one per stream)
     * @param warnings        what was not read, by kind (of {@link #KINDS}), in the order met
     */
    public record Result(long events, int streams, long discardedEvents, List<String> discardExamples,
                         List<Warning> warnings) {
    }

    /** A count of one kind of warning and its first examples. */
    public record Warning(DiagnosticKind kind, long count, List<String> examples) {
    }

    /** Warnings gathered in the order met, one entry per kind. */
    private static final class Warnings {
        final Map<DiagnosticKind, long[]> counts = new LinkedHashMap<>();
        final Map<DiagnosticKind, List<String>> examples = new LinkedHashMap<>();

        void add(DiagnosticKind kind, long count, String example) {
            if (count <= 0) {
                return;
            }
            long[] n = counts.computeIfAbsent(kind, k -> new long[1]);
            n[0] = n[0] > Long.MAX_VALUE - count ? Long.MAX_VALUE : n[0] + count;
            List<String> list = examples.computeIfAbsent(kind, k -> new ArrayList<>());
            if (example != null && list.size() < 10) {
                list.add(example);
            }
        }

        List<Warning> toList() {
            List<Warning> out = new ArrayList<>();
            counts.forEach((k, n) -> out.add(new Warning(k, n[0], List.copyOf(examples.get(k)))));
            return out;
        }
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
     * @throws BadInputException when no trace is there, its metadata is gone, no stream file holds an event, or
     *                           metadata, a packet or an event is broken (the file and the byte named)
     * @throws IOException       when a file cannot be read
     */
    public static Result read(Path directory, String displayName, Workers workers, Consumer<CtfEvent> consumer)
            throws IOException {
        List<Path> traces = CtfFolders.traces(directory);
        List<Path> withoutMetadata = CtfFolders.streamFoldersWithoutMetadata(directory);
        if (traces.isEmpty()) {
            // Only called on a folder that holds no trace, so a metadata file found here is not CTF metadata.
            Path foreign = CtfFolders.foreignMetadata(directory);
            if (foreign == null && !withoutMetadata.isEmpty()) {
                Path folder = withoutMetadata.getFirst();
                throw new BadInputException(nameOf(directory, displayName, firstStream(folder)) + ": byte 0: a CTF"
                        + " stream whose metadata file (" + directory.relativize(folder.resolve(CtfFolders.METADATA))
                        + ") is missing: the stream files " + streamList(folder) + " cannot be decoded without the"
                        + " metadata the trace was recorded with (LTTng writes it beside them)");
            }
            if (foreign != null) {
                throw new BadInputException(nameOf(directory, displayName, foreign) + ": byte 0: not CTF metadata (it"
                        + " opens with neither the packet magic 0x75D11D57 nor \"/* CTF 1.8\")");
            }
            throw new BadInputException(displayName + ": no CTF trace in this folder (no 'metadata' file opening with"
                    + " the CTF magic or \"/* CTF 1.8\")");
        }
        Warnings warnings = new Warnings();
        for (Path folder : withoutMetadata) {
            warnings.add(MISSING_METADATA, 1, nameOf(directory, displayName,
                    folder.resolve(CtfFolders.METADATA)) + ": missing: the CTF stream files " + streamList(folder)
                    + " cannot be decoded without it (not read)");
        }
        List<StreamDecoder> decoders = new ArrayList<>();
        try {
            List<String> empty = new ArrayList<>();
            for (Path trace : traces) {
                String metadataName = nameOf(directory, displayName, trace.resolve(CtfFolders.METADATA));
                CompiledTrace compiled = new CompiledTrace(CtfFolders.metadata(trace, metadataName), metadataName);
                List<Path> streams = CtfFolders.streams(trace);
                for (Path stream : streams) {
                    decoders.add(new StreamDecoder(compiled, stream, nameOf(directory, displayName, stream)));
                }
                for (CtfFolders.MissingStream m : CtfFolders.missingStreams(trace)) {
                    warnings.add(MISSING_STREAM, 1, nameOf(directory, displayName,
                            trace.resolve(m.stream())) + ": missing (or empty), though its index "
                            + trace.relativize(m.index()) + (m.packets() < 0 ? " names it"
                            : " lists " + m.packets() + (m.packets() == 1 ? " packet" : " packets")
                            + (m.contentBytes() < 0 ? "" : " of " + m.contentBytes() + " bytes"))
                            + ": its events are lost");
                }
                if (streams.isEmpty()) {
                    empty.add(metadataName);
                    warnings.add(TRACE_WITHOUT_STREAMS, 1, metadataName + ": a CTF trace with"
                            + " metadata but no stream file of any bytes beside it: no events");
                }
            }
            if (decoders.isEmpty()) {
                throw new BadInputException(empty.getFirst() + ": byte 0: a CTF trace with metadata but no stream"
                        + " file of any bytes beside it" + missing(warnings) + ": no event to read");
            }
            long events = workers.parallelism() > 1 && decoders.size() > 1 ? merged(decoders, workers, consumer)
                    : merged(decoders, consumer);
            long discarded = 0;
            long packets = 0;
            long packetsWithEvents = 0;
            List<String> examples = new ArrayList<>();
            for (StreamDecoder d : decoders) {
                discarded += d.discardedEvents();
                if (d.firstDiscard() != null) {
                    examples.add(d.firstDiscard());
                }
                packets += d.packets();
                packetsWithEvents += d.packetsWithEvents();
                warnings.add(UUID_MISMATCH, d.foreignPackets(), d.firstForeign());
                warnings.add(BAD_DISCARD_COUNT, d.badDiscardCounts(), d.firstBadDiscardCount());
            }
            if (events == 0) {
                long[] foreign = warnings.counts.get(UUID_MISMATCH);
                String why = foreign != null ? ": its " + foreign[0] + " packets with content carry another trace's"
                        + " UUID (" + warnings.examples.get(UUID_MISMATCH).getFirst() + ")"
                        : packetsWithEvents > 0 ? "" : ": its " + decoders.size() + " stream files hold " + packets
                        + " packets, none with an event" + missing(warnings);
                // The first packet of the first stream is where an event was looked for first.
                throw new BadInputException(foreign != null ? displayName + ": no event read from the CTF trace" + why
                        : decoders.getFirst().name() + ": byte 0: no event read from the CTF trace" + why);
            }
            return new Result(events, decoders.size(), discarded, List.copyOf(examples), warnings.toList());
        } finally {
            for (StreamDecoder d : decoders) {
                d.close();
            }
        }
    }

    /** The first stream file of a folder, by name. */
    private static Path firstStream(Path folder) {
        try (java.nio.file.DirectoryStream<Path> entries = java.nio.file.Files.newDirectoryStream(folder)) {
            Path first = null;
            for (Path p : entries) {
                if (CtfFolders.isStreamFile(p) && (first == null || p.compareTo(first) < 0)) {
                    first = p;
                }
            }
            return first == null ? folder : first;
        } catch (IOException e) {
            return folder;
        }
    }

    /** {@code channel0_0, channel0_1 and 2 more}: the stream files of a folder, for messages. */
    private static String streamList(Path folder) {
        List<String> names = new ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> entries = java.nio.file.Files.newDirectoryStream(folder)) {
            for (Path p : entries) {
                if (CtfFolders.isStreamFile(p)) {
                    names.add(p.getFileName().toString());
                }
            }
        } catch (IOException e) {
            return "there";
        }
        names.sort(null);
        return names.size() <= 3 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 2)) + " and " + (names.size() - 2) + " more";
    }

    /** What the missing streams' warnings say, for an error that explains an empty trace; "" when none. */
    private static String missing(Warnings warnings) {
        List<String> missing = warnings.examples.get(MISSING_STREAM);
        return missing == null ? "" : " (" + missing.getFirst() + (missing.size() > 1 ? ", and "
                + (warnings.counts.get(MISSING_STREAM)[0] - 1) + " more missing" : "") + ")";
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
