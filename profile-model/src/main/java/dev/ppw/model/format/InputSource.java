package dev.ppw.model.format;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * One input's bytes, handed to a format so that formats never open files themselves: the content
 * decompressed (gzip, nested up to three layers, recognised by its magic bytes and never by a name) and
 * past a UTF-8 byte order mark, its {@link Head} for probing, and what the source allows (reading again,
 * reading a plain file at offsets).
 *
 * <p>A cut {@code .gz} (its writer killed) gives the content up to the cut: the stream's {@code read}
 * then throws {@link java.io.EOFException}, and a reader keeps what came before. Problems of the
 * compression itself are {@link dev.ppw.model.BadInputException}s with one-line messages naming the input:
 * a corrupt or cut gzip header, corrupt gzip data within the head (at the byte of the content where it
 * stops), gzip data that ends before any content, more than three layers.
 *
 * <p>Sources come from the factories here: a file ({@link #of(Path)}; a regular file is read again on
 * demand, anything else, a pipe, once) or bytes in memory ({@link #of(String, byte[])}). A source read
 * once (a pipe; standard input or an archive entry would be the same) reads its head from the one stream
 * and keeps it buffered for the single {@link #open}, so formats need not know which kind they read.
 *
 * <p>Thread-safety: {@link #head()} may be called from any thread; a source read again on demand may be
 * opened on several threads at once, each stream being its own.
 */
public interface InputSource extends Closeable {
    /** How messages name the input, usually its path as given on the command line. */
    String name();

    /**
     * The content from its start, as {@link #open(LongConsumer)} without progress.
     *
     * @throws dev.ppw.model.BadInputException when the compression is broken before any content
     * @throws IOException when the input cannot be read
     */
    default InputStream open() throws IOException {
        return open(bytes -> { });
    }

    /**
     * The content from its start: decompressed, past any byte order mark. The caller closes it. A source that
     * is not {@link #rereadable()} can be opened once only (then {@link IllegalStateException}).
     *
     * @param rawBytesRead told (on the reading thread) how many bytes of the input as stored have been read
     *                     so far, the unit of {@link #sizeBytes()}; from 0 again on every opening
     * @throws dev.ppw.model.BadInputException when the compression is broken before any content
     * @throws IOException when the input cannot be read
     */
    InputStream open(LongConsumer rawBytesRead) throws IOException;

    /** True when the content can be {@link #open opened} again, as often as asked, the same each time. */
    boolean rereadable();

    /**
     * The regular file whose bytes are exactly the content (no compression, no byte order mark), so that a
     * format may read it at offsets, in parallel; empty otherwise, or when the head cannot be read (opening
     * the content then reports why).
     */
    Optional<Path> file();

    /**
     * The folder this input is, when it is a folder read as one input (a format {@link InputFormat#readsDirectory
     * reads it}); empty for every input of bytes. A folder's content cannot be {@link #open}ed (a
     * {@link dev.ppw.model.BadInputException} says so) and its {@link #head()} is empty: the format that claimed
     * it reads its files itself.
     */
    default Optional<Path> directory() {
        return Optional.empty();
    }

    /**
     * The content at offsets, for a format that reads it in blocks on several threads: present when the content
     * is exactly the bytes as stored (no compression, no byte order mark) and the source can read them at an
     * offset (a regular file, a source made from an {@link Opener}); empty otherwise, or when the head cannot be
     * read. The caller closes it.
     *
     * @throws IOException when the bytes cannot be opened
     */
    default Optional<ByteRanges> openRanges() throws IOException {
        return Optional.empty();
    }

    /** Size of the input as stored (compressed, when it is), in bytes; -1 when unknown. */
    long sizeBytes();

    /**
     * The first bytes of the content, read once and kept.
     *
     * @throws dev.ppw.model.BadInputException when the compression is broken before any content
     * @throws IOException when the input cannot be read
     */
    Head head() throws IOException;

    /** Releases what a source read once still holds (its stream, when never opened); a no-op otherwise. */
    @Override
    default void close() throws IOException {
    }

    /** The file {@code file}, named by its path as given. */
    static InputSource of(Path file) {
        return of(file, file.toString());
    }

    /**
     * The file {@code file}, named {@code name} in messages. A regular file is read again on demand (its size
     * known); anything else (a named pipe, a device) is read once.
     */
    static InputSource of(Path file, String name) {
        if (Files.isRegularFile(file)) {
            return new RereadableSource(name, () -> Files.newInputStream(file), file, () -> Files.size(file),
                    () -> new FileRanges(file));
        }
        return new OnceSource(name, () -> Files.newInputStream(file));
    }

    /**
     * A stream read once (standard input, say), named {@code name}: its head is buffered for probing, its
     * content (gzipped or not) read by the one {@link #open}. Closing the source closes {@code raw} when it was
     * never opened.
     */
    static InputSource once(String name, InputStream raw) {
        return new OnceSource(name, () -> raw);
    }

    /**
     * The folder {@code directory} as one input named {@code name}, for a format that {@link
     * InputFormat#readsDirectory reads folders}; its size is that of the regular files below it.
     */
    static InputSource ofDirectory(Path directory, String name) {
        return new DirectorySource(directory, name);
    }

    /** The bytes {@code raw} (as stored: they may be gzipped), named {@code name}; read again on demand. */
    static InputSource of(String name, byte[] raw) {
        byte[] copy = raw.clone();
        return new RereadableSource(name, () -> new ByteArrayInputStream(copy), null, () -> copy.length, null);
    }

    /** Opens an input's bytes as stored from an offset. */
    @FunctionalInterface
    interface Opener {
        /**
         * The bytes as stored from byte {@code offset} (0 to the size) to their end; the caller closes the stream.
         * Called from any thread, as often as a reader needs.
         */
        InputStream open(long offset) throws IOException;
    }

    /**
     * An input that is not a local file, named {@code name}, of {@code sizeBytes} bytes as stored, whose bytes
     * {@code opener} opens at any offset: an upload kept by a server, an object in a store, a file of a
     * distributed file system. It is read again on demand, gzipped or not, and read at offsets in parallel like a
     * regular file when it is plain ({@link #openRanges()}).
     */
    static InputSource of(String name, long sizeBytes, Opener opener) {
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("the size of " + name + " must be known, got " + sizeBytes);
        }
        return new RereadableSource(name, () -> opener.open(0), null, () -> sizeBytes,
                () -> new OpenerRanges(opener, sizeBytes));
    }
}
