package dev.ppw.model;

/**
 * An input that cannot be read at all: broken structure, an unknown format, an unreadable file. Its
 * message is one line, {@code file:line:column: what is wrong: "quote"}, fit to print as it is; the
 * command maps it to exit code 1. Per-event anomalies are not exceptions: see {@link Diagnostics}. Several
 * inputs that cannot be read at once are a {@link BadInputsException}.
 */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadInputException(String oneLineMessage) {
        super(oneLineMessage, null, false, false);
    }

    public BadInputException(String oneLineMessage, Throwable cause) {
        super(oneLineMessage, cause, false, false);
    }

    /** Builds {@code file:line:column: problem} with an optional short quote of the input. */
    public static BadInputException at(String file, long line, long column, String problem, String quote) {
        StringBuilder sb = new StringBuilder().append(file);
        if (line > 0) {
            sb.append(':').append(line);
            if (column > 0) {
                sb.append(':').append(column);
            }
        }
        sb.append(": ").append(problem);
        if (quote != null && !quote.isEmpty()) {
            sb.append(": \"").append(quote).append('"');
        }
        return new BadInputException(sb.toString());
    }
}
