package dev.ppw.engine;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** One-line messages for inputs that cannot be read, as {@link BadInputException}s (a command's exit 1). */
final class Problems {
    private Problems() {
    }

    static BadInputException cannotRead(String input, IOException e) {
        return new BadInputException("cannot read " + input + ": " + reason(e));
    }

    /** The folder's temporary file of sorted events failed (a full disk): its message says which and what to do. */
    static BadInputException spillFailed(UncheckedIOException e) {
        return new BadInputException(e.getMessage(), e.getCause());
    }

    /** NIO's messages are often just a path: say what happened instead. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
