package dev.ppw.collect.v8;

import dev.ppw.collect.unread.JsonKeys;
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
import java.util.Locale;

/**
 * V8's CPU profiles ({@code .cpuprofile}), as {@code node --cpu-prof} and Chrome DevTools write them: a JSON object
 * of the sampled call tree's {@code nodes}, the {@code samples} (node ids) and their {@code timeDeltas}
 * (microseconds), and {@code startTime}/{@code endTime}. Node.js 20 writes the nodes first:
 * <pre>{@code {"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"hitCount":0,"children":[2,3,37]},...}</pre>
 * The layout before Node.js 11 and Chrome 58 (v8-profiler's, speedscope's {@code node/10.11.0/example.cpuprofile})
 * nests the nodes in a {@code head} tree and times the samples by absolute {@code timestamps}:
 * <pre>{@code {"head":{"functionName":"(root)","url":"","lineNumber":-1,"bailoutReason":"","id":1,"scriptId":0,"hitCount":0,"children":[...]},"startTime":163140,"endTime":163140,"samples":[...],"timestamps":[...]}}</pre>
 * What each sample weighs and where it goes is {@link CpuProfileReader}'s to say.
 */
public final class V8CpuProfileFormat implements EventFormat {
    private static final List<String> MEMBERS = List.of("nodes", "head", "samples", "timeDeltas", "timestamps",
            "startTime", "endTime");
    private static final String CALL_FRAME = "\"callFrame\"";
    private static final String FUNCTION_NAME = "\"functionName\"";
    private static final String CHILDREN = "\"children\"";

    @Override
    public String name() {
        return "v8-cpuprofile";
    }

    /** What Chrome DevTools and {@code node --cpu-prof} save. */
    @Override
    public List<String> fileEndings() {
        return List.of(".cpuprofile");
    }

    /** A sample timed before the one before it ({@code v8_negative_delta}). */
    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return List.of(SampleTimeline.NEGATIVE_DELTA);
    }

    @Override
    public String description() {
        return "a V8 CPU profile (.cpuprofile, written by node --cpu-prof and Chrome DevTools)";
    }

    /**
     * {@link Confidence#CERTAIN} for a JSON object without {@code traceEvents} that shows {@code nodes},
     * {@code head} or {@code samples} and another member of a profile ({@code nodes}, {@code head},
     * {@code samples}, {@code timeDeltas}, {@code timestamps}, {@code startTime}, {@code endTime}), or whose first
     * member is {@code nodes} with a {@code callFrame} in the head, or {@code head} (the layout before Node.js 11)
     * with a {@code functionName} and {@code children}; {@link Confidence#NAME_ONLY} for a name ending {@code .cpuprofile}; else {@link Confidence#NONE}.
     */
    @Override
    public Confidence probe(Head head) {
        JsonKeys.Keys keys = JsonKeys.ofObject(head);
        if (keys != null && !keys.names().isEmpty() && !keys.has("traceEvents")) {
            long members = keys.names().stream().filter(MEMBERS::contains).count();
            boolean nodesFirst = keys.names().get(0).equals("nodes");
            boolean headFirst = keys.names().get(0).equals("head");
            if ((keys.has("nodes") || keys.has("head") || keys.has("samples")) && members > 1
                    || nodesFirst && head.latin1().contains(CALL_FRAME)
                    || headFirst && head.latin1().contains(FUNCTION_NAME) && head.latin1().contains(CHILDREN)) {
                return Confidence.CERTAIN;
            }
        }
        String file = head.fileName().toLowerCase(Locale.ROOT);
        if (head.gzipLayers() > 0 && file.endsWith(".gz")) {
            file = file.substring(0, file.length() - 3);
        }
        return file.endsWith(".cpuprofile") ? Confidence.NAME_ONLY : Confidence.NONE;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> new CpuProfileReader(name, sink).read(content));
        }
    }
}
