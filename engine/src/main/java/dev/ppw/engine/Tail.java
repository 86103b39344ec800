package dev.ppw.engine;

import java.io.Closeable;
import java.io.IOException;

/** The bytes of a followed input as they come: what {@link FollowStream} reads without ever blocking for long. */
interface Tail extends Closeable {
    /**
     * Copies up to {@code len} bytes that have come and were not read yet into {@code b}: their count, 0 when none
     * has come yet, -1 when the input has ended for good (a stream's end; a file never ends).
     *
     * @throws dev.ppw.model.BadInputException when the input cannot be followed any more (a file cut or replaced)
     */
    int read(byte[] b, int off, int len) throws IOException;

    /** Waits up to {@code nanos} for more bytes (returning early when some come); an interrupt ends the wait. */
    void await(long nanos);
}
