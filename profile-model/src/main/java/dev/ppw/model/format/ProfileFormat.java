package dev.ppw.model.format;

import dev.ppw.model.Profile;

import java.io.IOException;

/** An {@link InputFormat} of profiles already built (a saved profile): its reader returns the profile whole. */
public non-sealed interface ProfileFormat extends InputFormat {
    /**
     * Reads {@code source} into a ready profile, its numbers exactly as stored.
     *
     * @throws dev.ppw.model.BadInputException when the input is not a readable profile of this format, with a
     *     one-line message naming the input and the place
     * @throws IOException when the input cannot be read
     */
    Profile read(InputSource source, ReadOptions options) throws IOException;
}
