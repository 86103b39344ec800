package dev.ppw.collect.folded;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
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
 * Brendan Gregg's folded (collapsed) stacks, the input of flame-graph tools, as {@code stackcollapse-*.pl},
 * inferno's collapsers, async-profiler's {@code collapsed} output and ppw-java's own {@code --format folded}
 * write them: one stack per line, its frames from the outermost joined by {@code ;}, whitespace, then how
 * many samples had that stack. A line, as {@code stackcollapse-perf.pl} writes it for a Java process:
 * <pre>{@code java;start_thread;thread_native_entry;JavaThread::run;Interpreter;sys_write_[k] 17}</pre>
 *
 * <p>Each line is {@code count} samples of its stack, weighing {@code count} of {@link #SAMPLES} (a
 * {@link Metric.Kind#WEIGHT} in {@link MetricUnit#COUNT}, never time), on the one thread track (pid
 * {@code ""}, tid {@code ""}): the format has no threads and no time. The line number stands in for the
 * timestamp. What is read and what is skipped is {@link FoldedReader}'s to say.
 */
public final class FoldedFormat implements EventFormat {
    /** The weight of every sample of a folded input: a node's samples, with and without its callees. */
    public static final Metric SAMPLES = Metric.weight("samples", MetricUnit.COUNT, "samples",
            "samples of a folded-stacks input: with the callees (inclusive) and the node's own (exclusive)");

    /** File names that folded stacks are commonly given; a weak hint only. */
    private static final List<String> SUFFIXES = List.of(".folded", ".collapsed", ".stacks");
    private static final String GZIP_SUFFIX = ".gz";

    /** No: folded stacks have no times: each line is given its line number. */
    @Override
    public boolean timed() {
        return false;
    }

    @Override
    public String name() {
        return "folded";
    }

    /** The endings flamegraph.pl's stackcollapse scripts, async-profiler and others give their output. */
    @Override
    public List<String> fileEndings() {
        return List.of(".folded", ".collapsed", ".stacks");
    }

    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return List.of(FoldedReader.ZERO_COUNT, FoldedReader.EMPTY_LAST_FRAME);
    }

    @Override
    public String description() {
        return "folded stacks ('main;compute;sha256 1843' per line), as the FlameGraph and inferno collapsers,"
                + " async-profiler and ppw-java --format folded write them";
    }

    /**
     * {@link Confidence#CERTAIN} when the first line is ppw-java's {@link dev.ppw.model.FoldedWeightLine}.
     * {@link Confidence#POSSIBLE} when the head is text (bytes that are not UTF-8 allowed: the reader warns of
     * them) whose complete lines (at least one that is not
     * blank) are all {@code <stack><whitespace><count>}, the stack starting with no whitespace and the count
     * digits, no line the head cuts at its end starts with whitespace, and either some line has a {@code ;}
     * or the file name ends in {@code .folded}, {@code .collapsed} or {@code .stacks} (before the {@code .gz}
     * of a gzipped input). Other text so named is {@link Confidence#NAME_ONLY}; anything else,
     * {@link Confidence#NONE}. Otherwise never {@link Confidence#CERTAIN}: plain text has no signature. A Chrome trace
     * or a saved profile never fits (their lines open with a bracket or end in one), nor does
     * {@code perf script} text, whose frame lines are indented.
     */
    @Override
    public Confidence probe(Head head) {
        if (head.looksLikeUtf16Or32() || head.looksLikePerfettoProtobuf() || !FoldedLines.isText(head)) {
            return Confidence.NONE;
        }
        boolean named = namedAsFolded(head);
        return switch (FoldedLines.classify(head)) {
            case FOLDED_BY_PPW -> Confidence.CERTAIN;
            case FOLDED_WITH_SEMICOLON -> Confidence.POSSIBLE;
            case FOLDED -> named ? Confidence.POSSIBLE : Confidence.NONE;
            case OTHER_TEXT -> named ? Confidence.NAME_ONLY : Confidence.NONE;
            case BLANK -> Confidence.NONE;
        };
    }

    private static boolean namedAsFolded(Head head) {
        String name = head.fileName().toLowerCase(Locale.ROOT);
        if (head.gzipLayers() > 0 && name.endsWith(GZIP_SUFFIX)) {
            name = name.substring(0, name.length() - GZIP_SUFFIX.length());
        }
        for (String suffix : SUFFIXES) {
            if (name.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    /** Followed while written ({@code profile --follow}): one stack per line, folded as soon as its line is read. */
    @Override
    public boolean followable() {
        return true;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> new FoldedReader(name, sink).read(content));
        }
    }
}
