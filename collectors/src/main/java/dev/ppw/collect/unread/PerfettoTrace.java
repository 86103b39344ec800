package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * Perfetto's protobuf traces, as Chromium writes them by default with {@code --trace-startup} (even into a file
 * named {@code .json}), and as Android and the Perfetto tools do: a sequence of {@code TracePacket}s, each field 1
 * of the trace with a varint length. Chromium 156's first packet: <pre>{@code 0a 5e 32 55 10 03 0a 09 08 06 ...}</pre>
 */
public final class PerfettoTrace extends Recognizer {
    public PerfettoTrace() {
        super("perfetto", "a Perfetto protobuf trace (Chromium's default --trace-startup format, Android, Perfetto)",
                "re-record with --trace-startup-format=json, or convert it with Perfetto's traceconv (traceconv json"
                        + " IN OUT.json), then ppw-java profile OUT.json");
    }

    /**
     * {@link Confidence#POSSIBLE} when the head {@link Head#looksLikePerfettoProtobuf looks like} packets: any
     * protobuf whose first field is a message looks so too, and a pprof profile (whose first field holds only
     * varints) is claimed with certainty by {@link PprofProfile}.
     */
    @Override
    public Confidence probe(Head head) {
        return head.looksLikePerfettoProtobuf() ? Confidence.POSSIBLE : Confidence.NONE;
    }
}
