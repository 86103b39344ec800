package dev.ppw.engine;

import dev.ppw.model.BadInputException;

import dev.ppw.model.Quote;

import java.io.IOException;
import java.io.UncheckedIOException;

/** One-line messages for inputs that cannot be read, as {@link BadInputException}s (a command's exit 1). */
final class Problems {
    private Problems() {
    }

    static BadInputException cannotRead(String input, IOException e) {
        return new BadInputException("cannot read " + input + ": " + Quote.reason(e));
    }

    /** The folder's temporary file of sorted events failed (a full disk): its message says which and what to do. */
    static BadInputException spillFailed(UncheckedIOException e) {
        return new BadInputException(e.getMessage(), e.getCause());
    }
}
