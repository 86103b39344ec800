package dev.ppw.model.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * A source whose raw bytes can be read once (a named pipe; standard input would be one too): the one stream
 * is opened when first needed, its head read and kept buffered (the decoding marks and resets it), and the
 * single {@link #open} hands over that same stream from the content's start.
 */
final class OnceSource implements InputSource {
    private final String name;
    private final RereadableSource.RawOpener raw;
    private CountingInputStream counted;
    private Decoding.Decoded decoded;
    private boolean opened;
    /** What the one attempt to decode failed with: said again rather than opening the stream again. */
    private Exception failure;

    OnceSource(String name, RereadableSource.RawOpener raw) {
        this.name = name;
        this.raw = raw;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized InputStream open(LongConsumer rawBytesRead) throws IOException {
        if (opened) {
            throw new IllegalStateException(name + " can be read once only");
        }
        decoded();
        opened = true;
        counted.reportTo(rawBytesRead);
        return decoded.content();
    }

    @Override
    public boolean rereadable() {
        return false;
    }

    @Override
    public Optional<Path> file() {
        return Optional.empty();
    }

    @Override
    public long sizeBytes() {
        return -1;
    }

    @Override
    public synchronized Head head() throws IOException {
        return decoded().head();
    }

    private Decoding.Decoded decoded() throws IOException {
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (decoded == null) {
            if (opened) {
                throw new IllegalStateException(name + " can be read once only");
            }
            try {
                counted = new CountingInputStream(raw.open(), bytes -> { });
                decoded = Decoding.decode(name, counted);
            } catch (IOException | RuntimeException e) {
                failure = e;
                throw e;
            }
        }
        return decoded;
    }

    @Override
    public synchronized void close() throws IOException {
        if (decoded != null && !opened) {
            opened = true;
            decoded.content().close();
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
