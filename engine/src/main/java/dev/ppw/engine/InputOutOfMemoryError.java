package dev.ppw.engine;

import java.io.Serial;

/**
 * The heap ran out while the engine read one input: the {@link OutOfMemoryError} the JVM threw (the cause), naming
 * that input ({@link #input()}), so that a front end can say which input needed more memory rather than list them
 * all. An error the heap ran out of after reading (a view, a merge, an output) is the JVM's own, as it was.
 */
public final class InputOutOfMemoryError extends OutOfMemoryError {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The input being read, as the analysis names it. */
    private final String input;

    private InputOutOfMemoryError(String input, Throwable cause) {
        super("out of memory reading " + input);
        this.input = input;
        initCause(cause);
    }

    /** The input being read when the heap ran out, as the analysis names it (its path, {@code -} for stdin). */
    public String input() {
        return input;
    }

    /** Made where the heap is short: no stack of its own to fill (the cause has the JVM's). */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /**
     * Throws an error naming {@code input} when {@code thrown}, or one of its causes, is an {@link OutOfMemoryError}
     * that names no input yet (a reader's worker thread's comes wrapped); returns otherwise, for the caller to
     * rethrow {@code thrown} as it was.
     */
    static void rethrowNaming(String input, Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof InputOutOfMemoryError named) {
                throw named;
            }
            if (t instanceof OutOfMemoryError) {
                throw new InputOutOfMemoryError(input, thrown);
            }
            if (t.getCause() == t) {
                return;
            }
        }
    }
}
