package dev.ppw.collect.perf;

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
 * The text {@code perf script} prints of {@code perf record} samples, in its default layout and in any
 * {@code -F} field layout, with or without call graphs. A sample, as perf 6.1 prints it by default:
 * <pre>{@code
 * perf_work 14612   521.416816:    1001001 cpu-clock:ppp:
 * 	            1396 matmul+0x66 (/tmp/perf/perf_work)
 * 	            14da compute_step+0x1a (/tmp/perf/perf_work)
 * }</pre>
 * What each sample weighs and where it goes is {@link PerfScriptReader}'s to say.
 */
public final class PerfScriptFormat implements EventFormat {
    private static final int LINES = 40;

    @Override
    public String name() {
        return "perf-script";
    }

    @Override
    public String description() {
        return "perf script text (Linux perf's samples, with or without call graphs, default or -F layouts)";
    }

    /**
     * {@link Confidence#CERTAIN} when the first line that is neither blank nor a {@code #} comment is a
     * sample header with a pid or a time, and the next line one of its tab-indented frames, or when the
     * comments are {@code perf report}'s (which the reader refuses with advice); {@link Confidence#POSSIBLE}
     * when the first two such lines are headers with a time (samples without call graphs); else
     * {@link Confidence#NONE}.
     */
    @Override
    public Confidence probe(Head head) {
        if (head.looksLikeUtf16Or32() || head.looksLikePerfettoProtobuf()) {
            return Confidence.NONE;
        }
        List<String> lines = PerfText.lines(head, LINES);
        int i = 0;
        while (i < lines.size() && (lines.get(i).isBlank() || lines.get(i).startsWith("#"))) {
            if (PerfText.isPerfReportComment(lines.get(i))) {
                return Confidence.CERTAIN;
            }
            i++;
        }
        if (i == lines.size()) {
            return Confidence.NONE;
        }
        Object[] problem = new Object[2];
        PerfHeader first = lines.get(i).startsWith("\t") ? null : PerfHeader.parse(lines.get(i), problem);
        if (first == null || (first.tid().isEmpty() && first.timeNanos() < 0)) {
            return Confidence.NONE;
        }
        if (i + 1 < lines.size() && PerfText.isFrameLine(lines.get(i + 1))) {
            return Confidence.CERTAIN;
        }
        if (first.timeNanos() < 0 || i + 1 >= lines.size()) {
            return Confidence.NONE;
        }
        PerfHeader second = lines.get(i + 1).startsWith("\t") ? null : PerfHeader.parse(lines.get(i + 1), problem);
        return second != null && second.timeNanos() >= 0 ? Confidence.POSSIBLE : Confidence.NONE;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> new PerfScriptReader(name, sink).read(content));
        }
    }
}
