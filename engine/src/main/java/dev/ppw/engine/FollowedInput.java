package dev.ppw.engine;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The one input {@link Engine#follow} reads while it is written: a file, read from its start and then as it
 * grows (a regular file is looked at again every poll period; a named pipe or device is read as a stream), or a
 * stream such as standard input, read until it ends. Immutable until {@link Engine#follow} opens it, once.
 */
public final class FollowedInput {
    private final String name;
    private final Path file;
    private final InputStream stream;

    private FollowedInput(String name, Path file, InputStream stream) {
        this.name = Objects.requireNonNull(name, "name");
        this.file = file;
        this.stream = stream;
    }

    /** The file {@code file}, named by its path as given. */
    public static FollowedInput file(Path file) {
        return file(file, file.toString());
    }

    /** The file {@code file}, named {@code name} in messages and in the profile. */
    public static FollowedInput file(Path file, String name) {
        return new FollowedInput(name, Objects.requireNonNull(file, "file"), null);
    }

    /**
     * The stream {@code in} (standard input, a pipe), named {@code name}: read as its bytes come, until it ends.
     * {@link Engine#follow} reads it on a thread of its own, so that a stop is noticed while no byte comes; that
     * thread stays blocked in {@code in.read} after a stop until {@code in} gives a byte or ends.
     */
    public static FollowedInput stream(String name, InputStream in) {
        return new FollowedInput(name, null, Objects.requireNonNull(in, "in"));
    }

    /** How messages and the profile name the input. */
    public String name() {
        return name;
    }

    /**
     * The input's bytes as they come.
     *
     * @throws BadInputException when the file does not exist or is a folder
     */
    Tail open() throws IOException {
        if (stream != null) {
            return new PipeTail(name, stream);
        }
        if (Files.isDirectory(file)) {
            throw new BadInputException("cannot follow " + name + ": it is a folder; follow one trace file");
        }
        if (!Files.exists(file)) {
            throw new BadInputException("cannot follow " + name + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            return new PipeTail(name, Files.newInputStream(file));
        }
        return new FileTail(name, file);
    }
}
