package dev.ppw.collect.lttng;

import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.PositionalReads;

import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Reads a plain file of babeltrace2 text on several threads: lines are independent, so the file is cut into
 * chunks of about {@code chunkBytes}, each chunk's lines parsed by a {@link BabeltraceTextReader} on a worker into
 * {@link TextLines}, and the chunks replayed in file order on the calling thread: events to the consumer in the
 * order printed, bad lines to the diagnostics with their line numbers, midnights counted in line order. So the
 * events, warnings and errors are those of one reader reading the whole file. A chunk owns the lines whose first
 * byte is in its range, and reads past its end to finish its last one. At most the workers' parallelism + 2 chunks
 * are parsed or waiting at once, so memory holds a few chunks' lines, whatever the file's length. The chunks are
 * parsed on the caller's {@link Workers}; a chunk no worker has started is parsed by the replay when it needs it.
 */
final class ParallelTextReader {
    private ParallelTextReader() {
    }

    /**
     * Reads {@code file} ({@code name} in messages), handing its events to {@code events} and counting bad lines in
     * {@code diagnostics}, its chunks parsed on {@code workers}.
     *
     * @throws BadInputException when no line of the file is an event
     */
    static long read(Path file, String name, Diagnostics diagnostics, Consumer<LttngEventView> events, Workers workers,
                     int chunkBytes, LongConsumer progress) throws IOException {
        ArrayDeque<Chunk> inFlight = new ArrayDeque<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return replay(channel, name, diagnostics, events, workers, chunkBytes, progress, inFlight);
        } finally {
            // No worker may still read the channel once it is closed.
            for (Chunk c : inFlight) {
                c.lines().settle();
            }
        }
    }

    private record Chunk(long end, Workers.Forked<TextLines> lines) {
    }

    private static long replay(FileChannel channel, String name, Diagnostics diagnostics,
                               Consumer<LttngEventView> events, Workers workers, int chunkBytes, LongConsumer progress,
                               ArrayDeque<Chunk> inFlight) throws IOException {
        long size = channel.size();
        int ahead = workers.parallelism() + 2;
        long next = 0;
        BabeltraceTextReader.DayClock clock = new BabeltraceTextReader.DayClock();
        Replayed view = new Replayed();
        long lineBase = 0;
        long eventCount = 0;
        TextLines firstBadChunk = null;
        int firstBad = -1;
        long firstBadBase = 0;
        while (next < size || !inFlight.isEmpty()) {
            while (next < size && inFlight.size() < ahead) {
                long start = next;
                long end = Math.min(size, start + chunkBytes);
                inFlight.add(new Chunk(end, workers.fork(() -> parse(channel, name, start, end, size))));
                next = end;
            }
            Chunk chunk = inFlight.peek();
            TextLines lines = chunk.lines().join();
            inFlight.poll();
            workers.cancel().check();
            for (int i = 0; i < lines.entryCount; i++) {
                int e = lines.entry(i);
                if (e >= 0) {
                    eventCount++;
                    view.at(lines, e, clock.apply(lines.rawTimes[e], lines.ofDay[e]));
                    events.accept(view);
                    continue;
                }
                int b = -1 - e;
                String where = name + ":" + (lineBase + lines.badLines[b]) + ":" + lines.badColumns[b];
                diagnostics.warn(lines.badTruncated[b] ? Diagnostics.TRUNCATED : Diagnostics.BAD_EVENT,
                        where + ": " + lines.badProblems[b] + ": \"" + lines.badQuotes[b] + "\"");
                if (firstBadChunk == null) {
                    firstBadChunk = lines;
                    firstBad = b;
                    firstBadBase = lineBase;
                }
            }
            lineBase += lines.lines;
            progress.accept(chunk.end());
        }
        if (eventCount == 0 && firstBadChunk != null) {
            throw BadInputException.at(name, firstBadBase + firstBadChunk.badLines[firstBad],
                    firstBadChunk.badColumns[firstBad], "not babeltrace2 text: no line is an event ("
                            + firstBadChunk.badProblems[firstBad] + ")", firstBadChunk.badQuotes[firstBad]);
        }
        return eventCount;
    }

    /** The lines of {@code [start, end)}: those that begin there, the last read to its end wherever it is. */
    private static TextLines parse(FileChannel channel, String name, long start, long end, long size)
            throws IOException {
        TextLines lines = new TextLines();
        long from = start == 0 ? 0 : lineStartFrom(channel, start, size);
        if (from < end) {
            new BabeltraceTextReader(name, lines).read(new ChunkStream(channel, from, end));
        }
        return lines;
    }

    /** Where the first line that starts at or after {@code start} starts: just past the first '\n' from start - 1. */
    private static long lineStartFrom(FileChannel channel, long start, long size) throws IOException {
        byte[] block = new byte[8192];
        long at = start - 1;
        while (at < size) {
            int n = PositionalReads.readFully(channel, at, block, 0, (int) Math.min(block.length, size - at));
            for (int i = 0; i < n; i++) {
                if (block[i] == '\n') {
                    return at + i + 1;
                }
            }
            if (n <= 0) {
                break;
            }
            at += n;
        }
        return size;
    }

    /**
     * The bytes of a chunk's lines: from its first line's start to its end, then on to the '\n' that ends the last
     * line begun before the end (or the file's end).
     */
    private static final class ChunkStream extends InputStream {
        private final FileChannel channel;
        private final long end;
        private long position;
        private boolean done;

        ChunkStream(FileChannel channel, long from, long end) {
            this.channel = channel;
            this.position = from;
            this.end = end;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done || len == 0) {
                return done ? -1 : 0;
            }
            int n = PositionalReads.readFully(channel, position, b, off, len);
            if (n <= 0) {
                done = true;
                return -1;
            }
            // The line that holds byte end - 1 ends the chunk: stop after its '\n'.
            for (long at = Math.max(position, end - 1); at < position + n; at++) {
                if (b[off + (int) (at - position)] == '\n') {
                    n = (int) (at - position) + 1;
                    done = true;
                    break;
                }
            }
            position += n;
            return n;
        }
    }

    /** A recorded event seen as the reader's own view: fields found from the last group back, as the reader does. */
    private static final class Replayed implements LttngEventView {
        private TextLines lines;
        private int event;
        private long timestamp;

        void at(TextLines lines, int event, long timestamp) {
            this.lines = lines;
            this.event = event;
            this.timestamp = timestamp;
        }

        private int find(String field) {
            int hash = field.hashCode();
            String[] keys = lines.keys;
            for (int i = lines.fieldStart[event + 1] - 1; i >= lines.fieldStart[event]; i--) {
                String key = keys[i];
                if (key == field || key.hashCode() == hash && key.equals(field)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public long timestampNanos() {
            return timestamp;
        }

        @Override
        public String name() {
            return lines.names[event];
        }

        @Override
        public boolean has(String field) {
            return find(field) >= 0;
        }

        @Override
        public long integer(String field) {
            int i = find(field);
            return i >= 0 && lines.kinds[i] == BabeltraceTextReader.INT ? lines.ints[i] : Long.MIN_VALUE;
        }

        @Override
        public String string(String field) {
            int i = find(field);
            return i >= 0 && lines.kinds[i] == BabeltraceTextReader.STRING ? lines.strings[i] : null;
        }

        @Override
        public String timeText(long nanos) {
            return BabeltraceTextReader.timeText(lines.styles[event], nanos);
        }
    }
}
