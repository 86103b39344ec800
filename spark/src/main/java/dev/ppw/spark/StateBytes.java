package dev.ppw.spark;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A merge share's or scan's binary form as it travels between a task and the driver: bytes in chunks of at most
 * {@link #CHUNK} bytes, so that a state of more than an array's 2 GB travels as one of a few megabytes, and any Spark
 * serializer (Java's or Kryo) carries it as plain arrays.
 */
final class StateBytes implements Serializable {
    private static final long serialVersionUID = 1L;
    /** 16 MiB: small enough to allocate at once anywhere, large enough that a large state is few arrays. */
    static final int CHUNK = 16 << 20;

    /** What writes a state to a stream: {@code MergeShare::writeTo}, {@code SplitScan::writeTo}. */
    @FunctionalInterface
    interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    private final byte[][] chunks;

    private StateBytes(byte[][] chunks) {
        this.chunks = chunks;
    }

    /** What {@code writer} writes, kept in chunks as it comes. */
    static StateBytes of(Writer writer) {
        Chunker out = new Chunker();
        try {
            writer.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a merge state to memory", e);
        }
        return new StateBytes(out.chunks());
    }

    /** The bytes, read back in order. */
    InputStream open() {
        List<InputStream> parts = new ArrayList<>(chunks.length);
        for (byte[] c : chunks) {
            parts.add(new ByteArrayInputStream(c));
        }
        return new SequenceInputStream(Collections.enumeration(parts));
    }

    /** How many bytes there are. */
    long size() {
        long size = 0;
        for (byte[] c : chunks) {
            size += c.length;
        }
        return size;
    }

    /** An output that fills chunks of {@link #CHUNK} bytes, growing each one as it fills. */
    private static final class Chunker extends OutputStream {
        private final List<byte[]> full = new ArrayList<>();
        private byte[] current = new byte[4096];
        private int used;

        @Override
        public void write(int b) {
            room();
            current[used++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                room();
                int n = Math.min(len, current.length - used);
                System.arraycopy(b, off, current, used, n);
                used += n;
                off += n;
                len -= n;
            }
        }

        /** Room for at least one more byte in {@code current}. */
        private void room() {
            if (used < current.length) {
                return;
            }
            if (current.length < CHUNK) {
                current = java.util.Arrays.copyOf(current, Math.min(CHUNK, current.length * 2));
                return;
            }
            full.add(current);
            current = new byte[4096];
            used = 0;
        }

        byte[][] chunks() {
            List<byte[]> all = new ArrayList<>(full);
            all.add(java.util.Arrays.copyOf(current, used));
            return all.toArray(byte[][]::new);
        }
    }
}
