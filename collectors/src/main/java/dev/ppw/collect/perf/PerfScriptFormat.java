package dev.ppw.collect.perf;

import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.ByteRanges;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The text {@code perf script} prints of {@code perf record} samples, in its default layout and in any
 * {@code -F} field layout, with or without call graphs. A sample, as perf 6.1 prints it by default:
 * <pre>{@code
 * perf_work 14612   521.416816:    1001001 cpu-clock:ppp:
 * 	            1396 matmul+0x66 (/tmp/perf/perf_work)
 * 	            14da compute_step+0x1a (/tmp/perf/perf_work)
 * }</pre>
 * Older perf, and {@code perf script -F comm,pid,event,ip,sym,dso}, print no time (FlameGraph's
 * {@code perf-java-stacks-02.txt}, whose frames lost their indent on the way):
 * <pre>{@code
 * java 19983 cycles:
 * ffffffff8103d0ca native_write_msr_safe ([kernel.kallsyms])
 * }</pre>
 * What each sample weighs and where it goes is {@link PerfScriptReader}'s to say.
 */
public final class PerfScriptFormat implements EventFormat {
    private static final int LINES = 40;
    /** Lines of one sample each seen in a row before a file is cut at any line. */
    private static final int MIN_SAMPLE_LINES = 8;

    /**
     * Text saved as {@code .txt} ({@code perf script > out.txt}): found in folders when its content is this
     * format's.
     */
    @Override
    public boolean probedInFolders(Path file) {
        return InputFormat.bareName(file).endsWith(".txt");
    }

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
     * sample header with a tid, a time or an event and without a frame of its own, and the next line one of
     * its frames ({@link PerfText#isFrameLine}), or when the comments are {@code perf report}'s (which the
     * reader refuses with advice); {@link Confidence#POSSIBLE}
     * when the first two such lines are headers with a time (samples without call graphs), or without a time
     * but each with a tid, an event and its one frame; else {@link Confidence#NONE}.
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
        if (first == null || (first.tid().isEmpty() && first.timeNanos() < 0 && first.event().isEmpty())) {
            return Confidence.NONE;
        }
        if (i + 1 < lines.size() && first.frameFrom() >= lines.get(i).length()
                && PerfText.isFrameLine(lines.get(i + 1))) {
            return Confidence.CERTAIN;
        }
        if (first.tid().isEmpty() && first.timeNanos() < 0 || i + 1 >= lines.size()) {
            return Confidence.NONE;
        }
        PerfHeader second = lines.get(i + 1).startsWith("\t") ? null : PerfHeader.parse(lines.get(i + 1), problem);
        if (second == null) {
            return Confidence.NONE;
        }
        if (first.timeNanos() >= 0 && second.timeNanos() >= 0) {
            return Confidence.POSSIBLE;
        }
        boolean sameLayout = second.timeNanos() < 0 && first.tid().isEmpty() == second.tid().isEmpty()
                && !first.event().isEmpty() && !second.event().isEmpty();
        boolean framed = first.frameFrom() < lines.get(i).length() && second.frameFrom() < lines.get(i + 1).length();
        return sameLayout && framed ? Confidence.POSSIBLE : Confidence.NONE;
    }

    /**
     * False when the input's first sample header has no time (perf script without its {@code time} field): its
     * samples are given their header's line number, a position, and cannot be cut into time bins or phases.
     */
    @Override
    public boolean timed(Head head) {
        Object[] problem = new Object[2];
        for (String line : PerfText.lines(head, LINES)) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("\t")) {
                continue;
            }
            PerfHeader h = PerfHeader.parse(line, problem);
            return h == null || h.timeNanos() >= 0;
        }
        return true;
    }

    /**
     * A plain input of at least {@link ReadOptions#parallelFromBytes()} whose content opens at offsets
     * ({@link InputSource#openRanges()}), with more than one job, is read in chunks on the options' workers
     * ({@link ParallelPerfScript}), to the same samples; anything else as one stream.
     */
    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        First first = options.jobs() > 1 ? firstHeader(source, options) : null;
        if (first != null) {
            Optional<ByteRanges> ranges = source.openRanges();
            if (ranges.isPresent()) {
                try (ByteRanges content = ranges.get()) {
                    EventFormat.bracketed(name, sink, () -> ParallelPerfScript.read(content, name,
                            PerfSamples.toSink(name, sink), first.header(), first.framed(), options.workers(),
                            options.chunkBytes(), options.progress()));
                }
                return;
            }
        }
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> new PerfScriptReader(name, sink).read(content));
        }
    }

    /**
     * The input's first sample header when it is a plain file large enough to read in chunks and that header reads
     * as one; else null (then it is read as one stream, which says what is wrong with it).
     */
    private static First firstHeader(InputSource source, ReadOptions options) throws IOException {
        if (source.sizeBytes() < options.parallelFromBytes()) {
            return null;
        }
        Head head = source.head();
        if (head.gzipLayers() > 0 || head.looksLikeUtf16Or32()) {
            return null;
        }
        List<String> lines = PerfText.lines(head, LINES);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#") || line.startsWith("\t")) {
                continue;
            }
            if (line.indexOf('\uFFFD') >= 0) {
                return null; // not UTF-8, or a replacement character: one stream says what it is
            }
            PerfHeader h = PerfHeader.parse(line, new Object[2]);
            return h == null ? null : new First(h, everyLineASample(lines, i));
        }
        return null;
    }

    /**
     * Whether the head's lines from {@code from} on are all samples of one line each (without call graphs): each
     * a header with its frame, in the first one's layout. Only then may the file be cut at any line; when in doubt
     * it is cut at blank lines, which such a file has none of (then it is read as one chunk: slower, never wrong).
     */
    private static boolean everyLineASample(List<String> lines, int from) {
        PerfHeader first = null;
        int headers = 0;
        for (int i = from; i < lines.size(); i++) {
            String line = lines.get(i);
            PerfHeader h = line.isBlank() || line.startsWith("\t") ? null : PerfHeader.parse(line, new Object[2]);
            if (h == null || h.frameFrom() >= line.length()) {
                return false;
            }
            if (first == null) {
                first = h;
            } else if ((h.timeNanos() >= 0) != (first.timeNanos() >= 0) || h.tid().isEmpty() != first.tid().isEmpty()
                    || h.event().isEmpty() != first.event().isEmpty()) {
                return false;
            }
            headers++;
        }
        return headers >= MIN_SAMPLE_LINES;
    }

    /** The first sample header, and whether it holds its sample's one frame (samples without call graphs). */
    private record First(PerfHeader header, boolean framed) {
    }
}
