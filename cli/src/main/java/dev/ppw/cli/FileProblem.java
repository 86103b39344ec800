package dev.ppw.cli;

/**
 * A file that cannot be read or written (missing, unreadable, a full disk): bad data, exit 1, shown
 * as its one-line message without a stack trace.
 */
final class FileProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FileProblem(String oneLineMessage) {
        super(oneLineMessage, null, false, false);
    }
}
