package dev.ppw.collect.folded;

import dev.ppw.collect.BytesToInt;
import dev.ppw.collect.LineSplitter;
import dev.ppw.collect.Utf8;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FoldedWeightLine;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.Quote;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Streams folded stacks into an {@link EventSink}, a line at a time: memory grows with the longest line,
 * not with the file. A line, as {@code stackcollapse-perf.pl} writes it:
 * <pre>{@code java;start_thread;JavaMain;Interpreter;SharedRuntime::resolve_static_call_C 3}</pre>
 *
 * <p>Per line:
 * <ul>
 *   <li>The count is the last whitespace-separated field; everything before the whitespace run that precedes
 *       it is the stack, split at every {@code ;} into frames kept as written: spaces, colons and flame-graph
 *       annotations ({@code _[k]} kernel, {@code _[j]} JIT, {@code _[i]} inlined, {@code _[w]} waker) are
 *       part of a frame's name. Names are UTF-8: a line with a byte that is not is a {@code bad_event}
 *       warning at that byte's column (the byte quoted as {@code \xNN}), never read as U+FFFD.</li>
 *   <li>A count is a whole number of samples: digits, or digits with a zero fraction ({@code 12.0}, exactly
 *       12). A fraction that is not zero ({@code 12.5}) cannot be a number of samples and is not rounded: the
 *       line is skipped as a {@code bad_event} warning. So is a line with no count, a count without a stack,
 *       a stack with an empty frame ({@code a;;b}, or {@code ;} at its start), a line holding zero bytes (a
 *       damaged region of the file: a page zeroed by a crash or a disk), a count beyond a 64-bit
 *       integer or one that would carry the input's total past it, and a line over
 *       {@value #MAX_LINE_BYTES} bytes. A count of 0 is the note {@code zero_count}: nothing was sampled. A
 *       stack that ends in {@code ;} ({@code a;b; 3}, as stackcollapse-perf.pl writes a frame perf printed
 *       without a symbol) is read without that empty last frame, as flame-graph tools draw it, and counted in
 *       the note {@value #EMPTY_LAST_FRAME}.</li>
 *   <li>Each good line is one {@link EventSink#sample} of {@code count} samples weighing {@code count} of
 *       {@link FoldedFormat#SAMPLES}, on the thread track ("", ""), at the line number as its time. The same
 *       stack on several lines adds up in the tree. When the first line is ppw-java's
 *       {@link FoldedWeightLine} ({@code # ppw-java folded stacks: each value is nanoseconds of time}), each
 *       value weighs what it says instead: nanoseconds of time, or a weight in bytes or events, and counts
 *       no calls (the format keeps none of a traced profile's calls).</li>
 *   <li>Blank lines (only whitespace) are skipped silently; line ends are LF or CRLF, and the last line
 *       needs none.</li>
 * </ul>
 *
 * <p>A line that ends in two counts ({@code a;b 12 15}) is the differential form {@code difffolded.pl}
 * writes for two profiles at once: it stops the read with a {@link BadInputException}, since either column
 * alone would silently be a different profile than the one asked for.
 *
 * <p>Warnings and errors say {@code file:line:column}, the column counted in characters from 1. One
 * reader per input; not thread-safe. It does not call {@link EventSink#beginInput} or
 * {@link EventSink#endInput}: the caller brackets the input.
 */
final class FoldedReader {
    /** Warning: a line that is not {@code stack count} (see the class comment). */
    static final String BAD_EVENT = Diagnostics.BAD_EVENT;
    /** Note: a line whose count is 0. */
    static final DiagnosticKind ZERO_COUNT = DiagnosticKind.note("zero_count", "folded line with a count of 0",
            "folded lines with a count of 0");
    /** Note: a stack ending in {@code ;}, read without its empty last frame as flame-graph tools draw it. */
    static final DiagnosticKind EMPTY_LAST_FRAME = DiagnosticKind.note("folded_empty_last_frame",
            "folded stack ending in ';' (its empty last frame dropped)",
            "folded stacks ending in ';' (their empty last frames dropped)");
    /** The longest line read: deeper stacks than any profiler records, a bound on memory for binary input. */
    static final int MAX_LINE_BYTES = 1 << 24;

    private static final int QUOTE_BYTES = 60;
    private static final int INITIAL_LINE_BYTES = 1 << 10;
    private static final int INITIAL_FRAMES = 64;

    private final String file;
    private final EventSink sink;
    private final FrameTable frames;
    private final Diagnostics diagnostics;
    private int track = -1;
    /** Frames read before, by their bytes: a name costs one hash, not a string, the next time. */
    private final BytesToInt known = new BytesToInt(1 << 18, 1L << 26);
    private long lineNumber;
    /** The values of the good lines so far: no node of this input's tree can weigh more. */
    private long totalSamples;
    /** What each value weighs: samples, unless the first line says otherwise ({@link FoldedWeightLine}). */
    private Metric weight = FoldedFormat.SAMPLES;
    /** Whether a value is also that many calls: a count of samples is, a time or a weight in bytes is not. */
    private boolean valuesAreSamples = true;

    /** The current line (the splitter's buffer, valid while it is read), its length and bytes not kept. */
    private byte[] line;
    private int lineLength;
    /** Bytes of the current line beyond {@link #MAX_LINE_BYTES}, not kept. */
    private long overflowBytes;

    // The frames of the current line: ids, and where each one's bytes end in the line.
    private int[] frameIds = new int[INITIAL_FRAMES];
    private int[] frameEnds = new int[INITIAL_FRAMES];
    // The last good line's stack, kept so that the frames a sorted file repeats line after line are not decoded again.
    private byte[] previous = new byte[INITIAL_LINE_BYTES];
    private int previousLength;
    private int previousDepth;
    private int[] previousIds = new int[INITIAL_FRAMES];
    private int[] previousEnds = new int[INITIAL_FRAMES];

    FoldedReader(String file, EventSink sink) {
        this.file = file;
        this.sink = sink;
        this.frames = sink.frames();
        this.diagnostics = sink.diagnostics();
    }

    /** Reads every line of {@code in} (the content, past any byte order mark) into the sink. */
    void read(InputStream in) throws IOException {
        new LineSplitter(INITIAL_LINE_BYTES, MAX_LINE_BYTES).split(in, file, new LineSplitter.Lines() {
            @Override
            public void line(byte[] bytes, int length, long overflow) {
                take(bytes, length, overflow);
                endLine();
            }

            @Override
            public void last(byte[] bytes, int length, long overflow) {
                line(bytes, length, overflow);
            }
        });
    }

    /** Makes the splitter's line the current one. */
    private void take(byte[] bytes, int length, long overflow) {
        line = bytes;
        lineLength = length;
        overflowBytes = overflow;
    }

    private void endLine() {
        lineNumber++;
        try {
            if (overflowBytes > 0) {
                warn(1, "a line of " + (lineLength + overflowBytes) + " bytes, longer than the longest read ("
                        + MAX_LINE_BYTES + " bytes)", lineLength);
            } else {
                parseLine();
            }
        } finally {
            lineLength = 0;
            overflowBytes = 0;
        }
    }

    private void parseLine() {
        byte[] b = line;
        if (lineNumber == 1 && b.length > 0 && lineLength > 0 && b[0] == '#' && weightLine()) {
            return;
        }
        int end = lineLength;
        while (end > 0 && FoldedLines.isSpace(b[end - 1])) {
            end--;
        }
        if (end == 0) {
            return;
        }
        for (int i = 0; i < end; i++) {
            if (b[i] == 0) {
                damaged(i, end);
                return;
            }
        }
        int countStart = end;
        while (countStart > 0 && !FoldedLines.isSpace(b[countStart - 1])) {
            countStart--;
        }
        long count = FoldedLines.count(b, countStart, end);
        if (count == FoldedLines.NOT_A_COUNT) {
            warn(countStart + 1, "no sample count at the end of the line", end);
            return;
        }
        if (count == FoldedLines.FRACTION) {
            warn(countStart + 1, "the count " + text(countStart, end) + " is not a whole number of samples", end);
            return;
        }
        if (count == FoldedLines.TOO_LARGE) {
            warn(countStart + 1, "the count " + text(countStart, end) + " is beyond a 64-bit count", end);
            return;
        }
        int stackEnd = countStart;
        while (stackEnd > 0 && FoldedLines.isSpace(b[stackEnd - 1])) {
            stackEnd--;
        }
        if (stackEnd == 0) {
            warn(countStart + 1, "a count without a stack", end);
            return;
        }
        refuseDifferential(stackEnd, end);
        boolean emptyLast = b[stackEnd - 1] == ';' && stackEnd > 1;
        if (emptyLast) {
            // flame-graph tools draw "a;b; 3" as the stack a;b: stackcollapse-perf.pl writes such lines for frames
            // perf printed without a symbol (FlameGraph's perf-vertx-stacks-01-collapsed-all.txt).
            stackEnd--;
        }
        int depth = frames(stackEnd);
        if (depth == BAD_TEXT) {
            return;
        }
        if (depth < 0) {
            warn(-depth, "an empty frame in the stack (';;', or ';' at its start)", end);
            return;
        }
        if (emptyLast) {
            diagnostics.note(EMPTY_LAST_FRAME);
        }
        if (count == 0) {
            diagnostics.note(ZERO_COUNT);
            keepAsPrevious(stackEnd, depth);
            return;
        }
        if (totalSamples > Long.MAX_VALUE - count) {
            warn(countStart + 1, "the count " + count + " carries the input's samples past a 64-bit count", end);
            return;
        }
        totalSamples += count;
        if (track < 0) {
            track = sink.thread("", "");
        }
        sink.sample(track, lineNumber, weight, count, valuesAreSamples ? count : 0, frameIds, depth);
        keepAsPrevious(stackEnd, depth);
    }

    /**
     * Reads the first line as the weight of every value when it is ppw-java's {@link FoldedWeightLine}; false when
     * it is not one (it is then read as any line).
     */
    private boolean weightLine() {
        FoldedWeightLine said = FoldedWeightLine.read(line, lineLength);
        if (said == null) {
            return false;
        }
        if (said.unit() == MetricUnit.NANOSECONDS) {
            weight = SampleWeights.TIME;
            valuesAreSamples = false;
        } else if (said.unit() != MetricUnit.COUNT || !said.metric().equals(FoldedFormat.SAMPLES.name())) {
            weight = Metric.weight(said.metric(), said.unit(), said.metric(), "a folded weight in " + said.unit().label()
                    + ", as its file's first line says");
            valuesAreSamples = said.unit() == MetricUnit.COUNT;
        }
        return true;
    }

    /** Stops at a line of difffolded.pl's form: a stack, then two counts. */
    private void refuseDifferential(int stackEnd, int end) {
        int fieldStart = stackEnd;
        while (fieldStart > 0 && !FoldedLines.isSpace(line[fieldStart - 1])) {
            byte c = line[fieldStart - 1];
            if (c != '.' && (c < '0' || c > '9')) {
                // not a count (only digits and a dot are): stop here rather than walk back over the whole stack
                return;
            }
            fieldStart--;
        }
        if (fieldStart == 0 || FoldedLines.count(line, fieldStart, stackEnd) == FoldedLines.NOT_A_COUNT) {
            return;
        }
        throw BadInputException.at(file, lineNumber, column(fieldStart + 1), "a line with two counts is the"
                + " differential form of folded stacks (difffolded.pl's 'stack count1 count2'), which ppw-java does"
                + " not read: give each profile as a folded file of its own", quote(end));
    }

    /** What {@link #frames} returns for a frame that is not UTF-8, already warned. */
    private static final int BAD_TEXT = Integer.MIN_VALUE;

    /**
     * Splits {@code line[0 .. stackEnd-1]} into {@link #frameIds} and {@link #frameEnds}: the depth, minus
     * the byte column (from 1) of an empty frame, or {@link #BAD_TEXT} (warned) for a frame that is not UTF-8. The frames this line shares with the previous good line, byte for byte
     * up to a {@code ;}, keep their ids.
     */
    private int frames(int stackEnd) {
        byte[] b = line;
        int common = 0;
        int shared = Math.min(stackEnd, previousLength);
        while (common < shared && b[common] == previous[common]) {
            common++;
        }
        int depth = 0;
        while (depth < previousDepth && (previousEnds[depth] < common
                || previousEnds[depth] == common && (common == stackEnd || b[common] == ';'))) {
            frameIds[depth] = previousIds[depth];
            frameEnds[depth] = previousEnds[depth];
            depth++;
        }
        if (depth > 0 && frameEnds[depth - 1] == stackEnd) {
            return depth;
        }
        int start = depth == 0 ? 0 : frameEnds[depth - 1] + 1;
        while (true) {
            int end = start;
            while (end < stackEnd && b[end] != ';') {
                end++;
            }
            if (end == start) {
                return -(start + 1);
            }
            if (depth == frameIds.length) {
                frameIds = Arrays.copyOf(frameIds, 2 * depth);
                frameEnds = Arrays.copyOf(frameEnds, 2 * depth);
            }
            int id = known.get(b, start, end);
            if (id == BytesToInt.ABSENT) {
                int bad = Utf8.firstInvalid(b, start, end);
                if (bad >= 0) {
                    warn(bad + 1, "a frame name that is not UTF-8 text (byte 0x" + Integer.toHexString(b[bad] & 0xff)
                            + ")", lineLength);
                    return BAD_TEXT;
                }
                id = frames.intern(new String(b, start, end - start, StandardCharsets.UTF_8));
                known.put(b, start, end, id);
            }
            frameIds[depth] = id;
            frameEnds[depth] = end;
            depth++;
            if (end == stackEnd) {
                return depth;
            }
            start = end + 1;
        }
    }

    private void keepAsPrevious(int stackEnd, int depth) {
        if (previous.length < stackEnd) {
            previous = new byte[Math.max(stackEnd, 2 * previous.length)];
        }
        System.arraycopy(line, 0, previous, 0, stackEnd);
        previousLength = stackEnd;
        if (previousIds.length < depth) {
            previousIds = new int[frameIds.length];
            previousEnds = new int[frameIds.length];
        }
        System.arraycopy(frameIds, 0, previousIds, 0, depth);
        System.arraycopy(frameEnds, 0, previousEnds, 0, depth);
        previousDepth = depth;
    }

    /** Counts one bad line, said at {@code byteColumn} (from 1, in bytes) with a quote of the line. */
    /**
     * A line holding zero bytes: a region of the file that a crash or a damaged disk left zeroed (a 4 KiB page is
     * 4096 zeros across the lines it replaced). Whatever the zeros replaced is gone, and the stack around them is no
     * stack the profile had: the line is skipped and said, with the first zero's place.
     */
    private void damaged(int zero, int end) {
        int run = 0;
        for (int i = zero; i < lineLength && line[i] == 0; i++) {
            run++;
        }
        warn(zero + 1, run + (run == 1 ? " zero byte" : " zero bytes") + " (a damaged region: whatever the file held"
                + " there is lost)", end);
    }

    private void warn(int byteColumn, String what, int end) {
        diagnostics.warn(BAD_EVENT, file + ":" + lineNumber + ":" + column(byteColumn) + ": " + what + ": \""
                + quote(end) + "\"");
    }

    /** The column in characters of the byte at {@code byteColumn} (from 1): UTF-8 continuation bytes do not count. */
    private int column(int byteColumn) {
        int column = 1;
        for (int i = 0; i < byteColumn - 1 && i < lineLength; i++) {
            if ((line[i] & 0xc0) != 0x80) {
                column++;
            }
        }
        return column;
    }

    /** The line's first bytes up to {@code end}, cut before a UTF-8 sequence rather than inside one. */
    private String quote(int end) {
        if (end <= QUOTE_BYTES) {
            return Utf8.quote(line, 0, end);
        }
        int cut = QUOTE_BYTES;
        while (cut > 0 && (line[cut] & 0xc0) == 0x80) {
            cut--;
        }
        return Utf8.quote(line, 0, cut) + "...";
    }

    private String text(int from, int to) {
        return new String(line, from, to - from, StandardCharsets.ISO_8859_1);
    }
}
