package dev.ppw.model.format;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * A source whose raw bytes can be opened again as often as asked (a regular file, bytes in memory): every
 * opening decodes them afresh, and the head is read once, by an opening of its own, and kept.
 */
final class RereadableSource implements InputSource {
    /** Opens the raw bytes from their start. */
    @FunctionalInterface
    interface RawOpener {
        InputStream open() throws IOException;
    }

    /** Tells the raw size. */
    @FunctionalInterface
    interface RawSize {
        long bytes() throws IOException;
    }

    private final String name;
    private final RawOpener raw;
    private final Path file;
    private final RawSize size;
    private Head head;

    /** @param file the regular file the raw bytes are, or null */
    RereadableSource(String name, RawOpener raw, Path file, RawSize size) {
        this.name = name;
        this.raw = raw;
        this.file = file;
        this.size = size;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public InputStream open(LongConsumer rawBytesRead) throws IOException {
        return Decoding.decode(name, new CountingInputStream(raw.open(), rawBytesRead)).content();
    }

    @Override
    public boolean rereadable() {
        return true;
    }

    @Override
    public Optional<Path> file() {
        if (file == null) {
            return Optional.empty();
        }
        Head h;
        try {
            h = head();
        } catch (IOException | BadInputException e) {
            return Optional.empty();
        }
        return h.gzipLayers() == 0 && !h.byteOrderMark() ? Optional.of(file) : Optional.empty();
    }

    @Override
    public long sizeBytes() {
        try {
            return size.bytes();
        } catch (IOException e) {
            return -1;
        }
    }

    @Override
    public synchronized Head head() throws IOException {
        if (head == null) {
            head = Decoding.head(name, raw.open());
        }
        return head;
    }

    @Override
    public String toString() {
        return name;
    }
}
