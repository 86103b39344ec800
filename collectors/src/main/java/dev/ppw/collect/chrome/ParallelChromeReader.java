package dev.ppw.collect.chrome;

import dev.ppw.model.EventSink;
import dev.ppw.model.format.ByteRanges;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.model.work.Workers;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.function.LongConsumer;

/**
 * Reads a regular, uncompressed UTF-8 Chrome trace file as {@link ChromeTraceReader#read} does, with the same
 * sink calls in the same order and the same warnings and errors, but faster: the header is read by
 * {@link ChromeTraceReader}; the events array is cut into blocks at fixed offsets, each read from the file
 * and parsed on one of up to {@code jobs} threads by {@link ChunkParser} (plain B/E/X events without
 * Jackson) from its first place between two events ({@link #firstBoundary}, a guess), and replayed into
 * the sink in file order on the calling thread. Only a few blocks are in memory at once.
 *
 * <p>The replaying thread reads each seam itself (the event cut by a block's end and the bytes of the next
 * block before its parse starts) from where the replay stands. A block's own parse is used only if that
 * seam ends exactly where it starts, between events, after a comma; otherwise the block is parsed again
 * from where the replay really stands. Events that are not plain go through {@link ChromeTraceReader}'s
 * own event logic, one at a time, with their line and column. Whatever else (a syntax error, a cut event,
 * an element that is not an object, what follows the events array unless it is plain and inert) makes the
 * whole input be read again by {@link ChromeTraceReader}, dropping the effects of the events already
 * delivered: the result is always the sequential one.
 */
public final class ParallelChromeReader {
    /** Bytes per chunk at most, by default. */
    public static final int DEFAULT_CHUNK = ReadOptions.DEFAULT_CHUNK_BYTES;
    /**
     * Bytes per chunk on one thread, and the smallest chunk chosen to spread a small file over the threads: a
     * chunk and what its parse records stay in the core's cache until they are replayed.
     */
    private static final int SMALL_CHUNK = 256 << 10;
    /** A file is cut into at least this many chunks per thread (down to {@link #SMALL_CHUNK}). */
    private static final int CHUNKS_PER_JOB = 32;
    private static final int MAX_TAIL = 64 << 20;
    private static final String UNNAMED = "<unnamed>";

    private final String name;
    private final EventSink sink;
    private final Workers workers;
    private final int jobs;
    private int chunkSize;

    // Where the replay stands.
    private int depth = 1;
    private int state = ChunkParser.OPEN;
    private long line;
    private long lineStartAbs;
    private long delivered;
    private ChromeTraceReader single;
    private long chunksAhead;
    /** Told the file offset up to which events were handed over (a progress bar's). */
    private LongConsumer progress;

    private ParallelChromeReader(String name, EventSink sink, Workers workers, int chunkSize) {
        this.name = name;
        this.sink = sink;
        this.workers = workers;
        this.jobs = workers.parallelism();
        this.chunkSize = chunkSize;
    }

    /** The whole input must be read again, its first {@code delivered} events skipped. */
    private static final class Bail extends Exception {
        Bail() {
            super(null, null, false, false);
        }
    }

    /**
     * Reads {@code content} (uncompressed, without a byte order mark, its first bytes ASCII) into {@code sink}, as
     * {@code ChromeTraceReader.read(name, content, sink)} would, parsing blocks on {@code workers}; the caller
     * brackets the input. Tells {@code progress} up to which offset events were handed over.
     */
    public static void read(ByteRanges content, String name, EventSink sink, Workers workers, int chunkSize,
                            LongConsumer progress) throws IOException {
        readCounting(content, name, sink, workers, chunkSize, progress);
    }

    /** How a read went: chunks whose own parse was used, and whether the input was read again sequentially. */
    record Counts(long chunksAhead, boolean readAgain) {
    }

