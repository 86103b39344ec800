package dev.ppw.model;

/**
 * Inputs of one call that cannot be read, all of them checked rather than the first only: how many inputs
 * the call had and which could not be read ({@link DroppedInputs}: the count, the count per reason and the
 * first messages). Its {@link #getMessage() message} is one line: the one input's own message when one
 * cannot be read, else how many of how many, by reason; a command prints the first messages after it.
 */
public final class BadInputsException extends BadInputException {
    private static final long serialVersionUID = 1L;

    private final transient DroppedInputs bad;
    private final int inputs;

    /**
     * @param bad    the inputs that cannot be read, at least one
     * @param inputs how many inputs the call had, the bad ones included
     */
    public BadInputsException(DroppedInputs bad, int inputs) {
        super(message(bad, inputs));
        if (bad.isEmpty() || bad.count() > inputs) {
            throw new IllegalArgumentException(bad.count() + " bad inputs of " + inputs);
        }
        this.bad = bad;
        this.inputs = inputs;
    }

    private static String message(DroppedInputs bad, int inputs) {
        if (bad.count() == 1 && !bad.examples().isEmpty()) {
            return bad.examples().get(0);
        }
        return (bad.count() == inputs ? "none of the " + inputs + " inputs can be read"
                : bad.count() + " of " + inputs + " inputs cannot be read") + " (" + bad.reasonsText() + ")";
    }

    /** The inputs that cannot be read. */
    public DroppedInputs bad() {
        return bad;
    }

    /** How many inputs the call had, the bad ones included. */
    public int inputs() {
        return inputs;
    }
}
