package dev.ppw.collect.chrome;

import dev.ppw.model.EventSink;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Reads a regular, uncompressed UTF-8 Chrome trace file as {@link ChromeTraceReader#read} does, with the same
 * sink calls in the same order and the same warnings and errors, but faster: the header is read by
 * {@link ChromeTraceReader}; the events array is cut into chunks at line ends that follow a comma, parsed on
 * up to {@code jobs} threads by {@link ChunkParser} (plain B/E/X events without Jackson), and replayed into
 * the sink in file order on the calling thread. Only a few chunks are in memory at once.
 *
 * <p>A chunk parsed ahead is used only if the chunk before it ended exactly where it starts, between events,
 * after a comma; otherwise it is parsed again from where the one before really ended. Events that are not
 * plain go through {@link ChromeTraceReader}'s own event logic, one at a time, with their line and column.
 * Whatever else (a syntax error, a cut event, an element that is not an object, what follows the events
 * array unless it is plain and inert) makes the whole input be read again by {@link ChromeTraceReader},
 * dropping the effects of the events already delivered: the result is always the sequential one.
 */
public final class ParallelChromeReader {
    /** Bytes per chunk by default. */
    public static final int DEFAULT_CHUNK = 4 << 20;
    /** The smallest chunk chosen to spread a small file over the threads. */
    private static final int MIN_CHUNK = 256 << 10;
    /** How far back from a chunk's end a boundary is looked for. */
    private static final int BOUNDARY_SEARCH = 1 << 20;
    private static final int MAX_TAIL = 64 << 20;
    private static final String UNNAMED = "<unnamed>";

    private final Path path;
    private final String name;
    private final EventSink sink;
    private final int jobs;
    private int chunkSize;

    // Where the replay stands.
    private int depth = 1;
    private int state = ChunkParser.OPEN;
    private long line;
    private long lineStartAbs;
    private long delivered;
    private ChromeTraceReader single;
    /** Events read by the event logic rather than the chunk parser. */
    private long others;
    private long chunksAhead;
    private long waitedNanos;
    /** Told the file offset up to which events were handed over (a progress bar's). */
    private LongConsumer progress;
    private long recorded;
    /** -Dppw.read.stats=true: how many events went which way, on stderr (for tuning). */
    private static final boolean STATS = Boolean.getBoolean("ppw.read.stats");

    private ParallelChromeReader(Path path, String name, EventSink sink, int jobs, int chunkSize) {
        this.path = path;
        this.name = name;
        this.sink = sink;
        this.jobs = jobs;
        this.chunkSize = chunkSize;
    }

    /** The whole input must be read again, its first {@code delivered} events skipped. */
    private static final class Bail extends Exception {
        Bail() {
            super(null, null, false, false);
        }
    }

    /**
     * Reads {@code path} (regular, uncompressed, without a byte order mark, its first bytes ASCII) into
     * {@code sink}, as {@code ChromeTraceReader.read(name, content, sink)} would. The caller brackets the input.
     */
    public static void read(Path path, String name, EventSink sink, int jobs, int chunkSize) throws IOException {
        read(path, name, sink, jobs, chunkSize, bytes -> { });
    }

    /** As {@link #read(Path, String, EventSink, int, int)}, telling {@code progress} how many bytes are read. */
    public static void read(Path path, String name, EventSink sink, int jobs, int chunkSize, LongConsumer progress)
            throws IOException {
        ParallelChromeReader reader = new ParallelChromeReader(path, name, sink, Math.max(1, jobs),
                Math.max(16, chunkSize));
        reader.progress = progress;
        boolean[] bailed = {false};
        long size;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
             InputStream in = new BufferedInputStream(Channels.newInputStream(channel), 1 << 16)) {
            size = channel.size();
            ChromeTraceReader.readHeaderThen(name, in, sink, (offset, line, column, arrayForm) -> {
                try {
                    reader.events(channel, offset, line, column, arrayForm);
                } catch (Bail bail) {
                    bailed[0] = true;
                }
            });
        }
        if (STATS) {
            System.err.println("ppw stats: " + name + ": " + reader.delivered + " events, " + reader.others
                    + " by the event logic on the replaying thread, " + reader.recorded + " on the parsing threads, "
                    + reader.chunksAhead + " chunks parsed ahead used (waited for " + reader.waitedNanos / 1_000_000
                    + " ms), " + (bailed[0] ? "read again sequentially" : "not read again"));
        }
        if (bailed[0]) {
            try (InputStream in = new BufferedInputStream(java.nio.file.Files.newInputStream(path), 1 << 16)) {
                ChromeTraceReader.readSkipping(name, in, sink, reader.delivered);
            }
        }
        progress.accept(size);
    }

    private record Chunk(long offset, byte[] bytes, int length, boolean eof, int assumed, ChunkParser parser,
                         Future<ChunkParser> parsed) {
    }

    /** Parsers (with their chunk's bytes) done with, to be used again: chunks allocate nothing in the steady state. */
    private final ArrayDeque<ChunkParser> spare = new ArrayDeque<>();

    private void events(FileChannel channel, long offset, int line, int column, boolean arrayForm)
            throws IOException, Bail {
        this.line = line;
        this.lineStartAbs = offset - (column - 1);
        this.single = ChromeTraceReader.forSingleEvents(name, sink);
        long size = channel.size();
        if (jobs > 1) {
            // Small enough chunks that every thread gets several of a smaller file.
            chunkSize = (int) Math.max(Math.min(chunkSize, MIN_CHUNK), Math.min(chunkSize, (size - offset) / (jobs * 8L)));
        }
        ExecutorService pool = jobs > 1 && size - offset > chunkSize ? Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "ppw-chunk");
            t.setDaemon(true);
            return t;
        }) : null;
        ArrayDeque<Chunk> ahead = new ArrayDeque<>();
        try {
            long next = offset;
            int inFlight = jobs + 2;
            byte[] carry = null; // bytes of an event cut by the previous chunk's end
            long carryOffset = 0;
            while (true) {
                while (ahead.size() < inFlight && next < size) {
                    Chunk c = readChunk(channel, next, size, ahead.isEmpty() && next == offset, pool);
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
                progress.accept(c.offset);
                ChunkParser p;
                byte[] bytes;
                long bytesOffset;
                int end;
                if (carry == null && state == c.assumed) {
                    chunksAhead++;
                    long waitStart = STATS ? System.nanoTime() : 0;
                    p = get(c);
                    if (STATS) {
                        waitedNanos += System.nanoTime() - waitStart;
                    }
                    bytes = c.bytes;
                    bytesOffset = c.offset;
                    end = c.length;
                } else {
                    // Parse again from where the replay really stands.
                    int carried = carry == null ? 0 : carry.length;
                    bytes = new byte[carried + c.length];
                    if (carry != null) {
                        System.arraycopy(carry, 0, bytes, 0, carried);
                    }
                    System.arraycopy(c.bytes, 0, bytes, carried, c.length);
                    bytesOffset = carry == null ? c.offset : carryOffset;
                    end = bytes.length;
                    if (c.parsed != null) {
                        c.parsed.cancel(false);
                    }
                    p = new ChunkParser(bytes, bytesOffset, 0, bytes.length, state).parse();
                }
                carry = null;
                boolean reused = p == c.parser;
                while (true) {
                    replay(p);
                    if (p.outcome == ChunkParser.END) {
                        break;
                    }
                    if (p.outcome == ChunkParser.INCOMPLETE) {
                        carry = java.util.Arrays.copyOfRange(bytes, p.stopAt, end);
                        carryOffset = bytesOffset + p.stopAt;
                        break;
                    }
                    // STOP: only a "]" is read on.
                    if (bytes[p.stopAt] != ']') {
                        throw new Bail();
                    }
                    depth--;
                    if (depth == 0) {
                        tail(channel, bytesOffset + p.stopAt + 1, size, arrayForm);
                        return;
                    }
                    p = new ChunkParser(bytes, bytesOffset, p.stopAt + 1, end, ChunkParser.ELEMENT).parse();
                }
                if (c.eof && carry != null) {
                    throw new Bail();
                }
                if (reused) {
                    spare.push(c.parser); // not when its parse was cancelled: it may still be running
                }
            }
        } finally {
            for (Chunk c : ahead) {
                if (c.parsed != null) {
                    c.parsed.cancel(false);
                }
            }
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private static ChunkParser get(Chunk c) throws IOException {
        if (c.parsed == null) {
            return c.parser.parse();
        }
        try {
            return c.parsed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while parsing");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IOException(e.getCause());
        }
    }

    /**
     * Reads the next chunk from {@code offset}: up to {@link #chunkSize} bytes, cut after the last line end
     * that follows a comma (when there is one in the last part), and starts parsing it on the pool.
     */
    private Chunk readChunk(FileChannel channel, long offset, long size, boolean first, ExecutorService pool)
            throws IOException {
        int want = (int) Math.min(chunkSize, size - offset);
        ChunkParser parser = spare.poll();
        byte[] bytes = parser != null && parser.buf.length >= want ? parser.buf : new byte[want];
        ByteBuffer bb = ByteBuffer.wrap(bytes, 0, want);
        while (bb.hasRemaining()) {
            int r = channel.read(bb, offset + bb.position());
            if (r < 0) {
                break;
            }
        }
        int length = bb.position();
        boolean eof = offset + length >= size;
        if (!eof) {
            int cut = boundary(bytes, length);
            if (cut > 0) {
                length = cut;
            }
        }
        int assumed = first ? ChunkParser.OPEN : ChunkParser.COMMA;
        parser = parser == null ? new ChunkParser(bytes, offset, 0, length, assumed)
                : parser.reuse(bytes, offset, 0, length, assumed);
        ChunkParser toParse = parser;
        Future<ChunkParser> parsed = pool == null ? null : pool.submit(() -> record(toParse.parse(), name));
        return new Chunk(offset, bytes, length, eof, assumed, parser, parsed);
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
                reader = ChromeTraceReader.forSingleEvents(name, recorder);
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
                reader = ChromeTraceReader.forSingleEvents(name, recorder);
                p.recordTo[e] = -1;
                continue;
            }
            p.recordFrom[e] = mark;
            p.recordTo[e] = recorder.mark();
            p.recordNotes[e] = counted.notes().isEmpty() ? null : counted;
        }
        return p;
    }

    /** Just after the last {@code \n} whose line ends with a comma, or -1. */
    private static int boundary(byte[] b, int length) {
        int stop = Math.max(0, length - BOUNDARY_SEARCH);
        for (int k = length - 1; k > stop; k--) {
            if (b[k] == '\n') {
                int j = k - 1;
                while (j >= 0 && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r')) {
                    j--;
                }
                if (j >= 0 && b[j] == ',') {
                    return k + 1;
                }
            }
        }
        return -1;
    }

    /** Delivers one parsed chunk's events in order, then moves the line count past it. */
    private void replay(ChunkParser p) throws Bail, IOException {
        String[] strings = new String[p.stringCount];
        int[] frameIds = new int[p.stringCount];
        int[] nameIds = new int[p.stringCount];
        java.util.Arrays.fill(frameIds, -1);
        java.util.Arrays.fill(nameIds, -1);
        int[] tracks = new int[p.trackCount];
        java.util.Arrays.fill(tracks, -1);
        int[] recordedTracks = p.recorder == null ? null : new int[p.recorder.trackCount()];
        byte[] kinds = p.kinds;
        for (int e = 0; e < p.count; e++) {
            byte kind = kinds[e];
            if (kind == ChunkParser.KIND_OTHER && p.recorder != null && p.recordTo[e] >= 0) {
                if (p.recordNotes[e] != null) {
                    sink.diagnostics().addAll(p.recordNotes[e]);
                }
                p.recorder.replay(p.recordFrom[e], p.recordTo[e], sink, recordedTracks);
                recorded++;
                delivered++;
                continue;
            }
            if (kind == ChunkParser.KIND_OTHER) {
                others++;
                if (STATS && others <= 20) {
                    System.err.println("ppw stats: other event: " + new String(p.buf, p.a[e],
                            Math.min(300, p.b[e] - p.a[e]), java.nio.charset.StandardCharsets.UTF_8));
                }
                int lineRel = p.lineOf[e];
                long eventLine = line + lineRel;
                long start = lineRel == 0 ? lineStartAbs : p.fileOffset + p.lineStartOf[e];
                long column = p.fileOffset + p.a[e] - start + 1;
                if (!single.readOneEvent(p.buf, p.a[e], p.b[e], (int) eventLine, (int) column)) {
                    throw new Bail();
                }
                delivered++;
                continue;
            }
            if (kind == ChunkParser.KIND_NOTE) {
                sink.diagnostics().note(ChromeTraceReader.phaseNote(p.a[e]));
                delivered++;
                continue;
            }
            int local = p.a[e];
            int track = tracks[local];
            if (track < 0) {
                track = tracks[local] = sink.thread(string(p, strings, p.trackPid[local]),
                        string(p, strings, p.trackTid[local]));
            }
            int nameLocal = p.b[e];
            if (kind == ChunkParser.KIND_E) {
                int id = nameIds[nameLocal];
                if (id < 0) {
                    id = nameIds[nameLocal] = sink.frames().names().intern(region(p, strings, nameLocal));
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
            delivered++;
        }
        depth += p.opened;
        state = p.endState;
        line += p.newlines;
        if (p.lastLineStart >= 0) {
            lineStartAbs = p.fileOffset + p.lastLineStart;
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
    private void tail(FileChannel channel, long offset, long size, boolean arrayForm) throws IOException, Bail {
        if (size - offset > MAX_TAIL) {
            throw new Bail();
        }
        byte[] bytes = new byte[(int) (size - offset)];
        ByteBuffer bb = ByteBuffer.wrap(bytes);
        while (bb.hasRemaining() && channel.read(bb, offset + bb.position()) >= 0) {
            // read on
        }
        if (!new ChunkParser(bytes, offset, 0, bb.position(), ChunkParser.ELEMENT).inertTail(!arrayForm)) {
            throw new Bail();
        }
    }
}
