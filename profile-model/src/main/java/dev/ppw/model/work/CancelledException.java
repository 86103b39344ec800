package dev.ppw.model.work;

import java.io.Serial;

/**
 * Thrown by work whose {@link Cancel} was raised: the analysis stopped, released what it held (temporary files,
 * threads) and gives no result. Not an error of the input or of the program.
 */
public final class CancelledException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The analysis was cancelled. */
    public CancelledException() {
        super("cancelled", null, false, false);
    }
}
