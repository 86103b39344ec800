package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

import java.util.List;

/**
 * V8's CPU profiles ({@code .cpuprofile}), as {@code node --cpu-prof} and Chrome DevTools write them: a JSON object
 * of the sampled call tree's {@code nodes}, the {@code samples} (node ids) and their {@code timeDeltas}, and
 * {@code startTime}/{@code endTime}. Node.js 20 writes the nodes first:
 * <pre>{@code {"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,...}</pre>
 * It is JSON, so the Chrome reader would refuse it ("a JSON object without a traceEvents array").
 */
public final class V8CpuProfile extends Recognizer {
    private static final List<String> MEMBERS = List.of("nodes", "samples", "timeDeltas", "startTime", "endTime");
    private static final String CALL_FRAME = "\"callFrame\"";

    public V8CpuProfile() {
        super("v8-cpuprofile", "a V8 CPU profile (.cpuprofile, written by node --cpu-prof and Chrome DevTools)",
                "no converter to folded stacks or Chrome JSON is known to us; for Node.js, sample with Linux perf"
                        + " instead (node --perf-basic-prof under perf record -g, then perf script |"
                        + " stackcollapse-perf.pl > OUT.folded) and ppw-java profile OUT.folded");
    }

    /**
     * {@link Confidence#CERTAIN} for a JSON object whose first member is {@code nodes} and that shows a
     * {@code callFrame} or another member of a profile ({@code samples}, {@code timeDeltas}, {@code startTime},
     * {@code endTime}), and no {@code traceEvents}; {@link Confidence#NAME_ONLY} for a name ending
     * {@code .cpuprofile}.
     */
    @Override
    public Confidence probe(Head head) {
        JsonKeys.Keys keys = JsonKeys.ofObject(head);
        if (keys != null && !keys.names().isEmpty() && keys.names().get(0).equals("nodes") && !keys.has("traceEvents")
                && (keys.names().stream().filter(MEMBERS::contains).count() > 1 || head.latin1().contains(CALL_FRAME))) {
            return Confidence.CERTAIN;
        }
        return fileName(head).endsWith(".cpuprofile") ? Confidence.NAME_ONLY : Confidence.NONE;
    }
}
