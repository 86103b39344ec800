package dev.ppw.store;

import dev.ppw.model.BadInputException;

/**
 * A store that cannot be used as asked: not a store, a schema newer than this ppw-java, an unknown run, a store
 * locked past its timeout, a store on a network file system, a server that cannot be reached. Its message is one
 * line that names the store; nothing in the store was changed by the call that threw it. A command maps it to exit
 * code 1, as any bad input.
 */
public final class StoreException extends BadInputException {
    private static final long serialVersionUID = 1L;

    public StoreException(String oneLineMessage) {
        super(oneLineMessage);
    }

    public StoreException(String oneLineMessage, Throwable cause) {
        super(oneLineMessage, cause);
    }
}
