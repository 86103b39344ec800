package dev.ppw.cli;

import dev.ppw.model.Quote;

import java.io.IOException;
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
        return new FileProblem("cannot read " + file + ": " + Quote.reason(e));
    }

    static FileProblem cannotWrite(Path file, IOException e) {
        return new FileProblem("cannot write " + file + ": " + Quote.reason(e));
    }
}
