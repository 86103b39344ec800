package dev.ppw.collect.perf;

import dev.ppw.collect.ByteWords;
import dev.ppw.collect.LineSplitter;
import dev.ppw.collect.Utf8;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.NameTable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Streams {@code perf script} text into an {@link EventSink}, a line at a time: memory grows with the longest
 * line and the deepest stack, not with the file. A sample is a block: its header line ({@link PerfHeader}),
 * then its call graph, one frame per line indented by a tab, innermost first ({@code addr sym+off (dso)}),
 * then a blank line; a sample recorded without a call graph is its header line alone, with its one frame at
 * the end of it. Within a call graph every line is a frame whatever its indent (older perf indents with
 * spaces, copied text may not indent at all), unless an unindented line reads as a header of the input's
 * layout, or the input's frames are led by a tab (then no frame is unindented).
 *
 * <p>Per sample (docs/formats.md "perf script" says it for users):
 * <ul>
 *   <li>A frame's region is its symbol without {@code +0x} offset, as perf prints it: JIT symbols with spaces
 *       and colons, C++ {@code ::}, kernel symbols; {@code [unknown]} is named by its dso as
 *       {@code stackcollapse-perf.pl} names it ({@link #unknownRegion}); a frame with no symbol printed is its
 *       address. Its callsite is its caller's (the next line's) {@code sym+off}, the place in the caller;
 *       empty for the outermost frame and when the caller's offset is not printed.</li>
 *   <li>The weight is {@link PerfEvents#weight}: the period as time for cpu-clock and task-clock, as events
 *       of a metric named after the event otherwise, 1 when no period is printed.</li>
 *   <li>The track is the thread ({@code pid}, {@code tid}); a lone number is the tid (perf's default layout
 *       prints only the tid), with pid {@code ""}. The comm names the thread, and the process when
 *       tid = pid, again whenever it changes. The time is the header's (exact nanoseconds), else the header's
 *       line number (then {@link PerfScriptFormat#timed(dev.ppw.model.format.Head)} is false).</li>
 *   <li>Lines starting with {@code #} ({@code perf script --header}) are comments.</li>
 * </ul>
 *
 * <p>A block whose header or frame line is not perf's, holds zero bytes (a damaged region) or bytes that are not
 * UTF-8, a header without frames, and frame lines without a header are each skipped whole as one
 * {@code bad_event} warning ({@code file:line:column} and a quote); a last line with no line end is a cut
 * block, skipped as {@code truncated}.
 * The input is refused ({@link BadInputException}) when its first line that is not a comment is no sample
 * header, or when it is {@code perf report} text. One reader per input; not thread-safe; the caller brackets
 * the input.
 */
final class PerfScriptReader {
    /** The longest line read: a bound on memory for binary input. */
    static final int MAX_LINE_BYTES = 1 << 20;
    /** The deepest stack read: well beyond perf's own limit ({@code kernel.perf_event_max_stack}, 127 by default). */
    static final int MAX_DEPTH = 1 << 16;

    private static final int QUOTE_BYTES = 60;
    private static final byte[] UNKNOWN = "[unknown]".getBytes(StandardCharsets.US_ASCII);
    private static final int CACHE_LIMIT = 1 << 18;
    private static final long CACHE_BYTES_LIMIT = 1L << 26;

    private final String file;
    private PerfSamples out;
    private final NameTable names;

    /** The current line (the splitter's buffer, valid while it is read), its length and bytes not kept. */
    private byte[] line;
    private int lineLength;
    private long overflowBytes;
    private long lineNumber;

    /** True once a sample header was read: a file whose first line is none is not perf script. */
    private boolean headerSeen;
    /**
     * Whether the first good header had a time (every header of the input has, or none), a tid and an event; known
     * once such a header was read (a damaged line before it says nothing of the layout).
     */
    private boolean layoutKnown;
    private boolean timed;
    /** Whether the first header had a tid, and an event: a line without them is no header of this input. */
    private boolean tidPrinted;
    private boolean eventPrinted;
    /** The open block's header, null when no block is open or the open one is being skipped. */
    private PerfHeader header;
    private long headerLine;
    /** The open block's header line as read, and where its one frame starts (its length when it has none). */
    private byte[] headerBytes = new byte[256];
    private int headerLength;
    private int headerFrameFrom;
    private final HeaderCache headers = new HeaderCache();
    private boolean skipping;
    /** Whether a frame line led by a tab was read: perf script's own layout, which then has no frame at the margin. */
    private boolean tabbedFrames;

    // The open block's frames, innermost first: region and sym+off name ids.
    private int[] regions = new int[64];
    private int[] placements = new int[64];
    private int depth;

    private final SymbolCache symbols = new SymbolCache();
    /** Frame lines' tails ({@code sym+off (dso)}) already read: most frames repeat, and their names with them. */
    private final SymbolCache tails = new SymbolCache();
    /** The region of {@code [unknown]} frames, by the dso printed after them. */
    private final Map<String, Integer> unknownRegions = new HashMap<>();

    PerfScriptReader(String file, EventSink sink) {
        this(file, PerfSamples.toSink(file, sink));
    }

    /** A reader whose samples and warnings go to {@code out}. */
    PerfScriptReader(String file, PerfSamples out) {
        this.file = file;
        this.out = out;
        this.names = out.names();
    }

    /**
     * A reader of a piece of the file that starts at a line (after a blank line, or after a sample's whole line):
     * the input's layout is the one its first header, {@code first}, says, as if that header had been read.
     */
    PerfScriptReader(String file, PerfSamples out, PerfHeader first) {
        this(file, out);
        headerSeen = true;
        layoutKnown = true;
        timed = first.timeNanos() >= 0;
        tidPrinted = !first.tid().isEmpty();
        eventPrinted = !first.event().isEmpty();
    }

    /** Reads every line of {@code in} (the content, past any byte order mark) into the sink. */
    void read(InputStream in) throws IOException {
        new LineSplitter(1024, MAX_LINE_BYTES).split(in, file, new LineSplitter.Lines() {
            @Override
            public void line(byte[] bytes, int length, long overflow) {
                take(bytes, length, overflow);
                endLine();
            }

            @Override
            public void last(byte[] bytes, int length, long overflow) {
                take(bytes, length, overflow);
                lineNumber++;
                cutLine();
            }
        });
        endBlock();
    }

    /** The lines read so far. */
    long lines() {
        return lineNumber;
    }

    /**
     * Reads one more piece of the file, which starts at a line as the first piece of a chunked reading does, into
     * {@code chunkOut} (whose names are this reader's): a worker's reader keeps its caches of symbols and headers
     * from chunk to chunk. Lines are counted from the piece's start.
     */
    void readChunk(InputStream in, PerfSamples chunkOut) throws IOException {
        out = chunkOut;
        lineNumber = 0;
        header = null;
        depth = 0;
        skipping = false;
        read(in);
    }

    /** Makes the splitter's line the current one. */
    private void take(byte[] bytes, int length, long overflow) {
        line = bytes;
        lineLength = length;
        overflowBytes = overflow;
    }

    /**
     * The last line, which has no line end: perf ends every line, so the input was cut inside it. A cut frame
     * line leaves its block out; a cut header line (or one that is a sample of its own) is left out, the block
     * before it being whole.
     */
    private void cutLine() {
        int first = 0;
        while (first < lineLength && (line[first] == ' ' || line[first] == '\t' || line[first] == '\r')) {
            first++;
        }
        if (first == lineLength && overflowBytes == 0) {
            return;
        }
        boolean frameLine = line[0] == '\t' || callGraphOpen() && (first > 0 || unindentedFrame());
        if (!frameLine) {
            endBlock();
            if (!headerSeen && overflowBytes == 0) {
                Object[] problem = new Object[2];
                if (PerfHeader.parse(new String(line, 0, lineLength, StandardCharsets.UTF_8), problem) == null) {
                    throw refuse((Integer) problem[1], problem[0] + "; this is not perf script text");
                }
            }
        } else if (!headerSeen) {
            throw refuse(1, "a frame line before any sample header; this is not perf script text");
        }
        if (frameLine && header == null && skipping) {
            return;
        }
        long from = frameLine && header != null ? headerLine : lineNumber;
        header = null;
        depth = 0;
        out.cut(lineNumber, from, quote());
    }

    private void endLine() {
        lineNumber++;
        try {
            if (lineLength > 0 && line[lineLength - 1] == '\r') {
                lineLength--;
            }
            if (overflowBytes > 0) {
                badBlock(1, "a line of " + (lineLength + overflowBytes) + " bytes, longer than the longest read ("
                        + MAX_LINE_BYTES + " bytes)");
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
        int n = lineLength;
        int zero = ByteWords.indexOfZero(b, 0, n);
        if (zero >= 0) {
            damaged(zero);
            return;
        }
        if (n > 0 && b[0] == '\t') {
            tabbedFrames = true;
            frameLine();
            return;
        }
        int first = 0;
        while (first < n && (b[first] == ' ' || b[first] == '\t')) {
            first++;
        }
        if (first == n) {
            endBlock();
            skipping = false;
            return;
        }
        if (b[0] == '#') {
            endBlock();
            skipping = false;
            if (!headerSeen && isPerfReport()) {
                throw refuse(1, "this is perf report text, not perf script: run perf script -i perf.data > OUT.txt"
                        + " and read OUT.txt");
            }
            return;
        }
        if (callGraphOpen() && (first > 0 && !(skipping && headerLike()) || first == 0 && unindentedFrame())) {
            frameLine();
            return;
        }
        endBlock();
        PerfHeader h = headers.lookup(b, n);
        if (h == null) {
            int bad = Utf8.firstInvalid(b, 0, n);
            if (bad >= 0) {
                if (!headerSeen) {
                    throw refuse(bad + 1, "a byte that is not UTF-8 text (0x" + Integer.toHexString(b[bad] & 0xff)
                            + "); this is not perf script text");
                }
                badBlock(bad + 1, "a sample header that is not UTF-8 text (byte 0x" + Integer.toHexString(b[bad] & 0xff)
                        + ")");
                return;
            }
            String text = new String(b, 0, n, StandardCharsets.UTF_8);
            Object[] problem = new Object[2];
            h = PerfHeader.parse(text, problem);
            if (h == null) {
                if (!headerSeen) {
                    throw refuse((Integer) problem[1], problem[0] + "; this is not perf script text");
                }
                badBlock((Integer) problem[1], (String) problem[0]);
                return;
            }
            headers.remember(b, n, h);
        }
        if (layoutKnown && timed != (h.timeNanos() >= 0)) {
            // One perf script run prints one layout: a header that has (or lacks) the time the first one lacked
            // (or had) is a line of something else.
            badBlock(1, timed ? "a sample header without the time the input's first one has"
                    : "a sample header with a time the input's first one lacks");
            return;
        }
        if (!layoutKnown) {
            layoutKnown = true;
            timed = h.timeNanos() >= 0;
            tidPrinted = !h.tid().isEmpty();
            eventPrinted = !h.event().isEmpty();
        }
        headerSeen = true;
        header = h;
        headerLine = lineNumber;
        if (headerBytes.length < n) {
            headerBytes = new byte[Math.max(n, 2 * headerBytes.length)];
        }
        System.arraycopy(b, 0, headerBytes, 0, n);
        headerLength = n;
        headerFrameFrom = frameFromBytes(b, n, h);
        skipping = false;
        depth = 0;
    }

    /** Where {@code h}'s one frame starts in its line's bytes, or {@code n} when it has none. */
    private static int frameFromBytes(byte[] b, int n, PerfHeader h) {
        if (h.frameFrom() >= n) {
            return n;
        }
        // The header's index counts characters: count as many in the UTF-8 bytes.
        int chars = 0;
        int i = 0;
        while (i < n && chars < h.frameFrom()) {
            int c = b[i] & 0xff;
            i += c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
            chars += c >= 0xf0 ? 2 : 1;
        }
        return Math.min(i, n);
    }

    /** A frame line of the open block: a bad one skips the block; without a block open (skipped), nothing. */
    private void frameLine() {
        if (!headerSeen) {
            throw refuse(1, "a frame line before any sample header; this is not perf script text");
        }
        if (header != null) {
            frame(0, lineLength);
        } else if (!skipping) {
            badBlock(1, "a frame line outside any sample (no sample header since the last blank line)");
        }
    }

    /**
     * True while the lines that follow are the frames of a call graph: a header without a frame of its own
     * was read (or a bad block is being skipped) and no blank line came since. perf ends every call graph with
     * a blank line, so within one every line is a frame, whatever its indent: perf indents them with a tab,
     * older perf with spaces, and text passed through other tools (FlameGraph's perf-java-stacks-02.txt) not at
     * all.
     */
    private boolean callGraphOpen() {
        return skipping || header != null && headerFrameFrom >= headerLength;
    }

    /**
     * An unindented line in a call graph that is a frame: a hexadecimal address, a space, then a symbol and
     * either its {@code (dso)} or nothing that reads as a sample header (perf's headers-only layouts print no
     * blank line between samples, and a comm such as {@code dd} is hexadecimal too).
     */
    private boolean unindentedFrame() {
        if (tabbedFrames) {
            // perf script indents every frame of a run alike: in a file of tab-led frames, a line at the margin is a
            // piece of something else (a header cut by damage), never a frame to add to the stack.
            return false;
        }
        byte[] b = line;
        int i = 0;
        while (i < lineLength && isHex(b[i])) {
            i++;
        }
        if (i == 0 || i == lineLength || b[i] != ' ') {
            return false;
        }
        return !headerLike();
    }

    /**
     * True when the current line reads as a sample header of the input's layout: one with a time, a tid and an
     * event where its first header has them. A frame such as {@code 7f722d119786 Foo;::bar: (/tmp/perf-1.map)}
     * reads as a header of a command and an event, but not of the layout {@code java 19983 cycles:}.
     */
    private boolean headerLike() {
        PerfHeader h = PerfHeader.parse(new String(line, 0, lineLength, StandardCharsets.UTF_8), new Object[2]);
        return h != null && (!layoutKnown || (h.timeNanos() >= 0) == timed) && (!h.tid().isEmpty() || !tidPrinted)
                && (!h.event().isEmpty() || !eventPrinted);
    }

    /**
     * A line holding zero bytes: a region of the file that a crash or a damaged disk left zeroed (a 4 KiB page
     * is 4096 zeros in the middle of a line). Whatever the zeros replaced is gone; the block they fall in is
     * skipped and said, with the first zero's place.
     */
    private void damaged(int zero) {
        int run = 0;
        for (int i = zero; i < lineLength && line[i] == 0; i++) {
            run++;
        }
        badBlock(zero + 1, run + (run == 1 ? " zero byte" : " zero bytes") + " (a damaged region: whatever the"
                + " file held there is lost)");
    }

    private boolean isPerfReport() {
        return PerfText.isPerfReportComment(new String(line, 0, lineLength, StandardCharsets.UTF_8));
    }

    /**
     * Parses the frame in {@code line[from .. to-1]} (past the indent) onto the open block; false, after
     * skipping the block as bad, when it is none.
     */
    private boolean frame(int from, int to) {
        byte[] b = line;
        int i = from;
        while (i < to && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        int addrStart = i;
        while (i < to && isHex(b[i])) {
            i++;
        }
        if (i == addrStart || (i < to && b[i] != ' ')) {
            badBlock(addrStart + 1, "a frame line is 'address symbol (dso)', with a hexadecimal address");
            return false;
        }
        int addrEnd = i;
        while (i < to && b[i] == ' ') {
            i++;
        }
        int symStart = i;
        int end = to;
        while (end > symStart && (b[end - 1] == ' ' || b[end - 1] == '\t')) {
            end--;
        }
        if (depth == MAX_DEPTH) {
            badBlock(1, "a stack deeper than " + MAX_DEPTH + " frames");
            return false;
        }
        if (depth == regions.length) {
            regions = Arrays.copyOf(regions, 2 * depth);
            placements = Arrays.copyOf(placements, 2 * depth);
        }
        // A frame line's address, symbol and dso, keyed by the address's hash: a word or two to hash, where the
        // symbol and dso are tens of bytes, and the bytes compared in full.
        int tailHash = ByteWords.hash(b, addrStart, addrEnd) ^ (end - addrStart);
        int seen = end > symStart ? tails.lookup(b, addrStart, end, tailHash) : -1;
        if (seen >= 0) {
            // A frame line's symbol and dso read before: its names, without parsing them again.
            regions[depth] = tails.region(seen);
            placements[depth] = tails.placement(seen);
            depth++;
            return true;
        }
        int symEnd = end;
        int dsoStart = -1;
        if (end > symStart && b[end - 1] == ')') {
            int open = openingParenthesis(b, symStart, end - 1);
            if (open == symStart) {
                symEnd = symStart;
                dsoStart = open + 1;
            } else if (open > symStart && b[open - 1] == ' ') {
                symEnd = open - 1;
                while (symEnd > symStart && b[symEnd - 1] == ' ') {
                    symEnd--;
                }
                dsoStart = open + 1;
            }
        }
        if (symEnd > symStart && isUnknown(b, symStart, symEnd)) {
            regions[depth] = unknownRegion(b, dsoStart, dsoStart < 0 ? -1 : end - 1);
            placements[depth] = NameTable.EMPTY;
            if (dsoStart < 0 || dsoStart < end - 1) {
                // Named by its dso alone (an empty dso names it by the command: not the tail's to say).
                tails.put(b, addrStart, end, tailHash, regions[depth], placements[depth]);
            }
            depth++;
            return true;
        }
        int slot = symEnd > symStart ? symbols.find(b, symStart, symEnd) : symbols.find(b, addrStart, addrEnd);
        if (slot < 0) {
            badBlock(symStart + 1, "a symbol that is not UTF-8 text (byte 0x" + Integer.toHexString(b[-slot - 1] & 0xff)
                    + " at column " + column(-slot) + ")");
            return false;
        }
        regions[depth] = symbols.region(slot);
        placements[depth] = symbols.placement(slot);
        if (symEnd > symStart) {
            tails.put(b, addrStart, end, tailHash, regions[depth], placements[depth]);
        }
        depth++;
        return true;
    }

    /** {@code b[from .. to-1]} is perf's {@code [unknown]}, with or without an offset after it. */
    private static boolean isUnknown(byte[] b, int from, int to) {
        int n = UNKNOWN.length;
        if (to - from < n || !Arrays.equals(b, from, from + n, UNKNOWN, 0, n)) {
            return false;
        }
        return to - from == n || b[from + n] == '+';
    }

    /**
     * The region of a frame perf could not name, {@code [unknown]}, as {@code stackcollapse-perf.pl} names it: by
     * the file name of its dso in brackets ({@code [perf-10939.map]}, {@code [libc-2.15.so]}), so that the
     * time of each unnamed module stays its own; {@code [unknown]} when the dso is {@code [unknown]} too or not
     * printed; {@code [comm]} when the dso is printed empty. {@code b[dsoStart .. dsoEnd-1]} is the dso, without
     * its parentheses; {@code dsoStart} is -1 when none was printed.
     */
    private int unknownRegion(byte[] b, int dsoStart, int dsoEnd) {
        String dso = dsoStart < 0 ? "[unknown]" : new String(b, dsoStart, dsoEnd - dsoStart, StandardCharsets.UTF_8);
        if (dso.isEmpty()) {
            dso = header.comm();
        }
        return unknownRegions.computeIfAbsent(dso, d -> names.intern(d.equals("[unknown]") ? d
                : "[" + d.substring(d.lastIndexOf('/') + 1) + "]"));
    }

    /** The index of the {@code (} that the {@code )} at {@code close} closes, or -1. */
    private static int openingParenthesis(byte[] b, int from, int close) {
        int nesting = 0;
        for (int i = close; i >= from; i--) {
            if (b[i] == ')') {
                nesting++;
            } else if (b[i] == '(' && --nesting == 0) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isHex(byte c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** Ends the open block: its sample goes to the sink. */
    private void endBlock() {
        PerfHeader h = header;
        header = null;
        if (h == null) {
            return;
        }
        if (depth == 0 && headerFrameFrom < headerLength) {
            byte[] saved = line;
            int savedLength = lineLength;
            line = headerBytes;
            lineLength = headerLength;
            header = h;
            long savedLine = lineNumber;
            lineNumber = headerLine;
            boolean ok = frame(headerFrameFrom, headerLength);
            header = null;
            lineNumber = savedLine;
            line = saved;
            lineLength = savedLength;
            if (!ok) {
                return;
            }
        }
        if (depth == 0) {
            out.warn(Diagnostics.BAD_EVENT, headerLine, 1, "a sample header without frames (its call graph is empty,"
                    + " or the frames were not printed: perf script -F +ip,+sym); the sample is skipped: \""
                    + quoteOf(headerBytes, headerLength) + "\"");
            return;
        }
        out.sample(h, headerLine, regions, placements, depth);
        depth = 0;
    }

    /** Skips the open block (and the frame lines that follow) as one bad sample, said at this line. */
    private void badBlock(int byteColumn, String what) {
        header = null;
        depth = 0;
        skipping = true;
        headerSeen = true;
        out.warn(Diagnostics.BAD_EVENT, lineNumber, column(byteColumn), what + "; the sample is skipped: \"" + quote()
                + "\"");
    }

    private BadInputException refuse(int byteColumn, String what) {
        return BadInputException.at(file, lineNumber, column(byteColumn), what, quote());
    }

    private int column(int byteColumn) {
        int column = 1;
        for (int i = 0; i < byteColumn - 1 && i < lineLength; i++) {
            if ((line[i] & 0xc0) != 0x80) {
                column++;
            }
        }
        return column;
    }

    private static String quoteOf(byte[] b, int n) {
        if (n <= QUOTE_BYTES) {
            return Utf8.quote(b, 0, n);
        }
        int cut = QUOTE_BYTES;
        while (cut > 0 && (b[cut] & 0xc0) == 0x80) {
            cut--;
        }
        return Utf8.quote(b, 0, cut) + "...";
    }

    private String quote() {
        if (lineLength <= QUOTE_BYTES) {
            return Utf8.quote(line, 0, lineLength);
        }
        int cut = QUOTE_BYTES;
        while (cut > 0 && (line[cut] & 0xc0) == 0x80) {
            cut--;
        }
        return Utf8.quote(line, 0, cut) + "...";
    }

    /**
     * Headers already parsed, by their bytes without the time: one perf script run prints the same comm, tid, cpu,
     * period and event over and over, with a new time each sample, so a header seen before costs a scan for its
     * time token and the parse of that token alone. Only ASCII lines (a character is a byte there); bounded,
     * cleared when full.
     */
    private static final class HeaderCache {
        private static final int LIMIT = 1 << 12;
        private static final byte TIME_MARK = (byte) 0xff;
        private final Map<Key, Entry> cached = new HashMap<>();
        private final Key probe = new Key();
        private int timeStart;
        private int timeEnd;

        /** The header {@code b[0 .. n-1]} when its layout was parsed before, with this line's time; else null. */
        PerfHeader lookup(byte[] b, int n) {
            if (!key(b, n)) {
                return null;
            }
            Entry entry = cached.get(probe);
            if (entry == null) {
                return null;
            }
            PerfHeader seen = entry.header();
            long nanos = -1;
            if (timeStart >= 0) {
                nanos = PerfHeader.nanos(b, timeStart, timeEnd - 1);
                if (nanos < 0) {
                    return null;
                }
            }
            // The frame, when there is one, follows the time: at the same distance from the line's end.
            int frameFrom = seen.frameFrom() >= entry.length() ? n : n - (entry.length() - seen.frameFrom());
            return new PerfHeader(seen.comm(), seen.pid(), seen.tid(), nanos, seen.period(), seen.event(), frameFrom);
        }

        /** A parsed header and the length of the line it was parsed from. */
        private record Entry(PerfHeader header, int length) {
        }

        /** Keeps {@code h}, the parse of {@code b[0 .. n-1]}, for the headers of its layout to come. */
        void remember(byte[] b, int n, PerfHeader h) {
            if (!key(b, n) || (timeStart >= 0) != (h.timeNanos() >= 0)
                    || timeStart >= 0 && PerfHeader.nanos(b, timeStart, timeEnd - 1) != h.timeNanos()
                    || h.frameFrom() < n && h.frameFrom() < timeEnd) {
                return;
            }
            if (cached.size() >= LIMIT) {
                cached.clear();
            }
            cached.put(probe.copy(), new Entry(h, n));
        }

        /**
         * Makes {@link #probe} the line's bytes without its time token ({@link #timeStart} to {@link #timeEnd},
         * -1 when it has none): false for a line with a byte that is not ASCII.
         */
        private boolean key(byte[] b, int n) {
            timeStart = -1;
            timeEnd = -1;
            int i = 0;
            while (i < n) {
                while (i < n && PerfHeader.isSpace(b[i])) {
                    i++;
                }
                int start = i;
                while (i < n && !PerfHeader.isSpace(b[i])) {
                    if (b[i] < 0) {
                        return false;
                    }
                    i++;
                }
                if (i > start && timeStart < 0 && PerfHeader.isTime(b, start, i)) {
                    timeStart = start;
                    timeEnd = i;
                }
            }
            probe.set(b, n, timeStart, timeEnd);
            return true;
        }

        /** A header's bytes with its time token replaced by one mark byte. */
        private static final class Key {
            private byte[] bytes = new byte[256];
            private int length;
            private int hash;

            void set(byte[] b, int n, int cutFrom, int cutTo) {
                int kept = cutFrom < 0 ? n : n - (cutTo - cutFrom) + 1;
                if (bytes.length < kept) {
                    bytes = new byte[Math.max(kept, 2 * bytes.length)];
                }
                if (cutFrom < 0) {
                    System.arraycopy(b, 0, bytes, 0, n);
                } else {
                    System.arraycopy(b, 0, bytes, 0, cutFrom);
                    bytes[cutFrom] = TIME_MARK;
                    System.arraycopy(b, cutTo, bytes, cutFrom + 1, n - cutTo);
                }
                length = kept;
                hash = ByteWords.hash(bytes, 0, length);
            }

            Key copy() {
                Key k = new Key();
                k.bytes = Arrays.copyOf(bytes, length);
                k.length = length;
                k.hash = hash;
                return k;
            }

            @Override
            public int hashCode() {
                return hash;
            }

            @Override
            public boolean equals(Object o) {
                return o instanceof Key k && k.length == length && Arrays.equals(bytes, 0, length, k.bytes, 0, length);
            }
        }
    }

    /**
     * Byte strings already read (symbols as printed, {@code sym+off}; or a frame line's whole tail, {@code sym+off
     * (dso)}) with their region and placement name ids, so that a frame seen before costs one hash and one
     * compare and no string. Bounded in entries and key bytes: cleared when full.
     */
    private final class SymbolCache {
        private byte[][] keys = new byte[1024][];
        private int[] hashes = new int[1024];
        private int[] regionIds = new int[1024];
        private int[] placementIds = new int[1024];
        private int size;
        private long keyBytes;

        /**
         * The slot of the symbol {@code b[from .. to-1]}, added with its region and placement when new; minus (1 +
         * the index of its first byte that is not UTF-8) when it is not UTF-8 text, which is then not added.
         */
        int find(byte[] b, int from, int to) {
            int h = ByteWords.hash(b, from, to);
            int slot = lookup(b, from, to, h);
            if (slot >= 0) {
                return slot;
            }
            int bad = Utf8.firstInvalid(b, from, to);
            if (bad >= 0) {
                return -(bad + 1);
            }
            byte[] key = Arrays.copyOfRange(b, from, to);
            String sym = new String(key, StandardCharsets.UTF_8);
            int off = offsetStart(key);
            if (off < 0) {
                return insert(key, h, names.intern(sym), NameTable.EMPTY);
            }
            return insert(key, h, names.intern(new String(key, 0, off, StandardCharsets.UTF_8)), names.intern(sym));
        }

        /** The slot of {@code b[from .. to-1]}, hashed {@code h}, or -1 when it is not in the cache. */
        int lookup(byte[] b, int from, int to, int h) {
            int mask = keys.length - 1;
            for (int slot = h & mask; keys[slot] != null; slot = (slot + 1) & mask) {
                if (hashes[slot] == h && Arrays.equals(keys[slot], 0, keys[slot].length, b, from, to)) {
                    return slot;
                }
            }
            return -1;
        }

        /** Adds {@code b[from .. to-1]}, hashed {@code h} and not in the cache, with the given name ids. */
        void put(byte[] b, int from, int to, int h, int region, int placement) {
            insert(Arrays.copyOfRange(b, from, to), h, region, placement);
        }

        int region(int slot) {
            return regionIds[slot];
        }

        int placement(int slot) {
            return placementIds[slot];
        }

        private int insert(byte[] key, int h, int region, int placement) {
            if (size >= CACHE_LIMIT || keyBytes > CACHE_BYTES_LIMIT || 2 * (size + 1) > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int slot = h & mask;
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = key;
            hashes[slot] = h;
            regionIds[slot] = region;
            placementIds[slot] = placement;
            keyBytes += key.length;
            size++;
            return slot;
        }

        private void grow() {
            boolean keep = size < CACHE_LIMIT && keyBytes <= CACHE_BYTES_LIMIT;
            int capacity = keep ? 2 * keys.length : keys.length;
            byte[][] oldKeys = keys;
            int[] oldHashes = hashes;
            int[] oldRegions = regionIds;
            int[] oldPlacements = placementIds;
            keys = new byte[capacity][];
            hashes = new int[capacity];
            regionIds = new int[capacity];
            placementIds = new int[capacity];
            size = 0;
            keyBytes = 0;
            if (!keep) {
                return;
            }
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != null) {
                    insert(oldKeys[i], oldHashes[i], oldRegions[i], oldPlacements[i]);
                }
            }
        }

        /** Where a final {@code +0x<hex>} starts in {@code key}, or -1. */
        private static int offsetStart(byte[] key) {
            int i = key.length;
            while (i > 0 && isHex(key[i - 1])) {
                i--;
            }
            if (i == key.length || i < 4 || key[i - 1] != 'x' || key[i - 2] != '0' || key[i - 3] != '+') {
                return -1;
            }
            return i - 3;
        }
    }
}
