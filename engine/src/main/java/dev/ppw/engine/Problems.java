package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.Quote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.regex.Pattern;

/** One-line messages for inputs that cannot be read, as {@link BadInputException}s (a command's exit 1). */
final class Problems {
    /** The position after an input's name at the start of a message: {@code :12:5: } or {@code : }. */
    private static final Pattern POSITION = Pattern.compile("^(:\\d+)*: ");
    /** Reasons longer than this are cut: they are counted, so they must stay few and short. */
    private static final int MAX_REASON = 60;

    private Problems() {
    }

    static BadInputException cannotRead(String input, IOException e) {
        return new BadInputException("cannot read " + input + ": " + Quote.reason(e));
    }

    /** The folder's temporary file of sorted events failed (a full disk): its message says which and what to do. */
    static BadInputException spillFailed(UncheckedIOException e) {
        return new SpillFailed(e);
    }

    /** A full disk is no input's fault: it stops the call even when inputs that cannot be read are skipped. */
    static boolean isSpillFailure(BadInputException e) {
        return e instanceof SpillFailed;
    }

    /** The folder's temporary file failed: exit 1 as bad data, but never counted as one input's problem. */
    private static final class SpillFailed extends BadInputException {
        private static final long serialVersionUID = 1L;

        SpillFailed(UncheckedIOException e) {
            super(e.getMessage(), e.getCause());
        }
    }

    /**
     * The reason an input cannot be read, as dropped inputs are counted: the problem of its one-line message
     * without the input's name, the position and the details ({@code n3.json:1:2: not valid JSON: Unexpected
     * character ...} is {@code not valid JSON}; {@code cannot read n3.json: permission denied} is
     * {@code cannot read: permission denied}).
     */
    static String reasonOf(String input, String message) {
        String reason;
        int named = message.indexOf(" " + input + ": ");
        if (message.startsWith(input)) {
            reason = problem(POSITION.matcher(message.substring(input.length())).replaceFirst(""));
        } else if (named >= 0) {
            reason = message.substring(0, named) + ": " + problem(message.substring(named + input.length() + 3));
        } else {
            reason = problem(message);
        }
        reason = reason.strip();
        if (reason.isEmpty()) {
            return "cannot be read";
        }
        return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON) + "...";
    }

    /** The text up to its first detail: a colon, a parenthesis, a semicolon or a quote. */
    private static String problem(String text) {
        int end = text.length();
        for (String stop : new String[] {": ", " (", "; ", "\""}) {
            int at = text.indexOf(stop);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        return text.substring(0, end);
    }
}