    static Counts readCounting(ByteRanges content, String name, EventSink sink, Workers workers, int chunkSize,
                               LongConsumer progress) throws IOException {
        ParallelChromeReader reader = new ParallelChromeReader(name, sink, workers, Math.max(16, chunkSize));
        reader.progress = progress;
        boolean[] bailed = {false};
        long size = content.size();
        try (InputStream in = new BufferedInputStream(content.openAt(0), 1 << 16)) {
            ChromeTraceReader.EventsArrayReader events = (offset, line, column, arrayForm) -> {
                try {
                    reader.events(content, offset, line, column, arrayForm);
                } catch (Bail bail) {
                    bailed[0] = true;
                }
            };
            long[] start = headerlessStart(content);
            if (start != null) {
                events.read(start[0], (int) start[1], (int) start[2], start[3] == 1);
            } else {
                ChromeTraceReader.readHeaderThen(name, in, sink, events);
            }
        }
        if (!bailed[0] && reader.single != null) {
            reader.single.finishProfiles();
        }
        if (bailed[0]) {
            try (InputStream in = new BufferedInputStream(content.openAt(0), 1 << 16)) {
                ChromeTraceReader.readSkipping(name, in, sink, reader.delivered);
            }
        }
        progress.accept(size);
        return new Counts(reader.chunksAhead, bailed[0]);
    }

    /**
     * Where the events start when the header is nothing but the events array's opening: a bare array ({@code
     * [}), or an object whose first key is {@code traceEvents} ({@code {"traceEvents": [}, as json.dump and
     * most writers put it), with spaces, tabs and line feeds around, and the {@code [} not followed by a NUL
     * (as UTF-16 and UTF-32 would be): {offset just after the {@code [}, its line, the column just after it,
     * 1 for the bare array or 0}, as the header reader would say; null for anything else, which the header
     * reader (Jackson) reads. So a trace of plain events alone is read without a Jackson parser, whose first
     * use initialises the JDK's BigDecimal (on JDK 25, squarings of hundreds of thousands of bits: 11 to 14 ms
     * of the main thread, and C2 compiling them beside the first blocks).
     */
    private static long[] headerlessStart(ByteRanges channel) throws IOException {
        byte[] head = new byte[4096];
        int n = channel.readFully(0, head, 0, head.length); // or the whole of a short file
        byte[] key = "\"traceEvents\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int line = 1;
        int lineStart = 0;
        // What comes next: 0 '[' or '{', 1 the key, 2 ':', 3 '['.
        int expect = 0;
        for (int i = 0; i < n; i++) {
            byte c = head[i];
            if (c == '\n') {
                line++;
                lineStart = i + 1;
            } else if (c == ' ' || c == '\t') {
                continue;
            } else if (c == '[' && (expect == 0 || expect == 3)) {
                return i + 1 < n && head[i + 1] != 0
                        ? new long[] {i + 1, line, i + 1 - lineStart + 1, expect == 0 ? 1 : 0} : null;
            } else if (c == '{' && expect == 0) {
                expect = 1;
            } else if (c == '"' && expect == 1 && i + key.length <= n
                    && java.util.Arrays.equals(head, i, i + key.length, key, 0, key.length)) {
                expect = 2;
                i += key.length - 1;
            } else if (c == ':' && expect == 2) {
                expect = 3;
            } else {
                return null;
            }
        }
        return null;
    }

    /**
     * A block of the file, {@code [offset, offset + length)}, read and parsed on a worker: the first block from
     * its start, in state OPEN; every other one from just after its first line end that follows a comma
     * ({@code start}, or -1 when it has none), assuming that is between events. The bytes before
     * {@code start} (the seam) are read on the replaying thread, after what the block before left.
     */
    private record Chunk(long offset, int length, boolean eof, boolean first, ChunkParser parser,
                         Workers.Forked<ChunkParser> parsed, ByteRanges channel) {
    }

    /** Parsers (with their chunk's bytes) done with, to be used again: chunks allocate nothing in the steady state. */
    private final ArrayDeque<ChunkParser> spare = new ArrayDeque<>();
    /** Bytes of an event cut by the end of the bytes parsed so far, from {@link #carryOffset}; null when none. */
    private byte[] carry;
    private long carryOffset;
    private ChunkParser seamParser;

