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

    /** Opens the raw bytes for reading at offsets. */
    @FunctionalInterface
    interface RawRanges {
        ByteRanges open() throws IOException;
    }

    private final String name;
    private final RawOpener raw;
    private final Path file;
    private final RawSize size;
    private final RawRanges ranges;
    private Head head;

    /**
     * @param file   the regular file the raw bytes are, or null
     * @param ranges opens the raw bytes at offsets, or null when they cannot be
     */
    RereadableSource(String name, RawOpener raw, Path file, RawSize size, RawRanges ranges) {
        this.name = name;
        this.raw = raw;
        this.file = file;
        this.size = size;
        this.ranges = ranges;
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
        return file != null && plain() ? Optional.of(file) : Optional.empty();
    }

    @Override
    public Optional<ByteRanges> openRanges() throws IOException {
        return ranges != null && plain() ? Optional.of(ranges.open()) : Optional.empty();
    }

    /** True when the raw bytes are the content: no gzip layer, no byte order mark (false when unreadable). */
    private boolean plain() {
        Head h;
        try {
            h = head();
        } catch (IOException | BadInputException e) {
            return false;
        }
        return h.gzipLayers() == 0 && !h.byteOrderMark();
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
