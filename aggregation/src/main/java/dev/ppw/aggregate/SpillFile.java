package dev.ppw.aggregate;

import dev.ppw.model.format.PositionalReads;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One temporary file holding sorted runs of track events, one after the other, for one input.
 *
 * <p>A run is {@code count} records of {@link TrackEvents#BYTES_PER_EVENT} bytes, big-endian as
 * {@link DataOutputStream} writes them: {@code long ts}, {@code long dur} (an {@code X}'s duration, or
 * {@link TrackEvents#BEGIN}/{@link TrackEvents#END}), {@code int id}, in replay order. Where a run starts
 * and how long it is are kept by whoever wrote it. File order between two runs of one track is the order
 * of the runs (a run holds everything its track had buffered, so every event of an earlier run arrived
 * before every event of a later one); within a run it is the record order among equal keys. So no
 * sequence number needs to be written.
 *
 * <p>The file is created on the first run, marked {@link java.io.File#deleteOnExit} as a backstop, and
 * deleted by {@link #close}, which callers run in a {@code finally}. Not thread-safe.
 */
final class SpillFile implements Closeable {
    /** Read buffer of all the runs of one track together, split between them. */
    private static final int READ_BUDGET_BYTES = 8 << 20;
    private static final int MIN_READ_RECORDS = 256;
    private static final int MAX_READ_RECORDS = 4096;

    private final Path directory;
    private Path file;
    private DataOutputStream out;
    private FileChannel in;
    private long bytesWritten;
    private int runs;

    /** @param directory where the file goes, when a run is first written; null for the JDK's temporary directory */
    SpillFile(Path directory) {
        this.directory = directory;
    }

    /** Writes {@code events}, sorted in replay order, as one run and returns where it starts. */
    long writeRun(TrackEvents events) {
        try {
            if (out == null) {
                if (in != null) {
                    throw new IllegalStateException("runs are being read");
                }
                file = directory == null ? Files.createTempFile("ppw-fold-", ".runs")
                        : Files.createTempFile(directory, "ppw-fold-", ".runs");
                file.toFile().deleteOnExit();
                OutputStream stream = Files.newOutputStream(file, StandardOpenOption.APPEND);
                out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
            }
            long start = bytesWritten;
            int n = events.size();
            for (int e = 0; e < n; e++) {
                out.writeLong(events.ts(e));
                out.writeLong(events.dur(e));
                out.writeInt(events.id(e));
            }
            bytesWritten += (long) n * TrackEvents.BYTES_PER_EVENT;
            runs++;
            return start;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write sorted events to a temporary file in "
                    + (directory == null ? "the temporary directory" : directory)
                    + " (set java.io.tmpdir, or give more heap): " + e.getMessage(), e);
        }
    }

    /** How many runs were written. */
    int runs() {
        return runs;
    }

    /** The file, or null before the first run (for tests). */
    Path path() {
        return file;
    }

    /** A reader of the run of {@code count} records at {@code offset}, one of {@code siblings} read together. */
    Run openRun(long offset, int count, int siblings) {
        try {
            if (out != null) {
                out.close();
                out = null;
            }
            if (in == null) {
                in = FileChannel.open(file, StandardOpenOption.READ);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read back the temporary file " + file + ": " + e.getMessage(), e);
        }
        int records = Math.clamp(READ_BUDGET_BYTES / TrackEvents.BYTES_PER_EVENT / Math.max(1, siblings),
                MIN_READ_RECORDS, MAX_READ_RECORDS);
        return new Run(in, file, offset, count, records);
    }

    /** Closes and deletes the file, if there is one. */
    @Override
    public void close() {
        IOException failure = null;
        try {
            if (out != null) {
                out.close();
            }
        } catch (IOException e) {
            failure = e;
        }
        try {
            if (in != null) {
                in.close();
            }
        } catch (IOException e) {
            failure = e;
        }
        out = null;
        in = null;
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            failure = e;
        }
        file = null;
        if (failure != null) {
            throw new UncheckedIOException("cannot remove a temporary file: " + failure.getMessage(), failure);
        }
    }

    /** One run being read: the current record, then {@link #next()}. */
    static final class Run {
        private final FileChannel channel;
        private final Path file;
        private final ByteBuffer buffer;
        private long position;
        private long left;
        private long ts;
        private long dur;
        private int id;

        private Run(FileChannel channel, Path file, long offset, int count, int bufferRecords) {
            this.channel = channel;
            this.file = file;
            this.buffer = ByteBuffer.allocate(Math.min(count, bufferRecords) * TrackEvents.BYTES_PER_EVENT);
            this.buffer.limit(0);
            this.position = offset;
            this.left = count;
        }

        /** Moves to the next record; false at the end of the run. */
        boolean next() {
            if (left == 0) {
                return false;
            }
            if (!buffer.hasRemaining()) {
                fill();
            }
            ts = buffer.getLong();
            dur = buffer.getLong();
            id = buffer.getInt();
            left--;
            return true;
        }

        long ts() {
            return ts;
        }

        long dur() {
            return dur;
        }

        int id() {
            return id;
        }

        private void fill() {
            buffer.clear();
            long want = Math.min(buffer.capacity(), left * TrackEvents.BYTES_PER_EVENT);
            buffer.limit((int) want);
            try {
                int n = PositionalReads.readFully(channel, position, buffer.array(), 0, (int) want);
                position += n;
                if (n < want) {
                    throw new IOException("it ends early at byte " + position);
                }
                buffer.position(n);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read back the temporary file " + file + ": " + e.getMessage(), e);
            }
            buffer.flip();
        }
    }
}
