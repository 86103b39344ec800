package dev.ppw.collect.v8;

import dev.ppw.collect.unread.JsonKeys;
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
 * What each sample weighs and where it goes is {@link CpuProfileReader}'s to say.
 */
public final class V8CpuProfileFormat implements EventFormat {
    private static final List<String> MEMBERS = List.of("nodes", "samples", "timeDeltas", "startTime", "endTime");
    private static final String CALL_FRAME = "\"callFrame\"";

    @Override
    public String name() {
        return "v8-cpuprofile";
    }

    /** What Chrome DevTools and {@code node --cpu-prof} save. */
    @Override
    public List<String> fileEndings() {
        return List.of(".cpuprofile");
    }

    @Override
    public String description() {
        return "a V8 CPU profile (.cpuprofile, written by node --cpu-prof and Chrome DevTools)";
    }

    /**
     * {@link Confidence#CERTAIN} for a JSON object without {@code traceEvents} that shows {@code nodes} or
     * {@code samples} and another member of a profile ({@code nodes}, {@code samples}, {@code timeDeltas},
     * {@code startTime}, {@code endTime}), or whose first member is {@code nodes} with a {@code callFrame} in the
     * head; {@link Confidence#NAME_ONLY} for a name ending {@code .cpuprofile}; else {@link Confidence#NONE}.
     */
    @Override
    public Confidence probe(Head head) {
        JsonKeys.Keys keys = JsonKeys.ofObject(head);
        if (keys != null && !keys.names().isEmpty() && !keys.has("traceEvents")) {
            long members = keys.names().stream().filter(MEMBERS::contains).count();
            boolean nodesFirst = keys.names().get(0).equals("nodes");
            if ((keys.has("nodes") || keys.has("samples")) && members > 1
                    || nodesFirst && head.latin1().contains(CALL_FRAME)) {
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
