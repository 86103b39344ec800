package dev.ppw.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file that cannot be read or written (missing, unreadable, a full disk): bad data, exit 1, shown as its
 * one-line message without a stack trace.
 */
final class FileProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FileProblem(String oneLineMessage) {
        super(oneLineMessage, null, false, false);
    }

    static FileProblem cannotRead(Path file, IOException e) {
        return new FileProblem("cannot read " + file + ": " + reason(e));
    }

    static FileProblem cannotWrite(Path file, IOException e) {
        return new FileProblem("cannot write " + file + ": " + reason(e));
    }

    /** NIO's messages are often just a path (a temporary one, for -o): say what happened instead. */
    private static String reason(IOException e) {
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
