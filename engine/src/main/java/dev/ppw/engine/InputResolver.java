package dev.ppw.engine;

import dev.ppw.model.format.InputSource;

import java.util.Optional;

/**
 * Inputs named otherwise than by a path: a front end's own names for what it keeps ({@code run:12}, an upload's
 * id), resolved before {@link Engine#inputs(java.util.List, java.io.InputStream, InputResolver)} looks for a file of
 * that name.
 */
@FunctionalInterface
public interface InputResolver {
    /** Resolves nothing: every argument is a path, a glob or {@code -}. */
    InputResolver NONE = argument -> Optional.empty();

    /**
     * The input {@code argument} names, or empty when it is no name of this resolver's (then it is a path).
     *
     * @throws dev.ppw.model.BadInputException when it is one of its names but names nothing (an unknown run)
     */
    Optional<InputSource> resolve(String argument);
}
