package dev.ppw.collect.perf;

import dev.ppw.model.NameTable;
import dev.ppw.model.format.PositionalReads;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * A large plain {@code perf script} file read on several threads, with the samples, names and warnings of a
 * reading on one. The file is cut into chunks where a block ends (after a blank line: a call graph never spans
 * one; each line of a file without call graphs is a block of its own), so that each chunk starts as the reader
 * stands after a blank line. Each chunk is read on a worker by a {@link PerfScriptReader} of its own, which
 * already knows the input's layout from its first header, into a {@link Record} (its samples and warnings, lines
 * counted from the chunk's start, frames as ids of names of its own); the records are replayed into the sink in
 * file order, lines made the file's and names the sink's. So the sink receives the same calls in the same order
 * whatever the number of threads: the same tracks, names, metrics, tree and warnings.
 *
 * <p>The threads are this class's, in one place ({@link #workers}): when the engine passes an executor, that
 * method is what changes. At most {@code jobs + 2} chunks are read ahead, so memory holds that many chunks and
 * their records, whatever the file's size.
 */
final class ParallelPerfScript {
    private static final int AHEAD_PER_JOB = 1;
    private static final int AHEAD_EXTRA = 2;
    /** How far past a chunk's nominal end a block's end is looked for at a time. */
    private static final int SEARCH_BYTES = 1 << 16;
    private static final byte[] UTF8_BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    private final Path path;
    private final String name;
    private final PerfSamples.ToSink out;
    private final PerfHeader first;
    private final int chunkBytes;

    private ParallelPerfScript(Path path, String name, PerfSamples.ToSink out, PerfHeader first, int chunkBytes) {
        this.path = path;
        this.name = name;
        this.out = out;
        this.first = first;
        this.chunkBytes = chunkBytes;
    }

    /**
     * Reads the file at {@code path} (named {@code name} in messages) into {@code out} on {@code jobs} threads;
     * {@code first} is the input's first sample header, {@code samplesOnHeaderLines} whether its samples have
     * no call graphs (a block is then a line).
     */
    static void read(Path path, String name, PerfSamples.ToSink out, PerfHeader first, boolean samplesOnHeaderLines,
                     int jobs, int chunkBytes, LongConsumer progress) throws IOException {
        new ParallelPerfScript(path, name, out, first, chunkBytes).run(jobs, samplesOnHeaderLines, progress);
    }

