package dev.ppw.engine;

/**
 * Told how far an analysis has read its inputs, from the threads that read them (at once, for inputs read side by
 * side): a progress bar's, a server's live status. Implementations are quick and thread-safe.
 */
public interface ProgressListener {
    /** A listener told nothing. */
    ProgressListener NONE = (input, bytes) -> { };

    /**
     * Input {@code input} (its index among the analysis' inputs) has had {@code bytesRead} bytes read as stored
     * (compressed, when it is: the unit of {@link dev.ppw.model.format.InputSource#sizeBytes()}). Grows for an
     * input, and starts from 0 again when an input is read a second time (a pre-pass, a second reading).
     */
    void bytesRead(int input, long bytesRead);

    /** Input {@code input} is done with: read whole, or left out. Once per input, in no particular order. */
    default void inputDone(int input) {
    }
}