    private void events(ByteRanges channel, long offset, int line, int column, boolean arrayForm)
            throws IOException, Bail {
        this.line = line;
        this.lineStartAbs = offset - (column - 1);
        this.single = ChromeTraceReader.forSingleEvents(name, sink);
        long size = channel.size();
        if (jobs > 1) {
            // Small enough chunks that every thread gets many of a smaller file.
            chunkSize = (int) Math.max(Math.min(chunkSize, SMALL_CHUNK),
                    Math.min(chunkSize, (size - offset) / ((long) jobs * CHUNKS_PER_JOB)));
        } else {
            chunkSize = Math.min(chunkSize, SMALL_CHUNK);
        }
        boolean parallel = jobs > 1 && size - offset > chunkSize;
        ArrayDeque<Chunk> ahead = new ArrayDeque<>();
        try {
            long next = offset;
            int inFlight = jobs + 2;
            while (true) {
                while (ahead.size() < inFlight && next < size) {
                    Chunk c = submit(channel, next, size, next == offset, parallel);
                    ahead.add(c);
                    next = c.offset + c.length;
                }
                if (ahead.isEmpty()) {
                    // The file ended between events (or it has none): a missing "]" is not a warning.
                    if (carry != null) {
                        throw new Bail(); // a cut event: the truncated warning is the sequential reader's
                    }
                    return;
                }
                Chunk c = ahead.poll();
                workers.cancel().check();
                progress.accept(c.offset);
                ChunkParser p = get(c);
                if (p.to < c.length) {
                    throw new Bail(); // the file became shorter while it was read
                }
                boolean ended;
                if (c.first) {
                    ended = consume(p, p.buf, c.offset, c.length, channel, size, arrayForm);
                } else if (p.from > 0 && seamFits(p, c)) {
                    chunksAhead++;
                    ended = consume(p, p.buf, c.offset, c.length, channel, size, arrayForm);
                } else {
                    // Parse again from where the replay really stands: what was carried, then the whole block.
                    byte[] bytes = carriedThen(p.buf, c.length);
                    long bytesOffset = carriedOffset(c);
                    carry = null;
                    ChunkParser again = new ChunkParser(bytes, bytesOffset, 0, bytes.length, state).parse();
                    ended = consume(again, bytes, bytesOffset, bytes.length, channel, size, arrayForm);
                }
                if (ended) {
                    return;
                }
                if (c.eof && carry != null) {
                    throw new Bail();
                }
                spare.push(p);
            }
        } finally {
            for (Chunk c : ahead) {
                if (c.parsed != null) {
                    c.parsed.abandon();
                }
            }
        }
    }

    /**
     * Reads the seam before block {@code c}'s own parse (what was carried, then the block's bytes up to where
     * its parse starts) from where the replay stands, and replays it if it ends there between events after
     * a comma, as the block's parse assumed; false (nothing replayed) otherwise.
     */
    private boolean seamFits(ChunkParser p, Chunk c) throws Bail, IOException {
        byte[] seam = carriedThen(p.buf, p.from);
        long seamOffset = carriedOffset(c);
        // One parser for every seam: each is replayed before the next is read.
        ChunkParser s = seamParser = seamParser == null ? new ChunkParser(seam, seamOffset, 0, seam.length, state)
                : seamParser.reuse(seam, seamOffset, 0, seam.length, state);
        s.parse();
        if (s.outcome != ChunkParser.END || s.endState != ChunkParser.COMMA) {
            return false;
        }
        carry = null;
        replay(s);
        return true;
    }

    /** What was carried (if anything), then {@code block[0, length)}: the bytes the replay reads next. */
    private byte[] carriedThen(byte[] block, int length) {
        int carried = carry == null ? 0 : carry.length;
        byte[] bytes = new byte[carried + length];
        if (carry != null) {
            System.arraycopy(carry, 0, bytes, 0, carried);
        }
        System.arraycopy(block, 0, bytes, carried, length);
        return bytes;
    }

    /** File offset of {@link #carriedThen}'s first byte, for a block {@code c}. */
    private long carriedOffset(Chunk c) {
        return carry == null ? c.offset : carryOffset;
    }

    /**
     * Replays parse {@code p} of {@code bytes[.., end)} (at file offset {@code bytesOffset}) and what follows
     * it there: returns true when the events array ended (and the rest of the input was checked), false when
     * the bytes are used up, an event cut at their end being kept in {@link #carry}.
     */
    private boolean consume(ChunkParser p, byte[] bytes, long bytesOffset, int end, ByteRanges channel, long size,
                            boolean arrayForm) throws Bail, IOException {
        while (true) {
            replay(p);
            if (p.outcome == ChunkParser.END) {
                return false;
            }
            if (p.outcome == ChunkParser.INCOMPLETE) {
                carry = java.util.Arrays.copyOfRange(bytes, p.stopAt, end);
                carryOffset = bytesOffset + p.stopAt;
                return false;
            }
            // STOP: only a "]" is read on.
            if (bytes[p.stopAt] != ']') {
                throw new Bail();
            }
            depth--;
            if (depth == 0) {
                tail(channel, bytesOffset + p.stopAt + 1, size, arrayForm);
                return true;
            }
            p = new ChunkParser(bytes, bytesOffset, p.stopAt + 1, end, ChunkParser.ELEMENT).parse();
        }
    }