    private void run(int jobs, boolean lineBlocks, LongConsumer progress) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            long start = startsWithBom(channel) ? UTF8_BOM.length : 0;
            ExecutorService pool = workers(jobs);
            ArrayDeque<Future<Record>> ahead = new ArrayDeque<>();
            long lineBase = 0;
            try {
                long next = start;
                boolean firstChunk = true;
                while (true) {
                    while (ahead.size() < jobs * AHEAD_PER_JOB + AHEAD_EXTRA && next < size) {
                        long end = blockEnd(channel, Math.min(size, next + chunkBytes), size, lineBlocks);
                        long from = next;
                        boolean isFirst = firstChunk;
                        ahead.add(pool.submit(() -> readChunk(channel, from, end, isFirst)));
                        next = end;
                        firstChunk = false;
                    }
                    if (ahead.isEmpty()) {
                        return;
                    }
                    Record r = take(ahead.poll());
                    r.replay(out, lineBase);
                    lineBase += r.lines;
                    progress.accept(r.end);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** The threads that read the chunks: the one place this reader makes threads. */
    private static ExecutorService workers(int jobs) {
        return Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "ppw-perf-script");
            t.setDaemon(true);
            return t;
        });
    }

    private static Record take(Future<Record> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading perf script chunks");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        }
    }

    private static boolean startsWithBom(FileChannel channel) throws IOException {
        byte[] b = new byte[UTF8_BOM.length];
        return PositionalReads.readFully(channel, 0, b, 0, b.length) == b.length && b[0] == UTF8_BOM[0]
                && b[1] == UTF8_BOM[1] && b[2] == UTF8_BOM[2];
    }

    /**
     * The offset just past the first block end at or after {@code from}: after {@code \n\n} (a blank line ends a
     * call graph), or after {@code \n} when every line is a block; the file's size when there is none.
     */
    private static long blockEnd(FileChannel channel, long from, long size, boolean lineBlocks) throws IOException {
        byte[] buf = new byte[SEARCH_BYTES + 1];
        long at = Math.max(0, from - 1);
        while (at < size) {
            int n = PositionalReads.readFully(channel, at, buf, 0, (int) Math.min(buf.length, size - at));
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n' && (lineBlocks || i + 1 < n && buf[i + 1] == '\n')) {
                    return at + i + (lineBlocks ? 1 : 2);
                }
            }
            if (n <= 1) {
                break;
            }
            at += n - 1;
        }
        return size;
    }

    /** On a worker: the chunk {@code [from, end)} read into a record of its own. */
    private Record readChunk(FileChannel channel, long from, long end, boolean isFirst) throws IOException {
        byte[] bytes = new byte[(int) (end - from)];
        int n = PositionalReads.readFully(channel, from, bytes, 0, bytes.length);
        Worker worker = this.worker.get();
        Record record = new Record(worker, end);
        if (isFirst) {
            // The first chunk is read as the whole file would be: its first header is the one that sets the layout.
            PerfScriptReader reader = new PerfScriptReader(name, record);
            reader.read(new ByteArrayInputStream(bytes, 0, n));
            record.lines = reader.lines();
        } else {
            worker.reader.readChunk(new ByteArrayInputStream(bytes, 0, n), record);
            record.lines = worker.reader.lines();
        }
        record.closeNames();
        return record;
    }

    /**
     * A worker thread's reader, which keeps its caches of symbols and headers from one chunk to the next, and its
     * names; the ids of those names the sink's, as far as the replay has made them (touched by the replaying
     * thread only: a worker's records are replayed in the order it made them, since it takes chunks in file
     * order).
     */
    private final ThreadLocal<Worker> worker = ThreadLocal.withInitial(() -> new Worker(this));

    private static final class Worker {
        final NameTable names = new NameTable();
        final PerfScriptReader reader;
        private int[] toSink = {NameTable.EMPTY};
        private int mapped = 1;

        Worker(ParallelPerfScript reading) {
            this.reader = new PerfScriptReader(reading.name, new PerfSamples() {
                @Override
                public NameTable names() {
                    return names;
                }

                @Override
                public void sample(PerfHeader h, long line, int[] regions, int[] placements, int depth) {
                    throw new IllegalStateException("a worker's reader reads into a record");
                }

                @Override
                public void warn(String kind, long line, int column, String what) {
                    throw new IllegalStateException("a worker's reader reads into a record");
                }
            }, reading.first);
        }

        /** The sink's id of this worker's name {@code local}, made for {@code newNames} first (ids from {@code from}). */
        void map(NameTable sink, String[] newNames, int from) {
            if (from != mapped) {
                throw new IllegalStateException("records of a worker replayed out of order");
            }
            if (toSink.length < from + newNames.length) {
                toSink = java.util.Arrays.copyOf(toSink, Math.max(from + newNames.length, 2 * toSink.length));
            }
            for (int k = 0; k < newNames.length; k++) {
                toSink[from + k] = sink.intern(newNames[k]);
            }
            mapped = from + newNames.length;
        }

        int toSink(int local) {
            return toSink[local];
        }
    }

    /**
     * What a worker read of one chunk: its samples and warnings in order, lines counted from the chunk's first,
     * frames as ids of the chunk's own names.
     */
    private static final class Record implements PerfSamples {
        private static final int WARNING = -1;
        private static final int CUT = -2;

        /** The worker's names, and those this chunk added to them (the first chunk's are its own). */
        final Worker worker;
        final NameTable names;
        private final int namesFrom;
        private String[] newNames;
        final long end;
        long lines;
        // In order: per item, its kind (a sample's depth, WARNING or CUT) and line; a sample's header and frame
        // ids; a warning's column (a cut's lines back to its sample).
        private final MutableIntList kinds = new IntArrayList();
        private final MutableLongList itemLines = new LongArrayList();
        private final List<Object> objects = new ArrayList<>();
        private final MutableIntList ids = new IntArrayList();
        private final MutableIntList columns = new IntArrayList();

        Record(Worker worker, long end) {
            this.worker = worker;
            this.names = worker.names;
            this.namesFrom = names.size();
            this.end = end;
        }

        /** On the worker, at the chunk's end: the names it added, for the replay. */
        void closeNames() {
            newNames = new String[names.size() - namesFrom];
            for (int k = 0; k < newNames.length; k++) {
                newNames[k] = names.name(namesFrom + k);
            }
        }

        @Override
        public NameTable names() {
            return names;
        }

        @Override
        public void sample(PerfHeader h, long line, int[] regions, int[] placements, int depth) {
            kinds.add(depth);
            itemLines.add(line);
            objects.add(h);
            for (int k = 0; k < depth; k++) {
                ids.add(regions[k]);
                ids.add(placements[k]);
            }
        }

        @Override
        public void cut(long line, long sampleLine, String quote) {
            kinds.add(CUT);
            itemLines.add(line);
            objects.add(quote);
            columns.add((int) (line - sampleLine));
        }

        @Override
        public void warn(String kind, long line, int column, String what) {
            kinds.add(WARNING);
            itemLines.add(line);
            objects.add(new String[] {kind, what});
            columns.add(column);
        }

        /** Into {@code out}, lines after {@code lineBase}, names made the sink's. */
        void replay(PerfSamples.ToSink out, long lineBase) {
            worker.map(out.names(), newNames, namesFrom);
            int[] regions = new int[64];
            int[] placements = new int[64];
            int id = 0;
            int column = 0;
            for (int i = 0; i < kinds.size(); i++) {
                int depth = kinds.get(i);
                long line = lineBase + itemLines.get(i);
                if (depth == WARNING) {
                    String[] w = (String[]) objects.get(i);
                    out.warn(w[0], line, columns.get(column++), w[1]);
                    continue;
                }
                if (depth == CUT) {
                    out.cut(line, line - columns.get(column++), (String) objects.get(i));
                    continue;
                }
                if (regions.length < depth) {
                    regions = new int[Math.max(depth, 2 * regions.length)];
                    placements = new int[regions.length];
                }
                for (int k = 0; k < depth; k++) {
                    regions[k] = worker.toSink(ids.get(id++));
                    placements[k] = worker.toSink(ids.get(id++));
                }
                out.sample((PerfHeader) objects.get(i), line, regions, placements, depth);
            }
        }
    }
}
