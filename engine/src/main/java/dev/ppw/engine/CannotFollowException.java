package dev.ppw.engine;

/**
 * {@link Engine#follow} was asked to follow an input of a format that cannot be read while it is written (a
 * binary format with tables or a footer, a saved profile): a usage error, whose one-line message names the
 * formats that can be followed.
 */
public final class CannotFollowException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The refusal, in one line naming the input, its format and the formats that can be followed. */
    public CannotFollowException(String oneLineMessage) {
        super(oneLineMessage);
    }
}