    private static ChunkParser get(Chunk c) throws IOException {
        if (c.parsed == null) {
            return readAndParse(c.parser, c.channel, c.offset, c.length, c.first);
        }
        return c.parsed.join();
    }

    /**
     * Block {@code [offset, offset + chunkSize)} of the file (up to its end): read and parsed on a worker when
     * {@code parallel}, else on this thread when it is taken.
     */
    private Chunk submit(ByteRanges channel, long offset, long size, boolean first, boolean parallel) {
        int want = (int) Math.min(chunkSize, size - offset);
        ChunkParser parser = spare.poll();
        byte[] bytes = parser != null && parser.buf.length >= want ? parser.buf : new byte[want];
        parser = parser == null ? new ChunkParser(bytes, offset, 0, 0, ChunkParser.OPEN)
                : parser.reuse(bytes, offset, 0, 0, ChunkParser.OPEN);
        boolean eof = offset + want >= size;
        if (!parallel) {
            return new Chunk(offset, want, eof, first, parser, null, channel); // read and parsed when taken
        }
        ChunkParser toParse = parser;
        String input = name;
        Workers.Forked<ChunkParser> parsed = workers.fork(
                () -> record(readAndParse(toParse, channel, offset, want, first), input));
        return new Chunk(offset, want, eof, first, parser, parsed, channel);
    }

    /**
     * On a worker: reads {@code want} bytes from {@code offset} into the parser's buffer and parses them, the
     * first block from its start, any other from its {@link #firstBoundary} (the parser's {@code from}, 0
     * when there is none: then nothing is parsed). Its {@code to} is the bytes read.
     */
    private static ChunkParser readAndParse(ChunkParser parser, ByteRanges channel, long offset, int want,
                                            boolean first) throws IOException {
        byte[] bytes = parser.buf;
        int length = channel.readFully(offset, bytes, 0, want);
        if (first) {
            return parser.reuse(bytes, offset, 0, length, ChunkParser.OPEN).parse();
        }
        int start = firstBoundary(bytes, length);
        if (start < 0) {
            return parser.reuse(bytes, offset, 0, length, ChunkParser.COMMA);
        }
        return parser.reuse(bytes, offset, start, length, ChunkParser.COMMA).parse();
    }

    /** How far a block is searched for a place between braces across a line end once it has one on a line. */
    private static final int LINE_SEARCH = 64 << 10;

    /**
     * Where a block's own parse starts: at the first {@code {} that follows a comma that follows a {@code }}
     * (whitespace between them allowed) with a line end among that whitespace, as between the events of a
     * trace written an event per line or pretty-printed; in a trace without one (JSON on one line), at the
     * first such {@code {} at all; -1 when the block has neither. Between braces may also be inside an
     * event's {@code args} (an array of objects), more often on one line, so line ends are looked for in the
     * first {@link #LINE_SEARCH} bytes before a place on one line is taken. Either is only a guess: the
     * replay checks it against the real state.
     */
    static int firstBoundary(byte[] b, int length) {
        if (!hasLineEnd(b, Math.min(length, LINE_SEARCH))) {
            // JSON on one line (json.dump's): no place across a line end can come first, so the first
            // place between braces is the answer, without looking at every byte of the search window.
            return firstBoundaryFrom(b, length, 0);
        }
        return firstBoundaryFrom(b, length, LINE_SEARCH);
    }

