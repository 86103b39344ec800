package dev.ppw.engine;

import java.io.Serial;
import java.util.List;

/**
 * A comparison asked for a phase that a side does not have (its markers never occur, a name mistyped): a problem of
 * the request. Says which side ({@code A} or {@code B}), the phase asked and the phases the side has.
 */
public final class NoSuchPhaseException extends UnusableRequestException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String side;
    private final String phase;
    private final List<String> phases;

    NoSuchPhaseException(String side, String phase, List<String> phases) {
        super(side + " has no phase '" + phase + "': its phases are " + String.join(", ", phases));
        this.side = side;
        this.phase = phase;
        this.phases = List.copyOf(phases);
    }

    /** {@code A} or {@code B}. */
    public String side() {
        return side;
    }

    /** The phase asked for. */
    public String phase() {
        return phase;
    }

    /** The phases the side has, in order. */
    public List<String> phases() {
        return phases;
    }
}
