package dev.ppw.collect.perf;

import dev.ppw.model.NameTable;
import dev.ppw.model.format.ByteRanges;
import dev.ppw.model.work.Workers;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.IntIntHashMap;
import org.eclipse.collections.impl.map.mutable.primitive.IntObjectHashMap;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * <p>Chunks are read on the caller's {@link Workers} (the reading options'), forked a few ahead in
 * {@link #run}, the one place this reader runs anything in parallel; a chunk is read by whichever reader is idle,
 * each keeping its caches and names from chunk to chunk. At most {@code jobs + 2} chunks are read ahead, so memory
 * holds that many chunks and their records, whatever the file's size.
 */
final class ParallelPerfScript {
    private static final int AHEAD_PER_JOB = 1;
    private static final int AHEAD_EXTRA = 2;
    /** How far past a chunk's nominal end a block's end is looked for at a time. */
    private static final int SEARCH_BYTES = 1 << 16;

    private final ByteRanges content;
    private final String name;
    private final PerfSamples.ToSink out;
    private final PerfHeader first;
    private final int chunkBytes;
    /** The readers not in use, each with its caches and names, for the next chunk to take. */
    private final Queue<Worker> idle = new ConcurrentLinkedQueue<>();

    private ParallelPerfScript(ByteRanges content, String name, PerfSamples.ToSink out, PerfHeader first,
                               int chunkBytes) {
        this.content = content;
        this.name = name;
        this.out = out;
        this.first = first;
        this.chunkBytes = chunkBytes;
    }

    /**
     * Reads {@code content} (named {@code name} in messages) into {@code out}, chunks parsed on {@code workers};
     * {@code first} is the input's first sample header, {@code samplesOnHeaderLines} whether its samples have
     * no call graphs (a block is then a line).
     */
    static void read(ByteRanges content, String name, PerfSamples.ToSink out, PerfHeader first,
                     boolean samplesOnHeaderLines, Workers workers, int chunkBytes, LongConsumer progress)
            throws IOException {
        new ParallelPerfScript(content, name, out, first, chunkBytes).run(workers, samplesOnHeaderLines, progress);
    }

    /**
     * Cuts the content into chunks as it goes, forks each chunk's reading on {@code workers} (the caller's, the one
     * place this reader runs anything in parallel) a few ahead, and replays the records in file order.
     */
    private void run(Workers workers, boolean lineBlocks, LongConsumer progress) throws IOException {
        long size = content.size();
        ArrayDeque<Workers.Forked<Record>> ahead = new ArrayDeque<>();
        long lineBase = 0;
        boolean done = false;
        try {
            long next = 0;
            boolean firstChunk = true;
            while (true) {
                while (ahead.size() < workers.parallelism() * AHEAD_PER_JOB + AHEAD_EXTRA && next < size) {
                    long end = blockEnd(content, Math.min(size, next + chunkBytes), size, lineBlocks);
                    long from = next;
                    boolean isFirst = firstChunk;
                    ahead.add(workers.fork(() -> readChunk(from, end, isFirst)));
                    next = end;
                    firstChunk = false;
                }
                if (ahead.isEmpty()) {
                    done = true;
                    return;
                }
                workers.cancel().check();
                Record r = ahead.poll().join();
                r.replay(out, lineBase);
                lineBase += r.lines;
                progress.accept(r.end);
            }
        } finally {
            if (!done) {
                // Stopped early (bad input, cancelled): no chunk still to read is read, none running outlives this.
                for (Workers.Forked<Record> f : ahead) {
                    f.settle();
                }
            }
        }
    }

    /**
     * The offset just past the first block end at or after {@code from}: after {@code \n\n} (a blank line ends a
     * call graph), or after {@code \n} when every line is a block; the file's size when there is none.
     */
    private static long blockEnd(ByteRanges content, long from, long size, boolean lineBlocks) throws IOException {
        byte[] buf = new byte[SEARCH_BYTES + 1];
        long at = Math.max(0, from - 1);
        while (at < size) {
            int n = content.readFully(at, buf, 0, (int) Math.min(buf.length, size - at));
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
    private Record readChunk(long from, long end, boolean isFirst) throws IOException {
        byte[] bytes = new byte[(int) (end - from)];
        int n = content.readFully(from, bytes, 0, bytes.length);
        Worker worker = idle.poll();
        if (worker == null) {
            worker = new Worker(name, first);
        }
        try {
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
        } finally {
            idle.add(worker);
        }
    }

    /**
     * A reader that keeps its caches of symbols and headers, and its names, from one chunk to the next; one chunk
     * at a time. The sink's ids of its names are kept as the replay makes them (touched by the replaying thread
     * only).
     */
    private static final class Worker {
        final NameTable names = new NameTable();
        final PerfScriptReader reader;
        final IntIntHashMap toSink = new IntIntHashMap();

        Worker(String name, PerfHeader first) {
            this.reader = new PerfScriptReader(name, new PerfSamples() {
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
            }, first);
        }
    }

    /**
     * What a worker read of one chunk: its samples and warnings in order, lines counted from the chunk's first,
     * frames as ids of the chunk's own names.
     */
    private static final class Record implements PerfSamples {
        private static final int WARNING = -1;
        private static final int CUT = -2;

        /** The worker's names, and the text of each one this chunk uses (taken on the worker, which owns them). */
        final Worker worker;
        final NameTable names;
        private final IntObjectHashMap<String> used = new IntObjectHashMap<>();
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
            this.end = end;
        }

        /** On the worker, at the chunk's end: the text of every name its samples use, for the replay. */
        void closeNames() {
            for (int i = 0; i < ids.size(); i++) {
                int id = ids.get(i);
                if (id != NameTable.EMPTY && !used.containsKey(id)) {
                    used.put(id, names.name(id));
                }
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
            NameTable sink = out.names();
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
                    regions[k] = toSink(sink, ids.get(id++));
                    placements[k] = toSink(sink, ids.get(id++));
                }
                out.sample((PerfHeader) objects.get(i), line, regions, placements, depth);
            }
        }

        /** The sink's id of the worker's name {@code local}: made once per worker, from the text this record took. */
        private int toSink(NameTable sink, int local) {
            if (local == NameTable.EMPTY) {
                return NameTable.EMPTY;
            }
            int id = worker.toSink.getIfAbsent(local, -1);
            if (id < 0) {
                id = sink.intern(used.get(local));
                worker.toSink.put(local, id);
            }
            return id;
        }
    }
}