    /**
     * {@link #firstBoundary}, taking a place on one line once {@code lineSearch} bytes were searched for one
     * across a line end.
     */
    private static int firstBoundaryFrom(byte[] b, int length, int lineSearch) {
        int onOneLine = -1;
        for (int k = 0; k < length; k++) {
            if (b[k] == '{') {
                boolean lineEnd = false;
                int j = k - 1;
                byte c = 0;
                while (j >= 0 && ((c = b[j]) == ' ' || c == '\n' || c == '\t' || c == '\r')) {
                    lineEnd |= c == '\n';
                    j--;
                }
                if (j >= 0 && c == ',') {
                    j--;
                    while (j >= 0 && ((c = b[j]) == ' ' || c == '\n' || c == '\t' || c == '\r')) {
                        lineEnd |= c == '\n';
                        j--;
                    }
                    if (j >= 0 && c == '}') {
                        if (lineEnd) {
                            return k;
                        }
                        if (onOneLine < 0) {
                            onOneLine = k;
                        }
                    }
                }
            }
            if (onOneLine >= 0 && k >= lineSearch) {
                return onOneLine;
            }
        }
        return onOneLine;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Whether {@code b[0, length)} holds a line feed: eight bytes at a time (a zero byte of the word xor LFs). */
    static boolean hasLineEnd(byte[] b, int length) {
        int j = 0;
        for (; j + 8 <= length; j += 8) {
            long x = (long) LONGS.get(b, j) ^ 0x0A0A0A0A0A0A0A0AL;
            if (((x - 0x0101010101010101L) & ~x & 0x8080808080808080L) != 0) {
                return true;
            }
        }
        for (; j < length; j++) {
            if (b[j] == '\n') {
                return true;
            }
        }
        return false;
    }

    /**
     * On the parsing thread: reads the chunk's other events with the event logic into a {@link RecordingSink},
     * keeping those that give no warning (a warning's position is known only in the replay, which reads that
     * event itself) and are valid. Their notes are kept to be counted in the replay.
     */
    static ChunkParser record(ChunkParser p, String name) throws IOException {
        RecordingSink recorder = null;
        ChromeTraceReader reader = null;
        for (int e = 0; e < p.count; e++) {
            if (p.kinds[e] != ChunkParser.KIND_OTHER) {
                continue;
            }
            if (recorder == null) {
                recorder = new RecordingSink();
                reader = ChromeTraceReader.forEventsOutOfOrder(name, recorder);
                p.recorder = recorder;
                p.recordFrom = new int[p.count];
                p.recordTo = new int[p.count];
                p.recordNotes = new dev.ppw.model.Diagnostics[p.count];
            }
            dev.ppw.model.Diagnostics counted = new dev.ppw.model.Diagnostics();
            int mark = recorder.mark();
            if (!reader.readOneEvent(p.buf, p.a[e], p.b[e], 0, 0, counted) || counted.hasWarnings()) {
                recorder.reset(mark);
                // A fresh reader: the old one may have cached a track whose recorded call was just dropped.
                reader = ChromeTraceReader.forEventsOutOfOrder(name, recorder);
                p.recordTo[e] = -1;
                continue;
            }
            p.recordFrom[e] = mark;
            p.recordTo[e] = recorder.mark();
            p.recordNotes[e] = counted.notes().isEmpty() ? null : counted;
        }
        return p;
    }

    // The chunk being replayed: its local strings, names, frames and tracks mapped to the sink's on first use.
    private String[] strings;
    private int[] frameIds;
    private int[] nameIds;
    private int[] tracks;
    private int[] recordedTracks;

    /**
     * Delivers one parsed chunk's events in order, then moves the line count past it. The loop delivers the
     * plain events whose track and name are already mapped; everything else (a first use, an event for the
     * event logic, a note) goes through {@link #slowEvent}, so that the loop stays small for the compiler
     * (it runs interpreted until compiled, and is compiled again when its profile changes).
     */
    private void replay(ChunkParser p) throws Bail, IOException {
        int stringCount = p.stringCount;
        if (frameIds == null || frameIds.length < stringCount) {
            int n = Math.max(stringCount, 256);
            strings = new String[n];
            frameIds = new int[n];
            nameIds = new int[n];
        } else {
            java.util.Arrays.fill(strings, 0, stringCount, null);
        }
        java.util.Arrays.fill(frameIds, 0, stringCount, -1);
        java.util.Arrays.fill(nameIds, 0, stringCount, -1);
        if (tracks == null || tracks.length < p.trackCount) {
            tracks = new int[Math.max(p.trackCount, 16)];
        }
        java.util.Arrays.fill(tracks, 0, p.trackCount, -1);
        recordedTracks = p.recorder == null ? null : new int[p.recorder.trackCount()];
        EventSink sink = this.sink;
        byte[] kinds = p.kinds;
        long[] ts = p.ts;
        long[] dur = p.dur;
        int[] a = p.a;
        int[] b = p.b;
        int[] tracks = this.tracks;
        int[] frameIds = this.frameIds;
        int[] nameIds = this.nameIds;
        long before = delivered;
        int count = p.count;
        for (int e = 0; e < count; e++) {
            byte kind = kinds[e];
            if (kind <= ChunkParser.KIND_X) {
                int track = tracks[a[e]];
                if (track >= 0) {
                    if (kind == ChunkParser.KIND_X) {
                        int id = frameIds[b[e]];
                        if (id >= 0) {
                            sink.complete(track, ts[e], dur[e], id);
                            continue;
                        }
                    } else if (kind == ChunkParser.KIND_B) {
                        int id = frameIds[b[e]];
                        if (id >= 0) {
                            sink.begin(track, ts[e], id);
                            continue;
                        }
                    } else {
                        int id = nameIds[b[e]];
                        if (id >= 0) {
                            sink.end(track, ts[e], id);
                            continue;
                        }
                    }
                }
            }
            delivered = before + e; // what a bail skips when the input is read again
            slowEvent(p, e);
        }
        delivered = before + count;
        depth += p.opened;
        state = p.endState;
        line += p.newlines;
        if (p.lastLineStart >= 0) {
            lineStartAbs = p.fileOffset + p.lastLineStart;
        }
    }

    /** Delivers event {@code e} of the chunk being replayed, mapping its track and name first if needed. */
    private void slowEvent(ChunkParser p, int e) throws Bail, IOException {
        byte kind = p.kinds[e];
        if (kind == ChunkParser.KIND_OTHER && p.recorder != null && p.recordTo[e] >= 0) {
            if (p.recordNotes[e] != null) {
                sink.diagnostics().addAll(p.recordNotes[e]);
            }
            p.recorder.replay(p.recordFrom[e], p.recordTo[e], sink, recordedTracks);
            return;
        }
        if (kind == ChunkParser.KIND_OTHER) {
            int lineRel = p.lineOf[e];
            long eventLine = line + lineRel;
            long start = lineRel == 0 ? lineStartAbs : p.fileOffset + p.lineStartOf[e];
            long column = p.fileOffset + p.a[e] - start + 1;
            if (!single.readOneEvent(p.buf, p.a[e], p.b[e], (int) eventLine, (int) column)) {
                throw new Bail();
            }
            return;
        }
        if (kind == ChunkParser.KIND_NOTE) {
            sink.diagnostics().note(ChromeTraceReader.phaseNote(p.a[e]));
            return;
        }
        int local = p.a[e];
        int track = tracks[local];
        if (track < 0) {
            track = tracks[local] = sink.thread(string(p, strings, p.trackPid[local]),
                    string(p, strings, p.trackTid[local]));
        }
        int nameLocal = p.b[e];
        if (kind == ChunkParser.KIND_E) {
            int id = EventSink.NO_NAME; // string 0: a missing or empty name, compared with nothing
            if (nameLocal != 0) {
                id = nameIds[nameLocal];
                if (id < 0) {
                    id = nameIds[nameLocal] = sink.frames().names().intern(region(p, strings, nameLocal));
                }
            }
            sink.end(track, p.ts[e], id);
        } else {
            int id = frameIds[nameLocal];
            if (id < 0) {
                id = frameIds[nameLocal] = sink.frames().intern(region(p, strings, nameLocal));
            }
            if (kind == ChunkParser.KIND_X) {
                sink.complete(track, p.ts[e], p.dur[e], id);
            } else {
                sink.begin(track, p.ts[e], id);
            }
        }
    }

    private static String string(ChunkParser p, String[] strings, int id) {
        String s = strings[id];
        if (s == null) {
            s = strings[id] = p.string(id);
        }
        return s;
    }

    private static String region(ChunkParser p, String[] strings, int id) {
        return id == 0 ? UNNAMED : string(p, strings, id);
    }

    /**
     * After the events array's {@code ]}: the end of the input (array form), or the rest of the trace object
     * with inert plain keys only; anything else is left to the sequential reader.
     */
    private void tail(ByteRanges channel, long offset, long size, boolean arrayForm) throws IOException, Bail {
        if (size - offset > MAX_TAIL) {
            throw new Bail();
        }
        byte[] bytes = new byte[(int) (size - offset)];
        int length = channel.readFully(offset, bytes, 0, bytes.length);
        if (!new ChunkParser(bytes, offset, 0, length, ChunkParser.ELEMENT).inertTail(!arrayForm)) {
            throw new Bail();
        }
    }
}
