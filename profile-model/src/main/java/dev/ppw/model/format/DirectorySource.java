package dev.ppw.model.format;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.stream.Stream;

/** A folder read as one input by a format that claims folders: it has no content of its own to open. */
final class DirectorySource implements InputSource {
    private final Path directory;
    private final String name;

    DirectorySource(Path directory, String name) {
        this.directory = directory;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<Path> directory() {
        return Optional.of(directory);
    }

    /** @throws BadInputException always: a folder is read by the format that claims it, file by file */
    @Override
    public InputStream open(LongConsumer rawBytesRead) {
        throw new BadInputException(name + ": is a folder read as one input; only a format that reads folders"
                + " (lttng-ctf, for a CTF trace) reads it");
    }

    @Override
    public boolean rereadable() {
        return true;
    }

    @Override
    public Optional<Path> file() {
        return Optional.empty();
    }

    /** The bytes of the regular files below the folder; -1 when they cannot be listed. */
    @Override
    public long sizeBytes() {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return -1;
        }
    }

    /** An empty head: detection of a folder asks the formats' {@link InputFormat#readsDirectory}, not a probe. */
    @Override
    public Head head() {
        return new Head(name, new byte[0], 0, false, false, true);
    }
}
