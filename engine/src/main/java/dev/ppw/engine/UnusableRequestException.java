package dev.ppw.engine;

import java.io.Serial;

/**
 * A request that cannot be met with these inputs, found only once they were read: more time bins than
 * {@link WindowSpec#MAX_BINS} over their span, a phase they do not have. A problem of the request, not of the
 * inputs (a command's usage error, exit 2); the message says what to ask instead.
 */
public class UnusableRequestException extends IllegalArgumentException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** A request refused with {@code message}. */
    public UnusableRequestException(String message) {
        super(message);
    }
}
