package dev.ppw.collect.perfetto;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Perfetto protobuf traces ({@code .pftrace}, {@code .perfetto-trace}), as Chromium writes them by default with
 * {@code --trace-startup} (even into a file named {@code .json}), as CMSSW's Perfetto service and the Perfetto
 * SDK do: a {@code Trace}, that is a sequence of {@code TracePacket}s, each field 1 with a varint length.
 * Chromium 156's first packet opens with <pre>{@code 0a 5e 32 55 10 03 0a 09 08 06 ...}</pre>
 *
 * <p>TrackEvents become calls as Chrome JSON's events do (docs/SEMANTICS.md section 1, docs/formats.md
 * "Perfetto protobuf"): slice begins and ends, legacy complete events with their duration; instants are counted.
 * A thread track (a TrackDescriptor with a thread) is the thread's stack; every other track (process, custom,
 * the trace-global track 0) is a stack of its own, as an async track, keyed by its process, the names of its
 * ancestors and its own ({@code stream 3 / lane 1}) and its uuid. Counter tracks become counter series. Names are
 * interned per sequence, and times are resolved through the sequence's clock snapshots, exact to the nanosecond
 * in the trace's own clock.
 */
public final class PerfettoFormat implements EventFormat {
    @Override
    public String name() {
        return "perfetto";
    }

    /** What Perfetto's UI and {@code perfetto} save. */
    @Override
    public List<String> fileEndings() {
        return List.of(".pftrace", ".perfetto-trace");
    }

    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return PerfettoReader.KINDS;
    }

    @Override
    public String description() {
        return "Perfetto protobuf traces (Chromium's default --trace-startup format, CMSSW's Perfetto service,"
                + " the Perfetto SDK), gzipped or not";
    }

    /**
     * {@link Confidence#POSSIBLE} when the head {@link Head#looksLikePerfettoProtobuf looks like} packets: any
     * protobuf whose first field is a message looks so too, and a pprof profile (whose first field holds only
     * varints) is claimed with certainty by its own recognizer.
     */
    @Override
    public Confidence probe(Head head) {
        return head.looksLikePerfettoProtobuf() ? Confidence.POSSIBLE : Confidence.NONE;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> new PerfettoReader(name, sink).read(content));
        }
    }
}
